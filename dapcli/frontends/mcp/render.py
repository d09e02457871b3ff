"""Compact text renderings of verb results, for MCP clients that read only text.

The structured content carries the whole result model; this text is what a model reads first,
so it is short and bounded (see :mod:`.stoptext` for the stop state), and anything cut ends
with a marker naming the call that pages further.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from dapcli.frontends.mcp.stoptext import (
    LINE_CHARS,
    OUTPUT_CHARS,
    TREE_LINES,
    VALUE_CHARS,
    cut,
    cut_marked,
    mark,
    output_tail,
    render_stop,
    variable_line,
    variable_lines,
    watch_line,
    where,
)
from dapcli.verbs.breakpoints.reasons import reasons
from dapcli.verbs.models import (
    PAGED_BY_DAPCLI,
    AdaptersResult,
    BreakpointResult,
    BreakpointsResult,
    BreakpointView,
    DataBreakpointsResult,
    EndResult,
    EvaluateResult,
    ExceptionFiltersResult,
    FrameResult,
    InputResult,
    OutputResult,
    Result,
    ScopesResult,
    SessionsResult,
    SetVariableResult,
    SourceResult,
    StackResult,
    StatusResult,
    StopState,
    ThreadsResult,
    TraceResult,
    VariablesResult,
    VariableView,
    WatchesResult,
    dropped_note,
    frames_shown,
    groups_note,
    omitted_note,
)
from dapcli.verbs.models.hang import HangResult, hang_lines

__all__ = ["render", "render_stop"]


def render(result: Result) -> str:
    """The compact text of any verb result (compact JSON for a result without a renderer)."""
    for cls, renderer in _RENDERERS:
        if isinstance(result, cls):
            return renderer(result)
    return json.dumps(result.to_json(), separators=(",", ":"))


def _evaluate(result: EvaluateResult) -> str:
    view = VariableView(name=result.expression, value=result.result, type=result.type,
                        variables_reference=result.variables_reference, children=result.children,
                        truncated=result.truncated, value_truncated=result.value_truncated)
    lines = variable_lines([view], indent="", budget=[TREE_LINES])
    lines[0] = variable_line(view, limit=None)  # the value asked for, whole (maxLength bounds it)
    text = "\n".join(lines)
    text += f" (in frame {result.frame_name})" if result.frame_name else ""
    text += f" ({result.note})" if result.note else ""
    text += f" ({result.value_cut_by_adapter})" if result.value_cut_by_adapter else ""
    return text + "\n" + render_stop(result.stop) if result.stop is not None else text


def _variables_result(result: VariablesResult) -> str:
    what = result.parent or result.scope or f"variablesReference {result.variables_reference}"
    what += f" of frame {result.frame_name}" if result.frame_name else ""
    shown = len(result.variables)
    lines = [f"{what}: {shown} of {result.total}" + (f" from {result.start}" if result.start else "")]
    if result.filter is not None and result.unfiltered is not None:
        lines[0] += f" matching {result.filter!r} (of {result.unfiltered})"
    lines += variable_lines(result.variables, indent="  ", budget=[TREE_LINES])
    if result.truncated:
        lines.append(f"  … (+{result.truncated} more; call variables with start={result.start + shown})")
    notes = [f"{result.hidden} pytest temporaries @py_… hidden"] if result.hidden else []
    notes += [groups_note(result.hidden_groups)] if result.hidden_groups else []
    if notes:
        lines.append(f"  ({'; '.join(notes)}: all=true lists them)")
    if result.paged_by == "dapcli":
        lines.append(f"  ({PAGED_BY_DAPCLI})")
    return "\n".join(lines)


def _stack(result: StackResult) -> str:
    lines = [f"thread {result.thread_id}:"]
    for f in result.frames:
        lines.append(f"{'→' if f.selected else ' '} #{f.index} {f.name} at {where(f.path, f.source_name, f.line)} "
                     f"(frameId {f.id})" + (" (selected)" if f.selected else ""))
    if (counted := frames_shown(result)) is not None:
        text, more = counted
        lines.append(f"  {text}" + (f" (next: call stackTrace with start={more})" if more is not None else ""))
    if result.note:
        lines.append(f"({result.note})")
    return "\n".join(lines)


def _threads(result: ThreadsResult) -> str:
    listed = "\n".join(f"{'*' if t.current else ' '} {t.id} {t.name}" for t in result.threads) or "no threads"
    if not result.partial:
        count = len(result.threads)
        return f"{count} thread{'s' if count != 1 else ''}:\n{listed}" if count else listed
    counted = f"{len(result.threads)} of {result.total}" if result.total is not None else \
        f"{len(result.threads)} (more exist)"
    return (f"{counted} listed: the adapter lists no more; show one that is not listed by its id: "
            f'stackTrace {{"threadId": ID}}, or '
            f'more {{"verb": "selectThread", "arguments": {{"threadId": ID}}}}\n{listed}')


def _scopes(result: ScopesResult) -> str:
    return "\n".join(
        f"{s.name}: variablesReference {s.variables_reference}" + (" (expensive)" if s.expensive else "")
        for s in result.scopes
    ) or "no scopes"


def _breakpoint(bp: BreakpointView) -> str:
    where = f"{bp.path}:{bp.line}" if bp.path else f"function {bp.function}"
    if bp.function and (bp.actual_path or bp.path):
        where = f"function {bp.function} at {bp.actual_path or bp.path}:{bp.actual_line or bp.line}"
    text = f"breakpoint {bp.id} at {where}: " + ("verified" if bp.verified else "pending (not verified)")
    if bp.actual_line and bp.actual_line != bp.line:
        bound = f": {bp.bound_text}" if bp.bound_text else ""
        text += f" (requested {bp.line}, bound to {bp.actual_line}{bound})"
    if bp.stale:
        text += f" (stale: its statement {bp.statement!r} is no longer in the file)"
    said, note = reasons(bp.message, bp.warning)
    for label, value in (("if", bp.condition), ("hit", bp.hit_condition), ("log", bp.log_message),
                         ("adapter says", said), ("note", note),
                         ("emulated", ", ".join(bp.emulated or []) + " (dapcli does it: a stop per hit)"
                          if bp.emulated else None)):
        if value:
            text += f"; {label} {value}"
    return text


def _added(bp: BreakpointResult) -> str:
    return "\n".join([_breakpoint(bp), *(f"note: {n}" for n in bp.notes or [])])


def _breakpoints(result: BreakpointsResult) -> str:
    lines = [_breakpoint(b) for b in result.breakpoints] or [
        "no breakpoints left" if result.removed else "no breakpoints"]
    if result.removed:
        lines.insert(0, "removed: " + ", ".join(map(str, result.removed)))
    if result.removed_data_breakpoints:
        lines.insert(0, "removed data breakpoints: " + ", ".join(map(str, result.removed_data_breakpoints)))
    return "\n".join(lines)


def _source_result(result: SourceResult) -> str:
    lines = [result.path]
    lines += [f"{mark(s)} {s.line:>4}  {cut(s.text.rstrip(), LINE_CHARS)}" for s in result.lines]
    return "\n".join(lines)


def _output(result: OutputResult) -> str:
    lines = output_tail(result.chunks, 0, OUTPUT_CHARS) if result.chunks else ["  (no output)"]
    if result.omitted:
        lines.insert(0, f"  … {omitted_note(result.omitted, result.omitted_bytes, 'output with all=true')}")
    footer = f"[nextSeq {result.next_seq}; {result.status or 'unknown'}"
    if result.exit_code is not None:
        footer += f", exit code {result.exit_code}"
    if result.dropped:
        footer += f"; {dropped_note(result.dropped, result.dropped_bytes)}"
    return "\n".join([*lines, footer + "]"])


def _status(result: StatusResult) -> str:
    pids = ", ".join(f"{label} pid {pid}" for label, pid in (("debuggee", result.debuggee_pid),
                                                             ("adapter", result.adapter_pid)) if pid)
    head = f"session {result.session}: {result.state}; {result.adapter} {result.request} {result.program or ''}"
    head = head.rstrip() + (f" ({pids})" if pids else "") + (f"; in test {result.test_id}" if result.test_id else "")
    chunks = f"output chunks: {result.output_chunks}"
    if result.output_dropped:
        chunks += f" ({dropped_note(result.output_dropped, result.output_dropped_bytes)})"
    lines = [head, f"breakpoints: {result.breakpoints}; {chunks}"]
    if result.pause_pending_s is not None:
        lines.append(f"pause requested {result.pause_pending_s:.1f} s ago, pending: call wait for the stop")
    if result.stop is not None and result.stop.status == "stopped":
        lines.append(render_stop(result.stop, with_locals=False))
    else:
        ended = result.stop.description if result.stop is not None else None
        signal = result.stop.signal if result.stop is not None else None
        if signal:
            raw = f" (adapter's exit code {result.exit_code})" if result.exit_code is not None else ""
            lines.append(f"killed by {signal}{raw}")
        elif result.exit_code is not None or ended:
            code = f"exit code {result.exit_code}" if result.exit_code is not None else "exit code unknown"
            lines.append(code + (f": {ended}" if ended else ""))
    return "\n".join(lines)


def _sessions(result: SessionsResult) -> str:
    return "\n".join(
        f"{s.name}: {s.state} {s.adapter or ''} {s.program or ''}".rstrip() + (" (hosted)" if s.hosted else "")
        for s in result.sessions
    ) or "no sessions (start one with launch)"


def _end(result: EndResult) -> str:
    code = f", exit code {result.exit_code}" if result.exit_code is not None else ""
    return f"session {result.session} {result.status}{code}" + (f". {result.note}" if result.note else "")


def _input(result: InputResult) -> str:
    text = "closed stdin" if result.eof and not result.sent else \
        f"sent {result.sent} bytes" + (", stdin closed" if result.eof else "")
    return text if result.stop is None else f"{text}\n{render_stop(result.stop)}"


def _set_variable(result: SetVariableResult) -> str:
    text = f"{result.name} = {result.value}" + (f" ({result.type})" if result.type else "")
    note = result.emulated_note()
    return text + (f"; {note}" if note else "")


def _watches(result: WatchesResult) -> str:
    lines = [f"watch {watch_line(w)}" for w in result.watches] or ["no watches" + (" left" if result.removed else "")]
    if removed := result.removed_text():
        lines.insert(0, removed)
    return "\n".join(lines)


def _frame(result: FrameResult) -> str:
    f = result.frame
    lines = [f"frame #{f.index} {f.name} at {where(f.path, f.source_name, f.line)} (frameId {f.id}), "
             f"thread {result.thread_id}"]
    if result.skipped_frames:
        lines[0] += f" (the user's frame; {result.skipped_frames} library frames above it, see stackTrace)"
    lines += [f"{mark(s)} {s.line:>4}  {cut(s.text.rstrip(), LINE_CHARS)}" for s in result.source or []]
    return "\n".join(lines)


def _trace(result: TraceResult) -> str:
    lines = [f"trace {result.path}:{result.line}: {len(result.hits)} hits"
             + (" (limit reached)" if result.limit_reached else "")]
    for hit in result.hits[:TREE_LINES]:
        left_out = hit.cut or {}
        values = [f"{k}={cut_marked(v, VALUE_CHARS)}" + (f" (+{left_out[k]} chars cut)" if left_out.get(k) else "")
                  for k, v in hit.values.items()]
        values += [f"{k}: error {cut(v, VALUE_CHARS)}" for k, v in (hit.errors or {}).items()]
        lines.append(f"  #{hit.hit} " + ", ".join(values))
    if len(result.hits) > TREE_LINES:
        lines.append(f"  … (+{len(result.hits) - TREE_LINES} more hits in the structured content)")
    if result.stop is not None:
        lines.append(render_stop(result.stop))
    return "\n".join(lines)


def _exception_filters(result: ExceptionFiltersResult) -> str:
    return "\n".join(
        f"[{'x' if f.enabled else ' '}] {f.filter}: {f.label}" + (f" if {f.condition}" if f.condition else "")
        for f in result.filters
    ) or "the adapter has no exception filters"


def _data_breakpoints(result: DataBreakpointsResult) -> str:
    lines = [
        f"data breakpoint {d.id}: {d.name} ({d.access_type or 'write'}) "
        + ("verified" if d.verified else "not verified") + (f"; {d.message}" if d.message else "")
        for d in result.data_breakpoints
    ] or ["no data breakpoints"]
    if result.removed:
        lines.insert(0, "removed: " + ", ".join(map(str, result.removed)))
    return "\n".join(lines)


def _adapters(result: AdaptersResult) -> str:
    return "\n".join(
        f"{a.name}: " + (f"found {a.path or ''} {a.version or ''}".rstrip() if a.found
                         else f"missing ({a.install_hint or 'no install hint'})")
        for a in result.adapters
    )


_RENDERERS: list[tuple[type[Any], Callable[[Any], str]]] = [
    (StopState, render_stop), (EvaluateResult, _evaluate), (VariablesResult, _variables_result),
    (StackResult, _stack), (ThreadsResult, _threads), (ScopesResult, _scopes),
    (BreakpointResult, _added), (BreakpointsResult, _breakpoints), (SourceResult, _source_result),
    (OutputResult, _output), (StatusResult, _status), (SessionsResult, _sessions), (EndResult, _end),
    (SetVariableResult, _set_variable), (WatchesResult, _watches), (FrameResult, _frame), (TraceResult, _trace),
    (ExceptionFiltersResult, _exception_filters), (DataBreakpointsResult, _data_breakpoints),
    (AdaptersResult, _adapters), (InputResult, _input), (HangResult, lambda result: "\n".join(hang_lines(result))),
]
