"""Child debug sessions that an adapter starts with the ``startDebugging`` reverse request.

js-debug runs every debuggee in a child session: the parent (root) connection launches node,
then asks the client to start a child with a ``configuration``. The client answers success,
opens a second connection to the same adapter (``adapter.child_transport(configuration)``),
sends ``initialize``, then the request with that configuration, waits for ``initialized``,
sends the breakpoints, exception filters and ``configurationDone``, and only then awaits the
request's response (``shared/adapter-facts.md``, quirk 5).

From the child's ``initialized`` on, the child is the session's primary connection: requests,
stops, breakpoints, threads and output live there. The parent is kept for teardown, which
disconnects the child first (disconnecting the parent first gets no answer for seconds). The
parent reports the end of the program (js-debug: ``Process exited with code N``, then
``terminated``), so a child's ``terminated`` ends the session only when the parent says nothing
within :data:`PARENT_GRACE` seconds.

An adapter that has child sessions implements ``async child_transport(configuration)`` and sets
``expects_child = True`` when the debuggee always runs in one (launch then waits for it). One
child session at a time: a second ``startDebugging`` is declined.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from dapcli.engine.api import ChildHost
from dapcli.errors import AdapterError, DapcliError
from dapcli.protocol import types as t
from dapcli.protocol.connection import Connection, body_model

__all__ = ["PARENT_GRACE", "ChildSessions"]

#: After a child's ``terminated``, how long the parent has to report the exit and end.
PARENT_GRACE = 2.0
_OUTPUT = body_model(t.OutputEvent)


class ChildSessions:
    """The child connections of one session (seen through :class:`~dapcli.engine.api.ChildHost`)."""

    def __init__(self, session: ChildHost) -> None:
        self.session = session
        #: Child connections, oldest first (teardown disconnects them newest first).
        self.connections: list[Connection] = []
        self.ready = asyncio.Event()
        self.error: DapcliError | None = None
        self._task: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def supported(self) -> bool:
        return self.session.adapter.supports_children

    @property
    def expected(self) -> bool:
        return self.session.adapter.expects_child

    # -- the reverse request -------------------------------------------------------------------
    async def on_start_debugging(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """Answer ``startDebugging``: accept, and attach the child in the background (the
        adapter waits for this answer before it serves the child's connection)."""
        if not self.supported:
            raise RuntimeError(f"dapcli does not start child sessions for {self.session.adapter.name}")
        if self._task is not None:
            raise RuntimeError("dapcli debugs one child session at a time")
        self._task = asyncio.get_running_loop().create_task(self._attach(arguments))
        return {}

    async def _attach(self, arguments: dict[str, Any], timeout: float = 30.0) -> None:
        session = self.session
        try:
            configuration = dict(arguments.get("configuration") or {})
            request = str(arguments.get("request") or "launch")
            transport = await session.adapter.child_transport(configuration)  # type: ignore[attr-defined]
            conn = Connection(transport, name=f"{session.adapter.name} (child)")
            conn.trace = session.trace_function()
            conn.rewriter = session.path_mapper
            conn.stall_check = session.stall_check()  # SIGSTOPped: said at once
            initialized = asyncio.Event()
            conn.on_event(lambda message: self._on_event(message, initialized))
            conn.on_reverse_request("runInTerminal", _refuse("dapcli runs programs with console=internalConsole"))
            conn.on_reverse_request("startDebugging", _refuse("dapcli debugs one child session at a time"))
            conn.start()
            self.connections.append(conn)
            capabilities = await conn.request(
                "initialize", session.initialize_arguments(terminal=False), t.InitializeResponse, timeout=timeout
            )
            started = conn.send(request, configuration)
            waiter = asyncio.ensure_future(initialized.wait())
            try:
                done, _ = await asyncio.wait({started, waiter}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
            finally:
                waiter.cancel()
            if started in done and not initialized.is_set():
                await conn.result(started, timeout=0)
            if not done:
                raise AdapterError(f"the child session did not get ready within {timeout:g} s")
            if capabilities is not None:
                session.capabilities = capabilities
            session.adopt_connection(conn)
            for key in session.book.keys():  # noqa: SIM118 (a BreakpointBook, not a dict)
                with contextlib.suppress(DapcliError):
                    await session.book.sync(key, conn.request)
            if session.capabilities.exceptionBreakpointFilters:
                with contextlib.suppress(DapcliError):
                    await session.apply_exception_filters(conn)
            if session.supports("supportsConfigurationDoneRequest"):
                await conn.request("configurationDone", t.ConfigurationDoneArguments(), timeout=timeout)
            await conn.result(started, timeout=timeout)
        except DapcliError as exc:
            self.error = AdapterError(f"the child session failed: {exc.message}", exc.hint)
        except Exception as exc:  # never leave launch waiting on a crashed task
            self.error = AdapterError(f"the child session failed: {exc!r}")
        finally:
            self.ready.set()

    # -- events --------------------------------------------------------------------------------
    def _on_event(self, message: dict[str, Any], initialized: asyncio.Event) -> None:
        event = message.get("event")
        if event == "initialized":
            initialized.set()  # js-debug sends a second one after the launch response: harmless
        elif event == "terminated":
            self._spawn(self._child_ended())
        elif event == "output":
            with contextlib.suppress(Exception):
                self.session.on_output(_OUTPUT.model_validate(message.get("body") or {}), root=False)
        else:
            self.session.on_event(message)

    async def _child_ended(self) -> None:
        """The child ended: wait a little for the parent's exit report, then end the session."""
        session = self.session
        root = session.root_connection
        if root is not None and not root.closed and not session.ended:
            await session.wait_for_change(session.generation, PARENT_GRACE)
        if not session.ended:
            session.on_terminated(None)

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- launch and teardown -------------------------------------------------------------------
    async def wait_ready(self, timeout: float) -> None:
        """When the adapter runs its debuggee in a child session, wait until that session is
        configured (or the session ended).

        Raises:
            AdapterError: the child failed, or did not come within ``timeout`` seconds.
        """
        if not self.expected:
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not self.ready.is_set() and not self.session.ended and loop.time() < deadline:
            # a stop may come before the child's launch answer is read: only ready or the end count
            waiter = asyncio.ensure_future(self.ready.wait())
            changed = asyncio.ensure_future(
                self.session.wait_for_change(self.session.generation, deadline - loop.time())
            )
            try:
                await asyncio.wait({waiter, changed}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                waiter.cancel()
                changed.cancel()
        if self.error is not None:
            raise self.error
        if not self.ready.is_set() and not self.session.ended:
            raise AdapterError(
                f"{self.session.adapter.name} did not start the program's child session within {timeout:g} s",
                "run with DAPCLI_TRACE=FILE to see the DAP traffic",
            )

    async def disconnect(self, terminate_debuggee: bool, timeout: float) -> None:
        """Disconnect and close every child, newest first. Never raises."""
        if self._task is not None and not self._task.done():
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task
        for conn in reversed(self.connections):
            if not conn.closed:
                with contextlib.suppress(DapcliError, asyncio.TimeoutError):
                    future = conn.send("disconnect", t.DisconnectArguments(restart=False,
                                                                           terminateDebuggee=terminate_debuggee))
                    await conn.result(future, timeout=timeout)
            await conn.close()


def _refuse(reason: str) -> Any:
    async def handler(_: dict[str, Any]) -> dict[str, Any]:
        raise RuntimeError(reason)

    return handler
