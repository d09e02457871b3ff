"""Data breakpoints (watchpoints): stop when a variable is written or read
(DAP ``dataBreakpointInfo`` + ``setDataBreakpoints``; needs ``supportsDataBreakpoints``)."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from dapcli.engine.diagnosis import diagnosis
from dapcli.engine.scopes import locals_scope
from dapcli.engine.session import Session
from dapcli.errors import DapcliError, UsageError
from dapcli.protocol import types as t
from dapcli.verbs.breakpoints.args import HIT_CONDITION_HELP, check_hit_condition
from dapcli.verbs.breakpoints.databook import anchors, data_book, send_data_breakpoints
from dapcli.verbs.breakpoints.watchscope import anchor_of
from dapcli.verbs.context import VerbContext
from dapcli.verbs.models import DataBreakpointsResult, DataBreakpointView
from dapcli.verbs.registry import Param, verb
from dapcli.verbs.shared.bounds import not_blank
from dapcli.verbs.shared.frames import current_frame_id, current_thread_id, scopes


@verb(group="breakpoints", name="setDataBreakpoint", needs="stopped", capability="supportsDataBreakpoints",
      cli=("watchpoint", "add"), aliases=("watchpoint",))
async def set_data_breakpoint(
    ctx: VerbContext,
    name: Annotated[str, Param(help="variable (or expression) to watch", complete="variable", positional=True,
                               check=not_blank, example="total")],
    access_type: Annotated[Literal["write", "read", "readWrite"], Param(help="stop on write, read or both")] = "write",
    condition: Annotated[str | None, Param(help="stop only when this expression is true")] = None,
    hit_condition: Annotated[str | None, Param(help=HIT_CONDITION_HELP, check=check_hit_condition,
                                               example=">=3")] = None,
    frame_id: Annotated[int | None, Param(help="frame whose variable it is (default: selected)",
                                          complete="frame")] = None,
) -> DataBreakpointsResult:
    """Stop when a variable changes (or is read): a data breakpoint."""
    session = ctx.session()
    frame = await current_frame_id(session, frame_id)
    info, local = await watch_info(session, frame, name)
    if not info.dataId:
        raise UsageError(f"cannot watch {name}: {info.description or 'the adapter offers no data breakpoint'}")
    # the spec's DataBreakpointAccessType is a model around the string: compare the strings
    possible = [str(getattr(a, "root", a)) for a in info.accessTypes or []]
    if possible and access_type not in possible:
        raise UsageError(f"{name} cannot be watched for {access_type}", f"possible: {', '.join(possible)}")
    book = data_book(session)
    new_id = max(book, default=0) + 1
    book[new_id] = DataBreakpointView(id=new_id, name=name, data_id=info.dataId, description=info.description,
                                      access_type=access_type, condition=condition, hit_condition=hit_condition)
    try:
        await send_data_breakpoints(session)
    except DapcliError:
        del book[new_id]
        raise
    anchor = await anchor_of(session, current_thread_id(session, None), frame) if local else None
    if anchor is not None:
        anchors(session)[new_id] = anchor
    return DataBreakpointsResult(data_breakpoints=list(book.values()))


async def watch_info(session: Session, frame: int, name: str) -> tuple[t.DataBreakpointInfoResponse, bool]:
    """The adapter's ``dataBreakpointInfo`` for ``name``: asked of the frame's locals, then of
    its other scopes (a global or static: lldb-dap's Globals, CodeLLDB's Static and Global),
    then as an expression (no ``variablesReference``, put as the adapter's ``data_expression``
    so that it watches the expression's own storage, not what its value points to); the first
    answer with a ``dataId``, else the expression's answer (its diagnosis on one line: lldb-dap
    says why ``a + b`` has no storage) or the first answer; and whether it is the frame's local.
    Raises what the last request raises when none answered."""
    found = await scopes(session, frame)
    first = locals_scope(found)
    others = [s for s in found if s is not first and "regist" not in s.name.lower()]
    first_answer = None
    for reference in [first.variablesReference, *(s.variablesReference for s in others), None]:
        try:
            asked = name if reference is not None else _as_storage(session, name)
            info = await session.request("dataBreakpointInfo", t.DataBreakpointInfoArguments(
                variablesReference=reference, name=asked, frameId=frame), t.DataBreakpointInfoResponse)
        except DapcliError:
            if reference is None and first_answer is None:
                raise
            continue
        if info.dataId:
            return info, reference == first.variablesReference or (
                reference is None and await _of_a_local(session, first.variablesReference, name))
        if reference is None and info.description:
            return info.model_copy(update={"description": diagnosis(info.description)}), False
        first_answer = first_answer or info
    assert first_answer is not None
    return first_answer, False


#: The name an expression starts from (``c`` of ``c.x``, ``p`` of ``p->name``, ``a`` of ``(*a)[2]``).
_ROOT = re.compile(r"[\s(*]*([A-Za-z_]\w*)")


async def _of_a_local(session: Session, locals_reference: int, expression: str) -> bool:
    """True when ``expression`` starts from a local of the frame (DAP ``variables`` of its locals
    scope): as gdb, a watchpoint on ``c.x`` or ``p->name`` is valid only while that frame lives.
    An address the user wrote (``&x``, ``*(int *)0x…``) is not bound to a frame."""
    root = _ROOT.match(expression)
    if root is None or expression.lstrip().startswith("&") or not locals_reference:
        return False
    try:
        body = await session.request("variables", t.VariablesArguments(variablesReference=locals_reference),
                                     t.VariablesResponse)
    except DapcliError:
        return False
    return any(v.name == root.group(1) for v in body.variables)


def _as_storage(session: Session, expression: str) -> str:
    """``expression`` as the adapter's ``dataBreakpointInfo`` takes it to mean its storage (lldb-dap:
    ``&(p->name)``); an address the user wrote (``&x``) is left as it is: its pointee is meant."""
    text = expression.strip()
    return text if text.startswith("&") else session.adapter.data_expression.format(expression=text)


@verb(group="breakpoints", name="listDataBreakpoints", needs="session", read_only=True, cli=("watchpoint", "list"))
async def list_data_breakpoints(ctx: VerbContext) -> DataBreakpointsResult:
    """List data breakpoints (watchpoints)."""
    return DataBreakpointsResult(data_breakpoints=list(data_book(ctx.session()).values()))


@verb(group="breakpoints", name="removeDataBreakpoint", needs="alive", cli=("watchpoint", "delete"))
async def remove_data_breakpoint(
    ctx: VerbContext,
    ids: Annotated[list[int], Param(help="watchpoint ids (see watchpoint list)", positional=True)],
) -> DataBreakpointsResult:
    """Delete data breakpoints by id."""
    session = ctx.session()
    book = data_book(session)
    missing = [i for i in ids if i not in book]
    if missing or not ids:
        raise UsageError(f"no watchpoint {', '.join(map(str, missing))}" if missing else "name watchpoint ids",
                         f"watchpoints: {', '.join(map(str, book)) or 'none'}")
    for i in ids:
        del book[i]
        anchors(session).pop(i, None)
    await send_data_breakpoints(session)
    return DataBreakpointsResult(data_breakpoints=list(book.values()), removed=ids)
