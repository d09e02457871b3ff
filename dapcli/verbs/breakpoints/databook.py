"""The session's data breakpoints (watchpoints) as dapcli keeps them, the frames of watched
locals, and the full set sent to the adapter (DAP ``setDataBreakpoints``)."""

from __future__ import annotations

from dataclasses import dataclass

from dapcli.engine.session import Session
from dapcli.errors import UsageError
from dapcli.protocol import types as t
from dapcli.verbs.models import DataBreakpointView

__all__ = ["FrameAnchor", "anchors", "clear_data_breakpoints", "data_book", "send_data_breakpoints"]


@dataclass(frozen=True)
class FrameAnchor:
    """Where a watched local lives: ``thread_id``, the frame's ``function`` name and ``depth``
    (1 = the outermost frame, counted from the stack's bottom so calls above it do not move it),
    and ``return_to``: the caller's ``instructionPointerReference`` (where this call returns), so
    that a later call of the same function at the same depth from another place is not taken
    for it; None when the adapter gives no instruction pointers."""

    thread_id: int
    function: str
    depth: int
    return_to: str | None = None


def anchors(session: Session) -> dict[int, FrameAnchor]:
    """Watchpoint id → the frame of its local (watchpoints on globals have none)."""
    found: dict[int, FrameAnchor] = session.__dict__.setdefault("data_breakpoint_frames", {})
    return found


def data_book(session: Session) -> dict[int, DataBreakpointView]:
    """Watchpoint id → its view (the session's data breakpoints)."""
    book: dict[int, DataBreakpointView] = session.__dict__.setdefault("data_breakpoints", {})
    return book


def _sent_hit(session: Session, condition: str | None) -> str | None:
    """The adapter's ``hitCondition`` for a watchpoint's (see ``engine/hitcount.py``).

    Raises:
        UsageError: the adapter cannot mean it (dapcli counts only line and function breakpoints).
    """
    if not condition:
        return None
    sent = session.adapter.hit_condition(condition)
    if sent is None:
        raise UsageError(f"{session.adapter.name} cannot stop a watchpoint on hit {condition.strip()} (it would stop "
                         "at other hits)", "use >=N or >N on a watchpoint, or a condition")
    return sent


async def send_data_breakpoints(session: Session) -> None:
    """Send the full data breakpoint set and record what the adapter answered."""
    views = list(data_book(session).values())
    body = await session.request(
        "setDataBreakpoints",
        t.SetDataBreakpointsArguments(breakpoints=[
            t.DataBreakpoint(dataId=v.data_id, accessType=v.access_type, condition=v.condition,  # type: ignore[arg-type]
                             hitCondition=_sent_hit(session, v.hit_condition))
            for v in views
        ]),
        t.SetDataBreakpointsResponse,
    )
    for view, answer in zip(views, body.breakpoints, strict=False):
        view.verified, view.message = bool(answer.verified), answer.message


async def clear_data_breakpoints(session: Session) -> list[int]:
    """Delete every data breakpoint (DAP ``setDataBreakpoints`` with none); their ids."""
    book = data_book(session)
    ids = list(book)
    if ids:
        book.clear()
        anchors(session).clear()
        await send_data_breakpoints(session)
    return ids
