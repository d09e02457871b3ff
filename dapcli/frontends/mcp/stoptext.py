"""The compact text of a stop state, and the line helpers every rendering shares.

A typical stop is a location line, three source lines with a ``→`` marker, the top frames, the
top-frame locals and the new output, within :data:`STOP_BYTES`. Anything cut ends with an
explicit marker naming the call that pages further (``… (+N more; call variables with
start=12)``).
"""

from __future__ import annotations

import os

from dapcli.frontends.mcp.compact import shown_path
from dapcli.verbs.models import (
    ExceptionView,
    Frame,
    OutputChunkView,
    ReturnValueView,
    SourceLine,
    StopState,
    VariableView,
    WatchView,
    dropped_note,
)
from dapcli.verbs.shared.stop.deciding import DECIDING_CHARS
from dapcli.verbs.shared.stop.stoplabel import exception_headline, stop_detail
from dapcli.verbs.shared.values.marks import once_said

__all__ = [
    "LINE_CHARS", "OUTPUT_CHARS", "TREE_LINES", "VALUE_CHARS", "cut", "mark", "output_tail", "render_stop",
    "source_lines", "variable_line", "variable_lines", "watch_line", "where",
]

#: Characters of one value kept in text (the structured content keeps more).
VALUE_CHARS = 60
#: Characters of one local's value in a stop's text.
STOP_VALUE_CHARS = 40
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
#: debugpy's grouping entries (not program variables), left out of text renderings.
GROUPS = frozenset({"special variables", "function variables", "class variables", "protected variables"})


def render_stop(state: StopState, *, with_locals: bool = True) -> str:
    """A stop state: headline, exception, 3 source lines, top frames, locals, new output.

    Locals fill what is left of :data:`STOP_BYTES` once the rest is written (at least a few).
    """
    head = [_headline(state)]
    head += _test_lines(state)
    if state.exception and not (state.test and state.test.message):
        head.append(_exception(state.exception))
    head += deciding_lines(state.deciding)
    if state.return_value:
        head.append(_returned(state.return_value))
    if state.source and state.location:
        head += source_lines(state.source, state.location.line, around=1)
    if state.frames:
        here = state.location.path if state.location else None
        head.append("frames: " + " ← ".join(_frame_short(f, here) for f in state.frames))
    head += [f"watch {watch_line(w)}" for w in state.watches or []]
    head += [f"warning: {cut(w, 200)}" for w in state.warnings or []]
    tail = ["output:", *output_tail(state.output, state.output_truncated or 0, STOP_OUTPUT)] if state.output else []
    if tail and state.output_dropped:
        tail.insert(1, f"  … {dropped_note(state.output_dropped, state.output_dropped_bytes or 0)}")
    middle: list[str] = []
    if with_locals and state.locals:
        left = STOP_BYTES - _size(head) - _size(tail)
        shown = {v.name for v in state.deciding or []}  # whole above: not again, cut
        middle = _locals([v for v in state.locals if v.name not in shown], max(left, 300),
                         state.locals_truncated or 0)
    return "\n".join(head + middle + tail)


def _returned(view: ReturnValueView) -> str:
    """``Value returned is 49 (int) from square`` (a history name such as ``$0`` stays in ``name``)."""
    text = f"Value returned is {one_line(cut(view.value, VALUE_CHARS))}"
    text += f" ({view.type})" if view.type else ""
    text += f" from {view.function}" if view.function else ""
    if view.variables_reference:
        text += f" (variablesReference={view.variables_reference})"
    return text + (f" ({view.value_cut_by_adapter})" if view.value_cut_by_adapter else "")


def _test_lines(state: StopState) -> list[str]:
    """``FAILED <test id>: <message>`` at a failure of ``debugTest``; the summary at its end."""
    test = state.test
    if test is None:
        return []
    if state.status in ("exited", "terminated"):
        runs = test.runs_note()
        return [f"test run ended: {runs + ': ' if runs else ''}{test.summary or test.runner} "
                f"({test.runner} exit code {test.exit_code})"]
    if test.message is None:
        where = f"in test {test.id}" if test.id else ""
        return [f"{where} (run {test.run} of {test.runs})".strip()] if test.runs else [where] if where else []
    phase = f" (in {test.phase})" if test.phase and test.phase != "call" else ""
    runs = f" (failed on run {test.run} of {test.runs})" if test.runs else ""
    return [f"FAILED {test.id}{phase}{runs}: {cut_marked(test.message, DECIDING_CHARS)}"]


