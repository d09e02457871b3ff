"""Session verbs: launch, attach, restart, stop, status, wait, sessions."""

from __future__ import annotations

import dataclasses
import os
import shlex
import time
from typing import Annotated, Any

from dapcli.adapters.base import AdapterSpec, LaunchOptions
from dapcli.adapters.registry import adapter_for, all_adapters
from dapcli.engine import persist
from dapcli.engine.breakpoints import BreakpointEntry
from dapcli.engine.pathmap import PathMapper, from_launch_config, parse_mappings
from dapcli.engine.reach import nearest_file, unverified_warnings
from dapcli.engine.session import Session, SessionState
from dapcli.errors import AdapterError, DapcliError, UntrustedProjectError, UsageError, echo
from dapcli.protocol.types import Capabilities
from dapcli.verbs.breakpoints.databook import anchors, data_book
from dapcli.verbs.breakpoints.match import anchor_warnings, launch_warnings, pending_warnings, refused_conditions
from dapcli.verbs.breakpoints.rewatch import rewatch
from dapcli.verbs.breakpoints.spec import BREAK_HELP, check_structured
from dapcli.verbs.context import VerbContext
from dapcli.verbs.models import EndResult, SessionInfo, SessionsResult, StatusResult, StopState
from dapcli.verbs.registry import Param, verb
from dapcli.verbs.session.attaching import (
    HANDSHAKE_TIMEOUT,
    attach_config,
    attach_failure,
    attach_options,
    check_attach_kind,
)
from dapcli.verbs.session.attachkind import adapter_for_process, check_process
from dapcli.verbs.session.endprocess import end_process, process_of, still_alive
from dapcli.verbs.session.launchopts import (
    CATCH_HELP,
    SET_HELP,
    JsonObject,
    adapter_settings,
    add_breakpoints,
    env_pairs,
    filter_list,
)
from dapcli.verbs.session.modulecheck import missing_module
from dapcli.verbs.shared.envnames import ENV_EXAMPLE, pair_problem
from dapcli.verbs.shared.programfile import check_program_file, check_rerun, file_kind
from dapcli.verbs.shared.stop.runs import later_runs
from dapcli.verbs.shared.stop.stopstate import stop_state

MAP_HELP = "REMOTE=LOCAL path mapping; repeatable"
TIMEOUT_HELP = "seconds to wait for a stop (then: status running)"
#: Bound on starting the adapter (s), whatever the stop timeout: adapters take up to ~1 s to start.
STARTUP_TIMEOUT = 30.0


def _env_pairs(pairs: list[str]) -> dict[str, str]:
    env = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        problem = pair_problem(pair)
        if problem:  # the arguments model refused it already; this guards direct callers
            raise UsageError(problem, ENV_EXAMPLE)
        env[key] = value
    return env


async def _check_free(ctx: VerbContext) -> None:
    """Refuse to replace a live session; a session whose program ended is ended and replaced."""
    existing = ctx.manager.sessions.get(ctx.session_name)
    if existing is None:
        return
    if existing.ended:
        await existing.shutdown()
        ctx.manager.remove(existing.name)
        return
    raise UsageError(
        f"session '{ctx.session_name}' is already running {existing.program}",
        f"stop it with `dapcli{_session_option(ctx.session_name)} stop`, or start another with --session NAME",
    )


async def _start_and_wait(ctx: VerbContext, session: Session, started: float, timeout: float) -> StopState:
    """The first stop within ``timeout`` s of ``started`` (the user's bound: starting the adapter
    counts in it, and a start that took longer waits no more)."""
    if not session.ended:
        await session.wait(max(0.0, timeout - (time.perf_counter() - started)))
    return await stop_state(session, output_seq=None, started=started)


