"""One DAP connection: numbered requests matched to responses by ``request_seq``, events fanned
out to listeners in arrival order, and reverse requests (``runInTerminal``, ``startDebugging``)
always answered.

A lost connection fails every pending request at once with a :class:`ConnectionLostError` that
carries the tail of the adapter's stderr. A response must name its request's ``command`` (one that
names another is a :class:`ProtocolError`: the connection ends, as on broken framing, since no
later answer could be trusted); a response without ``command`` is taken as its request's.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import re
import time
from collections.abc import Awaitable, Callable, Collection
from typing import Any, Protocol, TypeVar, get_args

from pydantic import BaseModel, ValidationError

from dapcli.errors import ConnectionLostError, DapTimeoutError, ProtocolError, RequestError
from dapcli.protocol.codec import FrameDecoder, encode_message
from dapcli.protocol.lenient import lenient
from dapcli.protocol.redact import TEXT_LIMIT, redact_cut
from dapcli.protocol.repair import first_problem, repair
from dapcli.protocol.transport import Transport

__all__ = ["Connection", "EventListener", "MessageRewriter", "ReverseHandler", "body_model"]

Message = dict[str, Any]
EventListener = Callable[[Message], None]
ReverseHandler = Callable[[dict[str, Any]], Awaitable[dict[str, Any] | None]]
BodyT = TypeVar("BodyT", bound=BaseModel)

DEFAULT_TIMEOUT = 30.0
#: Seconds between two :attr:`Connection.stall_check` calls while a request waits.
STALL_POLL = 0.5
#: Seconds between two looks at a message body that stopped coming (see :meth:`FrameDecoder.stalled`).
BODY_POLL = 0.5
#: Requests sent even to a peer that cannot answer: they end the session.
_ALWAYS_SENT = frozenset({"disconnect", "terminate"})


class MessageRewriter(Protocol):
    """Rewrites messages on the wire (e.g. path mappings): ``outgoing`` before a message is
    written, ``incoming`` before a received one is dispatched. Both return the message to use."""

    def outgoing(self, message: Message) -> Message: ...

    def incoming(self, message: Message) -> Message: ...


def body_model(response_cls: type[BaseModel]) -> type[BaseModel] | None:
    """The pydantic class of a generated ``*Response``/``*Event`` model's ``body`` field."""
    annotation = response_cls.model_fields["body"].annotation
    for candidate in (annotation, *get_args(annotation)):
        if isinstance(candidate, type) and issubclass(candidate, BaseModel):
            return candidate
    return None


def error_text(message: Message) -> str:
    """The most useful error text of a failed response: ``body.error.format`` (variables filled
    in; Delve puts the real reason there), else ``body.message`` (lldb-dap's setVariable),
    else ``message``; cut to :data:`~dapcli.protocol.redact.TEXT_LIMIT` characters (with a marker)
    before anything else reads it, then secrets redacted."""
    return redact_cut(_error_text(message), TEXT_LIMIT)


def _error_text(message: Message) -> str:
    body = message.get("body")
    error = body.get("error") if isinstance(body, dict) else None
    if isinstance(error, dict) and isinstance(error.get("format"), str):
        variables = error.get("variables")
        variables = variables if isinstance(variables, dict) else {}
        text = _filled(error["format"], variables)
        short = message.get("message")
        if isinstance(short, str) and short and short[:TEXT_LIMIT] not in text[:2 * TEXT_LIMIT] \
                and short not in ("error", "Error"):
            return f"{short}: {text}"
        return text
    if isinstance(body, dict) and isinstance(body.get("message"), str) and body["message"][:TEXT_LIMIT].strip():
        return _bounded(body["message"])  # lldb-dap 19 puts setVariable's reason in the body
    return _bounded(message.get("message") or f"{message.get('command')} failed")


def _bounded(value: Any) -> str:
    """``value`` as text."""
    return value if isinstance(value, str) else str(value)


def _filled(form: str, variables: dict[str, Any]) -> str:
    """``form`` with ``{name}`` replaced from ``variables``, until the text is past
    :data:`TEXT_LIMIT` (the rest stays as it is: it is cut anyway, and ``{x}{x}{x}…`` with a
    long ``x`` would otherwise multiply it)."""
    parts: list[str] = []
    size = done = 0
    for found in re.finditer(r"\{(\w+)\}", form):
        if size > TEXT_LIMIT:
            break
        name = found.group(1)
        parts += [form[done:found.start()], _bounded(variables[name]) if name in variables else found.group(0)]
        size += len(parts[-2]) + len(parts[-1])
        done = found.end()
    return "".join(parts) + form[done:]


