"""A session's life from its start: ``initialize``, ``launch``/``attach``/a core file, the
configuration phase, and the reverse requests that start terminals and child sessions.

The launch sequence is the one that is correct for every adapter measured (see
``shared/adapter-facts.md``): ``initialize``; send ``launch``/``attach`` without awaiting it;
wait for the ``initialized`` event *or* a failed launch response; send every breakpoint;
``configurationDone``; only then await the launch response. Teardown is :mod:`teardown`'s.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from typing import Any

from dapcli.adapters.base import AttachOptions, LaunchOptions, deep_merge
from dapcli.adapters.early import launch as early_launch
from dapcli.adapters.early import process as early_process
from dapcli.engine.backend import BackendWatch
from dapcli.engine.breakpoints import sync_budget
from dapcli.engine.execution import SessionExecution
from dapcli.engine.fnconditions import apply_function_conditions
from dapcli.engine.frozen import check_frozen
from dapcli.engine.pathmap import PathMapping
from dapcli.engine.processes import launched_children
from dapcli.engine.refused import drop_refused
from dapcli.engine.state import SessionState
from dapcli.engine.terminal import Terminal
from dapcli.errors import AdapterError, DapcliError, DapTimeoutError, PreconditionError, RequestError, UsageError
from dapcli.protocol import types as t
from dapcli.protocol.connection import Connection

__all__ = ["SessionLifecycle", "with_settings"]

#: With ``noDebug``, how long an adapter that answered ``launch`` may still take to send
#: ``initialized`` (lldb-dap configures even then; debugpy and Delve never send it).
NO_DEBUG_INITIALIZED_WAIT = 1.0


class SessionLifecycle(SessionExecution):
    """Starting a session (see the module docstring)."""

    async def launch(self, options: LaunchOptions, *, timeout: float = 30.0) -> None:
        """Start the adapter and the debuggee (DAP ``launch``), with the book's breakpoints.

        Returns once the adapter answered ``launch``; the first stop may come later.
        Raises AdapterError (adapter missing, launch refused), DapTimeoutError.
        """
        self.program = options.program
        self.launch_options = options
        self.request_kind = "launch"
        self.entry_pending = options.stop_on_entry
        entry = self.adapter.entry_line(options.program) if options.stop_on_entry else None
        if entry is not None and not any(e.path == options.program and e.line == entry
                                         for e in self.book.internal.values()):
            self.book.new_internal(path=options.program, line=entry)  # rdbg ignores stopOnEntry
        if options.exception_filters is not None:
            self.exception_filters = [(name, None) for name in options.exception_filters]
        arguments = self.adapter.launch_arguments(options)
        if self.adapter.wants_tty(options):
            self.terminal = self.terminal or Terminal(self._terminal_output, stdin_file=options.stdin)
            self.adapter.use_tty(arguments, self.terminal.open_tty())
        self._use_mappings(arguments, options.path_mappings)
        arguments = with_settings(arguments, options)
        self.adapter.settle(arguments, options.settings)
        self.request_arguments = arguments
        await self._start(self.adapter.launch_request, arguments, timeout)

    async def attach(self, options: AttachOptions, *, timeout: float = 30.0) -> None:
        """Attach to a running debuggee (DAP ``attach``); see :meth:`launch`."""
        self.request_kind = "attach"
        self.attach_options = options
        self.program = (f"{options.host or '127.0.0.1'}:{options.port}" if options.port else options.socket or
                        f"{options.program or 'program'} on {options.target}" if options.target else
                        f"pid {options.process_id}")
        arguments = self.adapter.attach_arguments(options)
        self._use_mappings(arguments, options.path_mappings)
        arguments = with_settings(arguments, options)
        self.adapter.settle(arguments, options.settings)
        self.request_arguments = arguments
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

    async def _on_start_debugging(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """``startDebugging``: a subprocess session (debugpy) or the program's child session
        (js-debug)."""
        if self.adapter.child_sessions_are_subprocesses:
            return self.subprocesses.start(arguments)
        return await self.children.on_start_debugging(arguments)

    async def _on_run_in_terminal(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """``runInTerminal``: start the adapter's command in dapcli's own pty (see :mod:`terminal`);
        refused when dapcli did not offer it (:meth:`offers_terminal`): an adapter cannot make
        dapcli run a command of its choosing."""
        if not self.offers_terminal():
            raise RuntimeError("dapcli did not offer runInTerminal for this session (no --terminal or --stdin)")
        refused = self.adapter.terminal_command([str(a) for a in arguments.get("args") or []],
                                                self.request_arguments or {})
        if refused is not None:
            self.add_output("console", f"dapcli: runInTerminal refused: {refused}\n")
            raise RuntimeError(refused)
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
        if pid and self.adapter.backend_name and not self.ended:  # gdb under cdt: its death ends the session
            self._backend = BackendWatch.start(pid, self.adapter.backend_name, self._on_backend_died)

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
        conn.wait_check = self.check_vanished  # the program gone, the adapter silent
        conn.on_event(self.on_event)
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
        if self.launch_options is not None and self.launch_options.exception_filters and command != "attach":
            check_filters(self.adapter.name, self.capabilities, self.launch_options.exception_filters)
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
            elif self.adapter.initialized_after_launch:  # bash-dap: `initialized` at the script's first line
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._initialized.wait(), timeout)
        if not done:
            raise DapTimeoutError(f"the adapter did not get ready for {command} within {timeout:g} s",
                                  "raise --timeout, or see `dapcli doctor`")
        self._refuse_function_breakpoints()
        keys = list(self.book.keys())
        for key in keys:
            with contextlib.suppress(DapcliError):
                await self.spellings.before_send(key)
        # one setBreakpoints per file, all sent at once (as VS Code does) and in this order: the
        # adapter works through them without a round trip between files
        await asyncio.gather(*[asyncio.ensure_future(self._configure_source(conn, key, timeout)) for key in keys])
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

    def _refuse_function_breakpoints(self) -> None:
        """As ``break add`` refuses one: function breakpoints for an adapter without
        ``supportsFunctionBreakpoints`` (js-debug never answers ``setFunctionBreakpoints``: the
        start waited 30 s a session, then failed on something else). Raises PreconditionError."""
        named = [e.function for e in self.book.for_key("<functions>") if e.function]
        if named and not self.supports("supportsFunctionBreakpoints"):
            raise PreconditionError(
                f"{self.adapter.name} has no function breakpoints (supportsFunctionBreakpoints): "
                + ", ".join(named), "set them as FILE:LINE")

    async def _configure_source(self, conn: Connection, key: str, timeout: float) -> None:
        """Send the breakpoints of ``key`` (a source path or ``<functions>``) in the configuration
        phase; a refusal leaves them unverified (the breakpoint list says why)."""
        with contextlib.suppress(DapcliError):
            # debugpy takes ~15-60 ms a breakpoint: 1,000 in one file outlast a fixed 30 s, and
            # the requests after it (configurationDone) would queue behind an unread answer
            budget = sync_budget(timeout, len(self.book.for_key(key)))
            await self.book.sync(key, functools.partial(conn.request, timeout=budget))
            await drop_refused(self.book, self.adapter, key, functools.partial(conn.request, timeout=budget))
            if key == "<functions>":
                await apply_function_conditions(self)

    def _with_stderr(self, exc: RequestError) -> RequestError:
        """``exc`` with what the adapter printed on stderr meanwhile (Delve: "Build error: Check the
        debug console for details", and the compiler's errors only in an ``output`` event)."""
        text = "".join(c.output for c in self.output.since(0, {"stderr"})).strip()
        if not text:
            return exc
        lines = [line.strip() for line in text.splitlines() if line.strip()][-4:]
        return RequestError(f"{exc.message} | stderr: " + " / ".join(lines)[-800:], exc.hint, exc.command)

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


def check_filters(adapter: str, capabilities: t.Capabilities, asked: list[str]) -> None:
    """Raise UsageError, listing the adapter's own filter ids, unless it offers each of ``asked``
    (``exceptionBreakpointFilters`` of its ``initialize`` answer)."""
    offered = [f.filter for f in capabilities.exceptionBreakpointFilters or []]
    unknown = [name for name in asked if name not in offered]
    if unknown:
        raise UsageError(f"{adapter} has no exception filter {', '.join(repr(n) for n in unknown)}",
                         f"its filters: {', '.join(offered)}" if offered else f"{adapter} offers no exception filters")


def with_settings(arguments: dict[str, Any], options: LaunchOptions | AttachOptions) -> dict[str, Any]:
    """The adapter's request ``arguments`` with the user's own ``settings`` merged last
    (nested objects such as ``env`` key by key)."""
    merged = deep_merge(arguments, options.settings)
    if isinstance(options, LaunchOptions) and options.no_debug:
        merged["noDebug"] = True
    return merged
