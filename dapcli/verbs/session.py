"""Session verbs: launch, attach, restart, stop, status, wait, sessions."""

from __future__ import annotations

import os
import time
from typing import Annotated

from dapcli.adapters.base import AttachOptions, LaunchOptions
from dapcli.adapters.registry import adapter_for
from dapcli.engine import persist
from dapcli.engine.breakpoints import BreakpointEntry
from dapcli.engine.session import Session, SessionState
from dapcli.errors import AdapterError, DapcliError, UntrustedProjectError, UsageError
from dapcli.verbs.bpmatch import pending_warnings, resolve_function
from dapcli.verbs.breakpoints import parse_location
from dapcli.verbs.context import VerbContext
from dapcli.verbs.models import EndResult, SessionInfo, SessionsResult, StatusResult, StopState
from dapcli.verbs.registry import Param, verb
from dapcli.verbs.views import stop_state

TIMEOUT_HELP = "seconds to wait for a stop; on timeout the result says running (not an error)"
#: Bound on starting the adapter (s), whatever the stop timeout: adapters take up to ~1 s to start.
STARTUP_TIMEOUT = 30.0


def _env_pairs(pairs: list[str]) -> dict[str, str]:
    env = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise UsageError(f"bad --env value {pair!r}", "write it as NAME=VALUE")
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
        "stop it with `dapcli stop`, or start another with --session NAME",
    )


async def _start_and_wait(ctx: VerbContext, session: Session, started: float, timeout: float) -> StopState:
    if not session.ended:
        await session.wait(timeout)
    return await stop_state(session, output_seq=None, started=started)