def without_unknown_literals(body: Any, error: ValidationError) -> Any | None:
    """``body`` without the fields whose value is outside the spec's enumeration (js-debug
    sends stack frames with ``presentationHint: "deemphasize"``), or None when something else
    is wrong with it."""
    errors = error.errors()
    if not errors or any(e["type"] not in ("literal_error", "enum") for e in errors):
        return None
    fixed = copy.deepcopy(body)
    try:
        for found in errors:
            *path, last = found["loc"]
            target = fixed
            for key in path:
                target = target[key]
            if not isinstance(target, dict) or last not in target:
                return None
            del target[last]
    except (KeyError, IndexError, TypeError):
        return None
    return fixed


class Connection:
    """A DAP client connection over a :class:`Transport`.

    Call :meth:`start` once; then :meth:`request` (or :meth:`send` + :meth:`result` when the
    response must be awaited later, as for ``launch``).
    """

    def __init__(self, transport: Transport, *, name: str = "adapter") -> None:
        self.transport = transport
        self.name = name
        self._seq = 0
        self._pending: dict[int, tuple[str, asyncio.Future[Message]]] = {}
        self._listeners: list[EventListener] = []
        self._reverse: dict[str, ReverseHandler] = {}
        self._reader: asyncio.Task[None] | None = None
        self._answering: set[asyncio.Task[None]] = set()  # the loop keeps only weak task references
        self._closed = asyncio.Event()
        self._close_listeners: list[Callable[[str], None]] = []
        self.close_reason: str = ""
        self.trace: Callable[[str, Message], None] | None = None
        #: Applied to every message in and out (the trace shows the wire form).
        self.rewriter: MessageRewriter | None = None
        #: ``check(command)`` raises when the peer cannot answer now (its process is stopped by
        #: a signal): called before a request is sent and every :data:`STALL_POLL` s while one waits.
        self.stall_check: Callable[[str], None] | None = None
        #: ``check(command, waited)`` raises when a request unanswered for ``waited`` s never will
        #: be (its program is gone while the adapter stays silent): called every :data:`STALL_POLL`
        #: s while one waits, never before it is sent.
        self.wait_check: Callable[[str, float], None] | None = None

    # -- lifecycle ---------------------------------------------------------------------------
    def start(self) -> None:
        self._reader = asyncio.get_running_loop().create_task(self._read_loop())

    @property
    def closed(self) -> bool:
        return self._closed.is_set()

    async def wait_closed(self, timeout: float) -> bool:
        """Wait up to ``timeout`` s for the peer to close; True when it did."""
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self._closed.wait(), timeout)
        return self.closed

    async def close(self) -> None:
        """Close the transport and fail whatever is still pending."""
        await self.transport.close()
        if self._reader is not None and not self._reader.done():
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
        self._lost("the connection was closed")

    # -- listeners -----------------------------------------------------------------------------
    def on_event(self, listener: EventListener) -> None:
        """Call ``listener(message)`` for every event, synchronously, in arrival order."""
        self._listeners.append(listener)

    def on_close(self, listener: Callable[[str], None]) -> None:
        """Call ``listener(reason)`` once, when the connection ends (peer gone, framing error,
        or :meth:`close`)."""
        self._close_listeners.append(listener)

    def on_reverse_request(self, command: str, handler: ReverseHandler) -> None:
        """Answer the reverse request ``command`` with ``handler(arguments)`` (its return is the
        response body; raising answers ``success: false`` with the exception's text)."""
        self._reverse[command] = handler

    # -- requests ------------------------------------------------------------------------------
    def send(self, command: str, arguments: BaseModel | dict[str, Any] | None = None) -> asyncio.Future[Message]:
        """Send a request now; return a future of its raw response message."""
        if self.closed:
            raise ConnectionLostError(self._lost_text(command))
        if self.stall_check is not None and command not in _ALWAYS_SENT:
            self.stall_check(command)
        self._seq += 1
        seq = self._seq
        message: Message = {"seq": seq, "type": "request", "command": command}
        if arguments is not None:
            message["arguments"] = (
                arguments.model_dump(mode="json", exclude_none=True)
                if isinstance(arguments, BaseModel)
                else arguments
            )
        future: asyncio.Future[Message] = asyncio.get_running_loop().create_future()
        self._pending[seq] = (command, future)
        try:
            self._write(message)
        except BaseException:  # not sent (e.g. arguments that are not JSON): forget it
            self._pending.pop(seq, None)
            if self._seq == seq:
                self._seq -= 1
            raise
        return future

    async def result(
        self,
        future: asyncio.Future[Message],
        response_cls: type[BaseModel] | None = None,
        *,
        timeout: float | None = DEFAULT_TIMEOUT,
    ) -> Any:
        """Await a response sent by :meth:`send`; return its typed body (or the raw body dict when
        ``response_cls`` is None).

        Raises:
            RequestError: ``success: false``; the message is the adapter's own text.
            ConnectionLostError: the connection ended first (message has the stderr tail).
            DapTimeoutError: no response within ``timeout`` seconds.
        """
        command = next((c for c, f in self._pending.values() if f is future), "request")
        try:
            message = await self._wait(future, timeout, command)
        except TimeoutError:
            raise DapTimeoutError(
                f"the adapter did not answer {command} within {timeout:g} s",
                "the debuggee may be busy; try `pause`, or `stop` the session",
            ) from None
        if not message.get("success", False):
            raise RequestError(error_text(message), command=str(message.get("command", command)))
        body = message.get("body")
        if response_cls is None:
            return body if body is not None else {}
        model = body_model(response_cls)
        if model is None:
            return body
        try:
            return model.model_validate(body if body is not None else {})
        except ValidationError as exc:  # an adapter off the spec
            repaired = without_unknown_literals(body, exc)
            with contextlib.suppress(ValidationError):
                if repaired is not None:
                    return model.model_validate(repaired)
            if repaired is not None and isinstance(body, dict):  # an odd value of a required field: kept raw
                return lenient(model, body)
            mended = repair(model, body, exc)  # a null name, a missing flag, an id that is text…
            if mended is not None:
                return model.model_validate(mended)
            command = str(message.get("command", command))
            raise ProtocolError(f"the adapter sent an invalid {command} response: {first_problem(exc)}") from None

    def in_flight(self, commands: Collection[str]) -> list[asyncio.Future[Message]]:
        """The futures of requests sent and not answered yet whose command is in ``commands``."""
        return [f for c, f in self._pending.values() if c in commands and not f.done()]

    def cancel(self, future: asyncio.Future[Message]) -> bool:
        """Send DAP ``cancel`` for the pending request of ``future`` (not awaited; the adapter
        then answers that request as cancelled, or not at all). False when nothing was pending."""
        seq = next((s for s, (_, f) in self._pending.items() if f is future), None)
        if seq is None or self.closed:
            return False
        with contextlib.suppress(ConnectionLostError):
            self.send("cancel", {"requestId": seq}).add_done_callback(lambda f: f.cancelled() or f.exception())
        return True

    async def _wait(self, future: asyncio.Future[Message], timeout: float | None, command: str) -> Message:
        """The response, within ``timeout`` s (TimeoutError); :attr:`stall_check` runs meanwhile."""
        if self.stall_check is None and self.wait_check is None:
            return await asyncio.wait_for(asyncio.shield(future), timeout)
        started = time.monotonic()
        deadline = None if timeout is None else started + timeout
        while True:
            if future.done():  # a timeout of 0 asks for an answer that is already there
                return future.result()
            left = STALL_POLL if deadline is None else min(STALL_POLL, deadline - time.monotonic())
            if left <= 0:
                raise TimeoutError
            done, _ = await asyncio.wait({future}, timeout=left)
            if done:
                return future.result()
            if self.stall_check is not None:
                self.stall_check(command)
            if self.wait_check is not None:
                self.wait_check(command, time.monotonic() - started)

    async def request(
        self,
        command: str,
        arguments: BaseModel | dict[str, Any] | None = None,
        response_cls: type[BaseModel] | None = None,
        *,
        timeout: float | None = DEFAULT_TIMEOUT,
    ) -> Any:
        """Send ``command`` and await its typed response body (see :meth:`result`)."""
        return await self.result(self.send(command, arguments), response_cls, timeout=timeout)

    # -- internals -----------------------------------------------------------------------------
    def _write(self, message: Message) -> None:
        if self.rewriter is not None:
            message = self.rewriter.outgoing(message)
        if self.trace:
            self.trace("->", message)
        try:
            self.transport.write(encode_message(message))
        except (OSError, RuntimeError) as exc:
            raise ConnectionLostError(self._lost_text(str(message.get("command")), str(exc))) from None

    async def _read_loop(self) -> None:
        decoder = FrameDecoder()
        reason = "the adapter closed the connection"
        reading: asyncio.Task[bytes] | None = None  # a read that outlived a poll, in a body
        try:
            while True:
                if decoder.in_body or reading is not None:  # polled: a truncated body is told, not waited for
                    reading = reading or asyncio.get_running_loop().create_task(self.transport.read())
                    if decoder.in_body:
                        done, _ = await asyncio.wait({reading}, timeout=BODY_POLL)
                        if not done:
                            for message in decoder.stalled(BODY_POLL):
                                self._dispatch(message)
                            continue
                    data, reading = await reading, None
                else:
                    data = await self.transport.read()
                if not data:
                    break
                # iter_messages: the messages before a framing error in the same chunk count
                for message in decoder.iter_messages(data):
                    self._dispatch(message)
        except ProtocolError as exc:
            reason = exc.message
            await self.transport.close()
        except (OSError, ConnectionError) as exc:
            reason = f"the adapter connection failed: {exc}"
        except Exception as exc:  # a bug here must still fail the pending requests, not hang them
            reason = f"internal error reading from the adapter: {exc!r}"
            await self.transport.close()
        finally:
            if reading is not None and not reading.done():
                reading.cancel()
        self._lost(reason)

    def _dispatch(self, message: Message) -> None:
        if self.trace:
            self.trace("<-", message)
        if self.rewriter is not None:
            message = self.rewriter.incoming(message)
        kind = message.get("type")
        if kind == "response":
            seq = message.get("request_seq", -1)
            entry = self._pending.get(seq) if isinstance(seq, int | float) else None
            answered = message.get("command")
            if entry is not None and answered and answered != entry[0]:  # its seq is the only link: broken
                raise ProtocolError(f"the adapter answered request {seq} ({entry[0]}) with a response "
                                    f"to {str(answered)[:80]!r}")
            self._pending.pop(seq, None)
            if entry is not None and not entry[1].done():
                entry[1].set_result(message)
        elif kind == "event":
            for listener in list(self._listeners):
                try:
                    listener(message)
                except Exception as exc:  # one broken listener must not kill the connection
                    asyncio.get_running_loop().call_exception_handler({
                        "message": f"{self.name} event listener failed on {message.get('event')!r}",
                        "exception": exc,
                    })
        elif kind == "request":
            task = asyncio.get_running_loop().create_task(self._answer(message))
            self._answering.add(task)
            task.add_done_callback(self._answering.discard)

    async def _answer(self, message: Message) -> None:
        command = str(message.get("command", ""))
        handler = self._reverse.get(command)
        response: Message = {"type": "response", "request_seq": message.get("seq", 0), "command": command}
        if handler is None:
            response.update(success=False, message=f"dapcli does not support the {command} request")
        else:
            try:
                body = await handler(message.get("arguments") or {})
                response.update(success=True, body=body or {})
            except Exception as exc:
                response.update(success=False, message=str(exc) or type(exc).__name__)
        if self.closed:
            return
        self._seq += 1
        response["seq"] = self._seq
        with contextlib.suppress(ConnectionLostError):
            self._write(response)

    def _lost_text(self, command: str, reason: str = "") -> str:
        text = f"{self.name} connection lost during {command}: {reason or self.close_reason or 'closed'}"
        tail = self.transport.stderr_tail()
        if tail:
            said = " / ".join(tail.splitlines()[-5:])
            if len(said) > TEXT_LIMIT:  # the last words matter: the start is cut
                said = f"[{len(said) - TEXT_LIMIT:,} characters cut] …{said[-TEXT_LIMIT:]}"
            text += " | stderr: " + said
        return text

    def _lost(self, reason: str) -> None:
        if not self.closed:
            self.close_reason = reason
            self._closed.set()
            for listener in self._close_listeners:
                try:
                    listener(reason)
                except Exception as exc:  # a broken listener must not hide the loss
                    asyncio.get_running_loop().call_exception_handler({
                        "message": f"{self.name} close listener failed", "exception": exc})
        pending, self._pending = self._pending, {}
        for command, future in pending.values():
            if not future.done():
                future.set_exception(ConnectionLostError(self._lost_text(command)))
                future.exception()  # mark retrieved: not every sender awaits (e.g. disconnect)
