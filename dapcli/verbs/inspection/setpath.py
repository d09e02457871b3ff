"""``set point.x 5``, ``set arr[1] 7``, ``set d['k'] 2``: a member path is resolved to the
container that holds its last part, because DAP ``setVariable`` takes a container
(``variablesReference``) and a child's ``name``, never an expression.

Each part is matched against the children the adapter lists: first by ``evaluateName`` (the
expression the adapter itself gives for the child: ``p.X``, ``big[99]``, ``d['k']``), then by
name as each adapter spells it (``x``; ``[1]`` in lldb and Delve, ``1`` or ``001`` in
debugpy; ``'k'`` for a debugpy dict key). A pointer that lists its target as one child
(Delve's unnamed ``(*(p))``, lldb's ``*p``) is stepped through.
"""

from __future__ import annotations

import re
import shlex

from dapcli.engine.session import Session
from dapcli.errors import RequestError, UsageError
from dapcli.files import is_number
from dapcli.protocol import types as t
from dapcli.verbs.inspection.errorhints import one_line_error
from dapcli.verbs.models import SetVariableResult

__all__ = ["resolve_member", "set_expression"]

_PART = re.compile(r"\s*(?:(?:\.|->)\s*([A-Za-z_$][\w$]*)|\[\s*([^\]]*?)\s*\])")
_HEAD = re.compile(r"\s*([A-Za-z_$][\w$]*)")


def split_path(expression: str) -> list[tuple[str, str]] | None:
    """``a.b[0]->c`` → ``[("a", "a"), ("b", "a.b"), ("[0]", "a.b[0]"), ("c", "a.b[0]->c")]``
    (each part and the expression up to it); None when it is not a plain member path."""
    head = _HEAD.match(expression)
    if head is None:
        return None
    parts = [(head.group(1), head.group(1))]
    position = head.end()
    while position < len(expression.rstrip()):
        found = _PART.match(expression, position)
        if found is None:
            return None
        position = found.end()
        part = found.group(1) if found.group(1) is not None else f"[{found.group(2)}]"
        parts.append((part, expression[:position].strip()))
    return parts


def _names(part: str) -> set[str]:
    """The names an adapter may give the child ``part`` (see the module docstring)."""
    if not part.startswith("["):
        return {part}
    inner = part[1:-1].strip()
    names = {part, inner}
    if len(inner) >= 2 and inner[0] == inner[-1] and inner[0] in "'\"":
        bare = inner[1:-1]
        names |= {bare, f"'{bare}'", f'"{bare}"'}
    return names


def _same_index(name: str, part: str) -> bool:
    inner = part[1:-1].strip()
    return part.startswith("[") and is_number(inner) and is_number(name.strip("[]")) \
        and int(name.strip("[]")) == int(inner)


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text).replace('"', "'")


def _match(children: list[t.Variable], part: str, upto: str) -> t.Variable | None:
    wanted = _squash(upto)
    for child in children:
        if child.evaluateName and _squash(child.evaluateName) == wanted:
            return child
    names = _names(part)
    return next((c for c in children if c.name in names or _same_index(c.name, part)), None)


async def _child(session: Session, reference: int, part: str, upto: str) -> tuple[t.Variable | None, int]:
    """The child ``part`` of ``reference`` and the container it is in (through a pointer's
    single ``*p`` child when the part is not found directly)."""
    from dapcli.verbs.shared.values.variables import fetch_variables

    children = await fetch_variables(session, reference)
    found = _match(children, part, upto)
    if found is None and len(children) == 1 and children[0].name[:1] in ("", "*") \
            and children[0].variablesReference > 0:
        reference = children[0].variablesReference
        children = await fetch_variables(session, reference)
        found = _match(children, part, upto)
    if found is None and not part.startswith("["):
        return await _in_anonymous(session, children, part, upto, 3)
    return found, reference


def _anonymous(child: t.Variable) -> bool:
    """A C/C++ anonymous struct or union member: lldb and CodeLLDB name it ``""``, gdb (cdt)
    ``<anonymous struct>``; its members are the parent's (``s.y`` for ``struct {int y;}``)."""
    return child.variablesReference > 0 and (child.name == "" or child.name.startswith(("<anonymous", "(anonymous")))


async def _in_anonymous(session: Session, children: list[t.Variable], part: str, upto: str,
                        depth: int) -> tuple[t.Variable | None, int]:
    """``part`` among the members of the anonymous members of ``children`` (nested up to
    ``depth``), with the container that holds it; ``(None, 0)`` when it is not there."""
    from dapcli.verbs.shared.values.variables import fetch_variables

    for child in (c for c in children if _anonymous(c)):
        try:
            inner = await fetch_variables(session, child.variablesReference)
        except RequestError as exc:  # cdt: "Variable object not found"
            said = exc.message.strip().splitlines()[0] if exc.message.strip() else "refused"
            raise UsageError(f"cannot reach {upto}: the adapter cannot list the members of "
                             f"{child.name or 'an anonymous member'} (it said {said!r})",
                             f"assign it as an expression: dapcli eval {shlex.quote(f'{upto} = VALUE')}") from None
        found = _match(inner, part, upto)
        if found is not None:
            return found, child.variablesReference
        if depth > 1:
            found, holder = await _in_anonymous(session, inner, part, upto, depth - 1)
            if found is not None:
                return found, holder
    return None, 0


async def resolve_member(session: Session, reference: int, name: str, container: str) -> tuple[int, str, str]:
    """``(variablesReference of the container, child name, container label)`` for ``name``: as
    given when it is a plain name, else the container of its last part (DAP ``variables``).

    Raises:
        UsageError: a part of the path is not there, or holds no children.
    """
    parts = split_path(name)
    if parts is None or len(parts) < 2:
        return reference, name, container
    for index, (part, upto) in enumerate(parts):
        found, holder = await _child(session, reference, part, upto)
        if found is None:
            if index == 0:  # not a path after all (a name with dots, say): checked as a plain name
                return reference, name, container
            raise UsageError(f"{upto} is not there: {parts[index - 1][1]} has no member {part}",
                             f"`dapcli eval {parts[index - 1][1]} --depth 1` lists its members")
        if index == len(parts) - 1:
            return holder, found.name, parts[index - 1][1]
        if found.variablesReference <= 0:
            raise UsageError(f"{upto} has no members to set (its value is {found.value})",
                             "set the variable itself")
        reference = found.variablesReference
    return reference, name, container


async def set_expression(session: Session, expression: str, value: str, frame_id: int | None) -> SetVariableResult:
    """Assign ``value`` to the l-value ``expression`` in ``frame_id`` (DAP ``setExpression``), for
    a member the adapter does not list (debugpy lists 100 items of a long list).

    Raises:
        RequestError: the adapter refused (its message, first line kept by the caller's rule).
    """
    from dapcli.verbs.shared.values.snapshot import values_changed

    try:
        body = await session.request(
            "setExpression", t.SetExpressionArguments(expression=expression, value=value, frameId=frame_id),
        )
    except RequestError as exc:
        raise one_line_error(exc) from None
    values_changed(session)
    return SetVariableResult(name=expression, value=str(body.get("value", value)), type=body.get("type"),
                             variables_reference=body.get("variablesReference") or 0)
