"""Checks around ``setVariable``: the variable must exist, and a value the adapter silently
kept is an error with the adapter's reason.

debugpy answers ``setVariable`` with success whatever happens: a name that does not exist
becomes a new local, and a value expression that fails (``1/0``) leaves the old value, the
reason going only to its own log. dapcli reports both as errors.
"""

from __future__ import annotations

import shlex

from dapcli.calls import call
from dapcli.engine.session import Session
from dapcli.errors import DapcliError, RequestError, UsageError
from dapcli.protocol import types as t

__all__ = ["check_shadowed", "current_value", "explain_unchanged", "read_back"]


async def current_value(session: Session, reference: int, name: str, container: str,
                        value: str | None = None) -> str | None:
    """The value of ``name`` in the container ``reference`` (DAP ``variables``), or None when
    the adapter cannot list it.

    Raises:
        UsageError: the container has no variable called ``name``, or it is read-only.
    """
    from dapcli.verbs.shared.values.variables import fetch_variables

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
                     "`dapcli vars` lists them"
                     + (f"; to create it: {call('evaluate', expression=f'{name} = {value}', statement=True)}"
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


async def read_back(session: Session, reference: int, member: str, frame_id: int | None, sent: str,
                    answered: object) -> object:
    """The value ``member`` of the container ``reference`` holds after a ``setVariable`` that
    sent ``sent``, when the adapter's answer ``answered`` is only ``sent`` echoed (Delve 1.20
    answers ``set n 3+4`` with ``3+4``, not ``7``); else ``answered``. Read with DAP ``evaluate``
    of the member's ``evaluateName`` in ``frame_id`` (Delve lists a container from the values it
    loaded at the stop, so ``variables`` would show the old value). Never raises."""
    from dapcli.verbs.shared.frames import current_frame_id
    from dapcli.verbs.shared.values.variables import fetch_variables

    if answered is not None and str(answered).strip() != sent.strip():
        return answered
    try:
        listed = await fetch_variables(session, reference)
        expression = next((v.evaluateName for v in listed if v.name == member and v.evaluateName), None)
        if expression is None:
            return answered
        frame = frame_id if frame_id is not None else await current_frame_id(session, None)
        body = await session.request("evaluate", t.EvaluateArguments(expression=expression, frameId=frame,
                                                                      context="watch"), t.EvaluateResponse)
    except DapcliError:
        return answered
    return body.result


def check_shadowed(session: Session, name: str) -> None:
    """Raise UsageError for ``set (x) …`` on Delve: ``(x)`` is its name for an ``x`` that an inner
    ``x`` shadows, and Delve's ``setVariable`` evaluates the name, so it would change the inner
    ``x`` and answer success."""
    if getattr(session.adapter, "name", "") != "go":
        return
    inner = name.strip()
    if len(inner) > 2 and inner[0] == "(" and inner[-1] == ")" and inner[1:-1].strip().isidentifier():
        raise UsageError(f"Delve cannot set {inner}, the {inner[1:-1].strip()} that an inner one shadows: it would "
                         f"set the inner {inner[1:-1].strip()}",
                         f"step past the inner block (`dapcli next`) and set {inner[1:-1].strip()} there")
