"""Scopes an adapter lists from a snapshot taken at the stop, read again after a change.

js-debug answers ``variables`` of a frame's scope (``Local: main``) from the scope object V8
made at the stop: after ``setVariable`` — or an ``evaluate`` that assigns (``total = 7``) — the
same ``variablesReference`` keeps listing the old value while ``evaluate`` shows the new one.
On such an adapter (:attr:`~dapcli.adapters.base.AdapterSpec.scope_snapshot`), once a verb may
have changed a value in this stop, each variable of a scope that has an ``evaluateName`` is read
again with ``evaluate`` in the scope's frame, so every view shows the value the program has.
Children of objects are read live by js-debug and are left as listed.
"""

from __future__ import annotations

import contextlib

from dapcli.engine.session import Session
from dapcli.errors import DapcliError
from dapcli.protocol import types as t
from dapcli.verbs.shared.values.scopefallback import scope_frame

__all__ = ["fresh", "values_changed"]

#: Seconds each re-read may take (a getter that hangs must not hold the listing).
_READ_TIMEOUT = 5.0


def values_changed(session: Session) -> None:
    """Note that a value may have changed in this stop (``setVariable``, ``setExpression``, a
    user's ``evaluate``): children counts learned before are asked again, and an adapter that
    lists scopes from a snapshot has them read again."""
    session.handles.values_changed(session.generation)
    if getattr(session.adapter, "scope_snapshot", False):
        session.at_stop.changed = True


async def fresh(session: Session, reference: int, listed: list[t.Variable]) -> list[t.Variable]:
    """``listed`` (children of ``reference``), each scope variable read again (DAP ``evaluate``,
    context ``watch``) when a value may have changed in this stop on a snapshot adapter; else
    ``listed`` as it is. A variable that cannot be read again keeps its listed value. Never raises."""
    if not session.at_stop.changed:
        return listed
    frame = scope_frame(session, reference)
    if frame is None:
        return listed
    out = []
    for variable in listed:
        if variable.evaluateName:
            with contextlib.suppress(DapcliError):
                body = await session.request(
                    "evaluate", t.EvaluateArguments(expression=variable.evaluateName, frameId=frame, context="watch"),
                    t.EvaluateResponse, timeout=_READ_TIMEOUT,
                )
                variable = variable.model_copy(update={
                    "value": body.result, "type": body.type or variable.type,
                    "variablesReference": body.variablesReference,
                    "namedVariables": body.namedVariables, "indexedVariables": body.indexedVariables,
                })
        out.append(variable)
    return out
