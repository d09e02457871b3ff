"""Run-control extras: until (run to a line), goto, stepBack, reverseContinue, restartFrame,
and frame/thread selection that evaluate, variables and list follow."""

from __future__ import annotations

import os
import time
from typing import Annotated

from dapcli.engine.breakpoints import BreakpointEntry
from dapcli.engine.session import Session, SessionState
from dapcli.engine.standin import StandIn, at_temporary, hold, name_stop, release
from dapcli.engine.userframes import user_frame_index
from dapcli.errors import UsageError
from dapcli.protocol import types as t
from dapcli.verbs.breakpoints.breakpoints import parse_location
from dapcli.verbs.context import VerbContext
from dapcli.verbs.models import FrameResult, StopState
from dapcli.verbs.registry import Param, verb
from dapcli.verbs.shared.frameindex import position, selected_index
from dapcli.verbs.shared.frames import (
    breakpoint_lines,
    check_frame,
    check_thread,
    current_thread_id,
    depth_below,
    frames,
    read_source,
)
from dapcli.verbs.shared.params import TIMEOUT_HELP, ThreadId, Timeout
from dapcli.verbs.shared.stop.refusedstep import check_refused
from dapcli.verbs.shared.stop.resume import resume
from dapcli.verbs.shared.stop.stopstate import USER_FRAME_DEPTH, stop_state

Location = Annotated[str, Param(help="FILE:LINE or LINE (in the current file)", complete="location",
                                positional=True)]


@verb(group="execution", needs="stopped", executes=True, aliases=("advance",))
async def until(ctx: VerbContext, location: Location, thread_id: ThreadId = None,
                timeout: Timeout = 30.0) -> StopState:
    """Run to a line or an earlier stop (temporary breakpoint, removed after).

    A breakpoint of yours on that line still does what it would there (a log point logs; the
    stop names it when its condition and hit count say stop).
    """
    started = time.perf_counter()
    session = ctx.session()
    fields = parse_location(ctx, location, session)
    if "path" not in fields:
        raise UsageError("until needs FILE:LINE or LINE", "e.g. `dapcli until buggy.py:25`")
    thread = current_thread_id(session, thread_id)
    if thread_id is not None and thread_id != session.selected_thread_id:
        await check_thread(session, thread_id)
    entry = session.book.new_entry(**fields, temporary=True)
    covered = session.book.cover(entry)  # a line holds one breakpoint: dapcli decides for yours
    stand_in: StandIn | None = None
    stood: BreakpointEntry | None = None
    reached = False
    before = session.last_stop
    try:
        await hold(session, entry, covered)
        stand_in = StandIn(session, covered)
        if not session.notice_dead_debuggee():
            await session.resume("continue", t.ContinueArguments(threadId=thread), timeout=timeout)
        reached, stood = await _arrived(session, entry, stand_in) if covered else (False, None)
        # nothing of yours on the line: the stop is read while the adapter's ids are as it sent them
        state = None if covered else await stop_state(session, output_seq=None, started=started)
    finally:
        if stand_in is not None:
            stand_in.done()
        stop = session.last_stop
        if reached and stop is not None:  # the stop still names it, after it is gone
            session.book.retired = {entry.id: (stop.generation, entry.adapter_id)}
        await release(session, entry, covered)
    if stood is not None:
        name_stop(session, stood, keep=True)
    if state is None:
        state = await stop_state(session, output_seq=None, started=started)
    elif state.source and state.location is not None and state.location.path:
        # read while the temporary breakpoint stood: its line is no breakpoint once until returns
        kept = breakpoint_lines(session, state.location.path)
        for row in state.source:
            row.breakpoint = row.line in kept
    check_refused(session, "continue", state, before)
    if state.hit_breakpoint_ids and entry.id in state.hit_breakpoint_ids:
        # the adapter's ids are kept; this one is gone from `break list`, so say what it was
        note = f"until {os.path.basename(fields['path'])}:{fields['line']}: temporary breakpoint {entry.id}, removed"
        state.description = f"{state.description}: {note}" if state.description else note
        if stop is not None and stop.generation == state.generation:  # `status` says it too
            stop.description = state.description
            session.book.retired = {entry.id: (stop.generation, entry.adapter_id)}
    return state


