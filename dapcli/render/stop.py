"""Renderers of where the program is: a stop (or its end), the session's status, the
selected frame, watches, and a trace's hits."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from dapcli.calls import call
from dapcli.escapes import escape_cell
from dapcli.render.pieces import column_table, output_block, short_path, source_lines
from dapcli.render.testrun import test_lines
from dapcli.verbs import models as m
from dapcli.verbs.shared.phrasing import said
from dapcli.verbs.shared.stop.stoplabel import exception_headline, stop_detail

__all__ = ["render_frame", "render_status", "render_stop", "render_trace", "render_watch_lines", "render_watches"]


def render_stop(state: m.StopState, cwd: str | None = None) -> RenderableType:
    parts: list[RenderableType] = [Text(f"warning: {w}", style="yellow") for w in state.warnings or []]
    if state.status == "stopped" and state.location:
        loc = state.location
        head = Text("Stopped", style="bold yellow")
        reason = (state.raw_reason if state.raw_reason == "function breakpoint" and state.reason == "breakpoint"
                  else state.reason) or "?"
        if state.hit_breakpoint_ids:
            reason += " " + ", ".join(str(i) for i in state.hit_breakpoint_ids)
        head.append(f" ({reason})", style="yellow")
        head.append(" in ")
        head.append(loc.function or "?", style="bold")
        head.append(f" at {short_path(loc.path or loc.name, cwd)}:{loc.line}")
        if state.thread_id is not None:
            head.append(f"  thread {state.thread_id}", style="dim")
        detail = stop_detail(state)
        if detail:
            head.append(f"  ({detail})")
        if state.skipped_frames:
            head.append(f"  (skipped {state.skipped_frames} library frame{'s' if state.skipped_frames > 1 else ''};"
                        " `stack` shows them)", style="dim")
        parts.append(head)
        parts += test_lines(state.test, state.status) if state.test else []
        if state.exception and not (state.test and state.test.message):
            exc = state.exception
            told, name = exc.message or exc.description or "", exc.type_name or exc.exception_id
            parts.append(Text(exception_headline(name, told), style="bold red"))
        parts += deciding_lines(state.deciding)
        if state.return_value:
            parts.append(_returned(state.return_value))
        if state.source:
            parts.append(source_lines(state.source))
        shown = {v.name for v in state.deciding or []}  # whole above: not again, cut
        if any(v.name not in shown for v in state.locals or []):
            line = Text("locals: ", style="bold")
            for index, var in enumerate(v for v in state.locals or [] if v.name not in shown):
                if index:
                    line.append("  ")
                line.append(escape_cell(var.name), style="cyan")  # one line: a key's line break shown escaped
                line.append("=" + var.value, style="bold magenta" if var.changed else "")
                if var.changed:
                    line.append("*", style="bold magenta")
            if state.locals_truncated:
                line.append(said(f"  … {state.locals_truncated} more ({call('variables')})"), style="dim")
            cut = next((v for v in state.locals or [] if (v.value_truncated or v.value_cut_by_adapter)
                        and v.name not in shown), None)
            if cut is not None and cut.value_cut_by_adapter and "max length 0" not in cut.value_cut_by_adapter:
                # the adapter cut it and max length 0 would not show more: its note says what does
                line.append(f"  ({cut.name}: {cut.value_cut_by_adapter})", style="dim")
            elif cut is not None:  # a value ending in … says what shows it whole
                line.append(said(f"  (… cut: {call('evaluate', expression=cut.name, maxLength=0)} shows "
                                 f"{cut.name} whole)"), style="dim")
            parts.append(line)
        if state.watches:
            parts.append(render_watch_lines(state.watches))
    elif state.status == "stopped":
        parts.append(Text(f"Stopped ({state.reason}), thread {state.thread_id}", style="bold yellow"))
    elif state.status in ("exited", "terminated"):
        code = "exit code unknown" if state.exit_code is None else f"exit code {state.exit_code}"
        if state.signal:  # the adapter's number is not an exit status here: said as the adapter's
            raw = f" (adapter's exit code {state.exit_code})" if state.exit_code is not None else ""
            parts.append(Text(f"Program killed by {state.signal}{raw}", style="bold"))
        elif state.description:  # the adapter was lost, or what the debugger said
            parts.append(Text(f"Program {state.status}: {state.description} ({code})", style="bold"))
        elif state.exit_code is None:  # the adapter did not say (js-debug after a signal, Delve)
            parts.append(Text(f"Program {state.status} ({code})", style="bold"))
        else:
            parts.append(Text(f"Program {state.status} with {code}", style="bold"))
        parts += test_lines(state.test, state.status) if state.test else []
    elif state.pause_pending:
        waited = f" after {state.elapsed_ms / 1000:.1f} s" if state.elapsed_ms else ""
        parts.append(Text(f"Pause requested, still running{waited}: the program stops when it next runs code "
                          "the debugger can interrupt (e.g. when a sleep or a blocking call returns); "
                          + said(f"{call('wait')} reports the stop"), style="bold"))
    else:
        waited = f" after {state.elapsed_ms / 1000:.1f} s" if state.elapsed_ms else ""
        parts.append(Text(said(f"Still running{waited}; {call('wait')} reports the next stop, {call('pause')} "
                               "interrupts it"), style="bold"))
    parts += output_block(state.output, state.output_truncated,
                          (state.output_dropped or 0, state.output_dropped_bytes or 0))
    for child in state.subprocesses or []:
        parts.append(Text(f"subprocess session {child.name}: {child.state}"
                          + (" (dapcli --session " + child.name + " stack)" if child.state == "stopped" else ""),
                          style="bold yellow" if child.state == "stopped" else "dim"))
    return Group(*parts)


def deciding_lines(views: list[m.VariableView] | None) -> list[Text]:
    """``  rows = [...]`` per value that decides the stop, whole up to its cap (the cut said)."""
    lines = []
    for view in views or []:
        line = Text("  ") + Text(view.name, style="cyan") + Text(" = " + view.value.removesuffix("…"))
        if view.value_truncated:
            command = call("evaluate", expression=view.name, maxLength=0)
            line.append(said(f"…(+{view.value_truncated} chars; {command})"), style="dim")
        elif view.value_cut_by_adapter:  # the adapter cut it: no count, its note
            line.append(("…" if view.value.endswith("…") else "") + f"  ({view.value_cut_by_adapter})", style="dim")
        lines.append(line)
    return lines


def _returned(view: m.ReturnValueView) -> Text:
    """``Value returned is 49`` (a debugger's history name, lldb's ``$0``, stays in ``name``)."""
    text = Text(f"Value returned is {view.value}", style="bold")
    if view.type:
        text.append(f"  ({view.type})", style="dim")
    if view.value_cut_by_adapter:  # gdb's print elements: what shows more
        text.append(f"  ({view.value_cut_by_adapter})", style="dim")
    return text


def render_watch_lines(watches: list[m.WatchView]) -> Text:
    """``watch N: expr = value`` per watch; changed values marked ``*``, errors in red."""
    text = Text()
    for index, w in enumerate(watches):
        if index:
            text.append("\n")
        text.append(f"watch {w.id}: ", style="dim")
        text.append(w.expression, style="cyan")
        if w.error is not None:
            text.append(f"  <error: {w.error}>", style="red")
        elif w.value is not None:
            text.append(" = ")
            text.append(w.value, style="bold magenta" if w.changed else "")
            if w.changed:
                text.append(f"  * (was {w.previous})", style="magenta")
        if w.note:
            text.append(f"  ({w.note})", style="dim")
    return text


def render_watches(result: m.WatchesResult, cwd: str | None = None) -> RenderableType:
    removed = result.removed_text()
    if not result.watches:
        return Text(f"{removed}; no watch expressions left" if removed else "No watch expressions.")
    return Group(Text(removed), render_watch_lines(result.watches)) if removed else render_watch_lines(result.watches)


def render_frame(result: m.FrameResult, cwd: str | None = None) -> RenderableType:
    frame = result.frame
    head = Text(f"#{frame.index} ", style="bold") + Text(frame.name, style="bold")
    head.append(f" at {short_path(frame.path or frame.source_name, cwd)}:{frame.line}")
    if result.skipped_frames:
        head.append(f"  (the user's frame; {result.skipped_frames} library frame"
                    f"{'s' if result.skipped_frames > 1 else ''} above it, `stack` shows them)", style="dim")
    return Group(head, source_lines(result.source)) if result.source else head


def render_trace(result: m.TraceResult, cwd: str | None = None) -> RenderableType:
    table = column_table("hit", *result.expressions)
    for hit in result.hits:
        cells = [Text(hit.values.get(e, "<" + (hit.errors or {}).get(e, "?") + ">")) for e in result.expressions]
        for cell, expression in zip(cells, result.expressions, strict=True):
            if (hit.cut or {}).get(expression):  # cut at 200: how much, and where it is whole
                again = call("evaluate", expression=expression, maxLength=0)
                cell.append(said(f" (+{hit.cut[expression]} chars; at a stop, {again})"), style="dim")
        table.add_row(str(hit.hit), *cells)
    count = len(result.hits)
    head = Text(f"{count} {'hit' if count == 1 else 'hits'} of {short_path(result.path, cwd)}:{result.line}",
                style="bold")
    if result.limit_reached:
        head.append(" (limit reached)", style="dim")
    parts: list[RenderableType] = [head, table]
    if result.stop is not None:
        parts.append(render_stop(result.stop, cwd))
    return Group(*parts)


def _end_reason(status: m.StatusResult) -> str | None:
    """How an ended session ended (the adapter lost, killed by a signal), when known."""
    stop = status.stop
    return stop.description if stop and stop.status in ("exited", "terminated") and stop.description else None


def _exit_code(status: m.StatusResult) -> str | None:
    """The exit code; the adapter's own number when a signal ended the program (not an exit status)."""
    if status.exit_code is None:
        return None
    signal = status.stop.signal if status.stop is not None else None
    return f"{status.exit_code} (the adapter's number for {signal})" if signal else str(status.exit_code)


