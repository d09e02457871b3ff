"""The core of a session: its state, request plumbing, capabilities and waiting for changes.

:class:`SessionCore` holds every attribute of a session (the other parts of
:class:`~dapcli.engine.session.Session` build on it, one responsibility each: teardown, events,
execution, lifecycle), sends requests on the live connection (a prefetched answer for this stop
is used instead), and wakes whoever waits for a stop, an end or new output.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Self

from pydantic import BaseModel

from dapcli.adapters.base import AdapterSpec, AttachOptions, LaunchOptions
from dapcli.calls import call
from dapcli.engine.aliases import BinarySpellings
from dapcli.engine.backend import BackendWatch
from dapcli.engine.breakpoints import BreakpointBook
from dapcli.engine.calls import check_call
from dapcli.engine.diagnosis import diagnosis
from dapcli.engine.hitcount import HitCounts
from dapcli.engine.output import OutputBuffer
from dapcli.engine.pathmap import PathMapper
from dapcli.engine.pending import AbandonedRequest
from dapcli.engine.prefetch import Prefetch
from dapcli.engine.processes import Watchdog
from dapcli.engine.refs import HandleTable, StopHandles
from dapcli.engine.serial import wait_turn
from dapcli.engine.state import ENDED, SessionState, StopRecord
from dapcli.engine.terminal import Terminal
from dapcli.engine.testrun.base import TestRun
from dapcli.engine.vanished import gone
from dapcli.engine.watches import WatchList
from dapcli.errors import (
    ConnectionLostError,
    DapTimeoutError,
    PreconditionError,
    RequestError,
    SessionError,
    UsageError,
)
from dapcli.protocol import types as t
from dapcli.protocol.connection import DEFAULT_TIMEOUT, Connection

if TYPE_CHECKING:
    from dapcli.engine.children import ChildSessions
    from dapcli.engine.subprocesses import SubprocessSessions

__all__ = ["SessionCore"]

#: Requests that never change the program's state: prefetched answers stay valid across them.
_PURE_READS = frozenset({"stackTrace", "scopes", "variables", "threads", "source", "loadedSources", "modules",
                         "exceptionInfo", "dataBreakpointInfo"})


class SessionCore:
    """A session's state and plumbing (see the module docstring). Not thread-safe."""

    #: The js-debug child connections (made by :class:`~dapcli.engine.session.Session`).
    children: ChildSessions
    #: Sessions of the program's subprocesses (debugpy), named NAME.1, NAME.2, …
    subprocesses: SubprocessSessions[Any]

    def __init__(self, name: str, adapter: AdapterSpec, *, watchdog: Watchdog | None = None) -> None:
        self.name = name
        self.adapter = adapter
        self.state = SessionState.INITIALIZING
        self.capabilities = t.Capabilities()
        self.book = BreakpointBook()
        self.book.hit_to_send = adapter.hit_condition
        self.book.hit_spent = adapter.hit_spent
        self.book.hit_counter = adapter.hit_counter
        self.book.declare_counter = adapter.hit_counter_declaration
        self.book.console_error = adapter.console_error_prefix
        self.book.counted_condition = adapter.counted_condition
        self.book.ors_hit_condition = adapter.ors_hit_condition
        self.book.native_log_request = adapter.log_point_request or ""
        self.book.native_log_setup = adapter.log_point_setup
        self.book.native_log = lambda e, cond: adapter.log_point_command(e.path, e.line, e.log_message, cond) \
            if adapter.log_point_request and e.path and e.line and e.log_message else None
        self.book.logs_by_client = not adapter.formats_log_messages()
        self.book.log_condition = adapter.log_condition
        self.book.function_breakpoint = adapter.function_breakpoint
        #: Hits of the breakpoints whose hit condition the adapter would not mean as dapcli does.
        self.hits = HitCounts()
        self.output = OutputBuffer()
        #: While set, console text goes here instead of :attr:`output` (a console command dapcli
        #: runs for itself, e.g. gdb's ``info locals``; see verbs/shared/values/scopefallback.py).
        self.console_capture: list[str] | None = None
        self.last_stop: StopRecord | None = None
        self.exit_code: int | None = None
        self.program: str | None = None
        self.request_kind = "launch"
        self.launch_options: LaunchOptions | None = None
        #: The ``launch``/``attach`` request's arguments as sent (what the adapter was told to run).
        self.request_arguments: dict[str, Any] | None = None
        self.attach_options: AttachOptions | None = None
        #: The adapter's terminate_command ended the attached program before ``disconnect``.
        self.kill_sent = False
        #: The user ended the session (``stop``, ``restart``) while the program still ran: its end
        #: is that, not what the adapter's exit code would say (debugpy's 247: SIGKILL). Set by
        #: those verbs (the engine's own teardown, e.g. after Delve's ``terminated``, is no stop).
        self.ended_by_shutdown = False
        #: ``restart`` ended it to run the program again (a call blocked in ``continue`` says so).
        self.restarted = False
        self.started_at = time.time()
        self.adapter_pid: int | None = None
        self.debuggee_pid: int | None = None
        #: The start time of the debuggee the adapter named, when it is ours (see :mod:`dapcli.engine.vanished`).
        self.debuggee_started: float | None = None
        self.selected_thread_id: int | None = None
        self.selected_frame_id: int | None = None
        #: Source file of the selected frame (cached for completion and bare line numbers).
        self.current_path: str | None = None
        self.threads: list[t.Thread] = []
        self.generation = 0
        #: dapcli's variablesReference and frameId numbers, by the stop they belong to.
        self.handles = HandleTable(name)
        self._waking = False
        self.end_reason: str | None = None
        #: Set when the adapter went away under the session: what happened, in one line.
        self.lost: str | None = None
        self.listeners: list[Callable[[str, Self], None]] = []
        self._conn: Connection | None = None
        #: The first connection; with child sessions (js-debug), ``_conn`` is the child's.
        self._root: Connection | None = None
        #: The session this one is a subprocess of (None for a top-level session).
        self.parent: Self | None = None
        #: How many times a subprocess session stopped (wakes waiters on this session).
        self.subprocess_stops = 0
        self._changed = asyncio.Condition()
        self._initialized = asyncio.Event()
        #: Set, with (message, hint), when the adapter said that the start failed without answering it
        self._start_failed = asyncio.Event()
        self._start_failure: tuple[str, str] | None = None
        self._watchdog = watchdog
        self._teardown: asyncio.Task[None] | None = None
        self._losing: asyncio.Task[None] | None = None
        #: The debugger the adapter drives, watched (``engine/backend.py``); None: none.
        self._backend: BackendWatch | None = None
        self._unmet: asyncio.Task[None] | None = None
        #: Sending the sources of breakpoints whose one stop the adapter made (see
        #: ``BreakpointBook.spend``): awaited before the program is resumed.
        self._spending: asyncio.Task[None] | None = None
        #: Console text held until its line ends (see ``SessionEvents._log_pieces``).
        self._console_pieces: list[str] = []  # a console line gdb prints in pieces, held until its end
        self._console_held = 0  # characters in _console_pieces
        self._disconnecting = False
        #: dapcli began ending a program that was still running (``stop``, ``restart``, idle host)
        self._ended_by_dapcli = False
        #: A core-file session: there is no live debuggee, and the pid in its ``process`` event
        #: is the dead program's (possibly reused since): never track or kill it.
        self.post_mortem = False
        self._prefetch = Prefetch()
        #: A thread-bound request the caller gave up on while the adapter still runs it.
        self.abandoned = AbandonedRequest()
        self.watches = WatchList()
        #: Output up to this seq was already shown in a stop state (the next one starts after it).
        self.output_reported = 0
        #: The top frame's locals at the last stop: (frame key, name → value), for change marks.
        self.previous_locals: tuple[str, dict[str, str]] = ("", {})
        #: Exception breakpoint filters the user chose: (filter id, condition); None = the
        #: adapter's defaults (``exceptionBreakpointFilters`` with ``default: true``).
        self.exception_filters: list[tuple[str, str | None]] | None = None
        #: A test run (``debugTest``): reviews every new stop and passes those that are no failure.
        self.test_run: TestRun | None = None
        #: Path mappings (``--map``), applied on the wire; also records what the program loaded.
        self.path_mapper = PathMapper([])
        #: Source directories as the executable spells them (a symlinked checkout): see aliases.py
        self.spellings = BinarySpellings(self.path_mapper)
        #: Bound on the ``initialize`` answer (s) when it must be quicker than the whole start
        #: (a port that may not be a debug adapter at all); None: the start's timeout.
        self.handshake_timeout: float | None = None
        #: The program's terminal, once the adapter asked for one (``runInTerminal``).
        self.terminal: Terminal | None = None
        #: How many ``continued`` events arrived (a console command can run the program).
        self.continued_count = 0
        #: Set when the start failed because it was not what an early launch had said
        #: (:mod:`dapcli.adapters.early.launch_transport`): the launch verb starts over.
        self.early_mismatch: str | None = None
        #: The user's frame chosen below library frames at a stop: (generation, frameId, name).
        self.user_frame: tuple[int, int, str] | None = None
        #: The first stop is still to come and the user asked to stop on entry.
        self.entry_pending = False
        #: When a ``pause`` was sent that has not stopped the program yet (time.time()), else None.
        self.pause_requested: float | None = None
        self._pause_sent = False

    # -- queries ---------------------------------------------------------------------------------
    @property
    def ended(self) -> bool:
        return self.state in ENDED

    @property
    def ending_on_request(self) -> bool:
        """True once dapcli began ending the session (``stop``, ``restart``, an idle host): the
        program's end is that, not a crash or a signal of its own."""
        return self._ended_by_dapcli

    @property
    def configured(self) -> bool:
        return self.state not in (SessionState.INITIALIZING, SessionState.CONFIGURING)

    def supports(self, capability: str) -> bool:
        """True when the adapter's ``initialize`` response set ``capability`` (a DAP
        ``Capabilities`` field name such as ``supportsSetVariable``)."""
        return bool(getattr(self.capabilities, capability, False))

    def require_stopped(self) -> None:
        """Raises PreconditionError unless the debuggee is stopped."""
        if self.state is SessionState.STOPPED:
            return
        if self.ended:
            raise PreconditionError(
                f"session '{self.name}' has ended" + self._end_text(),
                f"start a new one with {call('launch')}, or {call('output')} to read what it printed",
            )
        raise PreconditionError(
            f"session '{self.name}' is running: pause first" if self.state is SessionState.RUNNING
            else f"session '{self.name}' is {self.state.value}; this needs a stopped session",
            f"run {call('pause')}, or {call('wait')} for the next stop",
        )

    def require_alive(self) -> Connection:
        """The live connection. Raises PreconditionError once the session has ended, and
        ConnectionLostError when the adapter went away (killed, crashed)."""
        if self._conn is not None and self._conn.closed and not self.ended and not self._disconnecting:
            raise ConnectionLostError(
                f"session '{self.name}': the connection to {self.adapter.name} was lost ({self._conn.close_reason})",
                "`dapcli stop` cleans up; then launch again",
            )
        if self._conn is None or self._conn.closed or self.ended:
            raise PreconditionError(
                f"session '{self.name}' has ended" + self._end_text(), "start a new one with `dapcli launch`",
            )
        return self._conn

    def _end_text(self) -> str:
        if self.lost:
            return f": {self.lost}"
        return f" (exit code {self.exit_code})" if self.exit_code is not None else ""

    # -- requests --------------------------------------------------------------------------------
    async def request(
        self, command: str, arguments: Any = None, response_cls: type[BaseModel] | None = None,
        *, timeout: float | None = DEFAULT_TIMEOUT,
    ) -> Any:
        """Send one DAP request on the live connection; return its typed body (see
        :meth:`Connection.request`). An identical request prefetched for this stop is used instead."""
        conn = self.require_alive()
        await self.abandoned.check(command)
        if command in self.adapter.serial_requests:  # cdt: overlapping `variables` create each local twice
            await wait_turn(conn, self.adapter.serial_requests, timeout)
        if command not in _PURE_READS:
            self._prefetch.clear()  # it may change values (setVariable, evaluate): answers ahead are stale
        generation = self.generation
        frame = _frame_id(arguments)
        arguments = self.handles.outgoing(generation, arguments)  # a handle of an earlier stop is refused
        self.handles.sending(generation, command, arguments)  # setVariable: what it knew of values is stale
        ahead = self._prefetch.take(generation, command, arguments)
        if ahead is None and command == "scopes":
            self._prefetch.forget("variables")  # they were the top frame's (lldb-dap numbers scopes 1, 2, 3)
        calls = command == "evaluate" and self._calls_function(arguments)
        if calls:
            self.adapter.call_stop()  # what the debugger said before this request is not about it
        future = ahead if ahead is not None and conn is self._conn else conn.send(command, arguments)
        try:
            body = await conn.result(future, response_cls, timeout=timeout)
            self.handles.incoming(generation, command, body)  # dapcli's numbers, never given twice
            if calls:  # a function it called stopped (gdb: at a breakpoint): popped, said (engine/calls.py)
                await check_call(self, self._evaluated_thread(frame), _expression(arguments))
            return body
        except RequestError as exc:  # a traceback or a clang echo: the diagnosis, on one line
            message = diagnosis(exc.message) if "\n" in exc.message.strip() else exc.message
            pid, started = self.debuggee_pid, self.debuggee_started
            if started is not None and pid and gone(pid, started):
                # debugpy's "Server[pid=N] disconnected unexpectedly": the program ended, processes it forked run on
                raise RequestError(f"the program (pid {pid}) has ended ({self.adapter.name}: {message})",
                                   f"{call('sessions')} lists what still runs; {call('stop')} ends it all",
                                   exc.command) from None
            if message is exc.message:
                raise
            raise RequestError(message, exc.hint, exc.command) from None
        except (DapTimeoutError, asyncio.CancelledError):  # given up on: do not queue behind it
            cancelled = self.supports("supportsCancelRequest") and conn.cancel(future)
            self.abandoned.track(future, command, arguments, cancelled=cancelled)
            raise

    def _calls_function(self, arguments: Any) -> bool:
        """Whether an ``evaluate`` may run a function in the program that the family can pop
        when it stops (:mod:`dapcli.engine.calls`): not a console command."""
        expression, prefix = _expression(arguments), self.adapter.console_prefix
        return self.adapter.call_frames_command is not None \
            and not (prefix and expression.lstrip().startswith(prefix))

    def _evaluated_thread(self, frame_id: int | None) -> int | None:
        """The thread an ``evaluate`` in dapcli's frame ``frame_id`` ran in."""
        where = self.at_stop.frame_positions.get(frame_id) if frame_id is not None else None
        return where[0] if where else self.selected_thread_id or (self.last_stop.thread_id if self.last_stop else None)

    @property
    def at_stop(self) -> StopHandles:
        """What is known of this stop's handles (new at every stop)."""
        return self.handles.at(self.generation)

    @property
    def watchdog(self) -> Watchdog | None:
        return self._watchdog

    def add_output(self, category: str, text: str, *, whole: bool = False) -> None:
        """Record program output (an ``output`` event's, or text that reached us outside DAP,
        e.g. Delve's own stdout); ``whole``: a line of its own (a log point's), never joined to an
        unfinished line of the same category."""
        if self.console_capture is not None and category == "console":
            self.console_capture.append(text)
            return
        if self.output.append(category, text, whole=whole):
            self._notify("output")

    def offers_terminal(self) -> bool:
        """True when this session runs its program in dapcli's pty (``--terminal``, ``--stdin``, or
        the adapter's own setting for it, from launch.json, ``adapterConfig`` or ``--set``):
        the only case where dapcli answers ``runInTerminal``, and so says in ``initialize``."""
        options = self.launch_options
        if options is None:
            return False
        # the launch request's own keys as the user asked them: launch.json's (extra), then
        # adapterConfig and `--set` (settings, merged last): `console=integratedTerminal`, lldb-dap's `runInTerminal`
        asked = {**(options.extra or {}), **(options.settings or {})}
        return bool(options.terminal or options.stdin or asked.get("runInTerminal") is True
                    or asked.get("console") in ("integratedTerminal", "externalTerminal"))

    def initialize_arguments(self, *, terminal: bool | None = None) -> t.InitializeRequestArguments:
        """What dapcli tells every adapter (and child session) in ``initialize``:
        ``supportsRunInTerminalRequest`` only when ``terminal`` (default :meth:`offers_terminal`),
        so that no adapter is invited to make dapcli run a command it did not ask for."""
        return t.InitializeRequestArguments(
            clientID="dapcli", clientName="dapcli", adapterID=self.adapter.adapter_id,
            linesStartAt1=True, columnsStartAt1=True, pathFormat="path",
            supportsVariableType=True, supportsVariablePaging=True,
            supportsRunInTerminalRequest=self.offers_terminal() if terminal is None else terminal,
            supportsMemoryReferences=True, supportsProgressReporting=False,
            supportsInvalidatedEvent=False, supportsStartDebuggingRequest=True, locale="en",
        )

    def trace_function(self) -> Callable[[str, dict[str, Any]], None] | None:
        """The DAP traffic tracer (``DAPCLI_TRACE=FILE``), or None."""
        return _tracer(os.environ["DAPCLI_TRACE"]) if os.environ.get("DAPCLI_TRACE") else None

    @property
    def root_connection(self) -> Connection | None:
        """The connection to the adapter itself (the parent of any child session)."""
        return self._root

    def adopt_connection(self, conn: Connection) -> None:
        """Make a child session's connection the primary one (requests, breakpoints, stops)."""
        self._conn = conn

    async def wait_until(self, condition: Callable[[], bool], timeout: float) -> bool:
        """Wait until ``condition()`` holds, checked at each stop, end or output; False after
        ``timeout`` seconds."""
        async with self._changed:
            try:
                await asyncio.wait_for(self._changed.wait_for(condition), timeout)
            except TimeoutError:
                return False
        return True

    async def wait_for_change(self, generation: int, timeout: float) -> bool:
        """Wait until a stop or end newer than ``generation`` — of this session or of one of its
        subprocess sessions (a stop is never left unreported); False on timeout."""
        subprocess_stops = self.subprocess_stops
        async with self._changed:
            try:
                await asyncio.wait_for(
                    self._changed.wait_for(lambda: self.generation > generation or self.ended
                                           or self.subprocess_stops > subprocess_stops), timeout
                )
            except TimeoutError:
                return False
        if self.lost:
            raise ConnectionLostError(f"session '{self.name}': {self.lost}",
                                      f"the session has ended; {call('output')} shows what the program printed")
        return True

    def subprocess_stopped(self) -> None:
        """A subprocess session stopped: wake whoever waits on this session."""
        self.subprocess_stops += 1
        self._notify("subprocess")

    def _notify(self: Self, what: str) -> None:
        if not self._waking:  # one pending wake serves every change before it runs (an output flood)
            self._waking = True
            asyncio.get_running_loop().create_task(self._wake())
        for listener in list(self.listeners):
            with contextlib.suppress(Exception):
                listener(what, self)

    async def _wake(self) -> None:
        self._waking = False  # a change from now on schedules another wake
        async with self._changed:
            self._changed.notify_all()

    def check_session(self) -> None:
        """Raises SessionError when this session never started."""
        if self._conn is None:
            raise SessionError(f"session '{self.name}' has not started", "run `dapcli launch PROGRAM`")

    def stall_check(self) -> Callable[[str], None] | None:
        """The primary connection's check for a process stopped by a signal (see
        :mod:`dapcli.engine.frozen`), or None before the session started."""
        return self._conn.stall_check if self._conn else None

    def new_subprocess_session(self, name: str) -> Self:
        """A new session named ``name`` (same adapter and watchdog) for a subprocess of this
        session's program, with this session as its parent."""
        child = type(self)(name, self.adapter, watchdog=self._watchdog)
        child.parent = self
        child.handles = self.handles.sharing(name)  # a number of the parent's is refused, never reused
        return child


def _tracer(path: str) -> Callable[[str, dict[str, Any]], None]:
    """Raises UsageError when ``DAPCLI_TRACE`` names a file that cannot be a trace."""
    from dapcli.engine.tracefile import open_trace

    try:
        return open_trace(path)
    except OSError as exc:
        reason = exc.strerror if exc.errno != errno.ENXIO else "a FIFO that nobody reads"
        raise UsageError(f"DAPCLI_TRACE={path}: {reason or exc}",
                         "point DAPCLI_TRACE at a regular file of yours, or unset it") from None


def _expression(arguments: Any) -> str:
    """An ``evaluate``'s expression (its arguments as a model or a dict)."""
    found = arguments.get("expression") if isinstance(arguments, dict) else getattr(arguments, "expression", "")
    return found if isinstance(found, str) else ""


def _frame_id(arguments: Any) -> int | None:
    """A request's ``frameId`` (its arguments as a model or a dict), as dapcli gave it."""
    found = arguments.get("frameId") if isinstance(arguments, dict) else getattr(arguments, "frameId", None)
    return found if isinstance(found, int) else None
