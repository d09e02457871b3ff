"""Inspection verbs of values: variables (a scope's or a value's children) and evaluate (an
expression in a frame). Both read-only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from dapcli.calls import call
from dapcli.engine.refs import may_change_values
from dapcli.engine.scopes import locals_scope
from dapcli.errors import RequestError, SessionError, UsageError
from dapcli.protocol import types as t
from dapcli.verbs.context import VerbContext
from dapcli.verbs.inspection.errorhints import one_line_error, with_evaluate_hint
from dapcli.verbs.inspection.statements import (
    RAN_AS_STATEMENT,
    runs_as_statement,
    statement_refused,
    with_syntax_hint,
)
from dapcli.verbs.models import (
    EvaluateResult,
    VariablesResult,
)
from dapcli.verbs.registry import Param, verb
from dapcli.verbs.shared.frames import (
    current_frame_id,
    user_frame_name,
)
from dapcli.verbs.shared.frames import scopes as fetch_scopes
from dapcli.verbs.shared.params import FrameId, MaxLength
from dapcli.verbs.shared.stop.consolestop import moved_by
from dapcli.verbs.shared.values.evalerrors import check_evaluated
from dapcli.verbs.shared.values.fullvalue import adapter_cut, full_context, full_repr, whole_rows
from dapcli.verbs.shared.values.groups import group_members, hidden_groups
from dapcli.verbs.shared.values.moreitems import grouped_window
from dapcli.verbs.shared.values.paging import fetch_page, frame_of, remember
from dapcli.verbs.shared.values.preview import add_previews
from dapcli.verbs.shared.values.snapshot import values_changed
from dapcli.verbs.shared.values.variables import (
    MAX_VALUE,
    VALUE_TIMEOUT,
    expand,
    fetch_grouped,
    filter_names,
    variable_view,
)

if TYPE_CHECKING:
    from dapcli.engine.session import Session


def check_current(session: Session, reference: int) -> None:
    """Raise UsageError for a ``variablesReference`` not given out at this stop (adapters reuse
    the numbers: one of an earlier stop would show or change another value)."""
    session.handles.check_reference(session.generation, reference,
                                    snapshot=getattr(session.adapter, "snapshot_references", False))


@verb(group="inspection", needs="stopped", read_only=True, cli=("vars",), aliases=("variables", "info-locals"))
async def variables(
    ctx: VerbContext,
    name: Annotated[str | None, Param(help="show the variable of this name (exact match first, else as --filter)",
                                      complete="variable", positional=True)] = None,
    variables_reference: Annotated[int | None, Param(help="expand this reference (from a previous result)")] = None,
    scope: Annotated[str | None, Param(help="scope name, e.g. Globals (default: Locals)")] = None,
    frame_id: FrameId = None,
    filter: Annotated[str | None, Param(help="only names that contain this substring, or match this glob "
                                        "(*, ?, [...])", complete="variable")] = None,
    depth: Annotated[int, Param(help="expand children this many levels")] = 0,
    start: Annotated[int, Param(help="first index to show (of NAME's children)")] = 0,
    count: Annotated[int | None, Param(help="at most this many per level (default 100; 0: all)")] = None,
    max_length: MaxLength = MAX_VALUE,
    all: Annotated[bool, Param(help="also list debugpy's special/function/class variables, pytest's @py_…")]
    = False,
) -> VariablesResult:
    """Show variables of a scope or of a structured value (DAP ``variables``).

    ``name`` picks a variable by its exact name (pdb's ``p``, gdb's ``info locals NAME``); when
    none has that name it filters as ``filter`` does; nothing matching is an error.
    With ``start`` or ``count``, a ``name`` that picks one variable pages its children instead
    (DAP ``variables`` with ``start``/``count`` where the adapter pages, else cut by dapcli:
    ``pagedBy`` says which); one without children is an error. debugpy's groups (``special
    variables``, ``function variables``, …) are left out and named (``hiddenGroups``) unless
    ``all`` is set; a name or filter finds their members. pytest's assertion-rewriting
    temporaries (``@py_…``) are left out unless ``all`` is set or a name or filter asks for them."""
    if name is not None and filter is not None:
        raise UsageError("give a NAME or --filter, not both", "`dapcli vars NAME` picks one variable; "
                         "`dapcli vars --filter TEXT` lists every name that contains TEXT")
    session = ctx.session()
    frame = None
    per_level = DEFAULT_COUNT if count is None else (count or EVERY)  # DAP: a count of 0 is all
    if variables_reference is None:
        frame = await current_frame_id(session, frame_id)
        chosen = locals_scope(await fetch_scopes(session, frame), scope)
        reference, scope = chosen.variablesReference, chosen.name
    else:
        reference = variables_reference
        check_current(session, reference)
    parent = None
    if name is not None and (start or count is not None):  # `vars d --start 10 --count 3`: d's children
        picked = await _parent(session, reference, name, scope, all)
        if picked is not None:
            reference, parent, scope, name = picked.variablesReference, picked.name, None, None
            depth = max(0, depth - 1)  # the page is NAME's first level
    asked = name if name is not None else filter
    hide = not all and not (asked or "").startswith(TEMPORARY)
    paged = None if asked else await fetch_page(session, reference, start, per_level)
    unfiltered = groups = None
    if paged is not None:  # the adapter sent just this page
        kept = [v for v in paged[0] if not (hide and _temporary(v))]
        hidden = len(paged[0]) - len(kept)
        page, total = [variable_view(v, max_length, session.adapter.name) for v in kept], paged[1] - hidden
    else:
        every, grouped = await _listing(session, reference, with_groups=all or asked is not None,
                                        named=scope is not None)  # a scope's: fact, Node; a value's: its methods
        listed = [v for v in every if not (hide and _temporary(v))]
        hidden = len(every) - len(listed)
        groups = None if all or asked is not None else hidden_groups(grouped)
        found = _by_name(listed, name, scope) if name is not None else filter_names(listed, filter)
        unfiltered = len(listed)
        window = None if asked else await grouped_window(session, found, start, per_level, VALUE_TIMEOUT)  # debugpy
        if window is not None:
            page, total = [variable_view(v, max_length, session.adapter.name) for v in window[0]], window[1]
        else:
            shown = found[start: start + max(0, per_level)]
            page, total = [variable_view(v, max_length, session.adapter.name) for v in shown], len(found)
    await expand(session, page, depth, count=per_level, max_value=max_length,
                 frame_id=frame if frame is not None else session.selected_frame_id)
    # C structs/arrays: {name = "pen", cents = 525}
    await add_previews(session, page, max_length, frame_id=frame if frame is not None else frame_of(session, reference))
    if max_length == 0:  # debugpy cut a list at 60 items: asked for whole
        await whole_rows(session, page, frame if frame is not None else await current_frame_id(session, None))
    if start and start >= total and not page:
        first = call("variables", name=parent) if parent else \
            call("variables", variablesReference=reference) if variables_reference is not None else \
            call("variables", scope=scope) if scope and frame is not None else call("variables")
        _past_the_end(start, total, parent or scope or "the value", first)
    left = total - start - len(page)
    return VariablesResult(
        variables_reference=reference, scope=scope, parent=parent, frame_id=frame, start=start, total=total,
        variables=page, truncated=left if left > 0 else None, frame_name=user_frame_name(session, frame),
        hidden=(hidden or None) if asked is None else None,
        filter=filter if name is None else None, unfiltered=unfiltered if filter is not None and name is None else None,
        hidden_groups=groups,
        paged_by=("adapter" if paged is not None else "dapcli") if start or count is not None else None,
    )


#: How many variables a level shows when ``count`` is not given.
DEFAULT_COUNT = 100
#: ``count`` 0: every variable (DAP ``VariablesArguments.count``: "missing or 0: all").
EVERY = 2**31 - 1


def _past_the_end(start: int, total: int, what: str, first: str) -> None:
    """Raise UsageError: ``start`` is past the last of ``total`` variables of ``what`` (a page
    there would read "(none)", which is not true of it); ``first`` is the call for its first page."""
    has = "1 variable (start 0)" if total == 1 else f"{total:,} variables (start 0–{total - 1:,})" if total \
        else "no variables"
    raise UsageError(f"start {start:,} is past the end: {what} lists {has}", f"{first} shows the first page")


async def _listing(session: Session, reference: int, *, with_groups: bool,
                   named: bool = True) -> tuple[list[t.Variable], list[tuple[str, list[t.Variable]]]]:
    """``(variables, groups)`` of ``reference``: its children (with the members of debugpy's
    groups after them when ``with_groups``), and each group's name and members (read only when
    ``with_groups`` or ``named``; else each group with no members)."""
    every, groups = await fetch_grouped(session, reference, VALUE_TIMEOUT)
    if not (with_groups or named):
        return every, [(group.name, []) for group in groups]
    members = await group_members(session, groups, VALUE_TIMEOUT) if groups else []
    if with_groups:
        every = every + [v for _, listed in members for v in listed]
    return every, members


async def _parent(session: Session, reference: int, name: str, scope: str | None, all: bool) -> t.Variable | None:
    """The one variable ``name`` picks among the children of ``reference``, whose children a
    page is asked of; None when ``name`` matches several as a filter (the page is of those).
    Raises UsageError when none matches, or when the one it picks has no children."""
    every, _ = await _listing(session, reference, with_groups=True)
    listed = [v for v in every if all or name.startswith(TEMPORARY) or not _temporary(v)]
    found = _by_name(listed, name, scope)
    if len(found) != 1:
        return None
    picked = found[0]
    if picked.variablesReference <= 0:
        value = picked.value if len(picked.value) <= 60 else picked.value[:60] + "…"
        raise UsageError(f"{picked.name} has no children to page (it is {value})",
                         "--start/--count page the children of a list, dict, object, struct or array; "
                         "without a NAME they page the scope")
    return picked


#: How pytest's assertion rewriting names its temporaries (``@py_assert1``, ``@py_format3``).
TEMPORARY = "@py_"


def _temporary(variable: t.Variable) -> bool:
    return variable.name.startswith(TEMPORARY)


def _by_name(listed: list[t.Variable], name: str, scope: str | None) -> list[t.Variable]:
    """The variables called exactly ``name``; else those ``name`` matches as a filter. Raises
    UsageError, naming a few of the names there are, when none does."""
    exact = [v for v in listed if v.name == name]
    found = exact or filter_names(listed, name)
    if not found:
        names = [v.name for v in listed]
        some = ", ".join(names[:12]) + (f", … (+{len(names) - 12})" if len(names) > 12 else "")
        raise UsageError(f"no variable {name!r} in {scope or 'this value'}" + (f"; there are: {some}" if names else
                                                                             " (it is empty)"),
                         "`dapcli vars` lists them all; `dapcli eval EXPRESSION` reads any expression")
    return found


@verb(group="inspection", needs="stopped", read_only=True, cli=("eval",), aliases=("p", "print", "evaluate"))
async def evaluate(
    ctx: VerbContext,
    expression: Annotated[str, Param(help="expression in the program's language", complete="expression",
                                     positional=True)],
    frame_id: FrameId = None,
    context: Annotated[Literal["watch", "repl", "hover", "clipboard"],
                       Param(help="DAP evaluate context; repl runs debugger commands on some adapters")] = "watch",
    depth: Annotated[int, Param(help="expand the result's children this many levels")] = 0,
    max_length: MaxLength = MAX_VALUE,
    timeout: Annotated[float, Param(help="seconds to wait for the value")] = 30.0,
    statement: Annotated[bool, Param(help="run a statement (x = 5, import os): it may change the program; "
                                          "REPL: !STATEMENT")] = False,
) -> EvaluateResult:
    """Evaluate an expression in a frame (DAP ``evaluate``).

    An expression only: a statement (``x = 5``, ``import os``) is refused, with the spelling that
    runs it; ``statement`` runs one (debugpy: context ``repl``, as at pdb's prompt) and says so.
    On adapters whose language has assignment expressions (C, Go, JavaScript) the text is sent
    as it is either way."""
    if not expression.strip():
        raise UsageError("the expression is empty", "give one, e.g. `dapcli eval x` or `dapcli eval 'len(items)'`")
    session = ctx.session()
    frame = await current_frame_id(session, frame_id)
    asked = full_context(session, context, max_length)  # in full: clipboard, the adapter's longest text
    note = None
    # `total = 7`, `v.push_back(9)` (even when the adapter answers with an error; Delve: only `call f()`)
    if statement or may_change_values(expression, getattr(session.adapter, "evaluate_changes", None)):
        values_changed(session)
    try:
        if statement and session.adapter.repl_runs_statements:
            body, stop, note = await _run_statement(session, expression, frame, timeout), None, RAN_AS_STATEMENT
        else:
            request = session.request("evaluate", t.EvaluateArguments(expression=expression, frameId=frame,
                                                                      context=asked),
                                      t.EvaluateResponse, timeout=timeout)
            body, stop = (await moved_by(session, request, timeout,
                                         resumes=session.adapter.console_resumes(expression))
                          if context == "repl" else (await request, None))
    except RequestError as exc:
        if runs_as_statement(session, expression, context, exc):
            raise statement_refused(expression) from None
        if "No more messages" in exc.message or session.ended:  # debugpy's words when the program is gone
            await session.wait_until(lambda: session.ended, ENDED_WAIT)
            if session.ended:
                raise ended_during(session, expression) from None
        raise with_evaluate_hint(with_syntax_hint(session, one_line_error(exc))) from None
    await check_evaluated(session, expression, frame, body.result, body.type)
    whole, too_big = await full_repr(session, expression, frame, body.result, reference=body.variablesReference,
                                     timeout=timeout) if max_length == 0 else (body.result, None)
    variable = t.Variable(name=expression, value=whole, type=body.type,
                          variablesReference=body.variablesReference, namedVariables=body.namedVariables,
                          indexedVariables=body.indexedVariables, memoryReference=body.memoryReference)
    remember(session, [variable], frame_id=frame)
    view = variable_view(variable, max_length, session.adapter.name)
    view.evaluate_name = expression  # what the identity of the value is read from (its address)
    await expand(session, [view], depth, count=100, max_value=max_length, frame_id=frame)
    await add_previews(session, [view], max_length, frame_id=frame)  # C: {10, 20, 30, 40, 50}
    cut_by_adapter = (view.value_cut_by_adapter if view.adapter_value else None) or too_big \
        or adapter_cut(session, whole, asked, body.variablesReference, expression=expression,
                       in_full=max_length == 0)  # a preview's own cut, or the adapter's
    return EvaluateResult(
        expression=expression, result=view.value, type=body.type, variables_reference=body.variablesReference,
        frame_id=frame, children=view.children, truncated=view.truncated,
        value_truncated=None if cut_by_adapter else view.value_truncated,  # of a cut text: not what is missing
        value_cut_by_adapter=cut_by_adapter,
        adapter_value=view.adapter_value,
        stop=stop,
        frame_name=user_frame_name(session, frame) if stop is None else None, note=note,
    )


#: How long an evaluation that lost the program waits for its end to be told (s).
ENDED_WAIT = 5.0


def ended_during(session: Session, expression: str) -> SessionError:
    """The program ended while ``expression`` ran (``os._exit(3)``): said as that, not as the
    adapter's "No more messages"."""
    shown = " ".join(expression.split())
    shown = shown if len(shown) <= 60 else shown[:60] + "…"
    code = f" with exit code {session.exit_code}" if session.exit_code is not None else ""
    return SessionError(f"the program ended{code} while `{shown}` was evaluated",
                        "start it again with `dapcli restart` (or `dapcli launch`)")


async def _run_statement(session: Session, expression: str, frame: int, timeout: float) -> Any:
    """Run the statement ``expression`` in ``frame`` (DAP ``evaluate``, context ``repl``)."""
    try:
        return await session.request("evaluate", t.EvaluateArguments(expression=expression, frameId=frame,
                                                                      context="repl"), t.EvaluateResponse,
                                     timeout=timeout)
    except RequestError as exc:
        raise one_line_error(exc) from None


