"""Changing an existing breakpoint's condition: gdb's ``condition N EXPR`` (``condition N``
removes it). The file's full set is re-sent (DAP ``setBreakpoints``, or
``setFunctionBreakpoints``) with the new condition; the breakpoint keeps its id.
"""

from __future__ import annotations

from typing import Annotated

from dapcli.engine import persist
from dapcli.engine.breakpoints import BreakpointEntry
from dapcli.engine.session import Session
from dapcli.errors import DapcliError, UsageError
from dapcli.verbs.breakpoints.breakpoints import view
from dapcli.verbs.breakpoints.match import check_condition
from dapcli.verbs.context import VerbContext
from dapcli.verbs.models import BreakpointResult
from dapcli.verbs.registry import Param, verb

__all__ = ["edit_breakpoint"]


@verb(group="breakpoints", name="editBreakpoint", needs="alive", cli=("break", "edit"), aliases=("condition",))
async def edit_breakpoint(
    ctx: VerbContext,
    id: Annotated[int, Param(help="breakpoint id (see break list)", complete="breakpoint", positional=True)],
    condition: Annotated[str | None, Param(help="the new condition; omit to remove it", complete="expression",
                                           positional=True)] = None,
) -> BreakpointResult:
    """Change or remove a breakpoint's condition (gdb's ``condition N EXPR``).

    Re-sends the breakpoint's file (``setBreakpoints``) or the function breakpoints
    (``setFunctionBreakpoints``). An unknown id is refused; if the adapter refuses the condition,
    the old one is restored.
    """
    session = ctx.session()
    entry = session.book.entries.get(id)
    if entry is None:
        known = ", ".join(str(i) for i in session.book.entries) or "none"
        raise UsageError(f"no breakpoint {id} (breakpoints: {known})", "see `dapcli break list`")
    check_condition(session, condition.strip() if condition else None, f"breakpoint {id}")
    old, old_warning = entry.condition, entry.warning
    if entry.warning:  # a note that the old condition could not be evaluated is about the old one
        entry.warning = "; ".join(p for p in entry.warning.split("; ")
                                  if not p.startswith("its condition could not be evaluated")) or None
    entry.condition = condition.strip() if condition and condition.strip() else None
    session.book.recount(entry)
    session.hits.counts.pop(entry.id, None)  # one dapcli counts starts again too
    try:
        if old and not entry.condition and session.adapter.keeps_omitted_conditions:
            await _remake(session, entry)
        note = await session.sync_breakpoints(entry.key)
    except DapcliError:
        entry.condition, entry.warning = old, old_warning
        await session.sync_breakpoints(entry.key)
        raise
    if note:
        entry.warning = "; ".join(w for w in (entry.warning, note) if w)
    persist.save(session)
    return BreakpointResult(**view(entry, session.book).model_dump())


async def _remake(session: Session, entry: BreakpointEntry) -> None:
    """Send ``entry``'s set without it (the adapter deletes it), so that the next send makes it
    anew without the condition it would keep (CodeLLDB: ``keeps_omitted_conditions``)."""
    session.book.covered.add(entry.id)
    try:
        await session.sync_breakpoints(entry.key)
    finally:
        session.book.covered.discard(entry.id)
