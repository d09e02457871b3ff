"""Stops made by an exception filter that the adapter reports as a plain breakpoint.

CodeLLDB implements its ``cpp_throw``/``cpp_catch``/``rust_panic`` filters as internal
breakpoints on the runtime's throw functions: the stop says ``reason: "breakpoint"`` with a
``hitBreakpointIds`` entry that is none of the user's, the top frame is ``__cxa_throw`` (no
source), and ``exceptionInfo`` answers ``Breakpoint`` / ``breakpoint 1.1``. lldb-dap reports
the same stop as ``exception`` with the filter's label. dapcli reports it as ``exception``
too (the raw reason kept), names the filter, and shows the user's frame below the runtime's.
"""

from __future__ import annotations

from dapcli.engine.session import Session
from dapcli.errors import DapcliError
from dapcli.protocol import types as t
from dapcli.verbs.models import ExceptionView

__all__ = ["THROW_FUNCTIONS", "filter_stop"]

#: Runtime functions an exception filter stops in, and the filter each one belongs to.
THROW_FUNCTIONS = {
    "__cxa_throw": "cpp_throw", "__cxa_rethrow": "cpp_throw", "__cxa_begin_catch": "cpp_catch",
    "rust_panic": "rust_panic", "rust_begin_unwind": "rust_panic", "__rust_start_panic": "rust_panic",
    "objc_exception_throw": "objc_throw", "objc_begin_catch": "objc_catch",
}


def _active_filters(session: Session) -> dict[str, str]:
    """The exception filters that are on: id → label."""
    available = session.capabilities.exceptionBreakpointFilters or []
    chosen = session.exception_filters
    ids = session.default_exception_filters() if chosen is None else [name for name, _ in chosen]
    labels = {f.filter: f.label for f in available}
    return {name: labels.get(name, name) for name in ids}


def _bare(function: str) -> str:
    """``__cxa_throw`` from ``libstdc++.so.6`__cxa_throw`` or ``__cxa_throw()``."""
    return function.rpartition("`")[2].split("(")[0].strip()


async def filter_stop(session: Session, raw_reason: str | None, hit_ids: list[int], thread_id: int | None,
                      ours: list[int]) -> ExceptionView | None:
    """The exception filter behind a ``breakpoint`` stop that hit none of the user's breakpoints
    (``ours`` empty) in a runtime throw function (one ``stackTrace`` frame asked); else None."""
    if raw_reason != "breakpoint" or ours or not hit_ids or thread_id is None:
        return None
    active = _active_filters(session)
    if not active:
        return None
    try:
        body = await session.request(
            "stackTrace", t.StackTraceArguments(threadId=thread_id, startFrame=0, levels=1), t.StackTraceResponse,
        )
    except DapcliError:
        return None
    if not body.stackFrames:
        return None
    name = THROW_FUNCTIONS.get(_bare(body.stackFrames[0].name))
    if name is None or name not in active:
        return None
    return ExceptionView(exception_id=name, description=active[name], break_mode="always")
