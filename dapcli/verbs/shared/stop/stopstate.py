"""The stop state that every execution verb returns: status, reason, location, source lines,
top frames, top-frame locals, new output, exit code or exception, watches and warnings."""

from __future__ import annotations

import os
import signal as signal_module
import time
from collections.abc import Awaitable, Callable

from dapcli.calls import call
from dapcli.engine.chatter import DEBUGGER_CATEGORIES
from dapcli.engine.diagnosis import diagnosis
from dapcli.engine.lost import signal_name
from dapcli.engine.prefetch import STACK_PAGE, STOP_FRAMES
from dapcli.engine.reach import absent_file_warnings, never_hit_warnings
from dapcli.engine.scopes import locals_scope
from dapcli.engine.session import Session, SessionState
from dapcli.engine.sources import frame_source_lines
from dapcli.engine.userframes import is_user_frame, user_frame_index
from dapcli.errors import (
    ConnectionLostError,
    DapcliError,
    DapTimeoutError,
    PreconditionError,
    RequestError,
    UsageError,
)
from dapcli.protocol import types as t
from dapcli.protocol.redact import cut_text
from dapcli.verbs.models import (
    ExceptionView,
    Frame,
    Location,
    OutputChunkView,
    SessionInfo,
    StopState,
    VariableView,
    WatchView,
)
from dapcli.verbs.shared.frames import breakpoint_lines, current_thread_id, frames, read_source, scopes
from dapcli.verbs.shared.stop.conditions import failed_conditions
from dapcli.verbs.shared.stop.deciding import add_deciding
from dapcli.verbs.shared.stop.filterstop import filter_stop
from dapcli.verbs.shared.stop.panic import is_panic_stop, panic_message
from dapcli.verbs.shared.stop.raised import exception_from_locals
from dapcli.verbs.shared.stop.reasons import PAUSE_SIGNALS, normalize_reason, stop_signal
from dapcli.verbs.shared.stop.refusedstep import REFUSED
from dapcli.verbs.shared.stop.stdinhint import stdin_hint
from dapcli.verbs.shared.stop.stoplabel import hits_here
from dapcli.verbs.shared.stop.testviews import run_view
from dapcli.verbs.shared.values.evalerrors import check_evaluated
from dapcli.verbs.shared.values.preview import add_previews, preview_value
from dapcli.verbs.shared.values.variables import (
    MAX_VALUE,
    NOISE,
    NOT_AVAILABLE,
    cut_value,
    fetch_variables,
    variable_view,
)

__all__ = ["REWATCH_KEY", "evaluate_watches", "on_watched_frames", "output_since", "stop_state"]

#: A check of a stop while watchpoints on locals are anchored to their frames (the session's
#: ``data_breakpoint_frames``) or wait to be set again after a restart (its :data:`REWATCH_KEY`):
#: it may delete or set a watchpoint and say so in the stop state.
WatchedFramesCheck = Callable[[Session, StopState], Awaitable[None]]
_watched_frames_checks: list[WatchedFramesCheck] = []
#: The session's watchpoints waiting for its first stop to be set again (``breakpoints/rewatch.py``).
REWATCH_KEY = "data_breakpoints_to_rewatch"


def on_watched_frames(check: WatchedFramesCheck) -> None:
    """Run ``check`` at every stop while watched locals are anchored to frames or watchpoints wait
    to be set again: the data breakpoint verbs delete a watchpoint whose frame is gone
    (``breakpoints/watchscope.py``) and set those a restart kept (``breakpoints/rewatch.py``); the
    stop state knows no breakpoint verb."""
    _watched_frames_checks.append(check)

#: Output kept in a stop state (characters; the ``output`` verb reads everything).
MAX_STOP_OUTPUT = 2000
#: Longest wait for values while rendering a stop (s); then "<not available: timed out>".
STOP_VALUE_TIMEOUT = 5.0
#: Longest exception description or message in a stop state (characters).
MAX_EXCEPTION_TEXT = 4000


def _thrown(text: str | None, limit: int = MAX_EXCEPTION_TEXT) -> str | None:
    """An adapter's exception or stop text, cut with a marker saying how to read it whole."""
    return None if text is None else cut_text(text, limit)