@verb(group="session", needs="none", executes=True)
async def launch(
    ctx: VerbContext,
    program: Annotated[str | None, Param(help="program to debug",
                                         complete="path", positional=True)] = None,
    args: Annotated[list[str], Param(help="arguments for the program (after --)", positional=True)] = [],  # noqa: B006
    module: Annotated[str | None, Param(help="Python module to run (python -m)",
                                        short="-m")] = None,
    breakpoints: Annotated[list[str | dict[str, Any]], Param(
        help=BREAK_HELP, complete="location", short="-b", flag="break", check=check_structured)] = [],  # noqa: B006
    cwd: Annotated[str | None, Param(help="working directory of the program", complete="path")] = None,
    env: Annotated[list[str], Param(help="NAME=VALUE for the program's environment",
                                    check=env_pairs, accepts=list[str] | dict[str, str], example=["DEBUG=1"])
               ] = [],  # noqa: B006
    python: Annotated[str | None, Param(help="Python interpreter (default: venv, python3)",
                                        complete="path")] = None,
    adapter: Annotated[str | None, Param(help="adapter (default: by program kind)")] = None,
    stop_on_entry: Annotated[bool, Param(help="stop at the program's first line")] = False,
    nodelay: Annotated[bool, Param(help="debugpy TCP_NODELAY fix")] = True,
    stop_on_exception: Annotated[bool, Param(help="stop on uncaught exceptions (default filters)")] = True,
    exception_filters: Annotated[list[str], Param(help=CATCH_HELP, flag="catch", check=filter_list,
                                                  accepts=str | list[str])] = [],  # noqa: B006
    config: Annotated[str | None, Param(help=".vscode/launch.json configuration (see `dapcli configs`)")] = None,
    restore: Annotated[bool, Param(help="restore saved breakpoints, watches, filters")
                       ] = False,
    core: Annotated[str | None, Param(help="core file of PROGRAM to open (lldb, codelldb)", complete="path")] = None,
    settings: Annotated[list[str], Param(help=SET_HELP, flag="set")] = [],  # noqa: B006
    adapter_config: Annotated[JsonObject | None, Param(help="adapter options, a JSON object")] = None,
    just_my_code: Annotated[bool | None, Param(help="debugpy justMyCode")] = None,
    no_debug: Annotated[bool, Param(help="just run it: output and exit code")] = False,
    stdin: Annotated[str | None, Param(help="stdin file ('-': this command's stdin)",
                                       complete="path")] = None,
    terminal: Annotated[bool, Param(help="run in dapcli's pty; type to it with `input`")] = False,
    path_mappings: Annotated[list[str], Param(help=MAP_HELP, complete="path", flag="map")] = [],  # noqa: B006
    timeout: Annotated[float, Param(help=TIMEOUT_HELP)] = 30.0,
) -> StopState:
    """Start a program under the debugger and run to the first stop.

    Sends ``initialize``, ``launch``, waits for ``initialized``, sends every breakpoint and
    ``configurationDone``, then waits up to ``timeout`` s for a stop or the program's exit.
    With ``core``, opens that core file instead: the crash is the stop. Breakpoints:
    ``-b 'cart.py:17 if i == 2'``, ``-b 'cart.py:17 hit >=3'``, ``-b 'cart.py:17 log total={total}'``,
    ``-b Cart.total``; adapter options: ``--set justMyCode=false``; ``-m pytest -- -x tests``;
    exception filters from the start (before ``configurationDone``): ``--catch raised,uncaught``.
    """
    started = time.perf_counter()
    if exception_filters and not stop_on_exception:
        raise UsageError("--catch and --no-stop-on-exception contradict each other",
                         "give the filters to stop on with --catch, or none with --no-stop-on-exception")
    await _check_free(ctx)
    extra: dict[str, object] = {}
    env_map = _env_pairs(env)
    user_settings = adapter_settings(settings, adapter_config, just_my_code)
    mappings = parse_mappings(path_mappings, ctx.cwd)
    if config is not None:
        from dapcli.adapters.launchjson import resolve_config

        chosen = resolve_config(config, ctx.cwd, program=program)
        if chosen.request != "launch":
            raise UsageError(f"configuration {config!r} is an {chosen.request!r} configuration",
                             "use a launch configuration (see `dapcli configs`), or `dapcli attach`")
        program = program or chosen.program
        module = module or (chosen.module if program is None else None)
        args = args or chosen.args
        cwd = cwd or chosen.cwd
        adapter = adapter or chosen.adapter
        stop_on_entry = stop_on_entry or chosen.stop_on_entry
        no_debug, terminal = no_debug or chosen.no_debug, terminal or chosen.terminal
        env_map = {**chosen.env, **env_map}
        extra = chosen.extra
        mappings = [*mappings, *from_launch_config(extra, chosen.cwd or ctx.cwd)]
    if module is not None and program is not None:  # `-m pytest -- -x t.py`: the words are the module's
        program, args = None, [program, *args]
    work_dir = ctx.resolve(cwd) if cwd else ctx.cwd
    if not os.path.isdir(work_dir):
        what = "not a directory" if os.path.exists(work_dir) else "not found"
        raise UsageError(f"working directory {what}: {cwd}", "give an existing directory")
    path, spec = _target(ctx, program, module, adapter, work_dir)
    options = LaunchOptions(
        program=path, args=list(args), cwd=work_dir, env=env_map, stop_on_entry=stop_on_entry,
        python=ctx.resolve(python) if python and os.sep in python else python, nodelay=nodelay, extra=extra,
        module=module, settings=user_settings, no_debug=no_debug, terminal=terminal or stdin is not None,
        stdin=_stdin_file(ctx, stdin), path_mappings=[(m.remote, m.local) for m in mappings],
        exception_filters=exception_filters or None,
    )
    core_path = ctx.resolve(core) if core else None
    if core_path is not None and file_kind(core_path):
        raise UsageError(f"{core} is {file_kind(core_path)}, not a core file", "give the path of a core dump file")
    if core_path is not None and not os.path.isfile(core_path):
        raise UsageError(f"core file not found: {core} (looked at {core_path})", "check the path")
    prepared = spec.prepare(options, ctx.cwd)

    def new_session() -> tuple[Session, list[str]]:
        session = Session(ctx.session_name, spec, watchdog=ctx.manager.watchdog)
        restored = persist.restore(session, path) if restore else []
        if not stop_on_exception:
            session.exception_filters = []
        session.launch_options = options  # the program's folders, for resolving function breakpoints
        add_breakpoints(ctx, session, [] if no_debug else breakpoints,
                        skip=lambda fields: persist.has_breakpoint(session, fields))
        return session, [*prepared, *restored]

    session, warnings = new_session()
    if core_path is not None:
        await session.open_core(options, core_path, timeout=max(timeout, STARTUP_TIMEOUT))
    else:
        try:
            try:
                await session.launch(options, timeout=max(timeout, STARTUP_TIMEOUT))
            except DapcliError:
                if not session.early_mismatch:
                    raise
                session, warnings = new_session()  # the host's early start was not this launch: the usual way
                await session.launch(options, timeout=max(timeout, STARTUP_TIMEOUT))
        except DapcliError as exc:
            # a project file replaced the adapter's command: say so, even now
            if spec.warning and not isinstance(exc, UntrustedProjectError):
                exc.hint = f"{spec.warning}; {exc.hint}" if exc.hint else spec.warning
            told = spec.launch_failure_hint(exc.message, options)  # e.g. Go: a package that is no program
            if told:
                exc.hint = f"{told}; {exc.hint}" if exc.hint else told
            if user_settings and isinstance(exc, AdapterError):
                said = f"the adapter got your options {sorted(user_settings)}"
                exc.hint = f"{said}; {exc.hint}" if exc.hint else said
            raise
    ctx.manager.add(session)
    if restore or breakpoints:
        problem = persist.save(session)  # the re-anchored lines, and the breakpoints given here
        warnings = [*warnings, problem] if problem else warnings
    state = await _start_and_wait(ctx, session, started, timeout)
    if module is not None and (missing := missing_module(session, module, work_dir)) is not None:
        await session.shutdown()
        ctx.manager.remove(session.name)
        raise missing
    state.warnings = [*warnings, *launch_warnings(session), *(state.warnings or [])] or None
    return state


