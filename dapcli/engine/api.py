"""The narrow views of a session that its collaborators depend on, instead of on
:mod:`dapcli.engine.session` (which imports them: no circle).

Each :class:`~typing.Protocol` names only what one family of collaborators uses:
:class:`TestSession` (test runs), :class:`ChildHost` (js-debug's child connections),
:class:`SubprocessHost` (debugpy's subprocess sessions), :class:`RequestSession` (function
conditions) and :class:`ProcessIds` (the frozen-process check). :class:`~dapcli.engine.session.Session`
satisfies every one of them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, Self

from pydantic import BaseModel

from dapcli.adapters.base import AdapterSpec
from dapcli.engine.breakpoints import BreakpointBook
from dapcli.engine.output import OutputBuffer
from dapcli.engine.pathmap import PathMapper
from dapcli.engine.processes import Watchdog
from dapcli.engine.state import SessionState, StopRecord
from dapcli.protocol import types as t
from dapcli.protocol.connection import DEFAULT_TIMEOUT, Connection

__all__ = ["ChildHost", "ProcessIds", "RequestSession", "SubprocessHost", "TestSession"]


class ProcessIds(Protocol):
    """The processes of a session (see :mod:`dapcli.engine.frozen`)."""

    @property
    def debuggee_pid(self) -> int | None: ...

    @property
    def adapter_pid(self) -> int | None: ...


class RequestSession(Protocol):
    """A session that sends requests, with its adapter and breakpoint book."""

    @property
    def adapter(self) -> AdapterSpec: ...

    @property
    def book(self) -> BreakpointBook: ...

    async def request(
        self, command: str, arguments: Any = None, response_cls: type[BaseModel] | None = None,
        *, timeout: float | None = DEFAULT_TIMEOUT,
    ) -> Any:
        """Send one DAP request; return its typed body."""
        ...


class TestSession(RequestSession, Protocol):
    """What a test run (:mod:`dapcli.engine.testrun`) reads of its session and sets on it."""

    #: Exception breakpoint filters the user chose (a runner picks its own before launch).
    exception_filters: list[tuple[str, str | None]] | None

    @property
    def generation(self) -> int: ...

    @property
    def last_stop(self) -> StopRecord | None: ...

    @property
    def exit_code(self) -> int | None: ...

    @property
    def output(self) -> OutputBuffer: ...

    @property
    def listeners(self) -> list[Callable[[str, Any], None]]: ...


class ChildHost(RequestSession, Protocol):
    """The session that a child connection (:mod:`dapcli.engine.children`) serves."""

    capabilities: t.Capabilities

    @property
    def path_mapper(self) -> PathMapper: ...

    @property
    def generation(self) -> int: ...

    @property
    def ended(self) -> bool: ...

    @property
    def root_connection(self) -> Connection | None: ...

    def supports(self, capability: str) -> bool:
        """True when the adapter announced ``capability``."""
        ...

    def trace_function(self) -> Callable[[str, dict[str, Any]], None] | None:
        """The DAP traffic tracer, or None."""
        ...

    def stall_check(self) -> Callable[[str], None] | None:
        """The primary connection's check for a process stopped by a signal, or None."""
        ...

    def initialize_arguments(self) -> t.InitializeRequestArguments:
        """What dapcli tells every adapter in ``initialize``."""
        ...

    def adopt_connection(self, conn: Connection) -> None:
        """Make ``conn`` the primary connection."""
        ...

    async def apply_exception_filters(self, conn: Connection | None = None) -> str | None:
        """Send the exception breakpoint filters on ``conn``."""
        ...

    def on_output(self, body: Any, *, root: bool = True) -> None:
        """An ``output`` event."""
        ...

    def on_event(self, message: dict[str, Any]) -> None:
        """Any other event of the child connection."""
        ...

    def on_terminated(self, body: Any) -> None:
        """The program ended (a ``terminated`` event)."""
        ...

    async def wait_for_change(self, generation: int, timeout: float) -> bool:
        """Wait until a stop or end newer than ``generation``; False on timeout."""
        ...


class SubprocessHost(Protocol):
    """A session of a session tree (:mod:`dapcli.engine.subprocesses`): a parent and its
    subprocess sessions alike."""

    exception_filters: list[tuple[str, str | None]] | None
    path_mapper: PathMapper

    @property
    def name(self) -> str: ...

    @property
    def adapter(self) -> AdapterSpec: ...

    @property
    def book(self) -> BreakpointBook: ...

    @property
    def state(self) -> SessionState: ...

    @property
    def ended(self) -> bool: ...

    @property
    def watchdog(self) -> Watchdog | None: ...

    @property
    def test_run(self) -> object | None: ...

    @property
    def listeners(self) -> list[Callable[[str, Any], None]]: ...

    def new_subprocess_session(self, name: str) -> Self:
        """A new session named ``name`` for a subprocess of this one's program."""
        ...

    def add_output(self, category: str, text: str, *, whole: bool = False) -> None:
        """Record output that reached the session outside DAP."""
        ...

    def subprocess_stopped(self) -> None:
        """A subprocess session stopped."""
        ...

    async def start_child(self, transport: Any, command: str, arguments: dict[str, Any],
                          *, timeout: float = 30.0) -> None:
        """Start this subprocess session on an open ``transport``."""
        ...

    async def sync_breakpoints(self, key: str) -> str | None:
        """Send one source's breakpoint set."""
        ...

    async def shutdown(self, *, terminate_debuggee: bool = True, grace: float = 1.0, by_dapcli: bool = True) -> None:
        """End the session. Never raises."""
        ...