def output_since(session: Session, seq: int, *, console: bool = False) -> tuple[list[OutputChunkView], int]:
    """The program's output newer than ``seq`` (the debugger's own text too when ``console``),
    cut to :data:`MAX_STOP_OUTPUT` characters (newest kept)."""
    chunks = [c for c in session.output.since(seq) if console or c.category not in DEBUGGER_CATEGORIES]
    kept: list[OutputChunkView] = []
    size = 0
    for chunk in reversed(chunks):
        if size + len(chunk.output) > MAX_STOP_OUTPUT and kept:
            break
        text = chunk.output
        if len(text) > MAX_STOP_OUTPUT:  # its start is cut: say so (`output` has it whole)
            text = f"[… {len(text) - MAX_STOP_OUTPUT} characters before; {call('output')} has them] " + \
                text[-MAX_STOP_OUTPUT:]
        kept.append(OutputChunkView(seq=chunk.seq, category=chunk.category, output=text))
        size += len(chunk.output)
    kept.reverse()
    return kept, len(chunks) - len(kept)


#: How a program ended by dapcli (``stop``, ``restart``) is described, whatever signal ended it;
#: also what a call blocked in ``continue`` meanwhile is told (one wording for the session's end).
STOPPED_ON_REQUEST = "ended by dapcli (`stop` or `restart` of the session)"
#: What a call blocked in ``continue`` is told when ``restart`` ended the run it waited on.
RESTARTED = f"ended by `restart`: the session runs the program again ({call('status')} shows the new run)"


def killed_by(session: Session) -> str | None:
    """``killed by SIGKILL`` when the debuggee's exit code says a signal ended it."""
    number = exit_signal(session)
    if number is None and session.exit_code is not None:
        console = "".join(c.output for c in session.output.since(0, set(DEBUGGER_CATEGORIES)))
        return session.adapter.exit_reason(session.exit_code, console)
    return f"killed by {signal_name(number)}" if number else None


def exit_signal(session: Session) -> int | None:
    """The number of the signal that ended the debuggee, read from the adapter's exit code
    (and, for lldb-dap and CodeLLDB, the crash it last stopped at), or None."""
    code = session.exit_code
    number = session.adapter.exit_signal(code) if code is not None else None
    if number is None and code and session.last_stop is not None:
        # lldb-dap and CodeLLDB report a program killed by signal N as exit code N: when the
        # last stop was that very signal (a crash the user continued), that is what ended it
        stop = session.last_stop
        crash = stop_signal(stop.reason, stop.description)
        if crash and crash not in PAUSE_SIGNALS and getattr(signal_module, crash, None) == code:
            number = code
    return number or None


