"""A debug session: one adapter connection, its debuggee, and the state machine

``initializing → configuring → running ⇄ stopped → exited/terminated`` (DAP terms).

The launch sequence is the one that is correct for every adapter measured (see
``shared/adapter-facts.md``): ``initialize``; send ``launch``/``attach`` without awaiting it;
wait for the ``initialized`` event *or* a failed launch response; send every breakpoint;
``configurationDone``; only then await the launch response.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import errno
import functools
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from dapcli.adapters.base import AdapterSpec, AttachOptions, LaunchOptions, deep_merge
from dapcli.adapters.early import launch as early_launch
from dapcli.adapters.early import process as early_process
from dapcli.engine.aliases import BinarySpellings
from dapcli.engine.breakpoints import BreakpointBook, sync_budget
from dapcli.engine.chatter import DEBUGGER_CATEGORIES, is_log_message
from dapcli.engine.children import ChildSessions
from dapcli.engine.detach import release
from dapcli.engine.diagnosis import diagnosis
from dapcli.engine.endattached import kill_attached
from dapcli.engine.fnconditions import apply_function_conditions
from dapcli.engine.frozen import check_frozen
from dapcli.engine.hitcount import HitCounts, write_log_points
from dapcli.engine.lost import describe_lost_adapter
from dapcli.engine.output import OutputBuffer
from dapcli.engine.pathmap import PathMapper, PathMapping
from dapcli.engine.pending import AbandonedRequest
from dapcli.engine.prefetch import Prefetch
from dapcli.engine.processes import Watchdog, descendants, kill_tree, launched_children
from dapcli.engine.reaped import dead_debuggee_status
from dapcli.engine.refs import ReferenceLog
from dapcli.engine.serial import wait_turn
from dapcli.engine.subprocesses import SubprocessSessions
from dapcli.engine.terminal import Terminal
from dapcli.engine.testrun.base import TestRun
from dapcli.engine.ttywait import POLL_INTERVAL
from dapcli.engine.watches import WatchList
from dapcli.errors import (
    AdapterError,
    ConnectionLostError,
    DapcliError,
    DapTimeoutError,
    PreconditionError,
    RequestError,
    SessionError,
    UsageError,
)
from dapcli.protocol import types as t
from dapcli.protocol.connection import DEFAULT_TIMEOUT, Connection, body_model, without_unknown_literals
from dapcli.protocol.repair import repair

__all__ = ["Session", "SessionState", "StopRecord"]


class SessionState(enum.StrEnum):
    INITIALIZING = "initializing"
    CONFIGURING = "configuring"
    RUNNING = "running"
    STOPPED = "stopped"
    EXITED = "exited"
    TERMINATED = "terminated"


ENDED = (SessionState.EXITED, SessionState.TERMINATED)
#: With ``noDebug``, how long an adapter that answered ``launch`` may still take to send
#: ``initialized`` (lldb-dap configures even then; debugpy and Delve never send it).
NO_DEBUG_INITIALIZED_WAIT = 1.0
#: Looks in a row that find the program asleep reading its terminal before a wait says so.
INPUT_POLLS = 3
#: Requests that never change the program's state: prefetched answers stay valid across them.
_PURE_READS = frozenset({"stackTrace", "scopes", "variables", "threads", "source", "loadedSources", "modules",
                         "exceptionInfo", "dataBreakpointInfo"})


@dataclass
class StopRecord:
    """The last ``stopped`` event: the adapter's raw ``reason`` and the rest of its body."""

    reason: str
    description: str | None
    thread_id: int | None
    all_threads_stopped: bool
    hit_breakpoint_ids: list[int]
    text: str | None
    generation: int
    time: float = field(default_factory=time.time)
    #: The stop on entry that was asked for (lldb-dap, CodeLLDB and gdb reach it through a
    #: one-shot breakpoint on ``main`` and say ``breakpoint``): reported as reason ``entry``.
    entry: bool = False
    #: A stop that a ``pause`` caused although the adapter says ``step`` (js-debug when the
    #: program was idle in its event loop): reported as reason ``pause``.
    paused: bool = False
    #: Other threads the adapter reported stopped in this same stop, with ``preserveFocusHint``
    #: (lldb-dap: two threads hit a breakpoint at once): ``(threadId, reason, description)``.
    also: list[tuple[int, str, str | None]] = field(default_factory=list)


