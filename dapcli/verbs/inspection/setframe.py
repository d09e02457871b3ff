"""``set`` in a frame the adapter's ``setVariable`` does not reach.

Delve 1.20 evaluates every ``setVariable`` in the top frame of the goroutine that stopped,
whatever container it is given: after ``thread 1; frame 5`` a ``set arr[1] 80`` fails with
"could not find symbol value for arr", or silently changes another variable of the same name.
There, the variable's address is taken in the selected frame (DAP ``evaluate`` of
``&(name)``, which honours ``frameId``), and the value is written through a pointer to that
address (``setVariable`` on the pointer's one child, an expression valid in any frame).
"""

from __future__ import annotations

import re
from typing import Any

from dapcli.engine.session import Session
from dapcli.errors import RequestError, UsageError
from dapcli.protocol import types as t
from dapcli.verbs.inspection.errorhints import one_line_error
from dapcli.verbs.inspection.setcheck import read_back
from dapcli.verbs.models import SetVariableResult

__all__ = ["outside_top_frame", "set_through_address"]

_HEX = re.compile(r"0x[0-9a-fA-F]+")


async def outside_top_frame(session: Session, frame_id: int) -> bool:
    """True when ``frame_id`` is not the top frame of the thread that stopped (DAP ``stackTrace``)."""
    from dapcli.verbs.shared.frameindex import position
    from dapcli.verbs.shared.frames import frames

    stop = session.last_stop
    if stop is None or stop.thread_id is None:
        return False
    known = position(session, frame_id)  # Delve: a later stackTrace gives the top frame another id
    if known is not None:
        return known != (stop.thread_id, 0)
    top, _ = await frames(session, stop.thread_id, levels=1)
    return not top or top[0].id != frame_id


async def _evaluate(session: Session, expression: str, frame_id: int) -> Any:
    return await session.request(
        "evaluate", t.EvaluateArguments(expression=expression, frameId=frame_id, context="watch"), t.EvaluateResponse,
    )


async def set_through_address(session: Session, name: str, value: str, frame_id: int) -> SetVariableResult:
    """Set ``name`` (a variable or member path of frame ``frame_id``) to ``value`` through its
    address (DAP ``evaluate`` ×2, ``variables``, ``setVariable``).

    Raises:
        UsageError: ``name`` has no address in that frame (not a variable there).
        RequestError: the adapter refused the new value.
    """
    from dapcli.verbs.shared.values.variables import fetch_variables

    try:
        pointer = await _evaluate(session, f"&({name})", frame_id)
        address = await _evaluate(session, f"uint64(uintptr(&({name})))", frame_id)
    except RequestError as exc:
        raise UsageError(f"cannot set {name} in this frame: {one_line_error(exc).message}",
                         "`dapcli vars` lists the frame's variables") from None
    found = _HEX.search(address.result)
    if not pointer.type or found is None:
        raise UsageError(f"cannot set {name} in this frame: it has no address", "set a variable or a member of one")
    target = await _evaluate(session, f"({pointer.type})({found.group(0)})", frame_id)
    children = await fetch_variables(session, target.variablesReference) if target.variablesReference else []
    if len(children) != 1:
        raise UsageError(f"cannot set {name} in this frame", "select the frame where it stopped (`dapcli frame 0`)")
    try:
        body = await session.request("setVariable", t.SetVariableArguments(
            variablesReference=target.variablesReference, name=children[0].name, value=value))
    except RequestError as exc:
        raise one_line_error(exc) from None
    new_value = await read_back(session, target.variablesReference, children[0].name, frame_id, value,
                                body.get("value", body.get("result")))
    return SetVariableResult(name=name, value=str(new_value if new_value is not None else value),
                             type=body.get("type") or children[0].type, variables_reference=0)