def deciding_lines(views: list[VariableView] | None) -> list[str]:
    """``  rows = [...]`` per value that decides the stop, whole up to its cap (the cut said)."""
    lines = []
    for view in views or []:
        more = f"…(+{view.value_truncated} chars; evaluate {view.name} with maxLength=0)" \
            if view.value_truncated else ""
        if view.value_cut_by_adapter:  # the adapter cut it: no count, its note
            more = ("…" if view.value.endswith("…") else "") + f" ({view.value_cut_by_adapter})"
        lines.append(f"  {one_line(view.name)} = {one_line(view.value.removesuffix('…'))}{more}")
    return lines


def cut_marked(text: str, limit: int) -> str:
    """``text`` cut at ``limit`` characters, saying how many the text leaves out."""
    return text if len(text) <= limit else f"{text[:limit]}…(+{len(text) - limit} chars in structuredContent)"


def _locals(views: list[VariableView], budget: int, beyond: int = 0) -> list[str]:
    """``locals: a=1, b='x', items=[…] (list, variablesReference=8)`` (types and full values are in
    the structured content), wrapped at ~100 characters; ``beyond``: locals the stop did not fetch."""
    parts: list[str] = []
    for view in views[:STOP_LOCALS]:
        if view.name in GROUPS and not view.value:
            continue
        part = f"{one_line(view.name)}={one_line(cut(view.value, STOP_VALUE_CHARS))}"
        if view.variables_reference:
            part += f" ({view.type + ', ' if view.type else ''}variablesReference={view.variables_reference})"
        if view.changed:
            part += " (changed)"
        if sum(len(p.encode()) + 2 for p in parts) + len(part.encode()) > budget - 60:
            break
        parts.append(part)
    lines, line = [], "locals:"
    for part in parts:
        if len(line) + len(part) > 100 and line.strip() != "locals:":
            lines.append(line + ",")
            line = " "
        line += (" " if line.endswith(":") or not line.strip() else ", ") + part
    lines.append(line)
    shown = len(parts)
    if len(views) + beyond > shown:
        lines.append(f"  … (+{len(views) + beyond - shown} more; call variables with start={shown})")
    return lines


def _size(lines: list[str]) -> int:
    return sum(len(line.encode()) + 1 for line in lines)


def _headline(state: StopState) -> str:
    named = f" [session {state.session}]" if state.session != "default" else ""
    if state.status == "stopped":
        ids = " " + ", ".join(map(str, state.hit_breakpoint_ids)) if state.hit_breakpoint_ids else ""
        reason = (state.raw_reason if state.raw_reason == "function breakpoint" and state.reason == "breakpoint"
                  else state.reason)
        text = f"stopped ({reason or 'unknown'}{ids})"
        if state.location:
            loc = state.location
            text += f" at {where(loc.path, loc.name, loc.line)}"
            if loc.function:
                text += f" in {loc.function}"
        if state.thread_id is not None:
            text += f", thread {state.thread_id}"
        detail = stop_detail(state)
        text += f" ({cut(detail, 300)})" if detail else ""
        if state.skipped_frames:
            text += f" (the user's frame; skipped {state.skipped_frames} library frames above it, see stackTrace)"
        return text + named
    if state.status == "running" and state.pause_pending:
        waited = f" after {state.elapsed_ms / 1000:.1f} s" if state.elapsed_ms is not None else ""
        return (f"running: pause requested, not taken effect yet{waited} (the program stops when it next runs "
                f"interruptible code; call wait for the stop, do not pause again){named}")
    if state.status == "running":
        waited = f" within {state.elapsed_ms / 1000:.1f} s" if state.elapsed_ms is not None else ""
        return f"running: no stop{waited} (not an error; call wait for the next stop, or pause){named}"
    if state.status in ("exited", "terminated"):
        if state.signal:  # the adapter's number is not the program's exit status
            raw = f" (adapter's exit code {state.exit_code})" if state.exit_code is not None else ""
            return f"killed by {state.signal}{raw}{named}"
        code = f" with code {state.exit_code}" if state.exit_code is not None else ""
        why = f": {state.description}" if state.description else ""
        return f"{state.status}{code}{why}{named}"
    return f"{state.status}{named}"


def _exception(view: ExceptionView) -> str:
    head = "exception " + exception_headline(view.exception_id, view.description or view.message)
    return cut(head, 300)


def source_lines(lines: list[SourceLine], current: int, around: int) -> list[str]:
    """The lines around ``current``, their common indentation removed."""
    kept = [s for s in lines if abs(s.line - current) <= around]
    texts = [s.text.rstrip() for s in kept]
    indent = min((len(t) - len(t.lstrip()) for t in texts if t.strip()), default=0)
    return [f"{mark(s)} {s.line:>4}  {cut(t[indent:], LINE_CHARS)}" for s, t in zip(kept, texts, strict=True)]


def mark(line: SourceLine) -> str:
    if line.current:
        return "→"
    return "●" if line.breakpoint else " "