class Session:
    """One debug session. Not thread-safe: use from one asyncio loop.

    Attributes a frontend reads (through verbs): ``state``, ``capabilities``, ``book``,
    ``output``, ``last_stop``, ``exit_code``, ``selected_thread_id``, ``selected_frame_id``.
    """

    def __init__(self, name: str, adapter: AdapterSpec, *, watchdog: Watchdog | None = None) -> None:
        self.name = name
        self.adapter = adapter
        self.state = SessionState.INITIALIZING
        self.capabilities = t.Capabilities()
        self.book = BreakpointBook()
        self.book.hit_to_send = adapter.hit_condition
        self.book.logs_by_client = not adapter.formats_log_messages()
        self.book.function_condition = adapter.function_entry_condition
        #: Hits of the breakpoints whose hit condition the adapter would not mean as dapcli does.
        self.hits = HitCounts()
        self.output = OutputBuffer()
        #: While set, console text goes here instead of :attr:`output` (a console command dapcli
        #: runs for itself, e.g. gdb's ``info locals``; see verbs/scopefallback.py).
        self.console_capture: list[str] | None = None
        self.last_stop: StopRecord | None = None
        self.exit_code: int | None = None
        self.program: str | None = None
        self.request_kind = "launch"
        self.launch_options: LaunchOptions | None = None
        self.attach_options: AttachOptions | None = None
        #: The adapter's terminate_command ended the attached program before ``disconnect``.
        self.kill_sent = False
        self.started_at = time.time()
        self.adapter_pid: int | None = None
        self.debuggee_pid: int | None = None
        self.selected_thread_id: int | None = None
        self.selected_frame_id: int | None = None
        #: Frame ids returned by stackTrace at stop ``generation`` (valid until it resumes).
        self.frame_ids: tuple[int, set[int]] = (-1, set())
        #: Source file of the selected frame (cached for completion and bare line numbers).
        self.current_path: str | None = None
        self.threads: list[t.Thread] = []
        self.generation = 0
        self.references = ReferenceLog()
        self._waking = False
        self.end_reason: str | None = None
        #: Set when the adapter went away under the session: what happened, in one line.
        self.lost: str | None = None
        self.listeners: list[Callable[[str, Session], None]] = []
        self._conn: Connection | None = None
        #: The first connection; with child sessions (js-debug), ``_conn`` is the child's.
        self._root: Connection | None = None
        self.children = ChildSessions(self)
        #: Sessions of the program's subprocesses (debugpy), named NAME.1, NAME.2, …
        self.subprocesses = SubprocessSessions(self)
        #: The session this one is a subprocess of (None for a top-level session).
        self.parent: Session | None = None
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
        self._unmet: asyncio.Task[None] | None = None
        self._disconnecting = False
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
                "start a new one with `dapcli launch`, or `dapcli output` to read what it printed",
            )
        raise PreconditionError(
            f"session '{self.name}' is running: pause first" if self.state is SessionState.RUNNING
            else f"session '{self.name}' is {self.state.value}; this needs a stopped session",
            "run `dapcli pause`, or `dapcli wait` for the next stop",
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
        ahead = self._prefetch.take(self.generation, command, arguments)
        if ahead is None and command == "scopes":
            self._prefetch.forget("variables")  # they were the top frame's (lldb-dap numbers scopes 1, 2, 3)
        future = ahead if ahead is not None and conn is self._conn else conn.send(command, arguments)
        try:
            body = await conn.result(future, response_cls, timeout=timeout)
            self.references.observe(self.generation, body)  # which stop each variablesReference is of
            return body
        except RequestError as exc:  # a traceback or a clang echo: the diagnosis, on one line
            if "\n" not in exc.message.strip():
                raise
            raise RequestError(diagnosis(exc.message), exc.hint, exc.command) from None
        except (DapTimeoutError, asyncio.CancelledError):  # given up on: do not queue behind it
            cancelled = self.supports("supportsCancelRequest") and conn.cancel(future)
            self.abandoned.track(future, command, arguments, cancelled=cancelled)
            raise

    # -- start -----------------------------------------------------------------------------------
    async def launch(self, options: LaunchOptions, *, timeout: float = 30.0) -> None:
        """Start the adapter and the debuggee (DAP ``launch``), with the book's breakpoints.

        Returns once the adapter answered ``launch``; the first stop may come later.
        Raises AdapterError (adapter missing, launch refused), DapTimeoutError.
        """
        self.program = options.program
        self.launch_options = options
        self.request_kind = "launch"
        self.entry_pending = options.stop_on_entry
        arguments = self.adapter.launch_arguments(options)
        if self.adapter.wants_tty(options):
            self.terminal = self.terminal or Terminal(self._terminal_output, stdin_file=options.stdin)
            self.adapter.use_tty(arguments, self.terminal.open_tty())
        self._use_mappings(arguments, options.path_mappings)
        arguments = with_settings(arguments, options)
        await self._start(self.adapter.launch_request, arguments, timeout)

    async def attach(self, options: AttachOptions, *, timeout: float = 30.0) -> None:
        """Attach to a running debuggee (DAP ``attach``); see :meth:`launch`."""
        self.request_kind = "attach"
        self.attach_options = options
        self.program = (f"{options.host or '127.0.0.1'}:{options.port}" if options.port else
                        f"{options.program or 'program'} on {options.target}" if options.target else
                        f"pid {options.process_id}")
        arguments = self.adapter.attach_arguments(options)
        self._use_mappings(arguments, options.path_mappings)
        arguments = with_settings(arguments, options)
        await self._start("attach", arguments, timeout, attach=options)

    def _use_mappings(self, arguments: dict[str, Any], mappings: list[tuple[str, str]]) -> None:
        """Translate paths on the wire by ``mappings`` ((remote, local) pairs), and pass the
        adapter's own option for them."""
        self.path_mapper.mappings = [PathMapping(remote, local) for remote, local in mappings]
        self.path_mapper.translate_out = not self.adapter.maps_client_paths
        self.adapter.map_paths(arguments, mappings)

    async def open_core(self, options: LaunchOptions, core: str, *, timeout: float = 30.0) -> None:
        """Open the core file ``core`` of ``options.program`` for post-mortem inspection (the
        adapter family's ``core_request``/``core_arguments``: lldb-dap ``attach`` + ``coreFile``,
        CodeLLDB ``launch`` + ``target create --core``). See :meth:`launch`.

        Raises:
            PreconditionError: the adapter family cannot open core files.
        """
        request = self.adapter.core_request
        if request is None:
            raise PreconditionError(f"{self.adapter.name} cannot open core files", "use --adapter lldb")
        self.program = options.program
        self.request_kind = "core"
        self.post_mortem = True
        await self._start(request, self.adapter.core_arguments(options, core), timeout)

    @property
    def watchdog(self) -> Watchdog | None:
        return self._watchdog

    async def _on_start_debugging(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """``startDebugging``: a subprocess session (debugpy) or the program's child session
        (js-debug)."""
        if self.adapter.child_sessions_are_subprocesses:
            return self.subprocesses.start(arguments)
        return await self.children.on_start_debugging(arguments)

    async def _on_run_in_terminal(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """``runInTerminal``: start the adapter's command in dapcli's own pty (see :mod:`terminal`)."""
        if self.terminal is None:
            self.terminal = Terminal(self._terminal_output, stdin_file=self.launch_options.stdin if self.launch_options
                                     else None)
        if self._watchdog is not None:
            self.terminal.on_start = lambda pid: self._watchdog.watch(pgid=pid) if self._watchdog else None
        return await self.terminal.run_in_terminal(arguments)

    async def start_child(self, transport: Any, command: str, arguments: dict[str, Any],
                          *, timeout: float = 30.0) -> None:
        """Start this (subprocess) session on an already open ``transport`` to the adapter:
        the usual configuration sequence, with the parent's breakpoints."""
        self.request_kind = "subprocess"
        self.program = f"{self.parent.program} (subprocess)" if self.parent else "subprocess"
        await self._run_sequence(transport, f"{self.adapter.name} ({self.name})", command, arguments, timeout)

    def _terminal_output(self, category: str, text: str) -> None:
        """What the program wrote on dapcli's terminal, less the adapter's chatter (kept as console)."""
        program, chatter = self.adapter.split_terminal_output(text)
        if chatter:
            self.add_output("console", chatter)
        if program:
            self.add_output(category, program)

    def add_output(self, category: str, text: str) -> None:
        """Record program output that reached us outside DAP (e.g. Delve's own stdout)."""
        if self.console_capture is not None and category == "console":
            self.console_capture.append(text)
            return
        if self.output.append(category, text) is not None:
            self._notify("output")

    async def _start(self, command: str, arguments: dict[str, Any], timeout: float,
                     attach: AttachOptions | None = None) -> None:
        self.adapter.output_sink = self.add_output
        self.spellings.arguments, self.spellings.program = arguments, (attach.program if attach else self.program)
        self.spellings.process_id = attach.process_id if attach else None
        if attach is not None:
            early_launch.discard()  # an early start is a launch's
            transport, pid = await self.adapter.start_attach(attach)
        else:
            transport, pid = await self.adapter.start()
        early_process.discard()  # an adapter started early that this session did not take (another family's)
        early_launch.discard()
        self.adapter_pid = pid
        if self._watchdog and pid:
            self._watchdog.watch(pgid=pid)
        try:
            await self._run_sequence(transport, self.adapter.name, command, arguments, timeout)
        except BaseException:  # an early launch's start and this session's parted: the verb starts over
            self.early_mismatch = getattr(transport, "mismatch", None)
            raise
        if (command == "launch" and pid and not self.debuggee_pid and not self.post_mortem
                and self.adapter.adopts_child_as_debuggee):
            self._adopt_children(pid)

    def _adopt_children(self, adapter_pid: int) -> None:
        """No ``process`` event named the debuggee (Delve): take the adapter's children as the
        debuggee, so it is killed when the adapter dies or the session ends."""
        children = launched_children(adapter_pid)
        if len(children) == 1:
            self.debuggee_pid = children[0].pid
            if self._watchdog:
                self._watchdog.watch(pid=self.debuggee_pid)

    async def _run_sequence(self, transport: Any, name: str, command: str, arguments: dict[str, Any],
                            timeout: float) -> None:
        """Open the connection on ``transport`` and run the launch/attach sequence; on any
        failure the session is shut down (nothing is left running) and the error raised."""
        conn = Connection(transport, name=name)
        self._conn = self._root = conn
        conn.trace = self.trace_function()
        if hasattr(transport, "trace"):  # an early launch's: which requests it answered (early.launch_transport)
            transport.trace = conn.trace
        conn.rewriter = self.path_mapper
        conn.stall_check = lambda command: check_frozen(self, command)  # SIGSTOPped: said at once
        conn.on_event(self._on_event)
        conn.on_close(self._on_lost)
        conn.on_reverse_request("runInTerminal", self._on_run_in_terminal)
        conn.on_reverse_request("startDebugging", self._on_start_debugging)
        conn.start()
        try:
            await self._configure(conn, command, arguments, timeout)
            await self.children.wait_ready(timeout)  # js-debug runs the program in a child session
        except BaseException:
            await self.shutdown(terminate_debuggee=True)
            raise

    async def _configure(self, conn: Connection, command: str, arguments: dict[str, Any], timeout: float) -> None:
        try:
            self.capabilities = await conn.request(
                "initialize", self.initialize_arguments(), t.InitializeResponse,
                timeout=self.handshake_timeout or timeout,
            ) or t.Capabilities()
        except DapTimeoutError as exc:  # not "the debuggee may be busy": there is none yet
            raise DapTimeoutError(f"the adapter {self.adapter.name} did not answer initialize within "
                                  f"{exc.message.rpartition(' within ')[2]}: it does not work as a debug adapter",
                                  "check its command with `dapcli adapters` and `dapcli doctor`") from None
        self.state = SessionState.CONFIGURING
        started = conn.send(command, arguments)
        initialized = asyncio.ensure_future(self._initialized.wait())
        failed = asyncio.ensure_future(self._start_failed.wait())
        try:
            done, _ = await asyncio.wait({started, initialized, failed}, timeout=timeout,
                                         return_when=asyncio.FIRST_COMPLETED)
        finally:
            initialized.cancel()
            failed.cancel()
        if self._start_failure is not None and not self._initialized.is_set():
            raise AdapterError(*self._start_failure)
        if started in done and not self._initialized.is_set():
            try:
                await conn.result(started, timeout=0)  # a failed launch ends the wait here, with its message
            except RequestError as exc:
                raise self._with_stderr(exc) from None
            if arguments.get("noDebug"):  # debugpy, Delve: no debugger, no configuration, no `initialized`
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._initialized.wait(), NO_DEBUG_INITIALIZED_WAIT)
                if not self._initialized.is_set():
                    if not self.ended:  # it may have run to its end meanwhile
                        self.state = SessionState.RUNNING
                    return
        if not done:
            raise DapTimeoutError(f"the adapter did not get ready for {command} within {timeout:g} s",
                                  "raise --timeout, or see `dapcli doctor`")
        for key in self.book.keys():  # noqa: SIM118 (a BreakpointBook, not a dict)
            with contextlib.suppress(DapcliError):
                await self.spellings.before_send(key)
                # debugpy takes ~15-60 ms a breakpoint: 1,000 in one file outlast a fixed 30 s, and
                # the requests after it (configurationDone) would queue behind an unread answer
                budget = sync_budget(timeout, len(self.book.for_key(key)))
                await self.book.sync(key, functools.partial(conn.request, timeout=budget))
                if key == "<functions>":
                    await apply_function_conditions(self)
        await self._set_default_exception_filters(conn)
        self.state = SessionState.RUNNING
        # only after `initialized`: an adapter that never sent it (noDebug) refuses configurationDone
        if self.supports("supportsConfigurationDoneRequest") and self._initialized.is_set():
            await conn.request("configurationDone", t.ConfigurationDoneArguments(),
                               timeout=sync_budget(timeout, len(self.book.entries)))
        try:
            await conn.result(started, timeout=timeout)
        except AdapterError as exc:
            raise AdapterError(f"{command} failed: {exc.message}", exc.hint) from None

    def _with_stderr(self, exc: RequestError) -> RequestError:
        """``exc`` with what the adapter printed on stderr meanwhile (Delve: "Build error: Check the
        debug console for details", and the compiler's errors only in an ``output`` event)."""
        text = "".join(c.output for c in self.output.since(0, {"stderr"})).strip()
        if not text:
            return exc
        lines = [line.strip() for line in text.splitlines() if line.strip()][-4:]
        return RequestError(f"{exc.message} | stderr: " + " / ".join(lines)[-800:], exc.hint, exc.command)

    def initialize_arguments(self) -> t.InitializeRequestArguments:
        """What dapcli tells every adapter (and child session) in ``initialize``."""
        return t.InitializeRequestArguments(
            clientID="dapcli", clientName="dapcli", adapterID=self.adapter.adapter_id,
            linesStartAt1=True, columnsStartAt1=True, pathFormat="path",
            supportsVariableType=True, supportsVariablePaging=True, supportsRunInTerminalRequest=True,
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

    async def _set_default_exception_filters(self, conn: Connection) -> None:
        if self.capabilities.exceptionBreakpointFilters:
            with contextlib.suppress(DapcliError):
                await self.apply_exception_filters(conn)

    def default_exception_filters(self) -> list[str]:
        """The filters on until the user chooses: the adapter's defaults, plus ``uncaught`` where
        the adapter offers it off (js-debug): a crash stops where it happens on every adapter."""
        offered = self.capabilities.exceptionBreakpointFilters or []
        return [f.filter for f in offered if f.default or f.filter == "uncaught"]

    async def apply_exception_filters(self, conn: Connection | None = None) -> str | None:
        """Send ``setExceptionBreakpoints`` with :attr:`exception_filters` (or the defaults).
        Returns a note when they were only recorded (see :meth:`sync_breakpoints`)."""
        if conn is None and (deferred := self.abandoned.defer("<exceptions>", self.apply_exception_filters)):
            return deferred
        conn = conn or self.require_alive()
        chosen = self.exception_filters
        if chosen is None:
            chosen = [(name, None) for name in self.default_exception_filters()]
        plain = [name for name, condition in chosen if not condition]
        options = [t.ExceptionFilterOptions(filterId=name, condition=condition) for name, condition in chosen
                   if condition]
        await conn.request("setExceptionBreakpoints", t.SetExceptionBreakpointsArguments(
            filters=plain, filterOptions=options or None))
        return None

    # -- execution -------------------------------------------------------------------------------
    async def resume(self, command: str, arguments: BaseModel, *, timeout: float) -> bool:
        """Send an execution request (continue/next/stepIn/stepOut/…) and wait for the next stop
        or the end of the debuggee. Any ``stopped`` after the request ends it, whatever its
        reason. Returns False when ``timeout`` seconds passed and it still runs (not an error).
        Raises PreconditionError (not stopped), RequestError (the adapter refused).
        """
        self.require_stopped()
        conn = self.require_alive()
        generation = self.generation
        self.state = SessionState.RUNNING
        self._pause_sent = False  # a stop from here on is this request's
        self.hits.resumed(command)
        self._notify("running")  # before the request: its stop may arrive before its response
        try:
            # bounded by the caller's wait too: an adapter that never answers is no reason to block longer
            await conn.request(command, arguments, timeout=min(DEFAULT_TIMEOUT, max(timeout, 2.0)))
        except DapcliError:
            # the program may have ended under the request ("Server disconnected"): that is its exit
            if await self.wait_for_change(generation, 1.0) and self.ended:
                return True
            if self.generation == generation and self.state is SessionState.RUNNING:
                self.state = SessionState.STOPPED
                self._notify("stopped")
            raise
        deadline = time.monotonic() + timeout
        return await self._reviewed(await self._wait_unless_input(generation, timeout), deadline)

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
                                      "the session has ended; `dapcli output` shows what the program printed")
        return True

    def subprocess_stopped(self) -> None:
        """A subprocess session stopped: wake whoever waits on this session."""
        self.subprocess_stops += 1
        self._notify("subprocess")

    async def wait(self, timeout: float) -> bool:
        """Wait until the debuggee is not running; True when it stopped or ended."""
        deadline = time.monotonic() + timeout
        if self.state is not SessionState.RUNNING:
            return await self._reviewed(True, deadline)
        return await self._reviewed(await self._wait_unless_input(self.generation, timeout), deadline)

    async def _wait_unless_input(self, generation: int, timeout: float) -> bool:
        """:meth:`wait_for_change`, but False early (``terminal.waiting_for_input`` set) when the
        program sleeps reading dapcli's terminal (see :mod:`ttywait`), looked at every
        ``POLL_INTERVAL`` s; where that cannot be told, the whole ``timeout``."""
        terminal = self.terminal
        if terminal is None or not terminal.has_stdin:
            return await self.wait_for_change(generation, timeout)
        terminal.waiting_for_input = False
        deadline = time.monotonic() + timeout
        seen = 0
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            if await self.wait_for_change(generation, min(POLL_INTERVAL, remaining)):
                return True
            reading = terminal.reading()
            if reading is None:
                return await self.wait_for_change(generation, max(0.0, deadline - time.monotonic()))
            seen = seen + 1 if reading else 0
            if seen >= INPUT_POLLS:  # asleep in the read for a while, not just between two lines
                terminal.waiting_for_input = True
                return False

    async def _reviewed(self, changed: bool, deadline: float) -> bool:
        """Pass the stops that :attr:`test_run` says are no failure (a skip, an exception the
        test expects): resume (DAP ``continue``) and wait again, until ``deadline``."""
        while changed and self.test_run is not None and self.state is SessionState.STOPPED:
            if not await self.test_run.review(self) or self.last_stop is None:
                return True
            generation = self.generation
            self.state = SessionState.RUNNING
            self.hits.resumed("continue")
            self._notify("running")
            try:
                await self.require_alive().request("continue", t.ContinueArguments(
                    threadId=self.last_stop.thread_id or 0))
            except DapcliError:
                if await self.wait_for_change(generation, 1.0) and self.ended:
                    return True
                raise
            changed = await self.wait_for_change(generation, max(0.0, deadline - time.monotonic()))
        return changed

    async def pause(self, thread_id: int | None) -> None:
        """Send ``pause`` (runs concurrently with a blocked ``continue``).
        Raises PreconditionError when nothing is running."""
        conn = self.require_alive()
        # js-debug answers no pause while V8 runs an abandoned `while(true){}` evaluation
        self.abandoned.refuse("pause", any_request=self.adapter.resumes_wait_for_evaluations)
        if self.state is not SessionState.RUNNING:
            raise PreconditionError(f"session '{self.name}' is {self.state.value}, not running")
        if thread_id is None:
            threads = await conn.request("threads", None, t.ThreadsResponse)
            thread_id = threads.threads[0].id if threads.threads else 1
        self._pause_sent = True  # the stop it causes may come before the response
        try:
            await conn.request("pause", t.PauseArguments(threadId=thread_id))
        except DapcliError:
            self._pause_sent = False
            raise
        if self.state is SessionState.RUNNING:  # the stop may come later (debugpy in time.sleep)
            self.pause_requested = self.pause_requested or time.time()

    async def sync_breakpoints(self, key: str) -> str | None:
        """Push one source's (or the function) breakpoint set, if the adapter is configured.
        Returns a note when the set was only recorded: an abandoned request still runs (debugpy
        answers no ``setBreakpoints`` then), and the set is sent once it is answered."""
        deferred = self.abandoned.defer(key, lambda: self.sync_breakpoints(key))
        if deferred is not None:
            return deferred
        if self._conn is not None and not self._conn.closed and self._initialized.is_set() and not self.ended:
            await self.spellings.before_send(key)
            budget = sync_budget(DEFAULT_TIMEOUT, len(self.book.for_key(key)))
            await self.book.sync(key, functools.partial(self._conn.request, timeout=budget))
            if key == "<functions>":
                await apply_function_conditions(self)
        await self.subprocesses.sync_breakpoints(key)  # breakpoints apply to the whole tree
        return None

    # -- events ----------------------------------------------------------------------------------
    def _on_event(self, message: dict[str, Any]) -> None:
        event = message.get("event")
        body = message.get("body") or {}
        handler = _EVENT_HANDLERS.get(str(event))
        if handler is None:
            return
        model, method = handler
        parsed = _parse_body(model, body) if model is not None else body
        if parsed is not None:
            method(self, parsed)

    def _on_initialized(self, _: Any) -> None:
        self.hits.reset()
        self._initialized.set()

    def _on_stopped(self, body: Any) -> None:
        if self.exit_code is not None and body.threadId is None and not self.ended:
            # the program is gone (gdb: `Program terminated with signal …`), cdt says `generic`
            self._end(SessionState.EXITED, "exited")
            return
        if (body.preserveFocusHint and body.threadId is not None and self.state is SessionState.STOPPED
                and self.last_stop is not None and self.last_stop.thread_id not in (None, body.threadId)):
            # a second thread stopped in the same stop (no resume in between): announced with the
            # stop the focus stays on, not in its place
            self.last_stop.also.append((body.threadId, body.reason, body.description))
            self._notify("stopped")
            return
        ids = list(body.hitBreakpointIds or self.adapter.stop_hit_ids(body.reason))
        stands, messages = (True, []) if self._pause_sent or self.ended else self.hits.decide(self.book.hit_by(ids))
        if not stands:  # a hit condition dapcli counts is not met, or a log point dapcli writes: resume
            self._unmet = asyncio.get_running_loop().create_task(self._resume_unmet(body, ids, messages))
            return
        self.generation += 1
        self.last_stop = StopRecord(
            reason=body.reason, description=body.description or self.adapter.stop_description(body.reason),
            thread_id=body.threadId, all_threads_stopped=bool(body.allThreadsStopped),
            hit_breakpoint_ids=ids,
            text=body.text, generation=self.generation, entry=self._is_entry(body),
            paused=self._pause_sent and body.reason == "step",
        )
        self.entry_pending = self._pause_sent = False
        self.pause_requested = None
        if body.threadId is not None:
            self.selected_thread_id = body.threadId
        self.selected_frame_id = None
        if not self.ended:
            self.state = SessionState.STOPPED
            if body.threadId is not None and self._conn is not None and not self._conn.closed:
                self._prefetch.start(self._conn, self.generation, body.threadId, self.adapter.serial_requests)
        self._notify("stopped")

    async def _resume_unmet(self, body: Any, ids: list[int], messages: list[str]) -> None:
        """Write the log points' ``messages`` (see :func:`write_log_points`), then resume (DAP
        ``continue``) a stop that does not stand; a stop that cannot be resumed is reported as it is."""
        try:
            if messages:
                await write_log_points(self.require_alive(), body.threadId, messages, self.add_output,
                                       self.adapter.failed_evaluate_result)
            await self.require_alive().request("continue", t.ContinueArguments(threadId=body.threadId or 0))
        except DapcliError:
            if not self.ended:
                self.hits.release = True
                self._on_stopped(body.model_copy(update={"hitBreakpointIds": ids}))

    def _is_entry(self, body: Any) -> bool:
        """The first stop of a launch with stopOnEntry, at no breakpoint of the user's."""
        if not self.entry_pending or body.reason not in ("entry", "breakpoint"):
            return False
        ours = {e.adapter_id for e in self.book.entries.values() if e.adapter_id is not None}
        return not ours.intersection(body.hitBreakpointIds or [])

    def _on_output(self, body: Any) -> None:
        self.on_output(body)

    def on_output(self, body: Any, *, root: bool = True) -> None:
        """An ``output`` event; ``root`` False for a child session's (the program's own text,
        never an adapter's exit report)."""
        # adapters that mix their own chatter into stdout, or announce the exit code only as
        # text (cdt-gdb-adapter sends no `exited` event; Delve says it only in answer to
        # disconnect, so this comes before the filter below), say so through these optional hooks
        if self.exit_code is None and root:
            self.exit_code = self.adapter.exit_code_from_output(body.output)
        if root and not self._initialized.is_set() and self._start_failure is None:
            self._start_failure = self.adapter.start_failure(body.output)  # debugpy's failed code injection
            if self._start_failure is not None:
                self._start_failed.set()
        if self._disconnecting and body.category in ("stderr", "console", "important"):
            return  # adapter chatter while it shuts down (lldb-dap 19 aborts after disconnect)
        category, text = self.adapter.output_category(body.category or "console", body.output), body.output
        if category in DEBUGGER_CATEGORIES and self.book.log_messages() \
                and is_log_message(body.output, self.book.log_messages()):
            category = "stdout"  # a log point's message (lldb-dap, gdb send it as console): the user's output
            text = text if text.endswith("\n") else text + "\n"  # gdb (cdt) sends it without its newline
        self.add_output(category, self.adapter.output_text(category, text))

    def _on_exited(self, body: Any) -> None:
        self.exit_code = body.exitCode
        self._end(SessionState.EXITED, "exited")

    def _on_terminated(self, _: Any) -> None:
        if self.exit_code is None:
            self.exit_code = self.adapter.exit_code_at_end()  # js-debug: recorded by a preload
        if self._teardown is not None and self._disconnecting and not self._teardown.done():
            return  # the running teardown ends the session (with the exit code, see below)
        if self.exit_code is None and self.adapter.exit_code_after_disconnect \
                and not self._disconnecting and self._teardown is None:
            # Delve tells the exit status only in answer to disconnect: end the session after it
            self._teardown = asyncio.get_running_loop().create_task(self.shutdown(terminate_debuggee=True))
            return
        self._end(SessionState.EXITED if self.exit_code is not None else SessionState.TERMINATED, "terminated")

    def _on_breakpoint(self, body: Any) -> None:
        self.book.on_event(body.reason, body.breakpoint)

    def _on_process(self, body: Any) -> None:
        if body.systemProcessId and not self.post_mortem:
            self.debuggee_pid = body.systemProcessId
            if self._watchdog:
                self._watchdog.watch(pid=body.systemProcessId)

    def _on_lost(self, reason: str) -> None:
        """The adapter's stream ended: unless we are ending the session, it ends now, named
        (a blocked ``continue``/``wait`` returns at once with it) and its processes are ended."""
        conn = self._root
        if self._disconnecting or self.ended or conn is None:
            return

        async def lose() -> None:
            text = await describe_lost_adapter(self.adapter.name, conn.transport, reason)
            if not (self._disconnecting or self.ended):
                self.lost = text
                self._end(SessionState.TERMINATED, "adapter lost")

        self._losing = asyncio.get_running_loop().create_task(lose())

    def _on_continued(self, _: Any) -> None:
        self.continued_count += 1

    def notice_dead_debuggee(self) -> bool:
        """End a stopped session whose debuggee was killed behind the debugger's back (gdb
        notices only when it resumes); True if it did."""
        if self.state is not SessionState.STOPPED or not self.adapter_pid or self.post_mortem:
            return False
        code = dead_debuggee_status(self.adapter_pid, self.program, self.debuggee_pid)
        if code is None:
            return False
        self.exit_code = code
        self._end(SessionState.EXITED, "exited")
        return True

    def mark_running(self) -> None:
        """The program runs although no execution verb resumed it (a console command did)."""
        if self.state is SessionState.STOPPED:
            self.state = SessionState.RUNNING
            self._notify("running")

    def _on_thread(self, _: Any) -> None:
        self.threads = []

    def _end(self, state: SessionState, reason: str) -> None:
        if not self.ended and self.terminal is not None:
            self.terminal.drain()  # the program's last words come before its end
        if not self.ended:
            self.generation += 1
        self.state = state
        self.end_reason = reason
        self.pause_requested = None
        self._notify("ended")
        # not while a shutdown runs: it may be a detach, which must never end the debuggee (the
        # adapter reports `exited`/`terminated` for the detached program, e.g. lldb-dap)
        if self._teardown is None and not self._disconnecting:
            # a program we did not start (attach, a subprocess) is never killed for the adapter's end
            # (debugpy says `terminated` for a subprocess still on its way out: killing it loses its exit code)
            ours = self.request_kind not in ("attach", "subprocess")
            self._teardown = asyncio.get_running_loop().create_task(self.shutdown(terminate_debuggee=ours))

    def _notify(self, what: str) -> None:
        if not self._waking:  # one pending wake serves every change before it runs (an output flood)
            self._waking = True
            asyncio.get_running_loop().create_task(self._wake())
        for listener in list(self.listeners):
            with contextlib.suppress(Exception):
                listener(what, self)

    # -- end -------------------------------------------------------------------------------------
    async def shutdown(self, *, terminate_debuggee: bool = True, grace: float = 1.0) -> None:
        """Disconnect (DAP ``disconnect``), close the transport, then kill the adapter's
        process group and every descendant. Safe to call more than once. Never raises."""
        conn = self._root or self._conn
        tree = descendants(self.adapter_pid) if self.adapter_pid else []
        self._disconnecting = True
        if terminate_debuggee and self.abandoned.pending:
            grace = min(grace, 0.2)  # a hung __repr__: the adapter answers nothing, the debuggee is killed
        await self.subprocesses.shutdown(terminate_debuggee)  # the whole session tree ends
        await self.children.disconnect(terminate_debuggee, grace)  # a child session first (js-debug)
        if conn is not None and not conn.closed:
            stop = self.last_stop if self.state is SessionState.STOPPED else None
            if terminate_debuggee and self.request_kind == "attach" and stop is not None:
                self.kill_sent = await kill_attached(conn, self.adapter, self.attach_options, stop.thread_id, grace * 5)
            elif not terminate_debuggee and self.request_kind == "attach" and not self.ended:
                # a server that outlives us (dlv --headless) would halt the program at our breakpoints
                await release(conn, self.book.keys(), thread_id=stop.thread_id if stop else None, timeout=grace,
                              exception_filters=bool(self.capabilities.exceptionBreakpointFilters))
            with contextlib.suppress(DapcliError, asyncio.TimeoutError):
                future = conn.send(
                    "disconnect", t.DisconnectArguments(restart=False, terminateDebuggee=terminate_debuggee)
                )
                await conn.result(future, timeout=grace * 2)
            tree += descendants(self.adapter_pid) if self.adapter_pid else []
        if conn is not None:
            await conn.close()  # even when the adapter hung up first: the transport's cleanups run
        process = getattr(conn.transport, "process", None) if conn else None
        if process is not None:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(process.wait(), grace)
        pids = [self.debuggee_pid] if (self.debuggee_pid and terminate_debuggee) else []
        if terminate_debuggee:
            kill_tree(self.adapter_pid, pids, tree)
        else:
            kill_tree(self.adapter_pid, [], [p for p in tree if p.pid != self.debuggee_pid])
        if process is not None:
            with contextlib.suppress(asyncio.TimeoutError, ProcessLookupError):
                await asyncio.wait_for(process.wait(), grace)
        await _reap(tree, grace * 2)
        if self.terminal is not None:
            if terminate_debuggee:
                await self.terminal.close(grace)
            if self._watchdog is not None and self.terminal.pid:
                self._watchdog.unwatch(pgid=self.terminal.pid)
        if self._watchdog is not None and terminate_debuggee:
            # and whatever the tree ever had: a daemon re-parented to init is no descendant now
            self._watchdog.end(pgid=self.adapter_pid, pid=self.debuggee_pid)
        elif self._watchdog is not None:
            self._watchdog.unwatch(pgid=self.adapter_pid, pid=self.debuggee_pid)
        if not self.ended:
            self.state = SessionState.EXITED if self.exit_code is not None else SessionState.TERMINATED
            self.end_reason = self.end_reason or "terminated"
            self.generation += 1
            self._notify("ended")

    async def _wake(self) -> None:
        self._waking = False  # a change from now on schedules another wake
        async with self._changed:
            self._changed.notify_all()

    def check_session(self) -> None:
        """Raises SessionError when this session never started."""
        if self._conn is None:
            raise SessionError(f"session '{self.name}' has not started", "run `dapcli launch PROGRAM`")


def with_settings(arguments: dict[str, Any], options: LaunchOptions | AttachOptions) -> dict[str, Any]:
    """The adapter's request ``arguments`` with the user's own ``settings`` merged last
    (nested objects such as ``env`` key by key)."""
    merged = deep_merge(arguments, options.settings)
    if isinstance(options, LaunchOptions) and options.no_debug:
        merged["noDebug"] = True
    return merged


def _parse_body(model: type[BaseModel], body: Any) -> Any:
    """An event body as its spec type. An adapter off the spec never loses the event: values
    outside an enumeration are dropped, values of the wrong type mended (a ``reason`` of 5 is
    ``"5"``: see :mod:`dapcli.protocol.repair`); None for a body that still fails (an ``exited``
    whose ``exitCode`` is ``"x"``), which is then ignored rather than let into the session."""
    try:
        return model.model_validate(body)
    except ValidationError as exc:
        for repaired in (without_unknown_literals(body, exc), repair(model, body, exc)):
            if repaired is not None:
                with contextlib.suppress(ValidationError):
                    return model.model_validate(repaired)
        return None  # not an event of this kind in any reading: ignored (DAPCLI_TRACE shows it)


async def _reap(processes: list[Any], timeout: float) -> None:
    """Wait (bounded) until the killed processes are really gone, so that none outlives
    ``shutdown`` even briefly (debugpy's launcher can linger a few hundred ms)."""
    import psutil

    def running(process: Any) -> bool:
        # a killed orphan stays a zombie until init reaps it (some container inits take
        # seconds): it holds nothing any more, so it counts as gone
        try:
            return bool(process.is_running()) and process.status() != psutil.STATUS_ZOMBIE
        except psutil.Error:
            return False

    deadline = time.monotonic() + timeout
    while any(running(p) for p in processes) and time.monotonic() < deadline:
        await asyncio.sleep(0.02)


def _tracer(path: str) -> Callable[[str, dict[str, Any]], None]:
    """Raises UsageError when ``DAPCLI_TRACE`` names a file that cannot be a trace."""
    from dapcli.engine.tracefile import open_trace

    try:
        return open_trace(path)
    except OSError as exc:
        reason = exc.strerror if exc.errno != errno.ENXIO else "a FIFO that nobody reads"
        raise UsageError(f"DAPCLI_TRACE={path}: {reason or exc}",
                         "point DAPCLI_TRACE at a regular file of yours, or unset it") from None


_EVENT_HANDLERS: dict[str, tuple[type[BaseModel] | None, Callable[[Session, Any], None]]] = {
    "initialized": (None, Session._on_initialized),
    "stopped": (body_model(t.StoppedEvent), Session._on_stopped),
    "output": (body_model(t.OutputEvent), Session._on_output),
    "exited": (body_model(t.ExitedEvent), Session._on_exited),
    "terminated": (None, Session._on_terminated),
    "breakpoint": (body_model(t.BreakpointEvent), Session._on_breakpoint),
    "process": (body_model(t.ProcessEvent), Session._on_process),
    "thread": (None, Session._on_thread),
    "continued": (None, Session._on_continued),
}
