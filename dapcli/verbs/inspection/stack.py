"""Inspection verbs of the program's threads and stacks: threads, stackTrace, scopes (read-only)."""

from __future__ import annotations

from typing import Annotated

from dapcli.calls import call
from dapcli.engine.session import Session, SessionState
from dapcli.errors import PreconditionError, UsageError
from dapcli.protocol import types as t
from dapcli.verbs.context import VerbContext
from dapcli.verbs.models import (
    ScopesResult,
    ScopeView,
    StackResult,
    ThreadsResult,
    ThreadView,
)
from dapcli.verbs.registry import Param, verb
from dapcli.verbs.shared.frameindex import selected_index
from dapcli.verbs.shared.frames import (
    check_thread,
    current_frame_id,
    current_thread_id,
    depth_below,
    frame_count,
    frames,
)
from dapcli.verbs.shared.frames import scopes as fetch_scopes
from dapcli.verbs.shared.params import FrameId
from dapcli.verbs.shared.threadcount import capped, count_threads, partial_note


@verb(group="inspection", needs="alive", read_only=True, aliases=("info-threads",))
async def threads(ctx: VerbContext) -> ThreadsResult:
    """List the program's threads and how many there are (DAP ``threads``).

    ``total`` is how many the program has; Delve lists at most 1,024 goroutines, the rest are
    counted from the Go runtime."""
    session = ctx.session()
    body = await session.request("threads", None, t.ThreadsResponse)
    session.threads = list(body.threads)
    listed = [ThreadView(id=th.id, name=th.name, current=th.id == session.selected_thread_id) for th in body.threads]
    if not capped(session, len(listed)):
        return ThreadsResult(threads=listed, total=len(listed))
    total = await count_threads(session)  # Delve cuts the list at 1,024 goroutines and does not say so
    if total is not None and total <= len(listed):
        return ThreadsResult(threads=listed, total=len(listed))
    return ThreadsResult(threads=listed, partial=True, total=total,
                         note=partial_note(session, len(listed), total))


@verb(group="inspection", name="stackTrace", needs="alive", read_only=True, cli=("stack",),
      aliases=("bt", "backtrace", "where", "stack-trace"))
async def stack_trace(
    ctx: VerbContext,
    thread_id: Annotated[int | None, Param(help="thread (default: the stopped one)", complete="thread")] = None,
    start: Annotated[int, Param(help="index of the first frame (0 = innermost)")] = 0,
    levels: Annotated[int, Param(help="how many frames")] = 20,
) -> StackResult:
    """Show the call stack of a thread (DAP ``stackTrace``).

    ``levels`` frames from ``start``; ``totalFrames`` is how many frames the stack has
    (``totalFramesAtLeast``: at least that many — gdb via cdt counts to 100, Delve counts only
    as deep as it read).

    While the program runs, a given thread's stack is shown when the adapter answers it
    (debugpy does, also while a pause waits for threads blocked in C code); else it is refused.
    """
    session = ctx.session()
    note = _running_stack(session, thread_id)
    if thread_id is not None and thread_id != session.selected_thread_id:
        await check_thread(session, thread_id)
    thread = current_thread_id(session, thread_id)
    views, total = await frames(session, thread, start, levels)
    if thread == session.selected_thread_id:  # as gdb's `frame`: the frame the inspection verbs use
        chosen = selected_index(session, thread)
        for view in views:
            view.selected = view.index == chosen
    count, at_least = frame_count(session, start, levels, len(views), total)
    if start and not views:  # gdb: "No frame at level 99."
        depth = depth_below(session, total, start)
        frames_now = f": the stack has {depth:,} frame{'' if depth == 1 else 's'}" if depth else ""
        raise UsageError(f"no frame at level {start:,}{frames_now}",
                         f"{call('stackTrace')} shows it from the innermost frame (level 0)")
    return StackResult(thread_id=thread, frames=views, total_frames=count, total_frames_at_least=at_least,
                       note=note)


def _running_stack(session: Session, thread_id: int | None) -> str | None:
    """None when the program is stopped; a note when it runs and the adapter answers for
    ``thread_id``. Raises PreconditionError when the stack cannot be read while it runs."""
    if session.state is SessionState.STOPPED:
        return None
    if not session.adapter.stack_while_running:
        session.require_stopped()  # lldb-dap, gdb, Delve: no stack of a running thread
    if thread_id is None:
        raise PreconditionError(f"session '{session.name}' is running: name the thread whose stack to show",
                                f"{call('stackTrace', threadId='ID')} (ids: {call('threads')}), or {call('pause')}")
    return ("the program runs: this is the thread's stack as it is now; its frames show no variables until "
            "the program stops")


@verb(group="inspection", needs="stopped", read_only=True)
async def scopes(ctx: VerbContext, frame_id: FrameId = None) -> ScopesResult:
    """List a frame's scopes (Locals, Globals, Registers…) (DAP ``scopes``)."""
    session = ctx.session()
    frame = await current_frame_id(session, frame_id)
    found = await fetch_scopes(session, frame)
    return ScopesResult(
        frame_id=frame,
        scopes=[
            ScopeView(name=s.name, variables_reference=s.variablesReference, presentation_hint=s.presentationHint,
                      expensive=bool(s.expensive), named_variables=s.namedVariables,
                      indexed_variables=s.indexedVariables)
            for s in found
        ],
    )