async def stop_state(
    session: Session, *, output_seq: int | None, started: float | None = None, frame_count: int = STOP_FRAMES,
    locals_count: int = 20, context: int = 2,
) -> StopState:
    """The stop state after an execution verb: status, reason, location, source lines, top
    frames, top-frame locals, new output, exit code or exception (DAP ``stackTrace``,
    ``scopes``, ``variables``, ``exceptionInfo``)."""
    if output_seq is None:  # an execution verb: the output since the last stop state anyone got
        output_seq = session.output_reported
        await _data_stop_report(session, output_seq)
        session.output_reported = session.output.last_seq
    output, cut = output_since(session, output_seq, console=_reports_in_console(session))
    lost = session.output.dropped_after(output_seq)
    failed: list[str] = []
    if session.state is SessionState.STOPPED and session.last_stop is not None:
        failed += [f"thread {thread_id} also stopped here ({description or reason})"
                   for thread_id, reason, description in session.last_stop.also]
    state = StopState(
        session=session.name, status=session.state.value, output=output or None, output_truncated=cut or None,
        output_dropped=session.output.dropped if lost else None,
        output_dropped_bytes=session.output.dropped_bytes if lost else None,
        elapsed_ms=round((time.perf_counter() - started) * 1000, 1) if started else None,
        generation=session.generation,
        subprocesses=[
            SessionInfo(name=c.name, state=c.state.value, adapter=c.adapter.name, program=c.program)
            for c in session.subprocesses.children if not c.ended
        ] or None,
    )
    if session.state in (SessionState.EXITED, SessionState.TERMINATED):
        state.exit_code = session.exit_code
        state.warnings = [*(state.warnings or []), *await never_hit_warnings(session),
                          *absent_file_warnings(session)] or None
        if session.ending_on_request and not session.lost:  # a blocked `continue` sees the `stop`, not SIGKILL
            state.description, number = STOPPED_ON_REQUEST, None
        else:
            state.description = session.lost or killed_by(session)
            number = None if session.lost else exit_signal(session)
        state.signal = signal_name(number) if number else None
        if session.ended_by_shutdown and not session.lost:  # `stop` ended it while this call waited
            state.status, state.exit_code, state.signal = "terminated", None, None
            state.description = RESTARTED if session.restarted else STOPPED_ON_REQUEST
        state.test = run_view(session, state)
        return _with_stdin_hint(session, state)
    stop = session.last_stop
    if session.state is not SessionState.STOPPED or stop is None:
        state.pause_pending = _pause_pending(session)
        return _with_stdin_hint(session, state)  # still running: maybe waiting for terminal input
    state.reason, state.raw_reason = normalize_reason(stop.reason, stop.description), stop.reason
    if stop.entry:
        state.reason = "entry"  # lldb-dap, CodeLLDB, gdb: dapcli's one-shot breakpoint on main
    elif stop.paused:
        state.reason = "pause"  # js-debug says `step` for a pause of an idle program
    signal = stop_signal(stop.reason, stop.description)
    state.description = _thrown(stop.description) or (f"signal {signal}" if signal else None)
    state.thread_id = stop.thread_id
    state.all_threads_stopped = stop.all_threads_stopped
    state.hit_breakpoint_ids = _our_ids(session, stop.hit_breakpoint_ids) or None
    thrown = None if stop.entry else await filter_stop(
        session, stop.reason, stop.hit_breakpoint_ids, stop.thread_id, state.hit_breakpoint_ids or [])
    if thrown is not None:  # CodeLLDB: a C++ throw reported as a breakpoint
        state.reason, state.description = "exception", state.description or thrown.description
        state.exception = thrown
    # a stop without a readable stack (e.g. a thread that just vanished) still reports
    try:
        await _fill_location(session, state, frame_count, locals_count, context)
    except ConnectionLostError:  # the adapter ended between the stop and its stack: say that end
        await session.wait_until(lambda: session.ended, LOST_END_WAIT)
    except DapcliError:
        pass
    if session.state in (SessionState.EXITED, SessionState.TERMINATED):
        return await stop_state(session, output_seq=output_seq, started=started, frame_count=frame_count,
                                locals_count=locals_count, context=context)
    if session.__dict__.get("data_breakpoint_frames") or session.__dict__.get(REWATCH_KEY):
        for check in _watched_frames_checks:
            await check(session, state)
    # after the stack is read: the debugger's text has had time to come, and the top frame is known
    top = state.frames[0].id if state.frames else None
    failed = [*await failed_conditions(session, output_seq, top), *failed]
    state.text = stop.text or None
    state.hit_breakpoint_ids = hits_here(session, state.hit_breakpoint_ids, state.location)
    if session.watches.items:
        state.watches = await evaluate_watches(session)
    running = await session.test_run.test_at(session, state.thread_id) \
        if session.test_run is not None and state.thread_id is not None else None
    state.test = run_view(session, state, running)
    await add_deciding(session, state)
    state.warnings = [*(state.warnings or []), *failed, *await never_hit_warnings(session)] or None
    return _with_stdin_hint(session, state)


def _with_stdin_hint(session: Session, state: StopState) -> StopState:
    hint = stdin_hint(session, state)
    if hint:
        state.warnings = [*(state.warnings or []), hint]
    return state


#: Seconds a stop whose stack was lost waits for the session to record the adapter's end.
LOST_END_WAIT = 2.0

#: Seconds a data breakpoint's stop waits for the debugger's console report of it.
DATA_REPORT_WAIT = 5.0


async def _data_stop_report(session: Session, seq: int) -> None:
    """At a data breakpoint's stop, wait (at most :data:`DATA_REPORT_WAIT` seconds) for the
    debugger's console report of it (``data_stop_report``) when it is not there yet: CodeLLDB may
    send it after the ``stopped`` event."""
    marker = session.adapter.data_stop_report
    if not marker or not _reports_in_console(session):
        return
    await session.wait_until(lambda: any(marker in c.output for c in session.output.since(seq)), DATA_REPORT_WAIT)


def _reports_in_console(session: Session) -> bool:
    """A data breakpoint's stop: the debugger's console text that came with it is its report
    (CodeLLDB: ``Watchpoint 1 hit: old value: 3, new value: 42``), kept in the stop's output."""
    stop = session.last_stop
    return (session.state is SessionState.STOPPED and stop is not None
            and normalize_reason(stop.reason, stop.description) == "watchpoint")


