"""Checks around ``setVariable``: the variable must exist, and a value the adapter silently
kept is an error with the adapter's reason.

debugpy answers ``setVariable`` with success whatever happens: a name that does not exist
becomes a new local, and a value expression that fails (``1/0``) leaves the old value, the
reason going only to its own log. dapcli reports both as errors.
"""

from __future__ import annotations

import shlex

from dapcli.engine.session import Session
from dapcli.errors import DapcliError, RequestError, UsageError
from dapcli.protocol import types as t

__all__ = ["current_value", "explain_unchanged"]


async def current_value(session: Session, reference: int, name: str, container: str,
                        value: str | None = None) -> str | None:
    """The value of ``name`` in the container ``reference`` (DAP ``variables``), or None when
    the adapter cannot list it.

    Raises:
        UsageError: the container has no variable called ``name``, or it is read-only.
    """
    from dapcli.verbs.views import fetch_variables

    try:
        found = await fetch_variables(session, reference)
    except DapcliError:
        return None
    for variable in found:
        if variable.name == name:
            hint = variable.presentationHint
            if hint and "readOnly" in (hint.attributes or []) and session.adapter.honours_read_only:
                raise UsageError(f"{name} is read-only (the adapter marks it readOnly)",
                                 "a function's return value or a constant cannot be set")
            return variable.value
    names = ", ".join(v.name for v in found[:12]) + (", …" if len(found) > 12 else "")
    raise UsageError(f"no variable {name!r} in {container}" + (f" (it has: {names})" if names else ""),
                     "`dapcli vars` lists them" + (f"; to create it: dapcli eval {shlex.quote(f'{name} = {value}')}"
                                                   if session.adapter.repl_runs_statements and value else ""))


async def explain_unchanged(session: Session, frame_id: int | None, name: str, value: str, old: str) -> None:
    """After a ``setVariable`` that left ``name`` at ``old`` although ``value`` was asked:
    evaluate ``value`` (DAP ``evaluate``, context ``watch``) to learn why.

    Raises:
        RequestError: the value expression fails (the adapter's reason), or the adapter kept
            the old value for a reason it did not give.
    """
    try:
        body = await session.request(
            "evaluate", t.EvaluateArguments(expression=value, frameId=frame_id, context="watch"), t.EvaluateResponse,
        )
    except RequestError as exc:
        lines = [line.strip() for line in exc.message.splitlines() if line.strip()]
        reason = lines[-1] if lines else exc.message
        raise RequestError(f"cannot set {name} to {value}: {reason}", f"{name} is still {old}",
                           "setVariable") from None
    if body.result != old:
        hint = (f"try: dapcli eval {shlex.quote(f'{name} = {value}')}" if session.adapter.repl_runs_statements
                else "try `dapcli eval` with an assignment in the program's language")
        raise RequestError(f"the adapter did not change {name} (still {old}; {value} is {body.result})", hint,
                           "setVariable")
