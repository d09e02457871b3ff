"""Inspection verbs: threads, stackTrace, scopes, variables, evaluate, setVariable, source,
output. All but setVariable are read-only."""

from __future__ import annotations

import asyncio
import os
import re
from typing import TYPE_CHECKING, Annotated, Any, Literal

from dapcli.engine.chatter import DEBUGGER_CATEGORIES
from dapcli.engine.diagnosis import diagnosis
from dapcli.engine.output import OutputChunk
from dapcli.engine.scopes import locals_scope
from dapcli.engine.sources import frame_source_lines
from dapcli.errors import RequestError, UsageError
from dapcli.protocol import types as t
from dapcli.verbs.context import VerbContext
from dapcli.verbs.inspection.errorhints import with_evaluate_hint, with_set_hint
from dapcli.verbs.inspection.setcheck import check_shadowed, current_value, explain_unchanged, read_back
from dapcli.verbs.inspection.setframe import outside_top_frame, set_through_address
from dapcli.verbs.inspection.setnumber import (
    NOT_A_NUMBER,
    NOT_SET,
    refused_yet_changed,
    set_as_number,
    set_by_assignment,
)
from dapcli.verbs.inspection.setpath import resolve_member, set_expression
from dapcli.verbs.inspection.statements import RAN_AS_STATEMENT, runs_as_statement, with_syntax_hint
from dapcli.verbs.models import (
    EvaluateResult,
    Frame,
    OutputChunkView,
    OutputResult,
    ScopesResult,
    ScopeView,
    SetVariableResult,
    SourceResult,
    StackResult,
    ThreadsResult,
    ThreadView,
    VariablesResult,
)
from dapcli.verbs.registry import Param, verb
from dapcli.verbs.shared.frameindex import selected_index
from dapcli.verbs.shared.frames import (
    breakpoint_lines,
    check_thread,
    current_frame_id,
    current_thread_id,
    frames,
    read_source,
    user_frame_name,
)
from dapcli.verbs.shared.frames import scopes as fetch_scopes
from dapcli.verbs.shared.params import FrameId, MaxLength
from dapcli.verbs.shared.stop.consolestop import moved_by
from dapcli.verbs.shared.values.evalerrors import check_evaluated
from dapcli.verbs.shared.values.fullvalue import adapter_cut, full_context, full_repr, whole_rows
from dapcli.verbs.shared.values.moreitems import grouped_window
from dapcli.verbs.shared.values.paging import fetch_page, remember
from dapcli.verbs.shared.values.preview import add_previews
from dapcli.verbs.shared.values.snapshot import values_changed
from dapcli.verbs.shared.values.variables import (
    MAX_VALUE,
    VALUE_TIMEOUT,
    expand,
    fetch_variables,
    filter_names,
    variable_view,
)

if TYPE_CHECKING:
    from dapcli.engine.session import Session


def one_line_error(exc: RequestError) -> RequestError:
    """The adapter's error reduced to its diagnosis, on one line (see :func:`diagnosis`)."""
    text = diagnosis(exc.message)
    return exc if text == exc.message else RequestError(text, exc.hint, exc.command)


@verb(group="inspection", needs="alive", read_only=True, aliases=("info-threads",))
async def threads(ctx: VerbContext) -> ThreadsResult:
    """List the program's threads (DAP ``threads``)."""
    session = ctx.session()
    body = await session.request("threads", None, t.ThreadsResponse)
    session.threads = list(body.threads)
    return ThreadsResult(
        threads=[ThreadView(id=th.id, name=th.name, current=th.id == session.selected_thread_id) for th in body.threads]
    )


@verb(group="inspection", name="stackTrace", needs="stopped", read_only=True, cli=("stack",),
      aliases=("bt", "backtrace", "where", "stack-trace"))