async def _arrived(session: Session, entry: BreakpointEntry,
                   stand_in: StandIn) -> tuple[bool, BreakpointEntry | None]:
    """Whether the program stopped at ``until``'s line, and the user's breakpoint there that
    stops it (its log messages written), decided by ``stand_in``."""
    if session.state is not SessionState.STOPPED or session.last_stop is None:
        return False, None
    stopped = session.last_stop.thread_id or current_thread_id(session, None)
    body = await session.request("stackTrace", t.StackTraceArguments(threadId=stopped, levels=1),
                                 t.StackTraceResponse)
    frame = body.stackFrames[0] if body.stackFrames else None
    path = frame.source.path if frame and frame.source else None
    if not at_temporary(session, entry, path, frame.line if frame else None):
        return False, None
    if not stand_in.entries:
        return True, None
    return True, await stand_in.hit(stopped, frame.id if frame else None)


@verb(group="execution", needs="stopped", executes=True, capability="supportsGotoTargetsRequest", aliases=("jump",))
async def goto(ctx: VerbContext, location: Location, thread_id: ThreadId = None) -> StopState:
    """Jump to a line without running the code between (DAP ``goto``)."""
    started = time.perf_counter()
    session = ctx.session()
    fields = parse_location(ctx, location, session)
    if "path" not in fields:
        raise UsageError("goto needs FILE:LINE or LINE")
    targets = await session.request(
        "gotoTargets", t.GotoTargetsArguments(source=t.Source(path=fields["path"]), line=fields["line"]),
        t.GotoTargetsResponse,
    )
    if not targets.targets:
        raise UsageError(f"cannot jump to {location}: the adapter offers no target there")
    thread = current_thread_id(session, thread_id)
    return await _resume_with(session, ctx, "goto", t.GotoArguments(threadId=thread, targetId=targets.targets[0].id),
                              started)


async def _resume_with(session: Session, ctx: VerbContext, command: str, arguments: object,
                       started: float) -> StopState:
    await session.resume(command, arguments, timeout=30.0)  # type: ignore[arg-type]
    return await stop_state(session, output_seq=None, started=started)


@verb(group="execution", name="stepBack", needs="stopped", executes=True, capability="supportsStepBack",
      cli=("step-back",), aliases=("reverse-next",))
async def step_back(ctx: VerbContext, thread_id: ThreadId = None, timeout: Timeout = 30.0) -> StopState:
    """Step backwards one line (DAP ``stepBack``; reverse debugging adapters)."""
    thread = current_thread_id(ctx.session(), thread_id)
    return await resume(ctx, "stepBack", t.StepBackArguments(threadId=thread), timeout)


@verb(group="execution", name="reverseContinue", needs="stopped", executes=True, capability="supportsStepBack",
      cli=("reverse-continue",))
async def reverse_continue(ctx: VerbContext, thread_id: ThreadId = None,
                           timeout: Annotated[float, Param(help=TIMEOUT_HELP)] = 30.0) -> StopState:
    """Run backwards to the previous stop (DAP ``reverseContinue``)."""
    thread = current_thread_id(ctx.session(), thread_id)
    return await resume(ctx, "reverseContinue", t.ReverseContinueArguments(threadId=thread), timeout)


@verb(group="execution", name="restartFrame", needs="stopped", executes=True, capability="supportsRestartFrame",
      cli=("restart-frame",))
async def restart_frame(
    ctx: VerbContext,
    frame_id: Annotated[int | None, Param(help="frame to restart (default: the selected one)",
                                          complete="frame")] = None,
) -> StopState:
    """Restart the selected frame from its start (DAP ``restartFrame``)."""
    started = time.perf_counter()
    session = ctx.session()
    frame = frame_id if frame_id is not None else session.selected_frame_id
    if frame is None:
        raise UsageError("no frame selected", "see `dapcli stack`")
    return await _resume_with(session, ctx, "restartFrame", t.RestartFrameArguments(frameId=frame), started)