def _pause_pending(session: Session) -> bool | None:
    """True while a ``pause`` was sent and the program has not stopped yet."""
    return True if session.state is SessionState.RUNNING and session.pause_requested else None


async def evaluate_watches(session: Session) -> list[WatchView]:
    """Evaluate every watch in the selected frame (DAP ``evaluate``, context ``watch``); an
    expression error is shown on the watch, never raised."""
    views = []
    frame_id = session.selected_frame_id
    for watch in session.watches.items.values():
        try:
            body = await session.request(
                "evaluate", t.EvaluateArguments(expression=watch.expression, frameId=frame_id, context="watch"),
                t.EvaluateResponse, timeout=STOP_VALUE_TIMEOUT,
            )
            await check_evaluated(session, watch.expression, frame_id, body.result, body.type)
            shown = await preview_value(session, body.result, body.type, body.variablesReference,  # C: {1, 2}
                                        expression=watch.expression, frame_id=frame_id)
            watch.record(cut_value(shown, MAX_VALUE)[0], None)
        except DapcliError as exc:
            watch.record(None, diagnosis(exc.message))
        views.append(WatchView(id=watch.id, expression=watch.expression, value=watch.value, error=watch.error,
                               changed=watch.changed, previous=watch.previous if watch.changed else None))
    return views


async def select_stopped_thread(session: Session) -> None:
    """Select a thread for a stop that named none (Delve's ``pause``, core files): the one
    Delve marks current (``* [Go 1] …``), else the first."""
    body = await session.request("threads", None, t.ThreadsResponse)
    if body.threads:
        chosen = next((th for th in body.threads if th.name.startswith("*")), body.threads[0])
        session.selected_thread_id = chosen.id


async def _fill_location(session: Session, state: StopState, frame_count: int, locals_count: int, context: int) -> None:
    if state.thread_id is None and session.selected_thread_id is None:
        await select_stopped_thread(session)
    thread_id = current_thread_id(session, state.thread_id)
    state.thread_id = thread_id
    failure = session.test_run.failure_at(session.generation) if session.test_run else None
    focus = failure.frame_index if failure else 0  # a test failure: the user's frame, not the runner's
    stack, _ = await frames(session, thread_id, levels=max(frame_count + focus, STACK_PAGE))
    state.frames = stack[focus:focus + frame_count] if focus < len(stack) else stack[:frame_count]
    if failure is not None:
        state.hit_breakpoint_ids = None  # the runner's own (go test: testing.(*common).Fail)
        if state.reason == "breakpoint":  # dapcli's catcher, not one of the user's: say what it caught
            state.reason = "test failure"
    if not stack:
        return
    top = state.frames[0]
    if failure is None and is_panic_stop(state.reason, top.name, state.hit_breakpoint_ids):
        state.reason, state.hit_breakpoint_ids = "panic", None  # dapcli's breakpoint on rust_panic
        state.description = panic_message(session) or "Rust panic"
    if failure is None and state.reason in LIBRARY_STOP_REASONS and not is_user_frame(top.path, top.line, top.name):
        chosen, skipped = await user_frame(session, thread_id, stack)
        if chosen is not None:
            top, state.skipped_frames = chosen, skipped
            session.user_frame = (session.generation, chosen.id, chosen.name)
        elif state.reason == "pause" and all(f.path for f in stack):  # every frame's source known: an idle
            state.warnings = [*(state.warnings or []), IDLE_PAUSE]   # Node program, only its event loop runs
    if not session.at_stop.frame_chosen:  # a frame the user chose at this stop stays chosen (status, wait)
        session.selected_frame_id = top.id
        session.current_path = top.path
    state.location = Location(path=top.path, name=top.source_name, line=top.line, column=top.column, function=top.name)
    if top.path and os.path.isfile(top.path):
        state.source = read_source(
            top.path, top.line, context, current=top.line, breakpoints=breakpoint_lines(session, top.path)
        )
    elif top.source_reference:  # not a file: the adapter has the text (e.g. exec'd code)
        try:
            text = await frame_source_lines(session, top.path, top.source_reference, top.name, top.line)
            state.source = read_source(top.path or "", top.line, context, current=top.line, lines=text)
        except UsageError as exc:  # the file moved: debugpy's decompiled code is not shown as it
            state.warnings = [*(state.warnings or []), exc.message]
        except DapcliError:
            pass
    if locals_count > 0:
        scope = locals_scope(await scopes(session, top.id))
        try:
            found = await fetch_variables(session, scope.variablesReference, STOP_VALUE_TIMEOUT)
        except (DapTimeoutError, PreconditionError):  # a hanging __repr__ must not wedge the stop
            note = f"locals {NOT_AVAILABLE} (no answer in {STOP_VALUE_TIMEOUT:g} s)"
            state.warnings = [*(state.warnings or []), note]
            found = []
        variables = [variable_view(v, 80, session.adapter.name) for v in found]
        variables = [v for v in variables if not v.name.startswith(("__", "@py_")) and v.name not in NOISE]
        state.locals = variables[:locals_count]
        state.locals_truncated = (len(variables) - locals_count) if len(variables) > locals_count else None
        await add_previews(session, state.locals, 80, frame_id=top.id)  # C structs/arrays: {10, 20, 30, 40, 50}
        exception_from_locals(session.adapter.exception_local, state, variables)  # rdbg's `_raised`
        _mark_changed(session, f"{thread_id}:{top.path}:{top.name}", state.locals)  # per thread
    signal = stop_signal(state.raw_reason, state.description)
    if state.reason == "exception" and signal and not session.supports("supportsExceptionInfoRequest"):
        state.exception = ExceptionView(exception_id="signal", description=state.description)  # cdt: as lldb-dap's
    elif state.reason == "exception" and state.exception is None and session.supports("supportsExceptionInfoRequest"):
        try:
            info = await session.request(
                "exceptionInfo", t.ExceptionInfoArguments(threadId=thread_id), t.ExceptionInfoResponse
            )
        except RequestError:  # Delve has none for a fatal error ("all goroutines are asleep"): the stop says it
            if state.description == REFUSED:
                return  # Delve's refusal of a step, not an exception (verbs/shared/stop/refusedstep.py)
            text = session.last_stop.text if session.last_stop else None
            state.exception = ExceptionView(exception_id=state.description or "exception",
                                            description=_thrown(text))
            return
        details = info.details
        state.exception = ExceptionView(
            exception_id=info.exceptionId, description=_thrown(info.description),
            break_mode=getattr(info.breakMode, "root", info.breakMode),
            type_name=details.typeName if details else None,
            message=_thrown(details.message) if details else None,
            stack_trace=_thrown(details.stackTrace, 2000) if details and details.stackTrace else None,
        )


