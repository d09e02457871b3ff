"""How many threads a program has when the adapter's ``threads`` answer lists only some.

Delve's DAP server loads at most 1,024 goroutines for ``threads`` and says so only on its own
console ("Too many goroutines, only loaded 1024"); the cap is a constant, not an option. The
number of goroutines is read from the Go runtime with the expressions of
:attr:`~dapcli.adapters.base.AdapterSpec.thread_count_expressions` (DAP ``evaluate``), and the
result says "N of M listed" and how to reach one that is not listed: by its id, which every
thread-taking verb accepts.
"""

from __future__ import annotations

import re

from dapcli.engine.session import Session, SessionState
from dapcli.errors import DapcliError
from dapcli.protocol import types as t

__all__ = ["MOST_HOLDERS", "capped", "count_threads", "partial_note", "thread_exists"]

#: Most per-P free lists read (GOMAXPROCS; more are not counted: the total is then left out).
MOST_HOLDERS = 256
_TIMEOUT = 5.0
_NUMBER = re.compile(r"^\s*(-?\d+)")


def capped(session: Session, listed: int) -> bool:
    """True when ``listed`` threads reach the adapter's cap (the list may be cut)."""
    cap = session.adapter.threads_cap
    return cap is not None and listed >= cap


async def count_threads(session: Session) -> int | None:
    """How many threads the program has, read from its runtime (DAP ``evaluate`` in the selected
    frame); None when the adapter has no such expressions, the program is not stopped, or one of
    them cannot be read. Never raises but on a lost connection."""
    expressions = session.adapter.thread_count_expressions
    if expressions is None or session.state is not SessionState.STOPPED:
        return None
    made, free, holders, held = expressions
    try:
        frame = session.selected_frame_id
        total, free_count, count = [await _number(session, e, frame) for e in (made, free, holders)]
        if total is None or free_count is None or count is None or count > MOST_HOLDERS:
            return None
        total -= free_count
        for index in range(count):
            one = await _number(session, held.format(i=index), frame)
            if one is None:
                return None
            total -= one
    except DapcliError:
        return None
    return total if total > 0 else None


async def thread_exists(session: Session, thread_id: int) -> bool:
    """True when the adapter shows a stack for ``thread_id`` (DAP ``stackTrace``, one frame): a
    thread that a cut ``threads`` answer does not list."""
    try:
        body = await session.request("stackTrace", t.StackTraceArguments(threadId=thread_id, levels=1),
                                     t.StackTraceResponse, timeout=_TIMEOUT)
    except DapcliError:
        return False
    return bool(body.stackFrames)


async def _number(session: Session, expression: str, frame: int | None) -> int | None:
    body = await session.request("evaluate", t.EvaluateArguments(expression=expression, frameId=frame,
                                                                 context="watch"), t.EvaluateResponse,
                                 timeout=_TIMEOUT)
    found = _NUMBER.match(body.result or "")
    return int(found.group(1)) if found else None


def partial_note(session: Session, listed: int, total: int | None) -> str:
    """One line: how many are listed of how many, and how to see one that is not listed."""
    noun = session.adapter.threads_noun
    counted = f"{listed} of {total} {noun} listed" if total is not None else f"{listed} {noun} listed, more exist"
    return (f"{counted} ({session.adapter.description} lists at most {session.adapter.threads_cap}); one that is "
            "not listed is shown by its id (stackTrace with threadId, selectThread)")
