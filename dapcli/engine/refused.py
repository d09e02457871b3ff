"""Breakpoints whose condition the debugger refused, on a family whose refusal leaves the
breakpoint set without it.

cdt-gdb-adapter inserts a breakpoint (MI ``-break-insert``), then gives it its condition
(``-break-condition``). When gdb refuses the condition (``No symbol "nosuch" in current
context.``) cdt answers the breakpoint unverified, with gdb's words and no id, but leaves gdb's
breakpoint in place without a condition: the next run stopped there at every hit, unnamed,
while the list said pending. gdb itself refuses ``break f.c:4 if nosuch == 3`` (no breakpoint)
and ``condition 2 nosuch == 3`` (the old condition stays). So does dapcli, for a family that
says so (:attr:`~dapcli.adapters.base.AdapterSpec.refused_condition_stays`): the breakpoint is
left out of its source's set (:attr:`~dapcli.engine.breakpoints.BreakpointBook.refused`), the
set is sent again (cdt deletes the gdb breakpoints of a source it is not sent), and the request
fails with gdb's words: ``break add`` then adds nothing and ``condition`` keeps the old one; a
launch goes on without it, listed as not set, and why.
"""

from __future__ import annotations

import os
from typing import Any

from dapcli.engine.breakpoints import BreakpointBook, Requester
from dapcli.errors import UsageError

__all__ = ["drop_refused"]


async def drop_refused(book: BreakpointBook, adapter: Any, key: str, request: Requester) -> None:
    """After ``key``'s set was sent: leave out each of its breakpoints whose condition the
    debugger refused (unverified, with its words, and a condition sent), send the set again, and
    raise UsageError naming the first; return when there is none (or the family's refusals
    leave nothing set)."""
    if key == "<functions>" or not getattr(adapter, "refused_condition_stays", False):
        return
    refused = [e for e in book.for_key(key) if not e.verified and e.message and book.sent_condition(e)]
    if not refused:
        return
    words = [(entry.message or "").strip().rstrip(".") for entry in refused]
    for entry, said in zip(refused, words, strict=True):
        book.refused[entry.id] = book.sent_condition(entry)
        entry.message = f"not set: {adapter.name} refused its condition ({said})"
    await book.sync(key, request)  # without them: the debugger deletes what it kept of them
    first = refused[0]
    raise UsageError(f"{adapter.name} refused the condition {first.condition or book.sent_condition(first)!r} "
                       f"of {os.path.basename(first.path or '')}:{first.line}: {words[0]}",
                       "check the condition's names: they must be in scope at that line")