@verb(group="session", needs="none", executes=True)
async def launch(
    ctx: VerbContext,
    program: Annotated[str | None, Param(help="program to debug (path relative to your directory)",
                                         complete="path", positional=True)] = None,
    args: Annotated[list[str], Param(help="arguments for the program (after --)", positional=True)] = [],  # noqa: B006
    breakpoints: Annotated[list[str], Param(help="FILE:LINE (or function) to stop at; repeatable",
                                            complete="location", short="-b", flag="break")] = [],  # noqa: B006
    cwd: Annotated[str | None, Param(help="working directory of the program", complete="path")] = None,
    env: Annotated[list[str], Param(help="NAME=VALUE added to the program's environment; repeatable")] = [],  # noqa: B006
    python: Annotated[str | None, Param(help="interpreter for a Python program (default: venv, then python3)",
                                        complete="path")] = None,
    adapter: Annotated[str | None, Param(help="debug adapter (default: from the program's kind)")] = None,
    stop_on_entry: Annotated[bool, Param(help="stop at the program's first line")] = False,
    nodelay: Annotated[bool, Param(help="apply the debugpy TCP_NODELAY latency fix")] = True,
    stop_on_exception: Annotated[bool, Param(help="stop on uncaught exceptions (the adapter's default "
                                                  "exception filters)")] = True,
    config: Annotated[str | None, Param(help="use this configuration of .vscode/launch.json "
                                            "(see `dapcli configs`)")] = None,
    restore: Annotated[bool, Param(help="restore the breakpoints, watches and exception filters saved for "
                                        "this program (re-anchored if the file changed)")] = False,
    core: Annotated[str | None, Param(help="post-mortem: open this core file of PROGRAM instead of running it "
                                           "(lldb, codelldb)", complete="path")] = None,
    timeout: Annotated[float, Param(help=TIMEOUT_HELP)] = 30.0,
) -> StopState:
    """Start a program under the debugger and run to the first stop.

    Sends ``initialize``, ``launch``, waits for ``initialized``, sends every breakpoint and
    ``configurationDone``, then waits up to ``timeout`` s for a stop or the program's exit.
    With ``core``, opens that core file instead: the crash is the stop.
    """
    started = time.perf_counter()
    await _check_free(ctx)
    extra: dict[str, object] = {}
    env_map = _env_pairs(env)
    if config is not None:
        from dapcli.adapters.launchjson import resolve_config

        chosen = resolve_config(config, ctx.cwd, program=program)
        if chosen.request != "launch":
            raise UsageError(f"configuration {config!r} is an {chosen.request!r} configuration",
                             "use a launch configuration (see `dapcli configs`), or `dapcli attach`")
        program = program or chosen.program
        args = args or chosen.args
        cwd = cwd or chosen.cwd
        adapter = adapter or chosen.adapter
        stop_on_entry = stop_on_entry or chosen.stop_on_entry
        env_map = {**chosen.env, **env_map}
        extra = chosen.extra
    if program is None or not program.strip():
        raise UsageError("launch needs a PROGRAM (or --config NAME)", "e.g. `dapcli launch app.py -b app.py:10`")
    path = ctx.resolve(program)
    if not os.path.exists(path):
        raise UsageError(f"program not found: {program} (looked at {path})", "check the path")
    spec = adapter_for(path, adapter, ctx.cwd)
    work_dir = ctx.resolve(cwd) if cwd else ctx.cwd
    if not os.path.isdir(work_dir):
        raise UsageError(f"working directory not found: {cwd}")
    options = LaunchOptions(
        program=path, args=list(args), cwd=work_dir, env=env_map, stop_on_entry=stop_on_entry,
        python=ctx.resolve(python) if python and os.sep in python else python, nodelay=nodelay, extra=extra,
    )
    core_path = ctx.resolve(core) if core else None
    if core_path is not None and not os.path.isfile(core_path):
        raise UsageError(f"core file not found: {core} (looked at {core_path})", "check the path")
    warnings = spec.prepare(options, ctx.cwd)
    session = Session(ctx.session_name, spec, watchdog=ctx.manager.watchdog)
    if restore:
        warnings = [*warnings, *persist.restore(session, path)]
    if not stop_on_exception:
        session.exception_filters = []
    session.launch_options = options  # the program's folders, for resolving function breakpoints
    for location in breakpoints:
        fields = resolve_function(session, parse_location(ctx, location, None, pending_ok=True))
        if not persist.has_breakpoint(session, fields):
            session.book.new_entry(**fields)
    if core_path is not None:
        await session.open_core(options, core_path, timeout=max(timeout, STARTUP_TIMEOUT))
    else:
        try:
            await session.launch(options, timeout=max(timeout, STARTUP_TIMEOUT))
        except DapcliError as exc:
            # a project file replaced the adapter's command: say so, even now
            if spec.warning and not isinstance(exc, UntrustedProjectError):
                exc.hint = f"{spec.warning}; {exc.hint}" if exc.hint else spec.warning
            raise
    ctx.manager.add(session)
    if restore:
        problem = persist.save(session)  # the re-anchored lines
        warnings = [*warnings, problem] if problem else warnings
    state = await _start_and_wait(ctx, session, started, timeout)
    state.warnings = [*warnings, *pending_warnings(session)] or None
    return state


@verb(group="session", needs="none", executes=True)
async def attach(
    ctx: VerbContext,
    connect: Annotated[str | None, Param(help="HOST:PORT (or PORT) of a debug server, e.g. debugpy --listen",
                                         positional=True)] = None,
    process_id: Annotated[int | None, Param(help="attach to this running process id instead")] = None,
    adapter: Annotated[str | None, Param(help="debug adapter (default: python)")] = None,
    breakpoints: Annotated[list[str], Param(help="FILE:LINE to stop at; repeatable", complete="location",
                                            short="-b", flag="break")] = [],  # noqa: B006
    timeout: Annotated[float, Param(help="seconds to wait for the adapter")] = 30.0,
) -> StopState:
    """Attach to a running program (DAP ``attach``).

    debugpy: ``connect`` to HOST:PORT of ``debugpy --listen``, or ``processId``.
    """
    started = time.perf_counter()
    await _check_free(ctx)
    if (connect is None) == (process_id is None):
        raise UsageError("attach needs HOST:PORT or --process-id", "e.g. `dapcli attach 127.0.0.1:5678`")
    options = AttachOptions(process_id=process_id)
    if connect is not None:
        host, _, port = connect.rpartition(":")
        if not (port.isascii() and port.isdigit()) or not 0 < int(port[:6]) < 65536:
            raise UsageError(f"bad address {connect!r}", "write it as HOST:PORT or PORT (port 1-65535)")
        options.host, options.port = host or "127.0.0.1", int(port)
    session = Session(ctx.session_name, adapter_for(None, adapter, ctx.cwd), watchdog=ctx.manager.watchdog)
    for location in breakpoints:
        session.book.new_entry(**parse_location(ctx, location, None, pending_ok=True))
    try:
        await session.attach(options, timeout=max(timeout, STARTUP_TIMEOUT))
    except AdapterError as exc:  # e.g. ptrace refused: the native families say what to do
        if options.process_id is None:
            raise
        raise session.adapter.explain_attach_failure(exc, options.process_id) from None
    ctx.manager.add(session)
    await session.wait(0.3)
    return await stop_state(session, output_seq=None, started=started)