def _target(ctx: VerbContext, program: str | None, module: str | None, adapter: str | None,
            work_dir: str) -> tuple[str, AdapterSpec]:
    """The program's absolute path (for ``-m``: a name under ``work_dir`` that keys its saved
    state) and its adapter family. Raises UsageError (no program, missing file, -m off Python)."""
    if module is not None:
        if not module.strip() or any(c.isspace() for c in module):
            raise UsageError(f"bad module name {module!r}", "e.g. `dapcli launch -m pytest -- -x tests`")
        spec = adapter_for(None, adapter or "python", ctx.cwd)
        if spec.name != "python":
            raise UsageError(f"-m runs a Python module; {spec.name} has no modules",
                             "Go: give the package directory as PROGRAM (Delve's debug/test modes)")
        return os.path.join(work_dir, f"-m {module}"), spec
    if program is None or not program.strip():
        raise UsageError("launch needs a PROGRAM (or -m MODULE, or --config NAME)",
                         "e.g. `dapcli launch app.py -b app.py:10`")
    path = ctx.resolve(program)
    if not os.path.exists(path):
        near = nearest_file(path, [ctx.cwd])
        raise UsageError(f"program not found: {echo(program)} (looked at {echo(path)})",
                         f"did you mean {echo(os.path.relpath(near, ctx.cwd))}?" if near else "check the path")
    spec = adapter_for(path, adapter, ctx.cwd)
    check_program_file(program, path, spec.name)
    return path, spec


