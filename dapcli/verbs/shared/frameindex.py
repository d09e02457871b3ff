"""Where a frameId sits in its thread's stack, at this stop.

Delve gives new frame ids at every ``stackTrace`` (the ids given earlier at the same stop stay
valid), so the selected frame is not found among the ids of a later ``stackTrace`` by its id:
its ``(threadId, index)`` is remembered here, per stop, for ``stack`` to mark it and for
``up``/``down`` to move from it.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dapcli.engine.session import Session
    from dapcli.verbs.models import Frame

__all__ = ["position", "record", "selected_index"]

_SEEN: weakref.WeakKeyDictionary[Session, tuple[int, dict[int, tuple[int, int]]]] = weakref.WeakKeyDictionary()


def record(session: Session, thread_id: int, frames: list[Frame]) -> None:
    """Remember each frame's ``(thread_id, index)`` for the session's current stop."""
    generation, known = _SEEN.get(session, (-1, {}))
    if generation != session.generation:
        known = {}
    known.update({f.id: (thread_id, f.index) for f in frames})
    _SEEN[session] = (session.generation, known)


def position(session: Session, frame_id: int | None) -> tuple[int, int] | None:
    """``(threadId, index)`` of ``frame_id`` at this stop, or None when it was not seen."""
    generation, known = _SEEN.get(session, (-1, {}))
    if frame_id is None or generation != session.generation:
        return None
    return known.get(frame_id)


def selected_index(session: Session, thread_id: int) -> int:
    """The index of the selected frame in ``thread_id``'s stack (0 when none is selected yet)."""
    found = position(session, session.selected_frame_id)
    return found[1] if found is not None and found[0] == thread_id else 0