async def stack_trace(
    ctx: VerbContext,
    thread_id: Annotated[int | None, Param(help="thread (default: the stopped one)", complete="thread")] = None,
    start: Annotated[int, Param(help="index of the first frame (0 = innermost)")] = 0,
    levels: Annotated[int, Param(help="how many frames")] = 20,
) -> StackResult:
    """Show the call stack of a thread (DAP ``stackTrace``)."""
    session = ctx.session()
    if thread_id is not None and thread_id != session.selected_thread_id:
        await check_thread(session, thread_id)
    thread = current_thread_id(session, thread_id)
    views, total = await frames(session, thread, start, levels)
    if thread == session.selected_thread_id:  # as gdb's `frame`: the frame the inspection verbs use
        chosen = selected_index(session, thread)
        for view in views:
            view.selected = view.index == chosen
    return StackResult(thread_id=thread, frames=views, total_frames=total)


@verb(group="inspection", needs="stopped", read_only=True)
async def scopes(ctx: VerbContext, frame_id: FrameId = None) -> ScopesResult:
    """List a frame's scopes (Locals, Globals, Registers…) (DAP ``scopes``)."""
    session = ctx.session()
    frame = await current_frame_id(session, frame_id)
    found = await fetch_scopes(session, frame)
    return ScopesResult(
        frame_id=frame,
        scopes=[
            ScopeView(name=s.name, variables_reference=s.variablesReference, presentation_hint=s.presentationHint,
                      expensive=bool(s.expensive), named_variables=s.namedVariables,
                      indexed_variables=s.indexedVariables)
            for s in found
        ],
    )


def _check_current(session: Session, reference: int) -> None:
    """Raise UsageError for a ``variablesReference`` given out at an earlier stop (adapters reuse
    the numbers: it would show or change another value)."""
    if session.references.stale(reference, session.generation):
        raise UsageError(f"variablesReference {reference} is from an earlier stop: the adapter may now give "
                         "that number to another value", "references change at every stop: take one from "
                         "`dapcli vars` or `dapcli eval` at this stop")


@verb(group="inspection", needs="stopped", read_only=True, cli=("vars",), aliases=("variables", "info-locals"))
async def variables(
    ctx: VerbContext,
    variables_reference: Annotated[int | None, Param(help="expand this reference (from a previous result)")] = None,
    scope: Annotated[str | None, Param(help="scope name, e.g. Globals (default: Locals)")] = None,
    frame_id: FrameId = None,
    filter: Annotated[str | None, Param(help="only names matching this glob or substring",
                                        complete="variable")] = None,
    depth: Annotated[int, Param(help="expand children this many levels")] = 0,
    start: Annotated[int, Param(help="first index to show (paging)")] = 0,
    count: Annotated[int, Param(help="at most this many variables per level")] = 100,
    max_length: MaxLength = MAX_VALUE,
) -> VariablesResult:
    """Show variables of a scope or of a structured value (DAP ``variables``)."""
    session = ctx.session()
    frame = None
    if variables_reference is None:
        frame = await current_frame_id(session, frame_id)
        chosen = locals_scope(await fetch_scopes(session, frame), scope)
        reference, scope = chosen.variablesReference, chosen.name
    else:
        reference = variables_reference
        _check_current(session, reference)
    paged = None if filter else await fetch_page(session, reference, start, count)
    if paged is not None:  # the adapter sent just this page
        page, total = [variable_view(v, max_length, session.adapter.name) for v in paged[0]], paged[1]
    else:
        found = filter_names(await fetch_variables(session, reference, VALUE_TIMEOUT), filter)
        window = None if filter else await grouped_window(session, found, start, count, VALUE_TIMEOUT)  # debugpy
        if window is not None:
            page, total = [variable_view(v, max_length, session.adapter.name) for v in window[0]], window[1]
        else:
            shown = found[start: start + max(0, count)]
            page, total = [variable_view(v, max_length, session.adapter.name) for v in shown], len(found)
    await expand(session, page, depth, count=count, max_value=max_length)
    await add_previews(session, page, max_length)  # C structs/arrays: {name = "pen", cents = 525}
    if max_length == 0:  # debugpy cut a list at 60 items: asked for whole
        await whole_rows(session, page, frame if frame is not None else await current_frame_id(session, None))
    left = total - start - len(page)
    return VariablesResult(
        variables_reference=reference, scope=scope, frame_id=frame, start=start, total=total,
        variables=page, truncated=left if left > 0 else None, frame_name=user_frame_name(session, frame),
    )


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
) -> EvaluateResult:
    """Evaluate an expression in a frame (DAP ``evaluate``)."""
    if not expression.strip():
        raise UsageError("the expression is empty", "give one, e.g. `eval x` or `eval 'len(items)'`")
    session = ctx.session()
    frame = await current_frame_id(session, frame_id)
    asked = full_context(session, context, max_length)  # in full: clipboard, the adapter's longest text
    request = session.request(
        "evaluate", t.EvaluateArguments(expression=expression, frameId=frame, context=asked), t.EvaluateResponse,
        timeout=timeout,
    )
    note = None
    try:
        body, stop = (await moved_by(session, request, timeout, resumes=session.adapter.console_resumes(expression))
                      if context == "repl" else (await request, None))
    except RequestError as exc:
        if not runs_as_statement(session, expression, context, exc):
            raise with_evaluate_hint(with_syntax_hint(session, one_line_error(exc))) from None
        body, stop, note = await _run_statement(session, expression, frame, timeout), None, RAN_AS_STATEMENT
    values_changed(session)  # `total = 7` assigns
    await check_evaluated(session, expression, frame, body.result, body.type)
    whole = await full_repr(session, expression, frame, body.result) if max_length == 0 else body.result
    variable = t.Variable(name=expression, value=whole, type=body.type,
                          variablesReference=body.variablesReference, namedVariables=body.namedVariables,
                          indexedVariables=body.indexedVariables)
    remember(session, [variable])
    view = variable_view(variable, max_length, session.adapter.name)
    await expand(session, [view], depth, count=100, max_value=max_length)
    await add_previews(session, [view], max_length)  # C: {10, 20, 30, 40, 50}
    return EvaluateResult(
        expression=expression, result=view.value, type=body.type, variables_reference=body.variablesReference,
        frame_id=frame, children=view.children, truncated=view.truncated, value_truncated=view.value_truncated,
        value_cut_by_adapter=adapter_cut(session, whole, asked, body.variablesReference),
        adapter_value=view.adapter_value,
        stop=stop,
        frame_name=user_frame_name(session, frame) if stop is None else None, note=note,
    )