def _stdin_file(ctx: VerbContext, stdin: str | None) -> str | None:
    """The absolute path of the ``--stdin`` file. Raises UsageError when it cannot be read
    (``-`` must have been replaced by the frontend with a file holding what it read)."""
    if stdin is None:
        return None
    if stdin == "-":
        raise UsageError("--stdin - reads this command's own stdin, which this frontend cannot pass on",
                         "give a file: --stdin FILE")
    path = ctx.resolve(stdin)
    if file_kind(path):
        raise UsageError(f"--stdin {stdin} is {file_kind(path)}, not a regular file",
                         "give a file to read (or --stdin - to pass this command's own stdin)")
    if not os.path.isfile(path) or not os.access(path, os.R_OK):
        raise UsageError(f"stdin file not found or unreadable: {stdin} (looked at {path})", "check the path")
    return path


@verb(group="session", needs="none", executes=True)
async def attach(
    ctx: VerbContext,
    connect: Annotated[str | None, Param(help="HOST:PORT (or PORT) of a debug server: debugpy --listen, "
                                              "dlv --headless / dlv dap --listen; or the unix socket PATH "
                                              "of rdbg --open --sock-path", positional=True)] = None,
    process_id: Annotated[int | None, Param(help="attach to this running process id instead")] = None,
    target: Annotated[str | None, Param(help="HOST:PORT of a gdbserver or lldb-server gdbserver "
                                             "(with --adapter gdb or lldb)")] = None,
    program: Annotated[str | None, Param(help="local copy of the remote executable, for its symbols "
                                              "(with --target)", complete="path")] = None,
    adapter: Annotated[str | None, Param(help="debug adapter (default: python)")] = None,
    breakpoints: Annotated[list[str | dict[str, Any]], Param(
        help=BREAK_HELP, complete="location", short="-b", flag="break", check=check_structured)] = [],  # noqa: B006
    settings: Annotated[list[str], Param(help=SET_HELP, flag="set")] = [],  # noqa: B006
    adapter_config: Annotated[JsonObject | None, Param(help="adapter attach options as a JSON object")] = None,
    just_my_code: Annotated[bool | None, Param(help="debugpy justMyCode")] = None,
    path_mappings: Annotated[list[str], Param(help=MAP_HELP, complete="path", flag="map")] = [],  # noqa: B006
    config: Annotated[str | None, Param(help=".vscode/launch.json attach configuration")] = None,
    timeout: Annotated[float, Param(help="seconds to wait for the adapter")] = 30.0,
) -> StopState:
    """Attach to a running program (DAP ``attach``).

    debugpy: ``connect`` to HOST:PORT of ``debugpy --listen``, or ``processId``. Delve:
    ``connect`` to ``dlv --headless`` (``mode: remote``), with ``processId`` to a process that
    ``dlv dap --listen`` attaches to. gdb/lldb: ``target`` HOST:PORT of a gdbserver-protocol stub.
    ``stop`` detaches (the program keeps running); ``stop --terminate`` ends it.
    """
    started = time.perf_counter()
    await _check_free(ctx)
    chosen = attach_config(config, ctx.cwd) if config is not None else None
    if chosen is not None:
        adapter = adapter or chosen.adapter
        if connect is None and process_id is None and target is None:
            connect, process_id = chosen.connect, chosen.process_id
    options = attach_options(ctx, connect, process_id, target, program)
    options.settings = adapter_settings(settings, adapter_config, just_my_code)
    options.path_mappings = [(m.remote, m.local) for m in parse_mappings(path_mappings, ctx.cwd)]
    if chosen is not None:
        options.extra, options.path_mappings = chosen.extra, [*options.path_mappings, *chosen.mappings]
    if options.process_id is not None and options.port is None:
        check_process(options.process_id)
    if adapter is None and options.socket is not None:  # a program's own socket: the family that serves one
        spec = next((s for s in all_adapters(ctx.cwd) if s.attach_socket), None) or adapter_for(None, None, ctx.cwd)
    elif adapter is None and options.process_id is not None and options.port is None:
        spec = adapter_for_process(options.process_id, ctx.cwd)  # what runs there (not always Python)
    else:
        spec = adapter_for(None, adapter, ctx.cwd)
    session = Session(ctx.session_name, spec, watchdog=ctx.manager.watchdog)
    check_attach_kind(session.adapter, options)
    if options.port is not None:
        session.handshake_timeout = min(timeout, HANDSHAKE_TIMEOUT)
    add_breakpoints(ctx, session, breakpoints)
    try:
        await session.attach(options, timeout=max(timeout, STARTUP_TIMEOUT))
    except DapcliError as exc:
        if options.process_id is None or options.port is not None:
            raise attach_failure(exc, options, handshaken=session.capabilities != Capabilities()) from None
        if not isinstance(exc, AdapterError):
            raise
        # e.g. ptrace refused: the native families say what to do
        raise session.adapter.explain_attach_failure(exc, options.process_id) from None
    ctx.manager.add(session)
    await session.wait(0.3)
    state = await stop_state(session, output_seq=None, started=started)
    state.warnings = [*launch_warnings(session), *(state.warnings or []), *unverified_warnings(session)] or None
    return state


