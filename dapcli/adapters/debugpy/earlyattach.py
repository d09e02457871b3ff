"""debugpy for a test run started early (:mod:`dapcli.adapters.debugpy.earlytest`): the session's launch
becomes DAP ``attach`` with ``listen`` on debugpy's own adapter, and the run connects to it.

The host started the adapter too, and already said ``initialize`` and ``attach`` to it
(:class:`~dapcli.adapters.debugpy.earlytest.EarlyAdapter`): the run is told where the adapter listens
(debugpy's ``debugpyWaitingForServer`` event, from our own adapter, on a port the adapter chose
itself on loopback) and connects while the host still imports. To the session it looks like a
launch: :class:`EarlyTransport` sits between the session and the adapter's stdio and

* answers the session's ``initialize`` with the adapter's answer to the early one, takes its
  ``attach`` for the early one (same arguments: the verb checks) and passes what the adapter said
  meanwhile, in order;
* before passing ``initialized`` (nothing is configured or run before it), checks with psutil
  that the one debug server connected to the adapter is this run: in listen mode debugpy's
  adapter authenticates no server (a launch's servers need its token), and another local user
  could otherwise connect first and pose as the program; anything else ends the session. A
  subprocess's server (``startDebugging``) is checked the same way (the run's tree), else refused;
* once that check passed, the host configured the run itself (exception filters,
  ``configurationDone``: :data:`~dapcli.adapters.debugpy.earlytest.CONFIGURATION`), so that it runs to
  its first stop while the host imports: the session's own configuring requests get those
  answers, and what the adapter said after them waits until the session asked for them;
* turns the run's stdout and stderr (pipes the host reads) into ``output`` events, and reports
  the run's end as debugpy's launcher would: ``exited`` with its exit status, then ``terminated``;
* ends the run (its process group) with the session, unless the session detached from it.
"""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import time
from typing import TYPE_CHECKING, Any

from dapcli.adapters.debugpy.adapter import DebugpyAdapter
from dapcli.adapters.debugpy.earlytest import (
    ATTACH_SEQ,
    CONFIGURATION,
    INITIALIZE_SEQ,
    EarlyAdapter,
    EarlyRun,
    servers_are_ours,
)
from dapcli.protocol.codec import FrameDecoder, encode_message
from dapcli.protocol.transport import Transport

if TYPE_CHECKING:
    from dapcli.adapters.options import LaunchOptions

__all__ = ["EarlyDebugpyAdapter", "EarlyTransport"]

#: How long, after ``terminated``, the run may take to exit and close its output (s).
END_WAIT = 5.0
#: Launch arguments that mean nothing to an attach (the run is started already).
_EARLY_SEQS = frozenset(seq for seq, _, _ in CONFIGURATION)
#: The requests of a session's configuration (before ``configurationDone``).
_CONFIGURING = frozenset({"setBreakpoints", "setFunctionBreakpoints", "setExceptionBreakpoints", "setDataBreakpoints",
                          "setInstructionBreakpoints", "configurationDone"})
_LAUNCH_ONLY = ("program", "module", "args", "cwd", "console", "python", "env", "stopOnEntry")


class EarlyDebugpyAdapter(DebugpyAdapter):
    """debugpy's adapter family, attaching to ``early`` (and its adapter) instead of launching."""

    launch_request = "attach"

    def __init__(self, early: EarlyRun, adapter_python: str | None = None) -> None:
        super().__init__(adapter_python)
        self.early = early

    def launch_arguments(self, options: LaunchOptions) -> dict[str, Any]:
        """debugpy's launch arguments as an ``attach`` that listens on a loopback port the
        adapter picks; the run's output comes from its pipes (``redirectOutput`` off)."""
        arguments = super().launch_arguments(options)
        for key in _LAUNCH_ONLY:
            arguments.pop(key, None)
        arguments.update(request="attach", listen={"host": "127.0.0.1", "port": 0}, redirectOutput=False)
        return arguments

    def relaunch(self) -> DebugpyAdapter:
        """debugpy's own launch: the early run and its adapter served the first launch only."""
        spec = DebugpyAdapter(self.adapter_python)
        spec.runtime = self.runtime
        return spec

    async def start(self) -> tuple[Transport, int]:
        adapter = self.early.adapter
        assert adapter is not None
        return EarlyTransport(self.early, adapter), adapter.pid


class _AdapterProcess:
    """What the session's teardown uses of the adapter's process (pid, ``returncode``, ``wait()``)."""

    def __init__(self, popen: subprocess.Popen[bytes]) -> None:
        self._popen = popen
        self.pid = popen.pid

    @property
    def returncode(self) -> int | None:
        return self._popen.poll()

    async def wait(self) -> int:
        while self._popen.poll() is None:
            await asyncio.sleep(0.02)
        return self._popen.returncode


