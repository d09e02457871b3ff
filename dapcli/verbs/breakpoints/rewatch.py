"""Watchpoints across ``restart``: the new run's storage has new addresses, so each watchpoint of
the old run is asked for again (DAP ``dataBreakpointInfo`` + ``setDataBreakpoints``) at the
restart's first stop — a watched local in the innermost frame of its function on that stack, any
other expression in the stopped frame — with its id, access, condition and hit condition. Those
that cannot be asked for there are dropped, and the restart says which and why. When the restart's
wait ends before the new run stops, they wait for its first stop (``wait``, ``pause``…), and that
stop says which were dropped."""

from __future__ import annotations

import contextlib

from dapcli.engine.session import Session
from dapcli.errors import DapcliError
from dapcli.protocol import types as t
from dapcli.verbs.breakpoints.data import watch_info
from dapcli.verbs.breakpoints.databook import FrameAnchor, anchors, data_book, send_data_breakpoints
from dapcli.verbs.breakpoints.watchscope import anchor_of
from dapcli.verbs.models import DataBreakpointView, StopState
from dapcli.verbs.shared.frames import current_frame_id
from dapcli.verbs.shared.stop.stopstate import REWATCH_KEY, on_watched_frames

__all__ = ["rewatch", "rewatch_waiting"]


def _dropped(view: DataBreakpointView, why: str) -> str:
    return (f"watchpoint {view.id} ({view.name}) dropped by the restart: {why}; "
            "add it again at a stop where it is in scope")


async def _frame_of(session: Session, thread_id: int, anchor: FrameAnchor | None) -> tuple[int | None, str]:
    """The frame to ask in (the selected one, or the innermost frame of the anchor's function) and,
    when there is none, why."""
    if anchor is None:
        return await current_frame_id(session, None), ""
    with contextlib.suppress(DapcliError):
        body = await session.request("stackTrace", t.StackTraceArguments(threadId=thread_id, startFrame=0,
                                                                         levels=200), t.StackTraceResponse)
        for frame in body.stackFrames:
            if frame.name == anchor.function:
                return frame.id, ""
    return None, f"{anchor.function} is not on the stack at the first stop"


async def rewatch(session: Session, views: list[DataBreakpointView], old_anchors: dict[int, FrameAnchor],
                  state: StopState) -> list[str]:
    """Set ``views`` (the old run's watchpoints) again in ``session`` stopped at ``state``; the
    warnings naming those dropped. Nothing is asked when there were none."""
    if not views:
        return []
    if state.status == "running" and session.supports("supportsDataBreakpoints"):
        waiting: dict[int, tuple[DataBreakpointView, FrameAnchor | None]] = session.__dict__.setdefault(
            REWATCH_KEY, {})
        waiting.update((v.id, (v, old_anchors.get(v.id))) for v in views)
        return [f"watchpoint {v.id} ({v.name}) is set again at the new run's first stop (it has not stopped yet)"
                for v in views]
    if state.status != "stopped" or state.thread_id is None or not session.supports("supportsDataBreakpoints"):
        why = ("the adapter has no data breakpoints" if not session.supports("supportsDataBreakpoints") else
               "the new run did not stop")
        return [_dropped(v, why) for v in views]
    warnings: list[str] = []
    book = data_book(session)
    kept: dict[int, FrameAnchor | None] = {}
    for view in views:
        frame, why = await _frame_of(session, state.thread_id, old_anchors.get(view.id))
        if frame is None:
            warnings.append(_dropped(view, why))
            continue
        try:
            info, local = await watch_info(session, frame, view.name)
        except DapcliError as error:
            warnings.append(_dropped(view, str(error)))
            continue
        if not info.dataId:
            warnings.append(_dropped(view, info.description or "the adapter offers no data breakpoint"))
            continue
        book[view.id] = view.model_copy(update={"data_id": info.dataId, "description": info.description,
                                                "verified": False, "message": None})
        kept[view.id] = await anchor_of(session, state.thread_id, frame) if local else None
    if book:
        try:
            await send_data_breakpoints(session)
        except DapcliError as error:
            warnings.extend(_dropped(v, str(error)) for v in book.values())
            book.clear()
            return warnings
    for i, anchor in kept.items():
        if anchor is not None:
            anchors(session)[i] = anchor
    warnings.extend(_dropped(v, v.message or "the adapter did not verify it") for v in book.values()
                    if not v.verified)
    return warnings


async def rewatch_waiting(session: Session, state: StopState) -> None:
    """At the first stop after a restart whose wait ended first: set the watchpoints waiting for it
    again (see :func:`rewatch`); those dropped are named in ``state``'s warnings."""
    waiting: dict[int, tuple[DataBreakpointView, FrameAnchor | None]] = session.__dict__.pop(REWATCH_KEY, {})
    if not waiting or state.thread_id is None:
        return
    views = [view for view, _ in waiting.values()]
    old_anchors = {i: anchor for i, (_, anchor) in waiting.items() if anchor is not None}
    dropped = await rewatch(session, views, old_anchors, state.model_copy(update={"status": "stopped"}))
    state.warnings = [*(state.warnings or []), *dropped] or None


on_watched_frames(rewatch_waiting)
