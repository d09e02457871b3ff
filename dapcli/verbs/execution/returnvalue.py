"""The value a function returned, after ``stepOut`` (gdb's ``finish``: "Value returned is $1 = 49").

DAP has no field for it; each adapter tells it its own way (``AdapterSpec.return_value_*``):

* debugpy (``showReturnValue``): a read-only ``(return) square`` variable among the caller's locals;
* CodeLLDB: a ``[return value]`` variable among the caller's locals;
* lldb-dap 19: only lldb's ``thread info`` says it (``Return value: (int) $0 = 49``);
* gdb via cdt-gdb-adapter: the adapter drops MI's ``return-value``, but gdb records it in its value
  history (``show values`` → ``$1 = 49``): a value newer than the last one before the step;
* Delve 1.20 and js-debug do not report it (nothing is shown).
"""

from __future__ import annotations

import contextlib
import re
from typing import NamedTuple

from dapcli.engine.scopes import locals_scope
from dapcli.engine.session import Session, SessionState
from dapcli.errors import DapcliError
from dapcli.files import is_number, split_lines
from dapcli.protocol import types as t
from dapcli.verbs.models import ReturnValueView, StopState
from dapcli.verbs.shared.frames import frames, scopes
from dapcli.verbs.shared.stop.stopstate import STOP_VALUE_TIMEOUT
from dapcli.verbs.shared.values.fullvalue import adapter_mark
from dapcli.verbs.shared.values.variables import MAX_VALUE, fetch_variables, variable_view

__all__ = ["Before", "before_step_out", "return_value"]


class Before(NamedTuple):
    """What is known before the step: the function being left, and (gdb) the number of the
    newest value in the debugger's value history."""

    function: str | None
    history: int | None


async def before_step_out(session: Session, thread_id: int) -> Before:
    """The function that ``stepOut`` leaves, and gdb's value-history mark (DAP ``stackTrace``;
    ``evaluate`` context ``repl`` where the family reads a history). Never raises."""
    function = None
    with contextlib.suppress(DapcliError):
        top, _ = await frames(session, thread_id, levels=1)
        function = top[0].name if top else None
    history = None
    if session.adapter.return_value_history:
        found = await _console_values(session)
        history = max((_number(name) for name, _, _ in found), default=0) if found is not None else None
    return Before(function, history)


async def return_value(session: Session, state: StopState, before: Before) -> ReturnValueView | None:
    """What the function left by ``stepOut`` returned, as the adapter tells it, or None (the
    adapter says nothing, the function returned nothing, or the step ended elsewhere). Never raises."""
    if state.status != "stopped" or session.state is not SessionState.STOPPED:
        return None
    adapter = session.adapter
    with contextlib.suppress(DapcliError):
        if adapter.return_value_local:
            return await _from_locals(session, state, adapter.return_value_local, before.function)
        if adapter.return_value_command:
            return await _from_console(session, before)
    return None


async def _from_locals(session: Session, state: StopState, prefix: str, function: str | None) -> ReturnValueView | None:
    frame_id = state.frames[0].id if state.frames else None
    if frame_id is None:
        return None
    scope = locals_scope(await scopes(session, frame_id))
    found = [v for v in await fetch_variables(session, scope.variablesReference, STOP_VALUE_TIMEOUT)
             if v.name.startswith(prefix)]
    if not found:
        return None
    # debugpy names each value by its function (`(return) Cart.total`): the one just left
    chosen = next((v for v in found if function and _names(v.name.removeprefix(prefix), function)), found[-1])
    view = variable_view(chosen, MAX_VALUE)
    return ReturnValueView(**view.model_dump(), function=function)


def _names(said: str, function: str) -> bool:
    return said == function or said.endswith("." + function) or function.endswith("." + said)


async def _from_console(session: Session, before: Before) -> ReturnValueView | None:
    if session.adapter.return_value_history and before.history is None:
        return None  # no mark before the step: a value in the history may be an older one
    found = await _console_values(session)
    if not found:
        return None
    name, value, type_ = found[-1]
    if before.history is not None and _number(name) <= before.history:
        return None  # gdb: no new value in the history (a void function)
    reference = 0
    with contextlib.suppress(DapcliError):  # `$1` can be expanded like any value
        body = await session.request(
            "evaluate", t.EvaluateArguments(expression=name, frameId=session.selected_frame_id, context="watch"),
            t.EvaluateResponse, timeout=STOP_VALUE_TIMEOUT,
        )
        reference = body.variablesReference
        type_ = type_ or body.type or None
    text = value if len(value) <= MAX_VALUE else value[:MAX_VALUE] + "…"
    note = adapter_mark(value, reference, session.adapter.name)  # gdb's own cut (print elements): no count
    return ReturnValueView(name=name, value=text, type=type_, variables_reference=reference, evaluate_name=name,
                           value_truncated=(len(value) - MAX_VALUE) if len(value) > MAX_VALUE and not note else None,
                           value_cut_by_adapter=note, function=before.function)


async def _console_values(session: Session) -> list[tuple[str, str, str | None]] | None:
    """(name, value, type) of each value the family's console command lists (None: it failed)."""
    from dapcli.verbs.native.console import console_command

    adapter = session.adapter
    if not adapter.return_value_command or not adapter.return_value_pattern:
        return None
    try:
        text, _ = await console_command(session, adapter.return_value_command, timeout=STOP_VALUE_TIMEOUT)
    except DapcliError:
        return None
    pattern = re.compile(adapter.return_value_pattern)
    lines = split_lines(text)
    found = []
    for index, line in enumerate(lines):
        match = pattern.match(line)
        if match is None:
            continue
        value = _continued(match.group("value"), lines[index + 1:], pattern)
        groups = match.groupdict()
        found.append((match.group("name"), value, groups.get("type")))
    return found


def _continued(first: str, rest: list[str], pattern: re.Pattern[str]) -> str:
    """A value printed over several lines (lldb: ``{\\n  x = 3\\n  y = 4\\n}``) on one line."""
    parts = [first.strip()]
    depth = first.count("{") - first.count("}")
    for line in rest:
        if depth <= 0 or pattern.match(line):
            break
        parts.append(line.strip())
        depth += line.count("{") - line.count("}")
    return " ".join(parts)


def _number(name: str) -> int:
    digits = name.lstrip("$")
    return int(digits) if is_number(digits) else 0
