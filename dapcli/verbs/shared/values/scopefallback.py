"""Listing a frame's locals by name, where cdt-gdb-adapter's own listing fails or falls short.

- **A whole listing fails.** cdt-gdb-adapter answers a frame's ``variables`` with an error as soon
  as gdb cannot create a variable object for one local (``No symbol "__PRETTY_FUNCTION__" in
  current context.`` at a failed ``assert``). The names are then read from the debugger's console
  (``info args``, ``info locals``) and each is evaluated on its own; one that fails shows its
  error as its value (:func:`scope_by_names`).
- **A listing misses a block's variables.** cdt lists a frame from the variable objects it made
  the first time, and asks gdb for the frame's variables again only when one of those left scope:
  ``i`` of a ``for`` loop entered after a stop at ``main``'s start is never listed. The names
  ``info locals`` prints that the listing lacks are evaluated and put first, innermost block
  first as gdb lists them (:func:`with_block_locals`).

The console text of these commands is dapcli's own: it is kept out of the session's output
(:attr:`~dapcli.engine.session.Session.console_capture`).
"""

from __future__ import annotations

import re

from dapcli.engine.session import Session
from dapcli.errors import DapcliError, RequestError
from dapcli.protocol import types as t

__all__ = ["scope_by_names", "scope_frame", "with_block_locals"]

_NAME = re.compile(r"^([A-Za-z_$][\w$]*) = ", re.MULTILINE)


def scope_frame(session: Session, reference: int) -> int | None:
    """The frameId whose ``scopes`` answer gave ``reference`` at this stop; None when it is not
    a scope of this stop (see :class:`~dapcli.engine.refs.StopHandles`)."""
    return session.at_stop.scope_frames.get(reference)


async def scope_by_names(session: Session, reference: int, timeout: float) -> list[t.Variable] | None:
    """The variables of scope ``reference`` listed name by name through the adapter's
    :attr:`~dapcli.adapters.base.AdapterSpec.locals_commands` (DAP ``evaluate``, context
    ``repl`` then ``watch``); a name that cannot be evaluated gets ``<error: MESSAGE>`` as its
    value. None when this adapter has no such commands or ``reference`` is not a known scope."""
    frame = scope_frame(session, reference)
    commands = session.adapter.locals_commands
    if frame is None or not commands:
        return None
    names: list[str] = []
    for command in commands:
        printed = await _console(session, command, frame, timeout)
        names += [n for n in _NAME.findall(printed or "") if n not in names]
    return [await _one(session, name, frame, timeout) for name in names]


async def with_block_locals(session: Session, reference: int, listed: list[t.Variable],
                            timeout: float) -> list[t.Variable]:
    """``listed`` (the adapter's listing of scope ``reference``) with the locals the debugger's
    :attr:`~dapcli.adapters.base.AdapterSpec.block_locals_command` names and the listing lacks
    put first, each evaluated by name (DAP ``evaluate``, context ``watch``). ``listed`` as it is
    when the adapter needs no such check, ``reference`` is not a frame's locals scope, or the
    command fails. Never raises but DapTimeoutError."""
    command = session.adapter.block_locals_command
    frame = scope_frame(session, reference)
    if not command or frame is None or reference not in session.at_stop.locals_scopes:
        return listed
    printed = await _console(session, command, frame, timeout)
    have = {v.name for v in listed}
    missing = list(dict.fromkeys(n for n in _NAME.findall(printed or "") if n not in have))
    return [*[await _one(session, name, frame, timeout) for name in missing], *listed]


async def _console(session: Session, command: str, frame: int, timeout: float) -> str | None:
    """What the debugger prints for console ``command`` in ``frame`` (kept out of the session's
    output); None when the adapter refuses it."""
    previous, session.console_capture = session.console_capture, []
    captured = session.console_capture
    try:
        await session.request(
            "evaluate", t.EvaluateArguments(expression=session.adapter.console_prefix + command, frameId=frame,
                                            context="repl"), t.EvaluateResponse, timeout=timeout,
        )
    except RequestError:
        return None
    finally:
        session.console_capture = previous
    return "".join(captured)


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
