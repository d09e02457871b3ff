"""A watchpoint on a local dies with its frame, as in gdb ("Watchpoint N deleted because the
program has left the block in which its expression is valid"): dapcli remembers the frame a
local's watchpoint was set in (its function and its depth from the stack's bottom) and, at
each stop of that thread where the frame is gone, deletes the watchpoint (DAP
``setDataBreakpoints`` without it) and says so. Without this, lldb-dap stops wherever the
reused stack slot is written next (``___lldb_unnamed_symbol38 at ?:0``) and gdb stops in the
caller with reason ``generic``, neither saying why.
"""

from __future__ import annotations

import contextlib

from dapcli.engine.session import Session
from dapcli.errors import DapcliError
from dapcli.protocol import types as t
from dapcli.verbs.breakpoints.databook import FrameAnchor, anchors, data_book, send_data_breakpoints
from dapcli.verbs.models import StopState
from dapcli.verbs.shared.stop.deciding import on_deciding
from dapcli.verbs.shared.stop.stopstate import on_watched_frames

__all__ = ["anchor_of", "drop_gone", "watched_values"]

#: Most frames read to find a watched local's frame (a deeper stack: the check is skipped).
MAX_DEPTH = 1000


async def _stack(session: Session, thread_id: int) -> list[t.StackFrame] | None:
    body = await session.request("stackTrace", t.StackTraceArguments(threadId=thread_id, startFrame=0,
                                                                     levels=MAX_DEPTH), t.StackTraceResponse)
    frames = list(body.stackFrames)
    return None if len(frames) >= MAX_DEPTH else frames


async def anchor_of(session: Session, thread_id: int, frame_id: int) -> FrameAnchor | None:
    """The anchor of frame ``frame_id`` of ``thread_id`` (DAP ``stackTrace``), None when unknown."""
    from dapcli.verbs.shared.frameindex import position

    with contextlib.suppress(DapcliError):
        frames = await _stack(session, thread_id) or []
        index = next((i for i, frame in enumerate(frames) if frame.id == frame_id), None)
        if index is None:  # new ids at every stackTrace (cdt-gdb-adapter, Delve): by position
            seen = position(session, frame_id)
            index = seen[1] if seen is not None and seen[0] == thread_id else 0
        if index < len(frames):
            caller = frames[index + 1] if index + 1 < len(frames) else None
            return FrameAnchor(thread_id, frames[index].name, len(frames) - index,
                               caller.instructionPointerReference if caller is not None else None)
    return None


def _alive(outermost: list[t.StackFrame], anchor: FrameAnchor) -> bool:
    """True when the anchored frame is still on the stack (``outermost`` first): the same
    function at its depth, called from the same place (when the adapter says where)."""
    if len(outermost) < anchor.depth or outermost[anchor.depth - 1].name != anchor.function:
        return False
    if anchor.return_to is None or anchor.depth < 2:
        return True
    return outermost[anchor.depth - 2].instructionPointerReference in (anchor.return_to, None)


async def drop_gone(session: Session, state: StopState) -> None:
    """At a stop of a thread with watched locals: delete the watchpoints whose frame is gone
    (DAP ``setDataBreakpoints``) and say so in ``state`` (a warning each; the description of a
    watchpoint or reasonless stop). Errors reading the stack leave everything as it was."""
    mine = {i: a for i, a in anchors(session).items() if a.thread_id == state.thread_id}
    book = data_book(session)
    if not mine or state.thread_id is None:
        return
    try:
        frames = await _stack(session, state.thread_id)
    except DapcliError:
        return
    if frames is None:
        return
    outermost = list(reversed(frames))
    gone = [i for i, a in mine.items() if not _alive(outermost, a)]
    if not gone:
        return
    notes = []
    for i in gone:
        anchor = anchors(session).pop(i)
        view = book.pop(i, None)
        if view is not None:
            notes.append(f"watchpoint {i} ({view.name}) deleted because the program has left {anchor.function}, "
                         f"the block in which {view.name} is valid")
    with contextlib.suppress(DapcliError):  # gdb may have deleted it already
        await send_data_breakpoints(session)
    state.warnings = [*(state.warnings or []), *notes] or None
    if notes and (state.reason in ("watchpoint", "generic", None) or not state.description):
        state.description = notes[0]


def watched_values(session: Session, state: StopState) -> list[tuple[str, str]]:
    """At a watchpoint's stop (reason ``watchpoint`` or ``data breakpoint``, or a description
    that names one: lldb-dap's ``watchpoint 1``), each watched expression: its value is shown
    with the stop, as gdb shows the new value (DAP ``evaluate`` in the top frame)."""
    said = f"{state.reason or ''} {state.description or ''}".lower()
    if "watchpoint" not in said and "data breakpoint" not in said:
        return []
    return [(view.name, view.name) for view in data_book(session).values()]


on_watched_frames(drop_gone)
on_deciding(watched_values)