async def _select(ctx: VerbContext, index: int | None = None, frame_id: int | None = None,
                  delta: int = 0) -> FrameResult:
    session = ctx.session()
    thread = current_thread_id(session, None)
    known = None
    if frame_id is not None:
        check_frame(session, frame_id)  # one of an earlier stop is refused
        known = position(session, frame_id)  # Delve gives new ids at every stackTrace
        if known is not None:
            thread = known[0]
    if frame_id is not None:
        # the frame where it was seen (Delve gives new ids at every stackTrace), else the top 200
        page, _ = await frames(session, thread, start=known[1], levels=1) if known is not None else ([], None)
        found = [f for f in page if f.id == frame_id] or (page if known is not None else [])
        if not found:
            stack, _ = await frames(session, thread, levels=200)
            found = [f for f in stack if f.id == frame_id]
        if not found:
            raise UsageError(f"no frame with frameId {frame_id}", "see `dapcli stack`")
        target = found[0]
    else:
        if index is None:
            current = selected_index(session, thread)  # Delve renumbers frames at every stackTrace
            index = current + delta
        if index < 0 and delta < 0:  # gdb: "Bottom (innermost) frame selected; you cannot go down."
            here = index - delta
            if here == 0:
                raise UsageError("bottom (innermost) frame #0 is selected: you cannot go down",
                                 "`dapcli up` goes to callers; `dapcli frame N` selects frame #N")
            raise UsageError(f"frame #{here} is selected: `dapcli down {-delta}` would go past the innermost frame #0",
                             f"`dapcli down {here}` selects frame #0")
        # the one frame asked for, however deep (gdb's `frame 19999`): never a page of the top
        page, total = await frames(session, thread, start=max(index, 0), levels=1) if index >= 0 else ([], None)
        if not page:
            if index == 0:
                raise UsageError("the stopped thread has no frames")
            depth = depth_below(session, total, index)
            raise UsageError(f"no frame #{index}" + (f": the stack has frames #0..#{depth - 1}" if depth else ""),
                             "`dapcli up` goes to callers, `dapcli down` back towards #0")
        target = page[0]
    session.selected_frame_id = target.id
    session.current_path = target.path
    session.at_stop.frame_chosen = True
    source = None
    if target.path and os.path.isfile(target.path):
        source = read_source(target.path, target.line, 2, current=target.line,
                             breakpoints=breakpoint_lines(session, target.path))
    return FrameResult(thread_id=thread, frame=target, source=source)


@verb(group="inspection", name="selectFrame", needs="stopped", read_only=True, cli=("frame",))
async def select_frame(
    ctx: VerbContext,
    index: Annotated[int | None, Param(help="frame number from `stack` (0 = innermost)", complete="frame-index",
                                       positional=True)] = None,
    frame_id: Annotated[int | None, Param(help="or select by DAP frameId")] = None,
) -> FrameResult:
    """Select a frame: evaluate, variables and list then use it."""
    return await _select(ctx, index=index, frame_id=frame_id)


@verb(group="inspection", needs="stopped", read_only=True)
async def up(ctx: VerbContext,
             count: Annotated[int, Param(help="how many frames", positional=True)] = 1) -> FrameResult:
    """Select the caller's frame (towards the outermost)."""
    return await _select(ctx, delta=count)


@verb(group="inspection", needs="stopped", read_only=True)
async def down(ctx: VerbContext,
               count: Annotated[int, Param(help="how many frames", positional=True)] = 1) -> FrameResult:
    """Select the callee's frame (towards #0)."""
    return await _select(ctx, delta=-count)


@verb(group="inspection", name="selectThread", needs="stopped", read_only=True, cli=("thread",))
async def select_thread(
    ctx: VerbContext,
    thread_id: Annotated[int, Param(help="thread to select (see threads)", complete="thread", positional=True)],
) -> FrameResult:
    """Select a thread: stack, evaluate and stepping then use it."""
    session = ctx.session()
    await check_thread(session, thread_id)
    session.selected_thread_id = thread_id
    session.selected_frame_id = None
    # a parked goroutine's (or a blocked thread's) top frames are the runtime's: its user frame, as a stop shows it
    stack, _ = await frames(session, thread_id, levels=USER_FRAME_DEPTH)
    index = user_frame_index([(f.path, f.line, f.name) for f in stack]) or 0
    result = await _select(ctx, index=index)
    result.skipped_frames = index or None
    return result