def successor(ctx: VerbContext, old: Session) -> Session:
    """A new session (not started) that runs ``old``'s program again (``restart``, each run of
    ``test --until-fail``): the same adapter family (not a process started early for the first
    launch), a test run reviewed afresh (its catchers, filters), the user's exception filters, path
    mappings, watches and breakpoints (unverified until the adapter answers); its handles are
    numbered on from the old run's, which are refused as an earlier stop's."""
    session = Session(old.name, old.adapter.relaunch(), watchdog=ctx.manager.watchdog)
    if old.test_run is not None:
        session.test_run = type(old.test_run)(old.test_run.runner)
        old.test_run.runner.configure(session)
    session.exception_filters = old.exception_filters  # what the user chose survives a restart
    session.handles = old.handles.sharing(old.name)  # the old run's numbers are refused, never reused
    session.path_mapper = PathMapper(old.path_mapper.mappings)
    session.watches = old.watches
    session.output.start_after(old.output.last_seq)  # a reader's mark in the old output still holds
    for entry in old.book.entries.values():
        kept = BreakpointEntry(**{**entry.__dict__, "verified": False, "adapter_id": None, "actual_line": None})
        session.book.entries[entry.id] = kept
    session.book._next_id = old.book._next_id
    return session


@verb(group="session", needs="session", executes=True)
async def restart(
    ctx: VerbContext,
    args: Annotated[list[str], Param(help="new arguments for the program (after --; default: the same)",
                                     positional=True)] = [],  # noqa: B006
    stop_on_entry: Annotated[bool, Param(help="stop at the program's first line")] = False,
    timeout: Annotated[float, Param(help=TIMEOUT_HELP)] = 30.0,
) -> StopState:
    """Run the program again, maybe with new arguments; breakpoints are kept.

    Watches and exception filters are kept too; watchpoints are set again at the first stop
    (their storage asked for anew there) and those that cannot be are named as dropped.
    Ends the session (``disconnect``) and launches again: ``restart`` requests are not safe on
    every adapter (debugpy 1.8.22 never answers them, Delve has none). Runs to the first
    breakpoint, not to an entry stop (unless ``stopOnEntry``). A breakpoint whose file was
    edited follows its statement (``breakpoint 1 moved 17 → 19 (file changed)``), or keeps its
    line marked stale; the result says so.
    """
    started = time.perf_counter()
    old = ctx.session()
    if old.launch_options is None:
        raise UsageError("only a launched session can be restarted", "attach again instead")
    options = dataclasses.replace(old.launch_options, stop_on_entry=stop_on_entry,
                                  args=list(args) if args else list(old.launch_options.args))
    check_rerun(options.program, options.module, options.cwd, options.stdin, old.adapter.name)
    old.ended_by_shutdown, old.restarted = not old.ended, True
    await old.shutdown(terminate_debuggee=True)
    session = successor(ctx, old)
    await session.launch(options, timeout=max(timeout, STARTUP_TIMEOUT))
    if old.test_run is not None:
        session.program = old.program  # `pytest tests/…`, not dapcli's bootstrap
    ctx.manager.add(session)
    followed = anchor_warnings(session)  # before the run: what is said is what was sent
    if followed:
        persist.save(session)
    state = await _start_and_wait(ctx, session, started, timeout)
    watched = await rewatch(session, list(data_book(old).values()), anchors(old), state)
    state.warnings = [*followed, *pending_warnings(session), *refused_conditions(session),
                      *(state.warnings or []), *watched] or None
    return state