#: Stops that may land inside a library or runtime (a pause, a crash, a signal): shown at the
#: user's innermost frame. A breakpoint or a step stops where the user asked to.
LIBRARY_STOP_REASONS = {"pause", "exception", "panic"}
IDLE_PAUSE = ("paused outside your code: no frame of the program's own source is on this thread's stack "
              "(it was waiting, e.g. in an event loop); continue, or set a breakpoint where it should stop")
#: How deep to look for the user's frame below a library one.
USER_FRAME_DEPTH = 64


async def user_frame(session: Session, thread_id: int, stack: list[Frame]) -> tuple[Frame | None, int]:
    """The innermost frame with the user's own source, and how many library frames are above
    it; (None, 0) when no frame within :data:`USER_FRAME_DEPTH` has the user's source."""
    index = user_frame_index([(f.path, f.line, f.name) for f in stack])
    if index is None and len(stack) >= STOP_FRAMES:
        stack, _ = await frames(session, thread_id, levels=USER_FRAME_DEPTH)
        index = user_frame_index([(f.path, f.line, f.name) for f in stack])
    return (stack[index], index) if index is not None else (None, 0)


def _mark_changed(session: Session, frame_key: str, variables: list[VariableView]) -> None:
    """Mark locals whose value differs from the last stop in the same function."""
    key, previous = session.previous_locals
    if key == frame_key:
        for var in variables:
            if var.name in previous and previous[var.name] != var.value:
                var.changed = True
    session.previous_locals = (frame_key, {v.name: v.value for v in variables})


def _our_ids(session: Session, adapter_ids: list[int]) -> list[int]:
    retired = [n for n, (generation, adapter_id) in session.book.retired.items()
               if generation == session.generation and adapter_id in adapter_ids]  # until's, removed
    return sorted({e.id for e in session.book.entries.values() if e.adapter_id in adapter_ids} | set(retired))
