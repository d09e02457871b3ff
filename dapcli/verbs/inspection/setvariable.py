"""The ``setVariable`` verb: change a variable's value (DAP ``setVariable``), with what each adapter
needs around it (a member path, a number, a frame below the top, an address, a read-back)."""

from __future__ import annotations

import re
from typing import Annotated

from dapcli.engine.scopes import locals_scope
from dapcli.errors import RequestError, UsageError
from dapcli.protocol import types as t
from dapcli.verbs.context import VerbContext
from dapcli.verbs.inspection.errorhints import one_line_error, with_set_hint
from dapcli.verbs.inspection.setcheck import check_shadowed, current_value, explain_unchanged, read_back
from dapcli.verbs.inspection.setframe import outside_top_frame, set_through_address
from dapcli.verbs.inspection.setnumber import (
    NOT_A_NUMBER,
    NOT_SET,
    refused_yet_changed,
    set_as_number,
    set_by_assignment,
    set_by_statement,
)
from dapcli.verbs.inspection.setpath import resolve_member, set_expression
from dapcli.verbs.inspection.values import check_current
from dapcli.verbs.models import (
    SetVariableResult,
)
from dapcli.verbs.registry import Param, verb
from dapcli.verbs.shared.frames import (
    current_frame_id,
)
from dapcli.verbs.shared.frames import scopes as fetch_scopes
from dapcli.verbs.shared.params import FrameId
from dapcli.verbs.shared.values.snapshot import values_changed

#: ``NAME = VALUE`` at its first plain ``=`` (not ``==``, ``<=``, ``+=``…).
_ASSIGNMENT = re.compile(r"\s*(\S(?:.*?\S)?)\s*(?<![-+*/%&|^<>=!])=(?!=)\s*(\S.*?)\s*$", re.DOTALL)


def gdb_spelling(name: str, value: str) -> tuple[str, str]:
    """``(name, value)`` as gdb's ``set`` spells them, read as the variable and its new value:
    ``set var n = 3`` and ``set variable n = 3`` (name ``var``, value ``n = 3``) → ``("n", "3")``;
    ``set n = 3`` (value ``= 3``) → ``("n", "3")``. Anything else is returned as it is.

    Raises:
        UsageError: gdb's spelling without its value (``set var n =``)."""
    if name in ("var", "variable") and (found := _ASSIGNMENT.match(value)) is not None:
        return found.group(1), found.group(2)
    if value.startswith("=") and not value.startswith("==") and value[1:].strip():
        return name, value[1:].strip()
    # `set var n =`, `set n =`: gdb's spelling without its value (never a variable named `var`)
    unfinished = re.fullmatch(r"\s*(\S+)\s*=\s*", value) if name in ("var", "variable") else None
    if unfinished is not None or re.fullmatch(r"\s*=\s*", value):
        target = unfinished.group(1) if unfinished is not None else name
        raise UsageError(f"set var {target} = has no value after the =", f"give one, e.g. set var {target} = 3")
    return name, value


@verb(group="inspection", name="setVariable", needs="stopped", destructive=True, capability="supportsSetVariable",
      cli=("set",), aliases=("set-var", "set-variable"))
async def set_variable(
    ctx: VerbContext,
    name: Annotated[str, Param(help="variable name or member path (point.x, values[2])", complete="variable",
                                     positional=True)],
    value: Annotated[str, Param(help="new value, as an expression", positional=True)],
    variables_reference: Annotated[int | None, Param(help="container holding it (default: the frame's locals)")] = None,
    frame_id: FrameId = None,
) -> SetVariableResult:
    """Change a variable's value (DAP ``setVariable``).

    gdb's spellings are taken too: ``set var NAME = VALUE``, ``set variable NAME = VALUE``,
    ``set NAME = VALUE``.
    """
    name, value = gdb_spelling(name, value)
    session = ctx.session()
    check_shadowed(session, name)
    if not session.supports("supportsSetVariable"):  # rdbg: an assignment in the frame
        if variables_reference is not None:
            raise UsageError(f"{session.adapter.name} sets a variable by an assignment in the frame, not in a "
                             "container", "give the variable as an expression: set 'ages[\"ann\"]' 42")
        result = await set_by_statement(session, name, value, await current_frame_id(session, frame_id))
        values_changed(session)
        return result
    reference = variables_reference
    frame = None
    container = f"variablesReference {reference}"
    if reference is not None:
        check_current(session, reference)
    if reference is None:
        frame = await current_frame_id(session, frame_id)
        scope = locals_scope(await fetch_scopes(session, frame))
        reference, container = scope.variablesReference, scope.name
        if session.adapter.sets_in_top_frame_only and (name.lstrip().startswith("*") or
                                                       await outside_top_frame(session, frame)):
            result = await set_through_address(session, name, value, frame)  # Delve 1.20
            values_changed(session)
            return result
    try:
        reference, member, container = await resolve_member(session, reference, name, container)
    except UsageError:
        if not session.supports("supportsSetExpression"):
            raise
        return await set_expression(session, name, value, frame if frame is not None else
                                    await current_frame_id(session, frame_id))  # debugpy: big[999] is not listed
    old = await current_value(session, reference, member, container, value)
    try:
        body = await session.request(
            "setVariable", t.SetVariableArguments(variablesReference=reference, name=member, value=value),
        )
    except RequestError as exc:
        body = await set_as_number(session, reference, member, name, value, frame) if NOT_A_NUMBER in exc.message \
            else None  # lldb: `set ch 'B'`
        if body is None and NOT_SET in exc.message:  # CodeLLDB: an array element
            body = await set_by_assignment(session, name, value, frame if frame is not None else
                                           await current_frame_id(session, frame_id))
        if body is None:
            refused = await refused_yet_changed(session, one_line_error(exc), reference, member, container, old)
            raise with_set_hint(refused, name) from None
    values_changed(session)
    # lldb-dap 19 answers with `result` instead of the spec's `value`: accept both
    new_value = await read_back(session, reference, member, frame, value, body.get("value", body.get("result")))
    if old is not None and new_value is not None and str(new_value) == old and value.strip() != old.strip():
        await explain_unchanged(session, frame, name, value, old)
    return SetVariableResult(name=name, value=str(new_value if new_value is not None else value),
                             type=body.get("type"), variables_reference=body.get("variablesReference") or 0)
