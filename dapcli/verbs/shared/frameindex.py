"""Where a frameId sits in its thread's stack, at this stop.

Delve gives new frame ids at every ``stackTrace`` (the ids given earlier at the same stop stay
valid), so the selected frame is not found among the ids of a later ``stackTrace`` by its id:
its ``(threadId, index)`` is remembered, per stop, on the session's
:class:`~dapcli.engine.refs.StopHandles`, for ``stack`` to mark it and for ``up``/``down`` to
move from it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dapcli.engine.session import Session
    from dapcli.verbs.models import Frame

__all__ = ["place", "position", "record", "selected_index"]

def record(session: Session, thread_id: int, frames: list[Frame]) -> None:
    """Remember each frame's ``(thread_id, index)`` for the session's current stop."""
    session.at_stop.frame_positions.update({f.id: (thread_id, f.index) for f in frames})


def place(session: Session, frame_id: int, thread_id: int, index: int) -> None:
    """Remember one frame's ``(thread_id, index)`` (a frame read without :func:`record`)."""
    session.at_stop.frame_positions[frame_id] = (thread_id, index)


def position(session: Session, frame_id: int | None) -> tuple[int, int] | None:
    """``(threadId, index)`` of ``frame_id`` at this stop, or None when it was not seen."""
    return None if frame_id is None else session.at_stop.frame_positions.get(frame_id)


def selected_index(session: Session, thread_id: int) -> int:
    """The index of the selected frame in ``thread_id``'s stack (0 when none is selected yet)."""
    found = position(session, session.selected_frame_id)
    return found[1] if found is not None and found[0] == thread_id else 0