async def _run_statement(session: Session, expression: str, frame: int, timeout: float) -> Any:
    """Run the statement ``expression`` in ``frame`` (DAP ``evaluate``, context ``repl``)."""
    try:
        return await session.request("evaluate", t.EvaluateArguments(expression=expression, frameId=frame,
                                                                      context="repl"), t.EvaluateResponse,
                                     timeout=timeout)
    except RequestError as exc:
        raise one_line_error(exc) from None


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
    """Change a variable's value (DAP ``setVariable``)."""
    session = ctx.session()
    check_shadowed(session, name)
    reference = variables_reference
    frame = None
    container = f"variablesReference {reference}"
    if reference is not None:
        _check_current(session, reference)
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


@verb(group="inspection", needs="session", read_only=True, cli=("list",), aliases=("l", "source"))
async def source(
    ctx: VerbContext,
    location: Annotated[str | None, Param(help="FILE, FILE:LINE or LINE (default: the current line)",
                                          complete="location", positional=True)] = None,
    context: Annotated[int, Param(help="lines to show before and after")] = 5,
) -> SourceResult:
    """Show source lines around the current line or a FILE:LINE."""
    session = ctx.session()
    frame = await _current_frame(session)
    current = frame.line if frame else None
    path, line, reference = (frame.path, frame.line, frame.source_reference) if frame else \
        (session.current_path, None, None)
    if location:
        file_part, sep, line_part = location.rpartition(":")
        if location.isdigit():
            line = int(location)
        elif sep and line_part.isdigit():
            path, line, reference = ctx.resolve(file_part), int(line_part), None
        elif sep and file_part and re.fullmatch(r"\s*[-+]?\d+\s*", line_part) and not os.path.exists(location):
            raise UsageError(f"bad line {line_part!r} in {location!r}", "write FILE:LINE with a line number from 1")
        else:
            path, line, reference = ctx.resolve(location), context + 1, None
        if line is not None and line < 1:
            raise UsageError(f"line {line} is not a line of any file (lines count from 1)", "pick a line in the file")
    if frame is None and (path is None or line is None):
        raise UsageError("no current location", "give FILE:LINE, or stop the program first")
    from_frame = frame is not None and path == frame.path and reference == frame.source_reference
    if from_frame:  # the frame's file, the adapter's text, or one line saying there is none
        text = await frame_source_lines(session, path, reference, frame.name if frame else None,
                                        frame.line if frame else None)
    else:
        text = None
    lines = read_source(path or "", line or 1, context, current=current if from_frame else None,
                        breakpoints=breakpoint_lines(session, path) if path else set(), lines=text)
    if not lines and location and line and line > 1 and path:
        raise UsageError(f"{os.path.basename(path)}: line {line} is past the end of the file",
                         "pick a line in the file")
    return SourceResult(path=path or (frame.source_name if frame else None) or "", current_line=current
                        if from_frame else None, lines=lines)


