"""Listing a scope one variable at a time when the adapter fails the whole ``variables`` request.

cdt-gdb-adapter answers a frame's ``variables`` with an error as soon as gdb cannot create a
variable object for one local (``No symbol "__PRETTY_FUNCTION__" in current context.`` at a
failed ``assert``). The names are then read from the debugger's console (``info args``,
``info locals``) and each is evaluated on its own; one that fails shows its error as its value.
"""

from __future__ import annotations

import re
import weakref

from dapcli.engine.session import Session
from dapcli.errors import DapcliError, RequestError
from dapcli.protocol import types as t

__all__ = ["remember_scopes", "scope_by_names", "scope_frame"]

#: Per session: a scope's variablesReference -> the frameId it belongs to (from ``scopes`` answers).
_FRAMES: weakref.WeakKeyDictionary[Session, dict[int, int]] = weakref.WeakKeyDictionary()
_NAME = re.compile(r"^([A-Za-z_$][\w$]*) = ", re.MULTILINE)


def remember_scopes(session: Session, frame_id: int, found: list[t.Scope]) -> None:
    """Note which frame each scope of ``found`` belongs to (the last 200 kept)."""
    known = _FRAMES.setdefault(session, {})
    known.update({s.variablesReference: frame_id for s in found if s.variablesReference > 0})
    for old in list(known)[:-200]:
        del known[old]


def scope_frame(session: Session, reference: int) -> int | None:
    """The frameId whose ``scopes`` answer gave ``reference``; None when it is not a known scope."""
    return _FRAMES.get(session, {}).get(reference)


async def scope_by_names(session: Session, reference: int, timeout: float) -> list[t.Variable] | None:
    """The variables of scope ``reference`` listed name by name through the adapter's
    :attr:`~dapcli.adapters.base.AdapterSpec.locals_commands` (DAP ``evaluate``, context
    ``repl`` then ``watch``); a name that cannot be evaluated gets ``<error: MESSAGE>`` as its
    value. None when this adapter has no such commands or ``reference`` is not a known scope."""
    frame = _FRAMES.get(session, {}).get(reference)
    commands = session.adapter.locals_commands
    if frame is None or not commands:
        return None
    names: list[str] = []
    for command in commands:
        mark = session.output.last_seq
        try:
            await session.request(
                "evaluate", t.EvaluateArguments(expression=session.adapter.console_prefix + command, frameId=frame,
                                                context="repl"), t.EvaluateResponse, timeout=timeout,
            )
        except RequestError:
            continue
        printed = "".join(c.output for c in session.output.since(mark))
        names += [n for n in _NAME.findall(printed) if n not in names]
    return [await _one(session, name, frame, timeout) for name in names]


async def _one(session: Session, name: str, frame: int, timeout: float) -> t.Variable:
    try:
        body = await session.request(
            "evaluate", t.EvaluateArguments(expression=name, frameId=frame, context="watch"), t.EvaluateResponse,
            timeout=timeout,
        )
    except DapcliError as exc:
        return t.Variable(name=name, value=f"<error: {exc.message}>", variablesReference=0)
    if body.result.startswith("Error: "):  # cdt's default answer when it could not evaluate
        return t.Variable(name=name, value=f"<error: {body.result.removeprefix('Error: ')}>", variablesReference=0)
    return t.Variable(name=name, value=body.result, type=body.type, evaluateName=name,
                      variablesReference=body.variablesReference)