@verb(group="session", needs="session", destructive=True, cli=("stop",), aliases=("quit", "q", "kill"))
async def stop(
    ctx: VerbContext,
    detach: Annotated[bool, Param(help="leave the program running (default when attached)")] = False,
    terminate: Annotated[bool, Param(help="end an attached program too")] = False,
) -> EndResult:
    """End the session and its adapter; an attached program is detached from.

    Sends ``disconnect`` with ``terminateDebuggee``: true for a launched program, false for an
    attached one unless ``terminate``. Says so when the program outlived a terminate.
    """
    session = ctx.session()
    if detach and terminate:
        raise UsageError("--detach and --terminate contradict each other", "choose one")
    attached = session.request_kind == "attach"
    ending = terminate or not (detach or attached)
    pid = session.debuggee_pid or (session.attach_options.process_id if session.attach_options else None)
    exited_before = session.ended
    # the adapter said the attached program ended (not: the adapter was lost): nothing is left to detach from
    ended_by_itself = exited_before and session.lost is None
    target = process_of(pid) if ending and attached and pid else None  # who it is, before the adapter lets go
    session.ended_by_shutdown = not session.ended  # a call blocked in continue says the session was stopped
    await session.shutdown(terminate_debuggee=ending)
    ctx.manager.remove(session.name)
    note = None
    if not ending and attached and ended_by_itself:
        ending = True
    elif not ending and attached:
        note = (session.adapter.detach_note(session.attach_options)
                or "The program keeps running" + (f" (pid {pid})." if pid else "."))
    elif ending and attached and pid and still_alive(pid):
        how = end_process(target) if target is not None else None
        note = (f"The adapter left process {pid} running; dapcli ended it ({how})." if how else
                f"The adapter said it ended the program, but process {pid} is still alive; "
                f"end it with `kill {pid}` (or `kill -9 {pid}`).")
    elif ending and attached and not session.kill_sent and session.adapter.terminate_command(session.attach_options):
        target = session.attach_options.target if session.attach_options else None
        note = (f"The program under {target} may still run (it was not stopped, so gdb could not kill it); "
                "end it there, e.g. `kill` the debug server's program or re-attach, `dapcli pause` and "
                "`dapcli stop --terminate`.")
    return EndResult(session=session.name, status="terminated" if ending else "detached",
                     exit_code=session.exit_code if exited_before else None, note=note)


