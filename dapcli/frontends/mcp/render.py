"""Compact text renderings of verb results, for MCP clients that read only text.

The structured content carries the whole result model; this text is what a model reads first,
so it is short and bounded: a typical stop is a location line, three source lines with a ``→``
marker, the top frames, the top-frame locals and the new output (≤ 1.5 KB). Anything cut ends
with an explicit marker naming the call that pages further (``… (+N more; call variables
with start=12)``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any

from dapcli.verbs.models import (
    BreakpointResult,
    BreakpointsResult,
    BreakpointView,
    EndResult,
    EvaluateResult,
    ExceptionView,
    Frame,
    OutputChunkView,
    OutputResult,
    Result,
    ScopesResult,
    SessionsResult,
    SetVariableResult,
    SourceLine,
    SourceResult,
    StackResult,
    StatusResult,
    StopState,
    ThreadsResult,
    VariablesResult,
    VariableView,
)

__all__ = ["render", "render_stop"]

#: Characters of one value kept in text (the structured content keeps more).
VALUE_CHARS = 60
#: Locals listed in a stop (fewer when their text would pass :data:`STOP_BYTES`).
STOP_LOCALS = 12
#: Size a stop's text aims at (bytes): a typical stop stays within it.
STOP_BYTES = 1500
#: Characters of new output kept in a stop (newest kept).
STOP_OUTPUT = 500
#: Characters kept by the ``output`` tool's text (newest kept).
OUTPUT_CHARS = 4000
#: Characters of one source line.
LINE_CHARS = 120
#: Variables listed by ``variables``/``evaluate`` trees, whatever their depth.
TREE_LINES = 60


def render(result: Result) -> str:
    """The compact text of any verb result (compact JSON for a result without a renderer)."""
    for cls, renderer in _RENDERERS:
        if isinstance(result, cls):
            return renderer(result)
    return json.dumps(result.to_json(), separators=(",", ":"))


def render_stop(state: StopState, *, with_locals: bool = True) -> str:
    """A stop state: headline, exception, 3 source lines, top frames, locals, new output.

    Locals fill what is left of :data:`STOP_BYTES` once the rest is written (at least a few).
    """
    head = [_headline(state)]
    if state.exception:
        head.append(_exception(state.exception))
    if state.source and state.location:
        head += _source(state.source, state.location.line, around=1)
    if state.frames:
        head.append("frames: " + " ← ".join(_frame_short(f) for f in state.frames))
    tail = ["output:", *_output_tail(state.output, state.output_truncated or 0, STOP_OUTPUT)] if state.output else []
    middle: list[str] = []
    if with_locals and state.locals:
        left = STOP_BYTES - _size(head) - _size(tail)
        middle = ["locals:", *_locals(state.locals, max(left, 300))]
    return "\n".join(head + middle + tail)


def _locals(views: list[VariableView], budget: int) -> list[str]:
    lines: list[str] = []
    for view in views[:STOP_LOCALS]:
        line = "  " + _variable(view)
        if _size(lines) + len(line.encode()) + 1 > budget - 60:
            break
        lines.append(line)
    if len(views) > len(lines):
        lines.append(f"  … (+{len(views) - len(lines)} more; call variables with start={len(lines)})")
    return lines


def _size(lines: list[str]) -> int:
    return sum(len(line.encode()) + 1 for line in lines)


def _headline(state: StopState) -> str:
    where = f" [session {state.session}]" if state.session != "default" else ""
    if state.status == "stopped":
        text = f"stopped ({state.reason or 'unknown'})"
        if state.location:
            loc = state.location
            text += f" at {loc.path or loc.name}:{loc.line}"
            if loc.function:
                text += f" in {loc.function}"
        if state.thread_id is not None:
            text += f", thread {state.thread_id}"
        return text + where
    if state.status == "running":
        waited = f" within {state.elapsed_ms / 1000:.1f} s" if state.elapsed_ms is not None else ""
        return f"running: no stop{waited} (not an error; call wait for the next stop, or pause){where}"
    if state.status in ("exited", "terminated"):
        code = f" with code {state.exit_code}" if state.exit_code is not None else ""
        return f"{state.status}{code}{where}"
    return f"{state.status}{where}"


def _exception(view: ExceptionView) -> str:
    text = view.description or view.message or ""
    head = f"exception {view.exception_id}" + (f": {text}" if text and text != view.exception_id else "")
    return _cut(head, 300)


def _source(lines: list[SourceLine], current: int, around: int) -> list[str]:
    kept = [s for s in lines if abs(s.line - current) <= around]
    return [f"{_mark(s)} {s.line:>4}  {_cut(s.text.rstrip(), LINE_CHARS)}" for s in kept]


def _mark(line: SourceLine) -> str:
    if line.current:
        return "→"
    return "●" if line.breakpoint else " "


def _frame_short(frame: Frame) -> str:
    where = os.path.basename(frame.path) if frame.path else frame.source_name or "?"
    return f"{frame.name} ({where}:{frame.line})"


def _variables(views: list[VariableView], *, indent: str, budget: list[int]) -> list[str]:
    """One line per variable, children indented; ``budget`` bounds the whole tree."""
    lines: list[str] = []
    for view in views:
        if budget[0] <= 0:
            lines.append(f"{indent}… (tree cut; call variables with a variablesReference)")
            break
        budget[0] -= 1
        lines.append(indent + _variable(view))
        if view.children is not None:
            lines += _variables(view.children, indent=indent + "  ", budget=budget)
            if view.truncated:
                lines.append(f"{indent}  … (+{view.truncated} more; call variables with "
                             f"variablesReference={view.variables_reference})")
    return lines


def _variable(view: VariableView) -> str:
    text = f"{view.name} = {_cut(view.value, VALUE_CHARS)}"
    if view.type:
        text += f" ({view.type})"
    if view.value_truncated:
        text += f" (+{view.value_truncated} chars cut; evaluate it with maxLength=0)"
    if view.variables_reference and view.children is None:
        text += f" [variablesReference={view.variables_reference}]"
    return text


def _output_tail(chunks: list[OutputChunkView], dropped_chunks: int, limit: int) -> list[str]:
    text = "".join(c.output for c in chunks)
    first_seq = chunks[0].seq - dropped_chunks if chunks else 1
    lines = []
    if dropped_chunks or len(text) > limit:
        cut = max(0, len(text) - limit)
        newline = text.find("\n", cut, len(text) - 1)
        if cut and newline != -1:
            cut = newline + 1  # start at a whole line
        lines.append(f"  … (+{cut} earlier chars, {dropped_chunks} earlier chunks; "
                     f"call output with since={max(0, first_seq - 1)})")
        text = text[cut:]
    lines += ["  " + line for line in text.rstrip("\n").split("\n")]
    return lines


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


# -- other results ------------------------------------------------------------------------------
def _evaluate(result: EvaluateResult) -> str:
    view = VariableView(name=result.expression, value=result.result, type=result.type,
                        variables_reference=result.variables_reference, children=result.children,
                        value_truncated=result.value_truncated)
    return "\n".join(_variables([view], indent="", budget=[TREE_LINES]))


def _variables_result(result: VariablesResult) -> str:
    what = result.scope or f"variablesReference {result.variables_reference}"
    shown = len(result.variables)
    lines = [f"{what}: {shown} of {result.total}" + (f" from {result.start}" if result.start else "")]
    lines += _variables(result.variables, indent="  ", budget=[TREE_LINES])
    if result.truncated:
        lines.append(f"  … (+{result.truncated} more; call variables with start={result.start + shown})")
    return "\n".join(lines)


def _stack(result: StackResult) -> str:
    lines = [f"thread {result.thread_id}:"]
    for f in result.frames:
        lines.append(f"  #{f.index} {f.name} at {f.path or f.source_name}:{f.line} (frameId {f.id})")
    shown = (result.frames[-1].index + 1) if result.frames else 0
    if result.total_frames and result.total_frames > shown:
        lines.append(f"  … (+{result.total_frames - shown} more; call stackTrace with start={shown})")
    return "\n".join(lines)


def _threads(result: ThreadsResult) -> str:
    return "\n".join(f"{'*' if t.current else ' '} {t.id} {t.name}" for t in result.threads) or "no threads"


def _scopes(result: ScopesResult) -> str:
    return "\n".join(
        f"{s.name}: variablesReference {s.variables_reference}" + (" (expensive)" if s.expensive else "")
        for s in result.scopes
    ) or "no scopes"


def _breakpoint(bp: BreakpointView) -> str:
    where = f"{bp.path}:{bp.line}" if bp.path else f"function {bp.function}"
    text = f"breakpoint {bp.id} at {where}: " + ("verified" if bp.verified else "not verified")
    if bp.actual_line and bp.actual_line != bp.line:
        text += f" (moved to line {bp.actual_line})"
    for label, value in (("if", bp.condition), ("hit", bp.hit_condition), ("log", bp.log_message),
                         ("adapter says", bp.message)):
        if value:
            text += f"; {label} {value}"
    return text


def _breakpoints(result: BreakpointsResult) -> str:
    lines = [_breakpoint(b) for b in result.breakpoints] or ["no breakpoints"]
    if result.removed:
        lines.insert(0, "removed: " + ", ".join(map(str, result.removed)))
    return "\n".join(lines)


def _source_result(result: SourceResult) -> str:
    lines = [result.path]
    lines += [f"{_mark(s)} {s.line:>4}  {_cut(s.text.rstrip(), LINE_CHARS)}" for s in result.lines]
    return "\n".join(lines)


def _output(result: OutputResult) -> str:
    lines = _output_tail(result.chunks, 0, OUTPUT_CHARS) if result.chunks else ["  (no output)"]
    footer = f"[nextSeq {result.next_seq}; {result.status or 'unknown'}"
    if result.exit_code is not None:
        footer += f", exit code {result.exit_code}"
    if result.dropped:
        footer += f"; {result.dropped} old chunks dropped from the buffer"
    return "\n".join([*lines, footer + "]"])


def _status(result: StatusResult) -> str:
    pids = ", ".join(f"{label} pid {pid}" for label, pid in (("debuggee", result.debuggee_pid),
                                                             ("adapter", result.adapter_pid)) if pid)
    head = f"session {result.session}: {result.state}; {result.adapter} {result.request} {result.program or ''}"
    head = head.rstrip() + (f" ({pids})" if pids else "")
    lines = [head, f"breakpoints: {result.breakpoints}; output chunks: {result.output_chunks}"]
    if result.stop is not None and result.stop.status == "stopped":
        lines.append(render_stop(result.stop, with_locals=False))
    elif result.exit_code is not None:
        lines.append(f"exit code {result.exit_code}")
    return "\n".join(lines)


def _sessions(result: SessionsResult) -> str:
    return "\n".join(
        f"{s.name}: {s.state} {s.adapter or ''} {s.program or ''}".rstrip() + (" (hosted)" if s.hosted else "")
        for s in result.sessions
    ) or "no sessions (start one with launch)"


def _end(result: EndResult) -> str:
    code = f", exit code {result.exit_code}" if result.exit_code is not None else ""
    return f"session {result.session} {result.status}{code}"


def _set_variable(result: SetVariableResult) -> str:
    return f"{result.name} = {result.value}" + (f" ({result.type})" if result.type else "")


_RENDERERS: list[tuple[type[Any], Callable[[Any], str]]] = [
    (StopState, render_stop), (EvaluateResult, _evaluate), (VariablesResult, _variables_result),
    (StackResult, _stack), (ThreadsResult, _threads), (ScopesResult, _scopes),
    (BreakpointResult, _breakpoint), (BreakpointsResult, _breakpoints), (SourceResult, _source_result),
    (OutputResult, _output), (StatusResult, _status), (SessionsResult, _sessions), (EndResult, _end),
    (SetVariableResult, _set_variable),
]