async def _current_frame(session: object) -> Frame | None:
    from dapcli.engine.session import Session, SessionState

    assert isinstance(session, Session)
    if session.state is not SessionState.STOPPED or session.selected_thread_id is None:
        return None
    index = selected_index(session, session.selected_thread_id)  # not by id: Delve renumbers frames
    views, _ = await frames(session, session.selected_thread_id, levels=max(20, index + 1))
    return next((view for view in views if view.index == index), views[0] if views else None)


#: Longest output chunk shown without ``raw`` (characters).
MAX_CHUNK_TEXT = 65536


def _cut_chunk(text: str) -> str:
    if len(text) <= MAX_CHUNK_TEXT:
        return text
    return text[:MAX_CHUNK_TEXT] + f"… [{len(text) - MAX_CHUNK_TEXT} more characters: `dapcli output --raw`]\n"


def _last_lines(chunks: list[OutputChunkView], count: int) -> list[OutputChunkView]:
    """The chunks that hold the last ``count`` lines of text (the first one cut at a line
    start): ``print("a", 1)`` may arrive as several chunks, but a user counts lines."""
    if count <= 0:
        return []
    text = "".join(c.output for c in chunks)
    cut, seen = 0, 0
    for index in range(len(text) - 2, -1, -1):  # a final newline ends the last line
        if text[index] == "\n":
            seen += 1
            if seen == count:
                cut = index + 1
                break
    kept: list[OutputChunkView] = []
    offset = 0
    for chunk in chunks:
        end = offset + len(chunk.output)
        if end > cut:
            kept.append(chunk if offset >= cut else chunk.model_copy(update={"output": chunk.output[cut - offset:]}))
        offset = end
    return kept


@verb(group="inspection", needs="session", read_only=True, concurrent=True)
async def output(
    ctx: VerbContext,
    tail: Annotated[int | None, Param(help="only the last N lines")] = None,
    since: Annotated[int | None, Param(help="only chunks after this seq (nextSeq of a previous call)")] = None,
    category: Annotated[list[str], Param(help="stdout, stderr, console (debugger's), all")] = [],  # noqa: B006
    wait: Annotated[float, Param(help="seconds to wait for new output when there is none yet")] = 0.0,
    raw: Annotated[bool, Param(help="chunks in full (else cut at 64 KiB)")] = False,
) -> OutputResult:
    """Show the program's output (DAP ``output`` events, from a ring buffer)."""
    session = ctx.session()
    categories = set(category) - {"all"} or None
    program_only = not category  # the debugger's console text only when asked for

    def found(start: int) -> list[OutputChunk]:
        chunks = session.output.since(start, categories)
        return [c for c in chunks if c.category not in DEBUGGER_CATEGORIES] if program_only else chunks

    start = since if since is not None else 0
    if wait > 0 and not found(start) and not session.ended:
        deadline = asyncio.get_running_loop().time() + wait
        while not found(start) and not session.ended:
            if asyncio.get_running_loop().time() >= deadline:
                break
            await asyncio.sleep(0.05)
    chunks = found(start)
    views = [OutputChunkView(seq=c.seq, category=c.category, output=c.output if raw else _cut_chunk(c.output))
             for c in chunks]
    if tail is not None:
        views = _last_lines(views, tail)
    return OutputResult(
        chunks=views,
        next_seq=session.output.last_seq, dropped=session.output.dropped, status=session.state.value,
        exit_code=session.exit_code,
    )