@verb(group="session", needs="session", read_only=True, concurrent=True)
async def status(ctx: VerbContext) -> StatusResult:
    """Show the session's state, last stop or exit code, and what runs it."""
    session = ctx.session()
    session.notice_dead_debuggee()
    stop = None
    if session.state in (SessionState.STOPPED, SessionState.EXITED, SessionState.TERMINATED):
        stop = await stop_state(session, output_seq=session.output.last_seq, locals_count=0)
    if stop is not None and (busy := session.abandoned.busy_note()):  # stopped, yet running that code
        stop.warnings = [*(stop.warnings or []), busy]
    return StatusResult(
        session=session.name, state=session.state.value, adapter=session.adapter.name, program=session.program,
        test_id=stop.test.id if stop is not None and stop.status == "stopped" and stop.test else None,
        runtime=session.adapter.runtime, request=session.request_kind, debuggee_pid=session.debuggee_pid,
        adapter_pid=session.adapter_pid, host_pid=ctx.manager.host_pid, exit_code=session.exit_code,
        breakpoints=len(session.book.entries), output_chunks=session.output.last_seq,
        output_dropped=session.output.dropped, output_dropped_bytes=session.output.dropped_bytes, stop=stop,
        uptime_ms=round((time.time() - session.started_at) * 1000),
        pause_pending_s=round(time.time() - session.pause_requested, 1)
        if session.pause_requested and session.state is SessionState.RUNNING else None,
    )


@verb(group="session", needs="session", read_only=True, executes=True)
async def wait(
    ctx: VerbContext, timeout: Annotated[float, Param(help=TIMEOUT_HELP)] = 30.0
) -> StopState:
    """Wait until the running program stops or exits; report the stop."""
    started = time.perf_counter()
    session = ctx.session()
    await session.wait(timeout)
    return await later_runs(session, await stop_state(session, output_seq=None, started=started), timeout)


@verb(group="session", needs="none", read_only=True, concurrent=True)
async def sessions(ctx: VerbContext) -> SessionsResult:
    """List the debug sessions: name, state, adapter, program."""
    found = {
        s.name: SessionInfo(
            name=s.name, state=s.state.value, adapter=s.adapter.name, program=s.program,
            host_pid=ctx.manager.host_pid, hosted=ctx.manager.host_pid is not None,
        )
        for s in ctx.manager.sessions.values()
    }
    for info in ctx.list_hosted() if ctx.list_hosted else []:
        found.setdefault(info.name, info)
    return SessionsResult(sessions=sorted(found.values(), key=lambda s: s.name))


def _session_option(name: str) -> str:
    """`` --session NAME`` as a command names a session that is not the default one."""
    return "" if name == "default" else " --session " + shlex.quote(name)
