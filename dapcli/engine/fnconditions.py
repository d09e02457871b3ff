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
from dapcli.errors import DapcliError

__all__ = ["REFUSED", "apply_function_conditions"]

#: What a breakpoint's ``warning`` says when the debugger refused its condition.
REFUSED = "refused the condition"


async def apply_function_conditions(session: RequestSession) -> None:
    """Set the condition of each verified function breakpoint that has one, with the adapter's
    :attr:`function_condition_request` (``(command, argument template)``; ``{id}`` is the
    adapter's breakpoint id). One the debugger refuses gets a ``warning``: it then stops on
    every call. No-op on adapters that honour ``FunctionBreakpoint.condition``."""
    how = session.adapter.function_condition_request
    if how is None:
        return
    command, template = how
    for entry in session.book.for_key("<functions>"):
        if not entry.condition or entry.adapter_id is None or not entry.verified:
            continue
        notes = [n for n in (entry.warning or "").split("; ") if n and REFUSED not in n]  # an earlier refusal
        try:
            await session.request(command, {"command": template.format(id=entry.adapter_id,
                                                                        condition=entry.condition)})
        except DapcliError as exc:
            said = exc.message.strip().splitlines()[0].rstrip(".") if exc.message.strip() else "no reason given"
            notes.append(f"{session.adapter.name} {REFUSED} ({said}): it stops on every call")
        entry.warning = "; ".join(notes) or None