class EarlyTransport:
    """The adapter's stdio, with the early run's part of the conversation (see the module)."""

    def __init__(self, early: EarlyRun, adapter: EarlyAdapter) -> None:
        self._early = early
        self._adapter = adapter
        self._adapter_pid = adapter.pid
        self.process = _AdapterProcess(adapter.process)
        self.pid = adapter.pid
        self._loop = asyncio.get_running_loop()
        self._queue: asyncio.Queue[bytes | Exception] = asyncio.Queue()
        self._incoming_queue: asyncio.Queue[dict[str, Any] | str | None] = asyncio.Queue()
        self._sent = FrameDecoder()
        self._initialize_seq: int | None = None
        self._initialize_answer: dict[str, Any] | None = None
        self._attach_seq: int | None = None
        self._held: list[dict[str, Any]] = []
        self._server_port: int | None = None
        #: The adapter's configuration said early (see :data:`earlytest.CONFIGURATION`) not yet
        #: asked for by the session, and the session's seq of each early request it asked for.
        self._unclaimed: list[tuple[int, str, dict[str, Any]]] | None = None
        self._claimed: dict[int, int] = {}
        self._claim = asyncio.Event()
        self._verified = False
        self._closed = False
        #: The run ended before it connected: the session's requests are answered here.
        self._ended_early = False
        self._tasks = [self._loop.create_task(self._pump()), self._loop.create_task(self._watch_start())]
        early.on_output(self._output_from_thread)
        adapter.on_message(self._message_from_thread)

    # -- Transport ---------------------------------------------------------------------------------
    async def read(self) -> bytes:
        item = await self._queue.get()
        if isinstance(item, Exception):
            self._queue.put_nowait(b"")
            raise item
        return item

    def write(self, data: bytes) -> None:
        for message in self._sent.feed(data):
            command = message.get("command") if message.get("type") == "request" else None
            if self._ended_early and command is not None:
                self._answer_locally(message)
                continue
            if command == "initialize":  # said already: its answer is the early one's
                self._initialize_seq = int(message.get("seq") or 0)
                self._answer_initialize()
                continue
            if command == "attach":  # sent already (the verb checked that the arguments are the same)
                self._attach_seq = int(message.get("seq") or 0)
                self._incoming_queue.put_nowait("attached")
                continue
            if self._claims(message):
                continue
            if command == "disconnect":
                if (message.get("arguments") or {}).get("terminateDebuggee", True) is False:
                    self._early.keep()  # a detach: the run goes on by itself
                else:
                    self._early.terminate()  # at once, as debugpy's launcher ends a launched program
            self._adapter.write(encode_message(message))

    def _claims(self, message: dict[str, Any]) -> bool:
        """Whether the session's request ``message`` is the next one of the configuration said
        early (then its answer is the early one's). Another configuring request while some of it
        is unclaimed ends the session: the run went on as configured early, not as this session
        asks (the verb takes the early run only when its session asks for just that)."""
        if self._unclaimed is None:
            if not self._adapter.configured:
                return False
            self._unclaimed = list(self._adapter.configured)
        if not self._unclaimed or message.get("command") not in _CONFIGURING:
            return False
        seq, command, arguments = self._unclaimed[0]
        if message.get("command") != command or (message.get("arguments") or {}) != arguments:
            self._queue.put_nowait(ConnectionError(
                f"the test run was configured before the session asked for {message.get('command')} "
                f"(expected {command}); the session was ended"))
            self._unclaimed = []
            return True
        self._unclaimed.pop(0)
        self._claimed[seq] = int(message.get("seq") or 0)
        self._claim.set()
        return True

    async def close(self) -> None:
        self._closed = True
        with contextlib.suppress(OSError, ValueError):
            if self._adapter.process.stdin is not None:
                self._adapter.process.stdin.close()
        for task in self._tasks:
            task.cancel()
        await asyncio.to_thread(self._early.kill)

    def stderr_tail(self) -> str:
        return "\n".join(line for line in self._adapter.stderr_lines if line)

    # -- the adapter's messages --------------------------------------------------------------------
    def _message_from_thread(self, message: dict[str, Any] | None) -> None:
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody reads any more
            self._loop.call_soon_threadsafe(self._incoming_queue.put_nowait, message)

    def _answer_initialize(self) -> None:
        if self._initialize_seq is not None and self._initialize_answer is not None:
            self._queue.put_nowait(encode_message({**self._initialize_answer, "request_seq": self._initialize_seq}))

    async def _pump(self) -> None:
        """The adapter's messages in order: the answer to the early ``initialize`` for the
        session's; the rest held until the session's ``attach``, then passed on."""
        attached = False
        try:
            while True:
                message = await self._incoming_queue.get()
                if message is None:
                    break
                if message == "attached":
                    attached = True
                    held, self._held = self._held, []
                    for early in held:
                        await self._incoming(early)
                    continue
                assert isinstance(message, dict)
                if message.get("type") == "response" and message.get("request_seq") == INITIALIZE_SEQ:
                    self._initialize_answer = message
                    self._answer_initialize()
                elif not attached:
                    self._held.append(message)
                else:
                    await self._incoming(message)
        except Exception as exc:  # the connection fails with it (a refused server)
            self._queue.put_nowait(exc if isinstance(exc, OSError) else ConnectionError(str(exc)))
            return
        await self._drain_output()
        self._queue.put_nowait(b"")

    async def _incoming(self, message: dict[str, Any]) -> None:
        if message.get("type") == "response" and message.get("request_seq") == ATTACH_SEQ:
            message = {**message, "request_seq": self._attach_seq}
        elif message.get("type") == "response" and message.get("request_seq") in _EARLY_SEQS:
            early = int(message["request_seq"])
            while early not in self._claimed:  # held (and all after it) until the session asks
                self._claim.clear()
                await self._claim.wait()
            message = {**message, "request_seq": self._claimed[early]}
        if message.get("type") == "request" and message.get("command") == "startDebugging" \
                and not self._servers_are_ours():  # a subprocess's server: the run's tree only
            self._adapter.write(encode_message({
                "seq": 0, "type": "response", "request_seq": message.get("seq"), "success": False,
                "command": "startDebugging", "message": "refused: a debug server that is not the test run's"}))
            return
        if message.get("type") == "event":
            event, body = message.get("event"), message.get("body") or {}
            if event == "debugpyWaitingForServer":
                port = body.get("port")
                self._server_port = port if isinstance(port, int) else None
            elif event == "initialized":
                if self._adapter.servers_checked is False or (
                        self._adapter.servers_checked is None and not self._servers_are_ours()):
                    raise ConnectionError("a process other than the test run connected to the debug adapter; "
                                          "the session was ended")
                self._verified = True
            elif event == "process":
                if body.get("systemProcessId") not in (None, self._early.pid):
                    raise ConnectionError(f"the debug server is process {body.get('systemProcessId')}, "
                                          f"not the test run {self._early.pid}; the session was ended")
            elif event == "exited":
                return  # the run's own status is reported with `terminated` (pydevd does not know it)
            elif event == "terminated":
                await self._report_exit()
        self._queue.put_nowait(encode_message(message))

    def _servers_are_ours(self) -> bool:
        return self._server_port is not None and servers_are_ours(self._adapter_pid, self._early.pid,
                                                                  self._server_port)

    async def _report_exit(self) -> None:
        """Before ``terminated``: wait (bounded) for the run to end and its output to close, then
        report ``exited`` with its status as debugpy's launcher would (a signal N as 256 − N)."""
        deadline = time.monotonic() + END_WAIT
        while self._early.returncode is None and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        code = self._early.returncode
        if code is None:
            return  # still running (detached): no exit to report
        await self._drain_output(max(0.0, deadline - time.monotonic()))
        self._queue.put_nowait(encode_message({"seq": 0, "type": "event", "event": "exited",
                                               "body": {"exitCode": code if code >= 0 else 256 + code}}))

    async def _drain_output(self, timeout: float = 1.0) -> None:
        deadline = time.monotonic() + timeout
        while not self._early.output_done.is_set() and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0)  # output handed over by call_soon_threadsafe runs first

    async def _watch_start(self) -> None:
        """A run that ended before it connected (an error at import, ``os._exit`` in a conftest)
        is reported as a launched program that ended at once would be: the session configures,
        then sees its output and its exit status. Its adapter, still waiting, ends with the session."""
        while self._early.returncode is None or self._attach_seq is None:
            if self._verified:
                return
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.2)  # the adapter's word that it did connect may still be in flight
        if self._verified or self._adapter.servers_checked is not None:
            return
        await self._drain_output()
        self._ended_early = True
        self._tasks[0].cancel()  # the adapter has nothing more to say to the session
        self._queue.put_nowait(encode_message({"seq": 0, "type": "event", "event": "initialized"}))

    def _answer_locally(self, message: dict[str, Any]) -> None:
        """A request of the session once the run ended before it connected: configuring succeeds
        (then the run's end is reported), anything else fails."""
        command = str(message.get("command"))
        known = command in ("setExceptionBreakpoints", "setBreakpoints", "setFunctionBreakpoints",
                            "configurationDone", "disconnect", "threads")
        body: dict[str, Any] = {"breakpoints": []} if command.startswith("set") else {}
        if command == "threads":
            body = {"threads": []}
        answer: dict[str, Any] = {"seq": 0, "type": "response", "request_seq": message.get("seq"), "success": known,
                                  "command": command, "body": body}
        if not known:
            answer["message"] = "the test run has ended"
        self._queue.put_nowait(encode_message(answer))
        if command == "configurationDone":
            code = self._early.returncode or 0
            for event in ({"seq": 0, "type": "response", "request_seq": self._attach_seq, "success": True,
                           "command": "attach", "body": {}},
                          {"seq": 0, "type": "event", "event": "exited",
                           "body": {"exitCode": code if code >= 0 else 256 + code}},
                          {"seq": 0, "type": "event", "event": "terminated"}):
                self._queue.put_nowait(encode_message(event))

    # -- the run's output --------------------------------------------------------------------------
    def _output_from_thread(self, category: str, text: str | None) -> None:
        if text and not self._closed:
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody reads any more
                self._loop.call_soon_threadsafe(self._output, category, text)

    def _output(self, category: str, text: str) -> None:
        self._queue.put_nowait(encode_message({"seq": 0, "type": "event", "event": "output",
                                               "body": {"category": category, "output": text}}))