def _frame_short(frame: Frame, here: str | None = None) -> str:
    """``name:line`` in the stopped file, else ``name (file:line)``; ``name (no source)``."""
    if frame.path and frame.path == here:
        return f"{frame.name}:{frame.line}"
    name = os.path.basename(frame.path) if frame.path else frame.source_name
    return f"{frame.name} ({where(name, None, frame.line)})"


def where(path: str | None, source_name: str | None, line: int | None) -> str:
    """A location as every MCP text shows it: the path as the structured content has it (or the
    source's name), ``:line`` when the adapter gave one; ``(no source)`` when it gave neither
    (never ``None:0``)."""
    place = shown_path(path) if path else source_name
    if not place:
        return "(no source)"
    return f"{place}:{line}" if line else place


def variable_lines(views: list[VariableView], *, indent: str, budget: list[int],
                   said_marks: list[str] | None = None) -> list[str]:
    """One line per variable, children indented; ``budget`` bounds the whole tree; debugpy's
    nesting note is said once in it (``said_marks``: the marks it explained)."""
    said_marks = [] if said_marks is None else said_marks
    lines: list[str] = []
    for view in views:
        if view.name in GROUPS and not view.value:
            continue  # debugpy's grouping nodes: noise in a text rendering
        if budget[0] <= 0:
            lines.append(f"{indent}… (tree cut; call variables with a variablesReference)")
            break
        budget[0] -= 1
        lines.append(indent + variable_line(view, said_marks=said_marks))
        if view.children is not None:
            lines += variable_lines(view.children, indent=indent + "  ", budget=budget, said_marks=said_marks)
            if view.truncated:
                lines.append(f"{indent}  … (+{view.truncated} more; call variables with "
                             f"variablesReference={view.variables_reference})")
    return lines


def variable_line(view: VariableView, limit: int | None = VALUE_CHARS, said_marks: list[str] | None = None) -> str:
    """``name = value (type)`` with the notes of what was cut; the value cut at ``limit``
    characters (None: as the result has it, already bounded by the verb's ``maxLength``),
    saying how many characters the text leaves out."""
    shown = view.value if limit is None or len(view.value) <= limit else \
        f"{view.value[:limit]}…(+{len(view.value) - limit} chars in structuredContent)"
    text = f"{one_line(view.name)} = {one_line(shown)}"
    if view.type:
        text += f" ({view.type})"
    if view.value_truncated:
        text += f" (+{view.value_truncated} chars cut; evaluate it with maxLength=0)"
    if view.value_cut_by_adapter and not once_said(view.value_cut_by_adapter, view.value, said_marks):
        text += f" ({view.value_cut_by_adapter})"
    if view.read_only:
        text += " [read-only]"
    if view.lazy:
        text += (f" [not read: a getter; variables with variablesReference={view.variables_reference} "
                 "runs it]")
    if view.cycle:
        text += f" [cycle: the same object as {view.cycle}]"
    if view.variables_reference and view.children is None:
        text += f" [variablesReference={view.variables_reference}]"
    return text


def output_tail(chunks: list[OutputChunkView], dropped_chunks: int, limit: int) -> list[str]:
    text = "".join(c.output for c in chunks)
    first_seq = chunks[0].seq - dropped_chunks if chunks else 1
    lines = []
    if dropped_chunks or len(text) > limit:
        cut = max(0, len(text) - limit)
        newline = text.find("\n", cut, len(text) - 1)
        if cut and newline != -1:
            cut = newline + 1  # start at a whole line
        if dropped_chunks:
            lines.append(f"  … (+{cut} earlier chars, {dropped_chunks} earlier chunks; "
                         f"call output with since={max(0, first_seq - 1)})")
        else:  # every chunk is in this result: a `since` would give this same page again
            lines.append(f"  … (+{cut} earlier chars of these chunks, not shown in this text: "
                         "structuredContent's chunks hold them; output with tail=N shows the last N lines)")
        text = text[cut:]
    lines += ["  " + line for line in text.rstrip("\n").split("\n")]
    return lines


def one_line(text: str) -> str:
    """``text`` on one line: its line breaks written ``\\r``/``\\n``, so that a value (a
    ``__repr__``, a key) cannot draw a line that passes for one of the result's own."""
    return text.replace("\r", "\\r").replace("\n", "\\n") if "\n" in text or "\r" in text else text


def cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


# -- other results ------------------------------------------------------------------------------


def watch_line(view: WatchView) -> str:
    note = f" ({view.note})" if view.note else ""
    if view.error:
        return f"{view.id}: {view.expression}: error: {cut(view.error, VALUE_CHARS)}{note}"
    if view.value is None:
        return f"{view.id}: {view.expression}{note}"
    text = f"{view.id}: {one_line(view.expression)} = {one_line(cut(view.value, VALUE_CHARS))}"
    if view.changed and view.previous is not None:
        text += f" (was {cut(view.previous, VALUE_CHARS)})"
    return text + note