def render_status(status: m.StatusResult, cwd: str | None = None) -> RenderableType:
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()
    rows: list[tuple[str, Any]] = [
        ("session", status.session), ("state", status.state), ("adapter", status.adapter),
        ("program", short_path(status.program, cwd) if status.program else None), ("test", status.test_id),
        ("interpreter", status.runtime), ("debuggee pid", status.debuggee_pid),
        ("adapter pid", status.adapter_pid), ("host pid", status.host_pid),
        ("exit code", _exit_code(status)), ("ended", _end_reason(status)), ("breakpoints", status.breakpoints),
        ("output", m.dropped_note(status.output_dropped, status.output_dropped_bytes)
         if status.output_dropped else None),
        ("pause", None if status.pause_pending_s is None else
         said(f"requested {status.pause_pending_s:.1f} s ago, pending ({call('wait')} reports the stop)")),
    ]
    for key, value in rows:
        if value is not None:
            table.add_row(key, Text(str(value)))
    parts: list[RenderableType] = [table]
    if status.stop and status.stop.status == "stopped" and status.stop.location:
        parts.append(render_stop(status.stop, cwd))
    elif status.stop and status.stop.warnings:  # e.g. an abandoned evaluation still runs
        parts.extend(Text(f"warning: {w}", style="yellow") for w in status.stop.warnings)
    return Group(*parts)
