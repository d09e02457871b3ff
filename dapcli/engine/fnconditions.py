"""Conditions of function breakpoints, on adapters that drop them.

cdt-gdb-adapter's ``setFunctionBreakpoints`` inserts gdb's breakpoint without the DAP
``condition`` (``mi.sendFunctionBreakpointInsert`` is given the function alone), so
``-b 'twice if x == 3'`` stopped on every call. Where an adapter names a request for it
(:attr:`~dapcli.adapters.base.AdapterSpec.function_condition_request`), dapcli sets each verified
function breakpoint's condition itself after ``setFunctionBreakpoints``: on cdt, gdb's MI
``-break-condition N EXPR`` through its ``cdt-gdb-tests/executeCommand`` request (its console
``evaluate`` needs a frame, and there is none before the program runs). cdt then finds gdb's
condition equal to the one it is sent next time and keeps the breakpoint as it is.
"""

from __future__ import annotations

from dapcli.engine.api import RequestSession
from dapcli.engine.breakpoints import BreakpointEntry
from dapcli.errors import DapcliError, UsageError

__all__ = ["REFUSED", "apply_function_conditions"]

#: What is said of a breakpoint whose condition the debugger refused.
REFUSED = "refused the condition"


async def apply_function_conditions(session: RequestSession) -> None:
    """Set the condition of each verified function breakpoint that has one, with the adapter's
    :attr:`function_condition_request` (``(command, argument template)``; ``{id}`` is the
    adapter's breakpoint id). No-op on adapters that honour ``FunctionBreakpoint.condition``.

    One the debugger refuses is refused as gdb refuses ``break f if nosuch == 3`` (see
    ``engine/refused.py``): left out of the set, which is sent again (the debugger deletes the
    breakpoint it had set without the condition), listed as not set, and UsageError is raised
    with the debugger's words (``break add`` then adds nothing, ``condition`` keeps the old one)."""
    how = session.adapter.function_condition_request
    if how is None:
        return
    command, template = how
    refused: list[tuple[BreakpointEntry, str]] = []
    for entry in session.book.for_key("<functions>"):
        if not entry.condition or entry.adapter_id is None or not entry.verified:
            continue
        try:
            await session.request(command, {"command": template.format(id=entry.adapter_id,
                                                                        condition=entry.condition)})
        except DapcliError as exc:
            said = exc.message.strip().splitlines()[0].rstrip(".") if exc.message.strip() else "no reason given"
            refused.append((entry, said))
    if not refused:
        return
    name = session.adapter.name
    for entry, said in refused:
        session.book.refused[entry.id] = session.book.sent_condition(entry)
        entry.verified, entry.message = False, f"not set: {name} {REFUSED} ({said})"
    await session.book.sync("<functions>", session.request)
    entry, said = refused[0]
    raise UsageError(f"{name} {REFUSED} {entry.condition!r} of {entry.function}: {said}",
                     "check the condition's names: they must be in scope in that function")
