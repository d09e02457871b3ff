"""``set ch 'B'``, ``set col BLUE``, ``set flag false``, ``set u32 -1`` on lldb-dap and CodeLLDB.

lldb's ``setVariable`` reads the new value of an integer-like variable (char, bool, enum,
unsigned) as a bare number only, and refuses anything else: "'B'' is not a valid integer string
value". gdb takes the same text as an expression. dapcli then evaluates the value as the
variable's type (``(long long)(__typeof__(ch))('B')``, DAP ``evaluate``) and sends that number.
"""

from __future__ import annotations

import re
from typing import Any

from dapcli.engine.session import Session
from dapcli.errors import DapcliError, RequestError
from dapcli.protocol import types as t

TYPE_CHECKING = False
if TYPE_CHECKING:
    from dapcli.verbs.models import SetVariableResult

__all__ = ["NOT_A_NUMBER", "NOT_SET", "refused_yet_changed", "set_as_number", "set_by_assignment"]

#: lldb's refusal of a value that is not a bare number.
NOT_A_NUMBER = "is not a valid integer string value"
_INTEGER = re.compile(r"^-?\d+$")
#: CodeLLDB's refusal of ``setVariable`` on any array element (``emb[0]``, ``grid[1][2]``).
NOT_SET = "Could not set variable value"


async def set_as_number(session: Session, reference: int, member: str, name: str, value: str,
                        frame_id: int | None) -> Any:
    """The ``setVariable`` body after sending ``value`` as the number it is for ``name``'s type
    (signed, then unsigned), or None when the value is no such number or the adapter refuses
    each. Raises nothing of its own."""
    tried: set[str] = set()
    for cast in ("long long", "unsigned long long"):
        number = await _evaluated(session, f"({cast})(__typeof__({name}))({value})", frame_id)
        if number is None or number in tried:
            continue
        tried.add(number)
        try:
            return await session.request(
                "setVariable", t.SetVariableArguments(variablesReference=reference, name=member, value=number))
        except RequestError as exc:
            if NOT_A_NUMBER not in exc.message:
                raise
    return None


async def _evaluated(session: Session, expression: str, frame_id: int | None) -> str | None:
    try:
        body = await session.request("evaluate", t.EvaluateArguments(expression=expression, frameId=frame_id,
                                                                      context="watch"), t.EvaluateResponse)
    except DapcliError:
        return None
    return body.result if _INTEGER.match(body.result.strip()) else None


async def refused_yet_changed(session: Session, error: RequestError, reference: int, member: str, container: str,
                              old: str | None) -> RequestError:
    """``error`` (the adapter refused ``setVariable``), saying so when the variable changed all the
    same (lldb 19 writes a ``long double`` and answers "unable to write value to memory"): read
    again (DAP ``variables``)."""
    from dapcli.verbs.inspection.setcheck import current_value

    if old is None:
        return error
    try:
        now = await current_value(session, reference, member, container)
    except DapcliError:
        return error
    if now is None or now == old:
        return error
    return RequestError(f"{error.message} (the adapter said so, yet {member} now reads {now}; it was {old})",
                        "check it with `dapcli eval`", error.command)


async def set_by_assignment(session: Session, name: str, value: str, frame_id: int | None) -> dict[str, Any] | None:
    """``{"value", "type"}`` after assigning ``value`` to the member path ``name`` as a C
    expression (``emb[0] = ('z')``, DAP ``evaluate``, context ``watch``), for CodeLLDB, which
    refuses ``setVariable`` on array elements; None when the adapter refuses that too."""
    from dapcli.verbs.inspection.setpath import split_path

    parts = split_path(name)
    if parts is None or len(parts) < 2:
        return None
    try:
        body = await session.request("evaluate", t.EvaluateArguments(expression=f"{name} = ({value})",
                                                                      frameId=frame_id, context="watch"),
                                     t.EvaluateResponse)
    except DapcliError:
        return None
    return {"value": body.result, "type": body.type}


async def set_by_statement(session: Session, name: str, value: str, frame_id: int | None) -> SetVariableResult:
    """``set`` on an adapter without ``setVariable`` whose ``evaluate`` runs statements (rdbg):
    ``NAME = (VALUE)`` evaluated in the frame (DAP ``evaluate``, context ``repl``), then ``NAME``
    read back; the result lists ``setVariable`` as emulated.

    Raises:
        RequestError: the assignment failed (the language's error).
    """
    from dapcli.verbs.models import SetVariableResult
    from dapcli.verbs.shared.values.evalerrors import check_evaluated

    assignment = f"{name} = ({value})"
    body = await session.request("evaluate", t.EvaluateArguments(expression=assignment, frameId=frame_id,
                                                                  context="repl"), t.EvaluateResponse)
    await check_evaluated(session, assignment, frame_id, body.result, body.type)
    shown = await session.request("evaluate", t.EvaluateArguments(expression=name, frameId=frame_id, context="watch"),
                                  t.EvaluateResponse)
    return SetVariableResult(name=name, value=str(shown.result), type=shown.type,
                             variables_reference=shown.variablesReference or 0, emulated=["setVariable"])