@verb(group="session", needs="session", executes=True)
async def restart(
    ctx: VerbContext, timeout: Annotated[float, Param(help=TIMEOUT_HELP)] = 30.0
) -> StopState:
    """Start the program again with the same arguments; breakpoints are kept.

    Ends the session (``disconnect``) and launches again: ``restart`` requests are not safe
    on every adapter (debugpy 1.8.22 never answers them).
    """
    started = time.perf_counter()
    old = ctx.session()
    if old.launch_options is None:
        raise UsageError("only a launched session can be restarted", "attach again instead")
    await old.shutdown(terminate_debuggee=True)
    session = Session(old.name, old.adapter, watchdog=ctx.manager.watchdog)
    session.exception_filters = old.exception_filters  # what the user chose survives a restart
    session.watches = old.watches
    for entry in old.book.entries.values():
        kept = BreakpointEntry(**{**entry.__dict__, "verified": False, "adapter_id": None, "actual_line": None})
        session.book.entries[entry.id] = kept
    session.book._next_id = old.book._next_id
    await session.launch(old.launch_options, timeout=timeout)
    ctx.manager.add(session)
    return await _start_and_wait(ctx, session, started, timeout)


@verb(group="session", needs="session", destructive=True, cli=("stop",), aliases=("quit", "kill"))
async def stop(
    ctx: VerbContext,
    detach: Annotated[bool, Param(help="leave the program running (for attached sessions)")] = False,
) -> EndResult:
    """End the session: disconnect, end the program and the adapter.

    With ``--detach`` the program keeps running (for attached sessions).
    """
    session = ctx.session()
    exited_before = session.ended
    await session.shutdown(terminate_debuggee=not detach)
    ctx.manager.remove(session.name)
    return EndResult(session=session.name, status="detached" if detach else "terminated",
                     exit_code=session.exit_code if exited_before else None)


@verb(group="session", needs="session", read_only=True, concurrent=True)
async def status(ctx: VerbContext) -> StatusResult:
    """Show the session's state, last stop or exit code, and what runs it."""
    session = ctx.session()
    stop = None
    if session.state in (SessionState.STOPPED, SessionState.EXITED, SessionState.TERMINATED):
        stop = await stop_state(session, output_seq=session.output.last_seq, locals_count=0)
    return StatusResult(
        session=session.name, state=session.state.value, adapter=session.adapter.name, program=session.program,
        runtime=session.adapter.runtime, request=session.request_kind, debuggee_pid=session.debuggee_pid,
        adapter_pid=session.adapter_pid, host_pid=ctx.manager.host_pid, exit_code=session.exit_code,
        breakpoints=len(session.book.entries), output_chunks=session.output.last_seq, stop=stop,
        uptime_ms=round((time.time() - session.started_at) * 1000),
    )


@verb(group="session", needs="session", read_only=True, executes=True)
async def wait(
    ctx: VerbContext, timeout: Annotated[float, Param(help=TIMEOUT_HELP)] = 30.0
) -> StopState:
    """Wait until the running program stops or exits; report the stop."""
    started = time.perf_counter()
    session = ctx.session()
    await session.wait(timeout)
    return await stop_state(session, output_seq=None, started=started)


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
