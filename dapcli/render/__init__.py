"""Rich renderables for verb results, shared by the CLI and the REPL.

Program output and values are data, never markup: every piece of program text goes through
``rich.text.Text``, never through a markup string.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from dapcli.render.fasttable import FastTable
from dapcli.render.safe import terminal_safe
from dapcli.render.testrun import test_lines
from dapcli.verbs import models as m
from dapcli.verbs.breakpoints.reasons import joined
from dapcli.verbs.shared.stop.stoplabel import exception_headline, stop_detail

__all__ = ["render", "short_path"]


def short_path(path: str | None, cwd: str | None = None) -> str:
    """``path`` relative to ``cwd`` when it lies below it, else as is."""
    if not path:
        return "?"
    base = cwd or os.getcwd()
    try:
        rel = os.path.relpath(path, base)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel


def source_lines(lines: list[m.SourceLine]) -> Text:
    """Source with the current line marked ``→`` and breakpoint lines ``●``."""
    width = max((len(str(line.line)) for line in lines), default=1)
    out = Text(no_wrap=True, overflow="ellipsis")
    for index, line in enumerate(lines):
        if index:
            out.append("\n")
        out.append("●" if line.breakpoint else " ", style="red")
        out.append(" → " if line.current else "   ", style="bold yellow")
        out.append(str(line.line).rjust(width), style="bold yellow" if line.current else "dim")
        out.append(" │ ", style="dim")
        out.append(line.text.expandtabs(4), style="bold" if line.current else "")
    return out


def _value_line(var: m.VariableView) -> Text:
    text = Text.assemble((var.name, "cyan"), " = ", (var.value, ""))
    text.no_wrap, text.overflow = False, "fold"  # a tree row is cut at the width: fold it, lose nothing
    if var.type:
        text.append(f"  ({var.type})", style="dim")
    if var.value_truncated:
        text.append(f"  …+{var.value_truncated} chars", style="dim")
    if var.value_cut_by_adapter:
        text.append(f"  ({var.value_cut_by_adapter})", style="dim")
    if var.read_only:
        text.append("  [read-only]", style="dim")
    return text


def variable_tree(variables: list[m.VariableView], title: str, truncated: int | None = None) -> Tree:
    tree = Tree(Text(title, style="bold"), guide_style="dim")

    def add(node: Tree, items: list[m.VariableView]) -> None:
        for var in items:
            child = node.add(_value_line(var))
            if var.children:
                add(child, var.children)
            if var.truncated:
                child.add(Text(f"… {var.truncated} more (variables --variables-reference "
                               f"{var.variables_reference} --start N)", style="dim"))

    add(tree, variables)
    if truncated:
        tree.add(Text(f"… {truncated} more (use --start / --count)", style="dim"))
    return tree


class ProgramText:
    """The program's own text, written as it is: tabs stay tabs (``rich.text.Text`` would expand
    them to spaces) and nothing in it is read as markup. ``parts`` are (text, style) pairs."""

    def __init__(self, parts: list[tuple[str, str]]) -> None:
        self.parts = parts

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for text, style in self.parts:
            yield Segment(text, Style.parse(style) if style else None)
        yield Segment.line()


def _program_text(chunks: list[m.OutputChunkView]) -> ProgramText:
    parts = [(c.output, "red" if c.category == "stderr" else "") for c in chunks]
    while parts and not parts[-1][0].rstrip():
        parts.pop()
    if parts:
        parts[-1] = (parts[-1][0].rstrip(), parts[-1][1])
    return ProgramText(parts)


def _output_block(chunks: list[m.OutputChunkView] | None, cut: int | None) -> list[RenderableType]:
    if not chunks:
        return []
    head: list[RenderableType] = [Text("output:", style="bold")]
    if cut:
        head.append(Text(f"… {cut} earlier output chunks (dapcli output)", style="dim"))
    return [*head, _program_text(chunks)]


def render_stop(state: m.StopState, cwd: str | None = None) -> RenderableType:
    parts: list[RenderableType] = [Text(f"warning: {w}", style="yellow") for w in state.warnings or []]
    if state.status == "stopped" and state.location:
        loc = state.location
        head = Text("Stopped", style="bold yellow")
        reason = state.reason or "?"
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
            said, name = exc.message or exc.description or "", exc.type_name or exc.exception_id
            parts.append(Text(exception_headline(name, said), style="bold red"))
        if state.return_value:
            parts.append(_returned(state.return_value))
        if state.source:
            parts.append(source_lines(state.source))
        if state.locals:
            line = Text("locals: ", style="bold")
            for index, var in enumerate(state.locals):
                if index:
                    line.append("  ")
                line.append(var.name, style="cyan")
                line.append("=" + var.value, style="bold magenta" if var.changed else "")
                if var.changed:
                    line.append("*", style="bold magenta")
            if state.locals_truncated:
                line.append(f"  … {state.locals_truncated} more (dapcli vars)", style="dim")
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
                          "`dapcli wait` reports the stop", style="bold"))
    else:
        waited = f" after {state.elapsed_ms / 1000:.1f} s" if state.elapsed_ms else ""
        parts.append(Text(f"Still running{waited}; `dapcli wait` reports the next stop, `dapcli pause` "
                          "interrupts it", style="bold"))
    parts += _output_block(state.output, state.output_truncated)
    for child in state.subprocesses or []:
        parts.append(Text(f"subprocess session {child.name}: {child.state}"
                          + (" (dapcli --session " + child.name + " stack)" if child.state == "stopped" else ""),
                          style="bold yellow" if child.state == "stopped" else "dim"))
    return Group(*parts)


def _returned(view: m.ReturnValueView) -> Text:
    """``Value returned is 49`` (a debugger's history name, lldb's ``$0``, stays in ``name``)."""
    text = Text(f"Value returned is {view.value}", style="bold")
    if view.type:
        text.append(f"  ({view.type})", style="dim")
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
        else:
            text.append(" = ")
            text.append(w.value or "", style="bold magenta" if w.changed else "")
            if w.changed:
                text.append(f"  * (was {w.previous})", style="magenta")
    return text


def render_watches(result: m.WatchesResult, cwd: str | None = None) -> RenderableType:
    if not result.watches:
        return Text("No watch expressions.")
    return render_watch_lines(result.watches)


def render_exception_filters(result: m.ExceptionFiltersResult, cwd: str | None = None) -> RenderableType:
    if not result.filters:
        return Text("This adapter has no exception filters.")
    table = _table("filter", "on", "default", "label / description")
    for f in result.filters:
        about = f.label + (f" — {f.description}" if f.description else "")
        if f.condition:
            about += f" (if {f.condition})"
        table.add_row(f.filter, "yes" if f.enabled else "no", "yes" if f.default else "", Text(about))
    return Group(Text(f"warning: {result.warning}", style="yellow"), table) if result.warning else table


def render_frame(result: m.FrameResult, cwd: str | None = None) -> RenderableType:
    frame = result.frame
    head = Text(f"#{frame.index} ", style="bold") + Text(frame.name, style="bold")
    head.append(f" at {short_path(frame.path or frame.source_name, cwd)}:{frame.line}")
    return Group(head, source_lines(result.source)) if result.source else head


def render_trace(result: m.TraceResult, cwd: str | None = None) -> RenderableType:
    table = _table("hit", *result.expressions)
    for hit in result.hits:
        cells = [Text(hit.values.get(e, "<" + (hit.errors or {}).get(e, "?") + ">")) for e in result.expressions]
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


def render_data_breakpoints(result: m.DataBreakpointsResult, cwd: str | None = None) -> RenderableType:
    if not result.data_breakpoints:
        return Text("No watchpoints.")
    table = _table("id", "watches", "access", "verified", "details")
    for w in result.data_breakpoints:
        details = "; ".join(x for x in (w.description, w.condition and f"if {w.condition}", w.message) if x)
        table.add_row(str(w.id), Text(w.name), w.access_type or "", "yes" if w.verified else "no", Text(details))
    return table


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
        ("program", short_path(status.program, cwd) if status.program else None),
        ("interpreter", status.runtime), ("debuggee pid", status.debuggee_pid),
        ("adapter pid", status.adapter_pid), ("host pid", status.host_pid),
        ("exit code", _exit_code(status)), ("ended", _end_reason(status)), ("breakpoints", status.breakpoints),
        ("pause", None if status.pause_pending_s is None else
         f"requested {status.pause_pending_s:.1f} s ago, pending (`dapcli wait` reports the stop)"),
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


def _table(*columns: str) -> FastTable:
    table = FastTable()  # linear in its rows: a 10,000-frame stack must not take seconds
    for column in columns:
        table.add_column(Text(column))  # a header such as `self.scores[k]` is not markup
    return table


def render_stack(result: m.StackResult, cwd: str | None = None) -> RenderableType:
    table = _table("", "#", "function", "location", "id")  # StackFrame.id: what --frame-id takes
    paths: dict[str | None, str] = {}  # a deep recursion repeats one file 10,000 times
    for frame in result.frames:
        path = frame.path or frame.source_name
        if path not in paths:
            paths[path] = short_path(path, cwd)
        where = f"{paths[path]}:{frame.line}"
        table.add_row("→" if frame.selected else "", str(frame.index), Text(frame.name), Text(where), str(frame.id))
    shown = (result.frames[-1].index + 1) if result.frames else 0
    if result.total_frames and result.total_frames > shown:
        more = Text(f"… +{result.total_frames - shown} more frames (dapcli stack --start {shown})", style="dim")
        return Group(table, more)
    return table


def render_threads(result: m.ThreadsResult, cwd: str | None = None) -> RenderableType:
    table = _table("", "id", "name")  # Thread.id: what --thread-id takes
    for thread in result.threads:
        table.add_row("*" if thread.current else "", str(thread.id), Text(thread.name))
    return table


def render_breakpoints(result: m.BreakpointsResult, cwd: str | None = None) -> RenderableType:
    note = [Text(f"warning: {result.warning}", style="yellow")] if result.warning else []
    watchpoints = result.removed_data_breakpoints
    if watchpoints:
        plural = "s" if len(watchpoints) > 1 else ""
        note.append(Text(f"Deleted watchpoint{plural} {', '.join(map(str, watchpoints))}."))
    if not result.breakpoints:
        return Group(*note, Text("No breakpoints." + (f" Deleted {len(result.removed)}." if result.removed else "")))
    table = _table("id", "where", "verified", "details")
    for bp in result.breakpoints:
        table.add_row(str(bp.id), _bp_where(bp, cwd), "yes" if bp.verified else Text("pending", style="yellow"),
                      _bp_details(bp))
    return Group(*note, table) if note else table


def _bp_where(bp: m.BreakpointView, cwd: str | None) -> Text:
    if bp.function:
        placed = bp.actual_path or bp.path
        line = bp.actual_line or bp.line
        return Text(f"function {bp.function}" + (f" at {short_path(placed, cwd)}:{line}" if placed and line else ""))
    where = f"{short_path(bp.path, cwd)}:{bp.line}"
    if bp.actual_line and bp.actual_line != bp.line:
        where += f" (moved to line {bp.actual_line})"
    return Text(where)


def _bp_details(bp: m.BreakpointView) -> Text:
    bits = []
    if bp.condition:
        bits.append(f"if {bp.condition}")
    if bp.hit_condition:
        bits.append(f"hit {bp.hit_condition}")
    if bp.log_message:
        bits.append(f"log {bp.log_message!r}")
    said = joined(bp.message, bp.warning)
    if said:
        bits.append(said)
    return Text("; ".join(bits))


def render_breakpoint(bp: m.BreakpointResult, cwd: str | None = None) -> RenderableType:
    text = Text(f"Breakpoint {bp.id} at ") + _bp_where(bp, cwd)
    details = _bp_details(bp)
    if details:
        text.append(" ").append_text(details)
    if not bp.verified:
        text.append("  (pending: not verified yet)", style="yellow")  # the details say why
    return text


def render_variables(result: m.VariablesResult, cwd: str | None = None) -> RenderableType:
    title = result.scope or f"variablesReference {result.variables_reference}"
    if result.frame_name:
        title += f" of frame {result.frame_name}"
    if not result.variables:
        return Text(f"{title}: (none)")
    return variable_tree(result.variables, title, result.truncated)


def render_evaluate(result: m.EvaluateResult, cwd: str | None = None) -> RenderableType:
    text = Text(result.result)
    if result.type:
        text.append(f"  ({result.type})", style="dim")
    if result.value_truncated:
        text.append(f"  …+{result.value_truncated} chars (--max-length 0 shows all)", style="dim")
    if result.value_cut_by_adapter:
        text.append(f"  ({result.value_cut_by_adapter})", style="dim")
    if result.frame_name:
        text.append(f"  (in frame {result.frame_name})", style="dim")
    if result.note:
        text.append(f"({result.note})" if not result.result else f"  ({result.note})", style="dim")
    parts: list[RenderableType] = [text]
    if result.children:
        tree = variable_tree(result.children, "")
        if result.truncated:
            tree.add(Text(f"… {result.truncated} more (vars --variables-reference {result.variables_reference} "
                          "--start N)", style="dim"))
        parts.append(tree)
    if result.stop is not None:
        parts.append(render_stop(result.stop, cwd))
    return Group(*parts) if len(parts) > 1 else text


def render_source(result: m.SourceResult, cwd: str | None = None) -> RenderableType:
    return Group(Text(short_path(result.path, cwd), style="bold"), source_lines(result.lines))


def render_output(result: m.OutputResult, cwd: str | None = None) -> RenderableType:
    return _program_text(result.chunks) if result.chunks else Text("(no output yet)", style="dim")


def render_scopes(result: m.ScopesResult, cwd: str | None = None) -> RenderableType:
    table = _table("scope", "variablesReference", "")
    for scope in result.scopes:
        table.add_row(Text(scope.name), str(scope.variables_reference), "expensive" if scope.expensive else "")
    return table


def render_sessions(result: m.SessionsResult, cwd: str | None = None) -> RenderableType:
    if not result.sessions:
        return Text("No sessions. Start one with: dapcli launch PROGRAM")
    table = _table("session", "state", "adapter", "program")
    for s in result.sessions:
        table.add_row(s.name, s.state, s.adapter or "", Text(short_path(s.program, cwd) if s.program else ""))
    return table


def render_end(result: m.EndResult, cwd: str | None = None) -> RenderableType:
    text = f"Session '{result.session}' {result.status}"
    if result.exit_code is not None:
        text += f" (program exit code {result.exit_code})"
    return Text(text + "." + (f" {result.note}" if result.note else ""))


def render_input(result: m.InputResult, cwd: str | None = None) -> RenderableType:
    unit = "byte" if result.sent == 1 else "bytes"
    if result.eof and not result.sent:
        return Text("Closed the program's stdin (end of input).")
    return Text(f"Sent {result.sent} {unit} to the program" + ("; its stdin is closed." if result.eof else "."))


def render_set(result: m.SetVariableResult, cwd: str | None = None) -> RenderableType:
    return Text.assemble((result.name, "cyan"), " = ", result.value)


def render_adapters(result: m.AdaptersResult, cwd: str | None = None) -> RenderableType:
    table = _table("adapter", "for", "found", "version", "path / install hint")
    for a in result.adapters:
        where = a.path if a.found else (a.install_hint or "")
        table.add_row(a.name, Text(a.description), "yes" if a.found else Text("no", style="red"),
                      Text(a.version or ""), Text(where or ""))
    warnings = [Text(f"warning: {a.warning}", style="yellow") for a in result.adapters if a.warning]
    return Group(table, *warnings) if warnings else table



def render_configs(result: m.ConfigsResult, cwd: str | None = None) -> RenderableType:
    head = Text(short_path(result.path, cwd), style="bold")
    if not result.configurations:
        return Group(head, Text("No configurations."))
    table = _table("name", "type", "adapter", "request", "program")
    for c in result.configurations:
        table.add_row(Text(c.name), Text(c.type or ""), Text(c.adapter or ""), Text(c.request or ""),
                      Text(c.program or ""))
    parts: list[RenderableType] = [head, table]
    if result.compounds:
        parts.append(Text(f"compounds (not run by dapcli): {', '.join(result.compounds)}", style="dim"))
    return Group(*parts)


_DOCTOR_MARKS = {"ok": ("✔", "green"), "warn": ("!", "yellow"), "fail": ("✘", "bold red")}


def render_doctor(result: m.DoctorResult, cwd: str | None = None) -> RenderableType:
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for check in result.checks:
        mark, style = _DOCTOR_MARKS[check.status]
        detail = Text(check.detail)
        if check.hint and check.status != "ok":
            detail.append("\nfix: ", style="bold")
            detail.append(check.hint, style="cyan")
        elif check.hint:
            detail.append(f"  ({check.hint})", style="dim")
        table.add_row(Text(mark, style=style), Text(check.name), detail)
    failed = sum(c.status == "fail" for c in result.checks)
    warned = sum(c.status == "warn" for c in result.checks)
    if failed:
        summary = Text(f"{failed} check(s) failed, {warned} warning(s)", style="bold red")
    elif warned:
        summary = Text(f"Debugging should work; {warned} warning(s)", style="bold yellow")
    else:
        summary = Text("Everything needed for debugging is in place.", style="bold green")
    return Group(table, summary)


_RENDERERS: dict[type, Callable[[Any, str | None], RenderableType]] = {
    m.StopState: render_stop, m.StatusResult: render_status, m.StackResult: render_stack,
    m.ThreadsResult: render_threads, m.BreakpointsResult: render_breakpoints,
    m.BreakpointResult: render_breakpoint, m.VariablesResult: render_variables,
    m.EvaluateResult: render_evaluate, m.SourceResult: render_source, m.OutputResult: render_output,
    m.ScopesResult: render_scopes, m.SessionsResult: render_sessions, m.EndResult: render_end,
    m.InputResult: render_input,
    m.SetVariableResult: render_set, m.AdaptersResult: render_adapters, m.WatchesResult: render_watches,
    m.ExceptionFiltersResult: render_exception_filters, m.FrameResult: render_frame, m.TraceResult: render_trace,
    m.DataBreakpointsResult: render_data_breakpoints,
    m.ConfigsResult: render_configs, m.DoctorResult: render_doctor,
}


def render(result: m.Result, cwd: str | None = None) -> RenderableType:
    """The human rendering of any verb result (falls back to its JSON), its text escaped for a
    terminal (:mod:`dapcli.render.safe`)."""
    result = terminal_safe(result)
    for cls in type(result).__mro__:
        renderer = _RENDERERS.get(cls)
        if renderer is not None:
            return renderer(result, cwd)
    import json

    return Text(json.dumps(result.to_json(), indent=2))


# -- native debugging ------------------------------------------------------------------------------
def render_disassemble(result: m.DisassembleResult, cwd: str | None = None) -> RenderableType:
    table = Table(box=None, pad_edge=False, show_header=False)
    for column in ("", "address", "bytes", "instruction", "where"):
        table.add_column(column, no_wrap=column != "instruction")
    for ins in result.instructions:
        where = (f"{short_path(ins.path, cwd)}:{ins.line}" if ins.path and ins.line
                 else f"line {ins.line}" if ins.line else (ins.symbol or ""))
        style = "bold yellow" if ins.current else ""
        table.add_row(Text("→" if ins.current else "", style=style), Text(ins.address, style=style or "dim"),
                      Text(ins.instruction_bytes or "", style="dim"), Text(ins.instruction, style=style),
                      Text(where, style="dim"))
    parts: list[RenderableType] = [table]
    if result.note:
        parts.append(Text(result.note, style="yellow"))
    return Group(*parts)


def render_memory(result: m.ReadMemoryResult, cwd: str | None = None) -> RenderableType:
    text = Text(no_wrap=True)
    width = max((len(line.address) for line in result.lines), default=0)
    for index, line in enumerate(result.lines):
        if index:
            text.append("\n")
        text.append(line.address.rjust(width), style="dim")
        text.append("  " + line.hex.ljust(47) + "  ")
        text.append(line.ascii, style="cyan")
    if result.unreadable_bytes:
        text.append(f"\n… {result.unreadable_bytes} unreadable bytes", style="yellow")
    return text if result.lines else Text(f"no readable memory at {result.address}", style="yellow")


def render_registers(result: m.RegistersResult, cwd: str | None = None) -> RenderableType:
    parts: list[RenderableType] = []
    for group in result.groups:
        table = _table(group.name, "value")
        for reg in group.registers:
            table.add_row(Text(reg.name, style="cyan"), Text(reg.value))
        parts.append(table)
    if result.other_groups:
        parts.append(Text("other groups (--group NAME or --all-groups): " + ", ".join(result.other_groups),
                          style="dim"))
    return Group(*parts)


def render_console(result: m.ConsoleResult, cwd: str | None = None) -> RenderableType:
    if result.stop is not None:  # the command moved the program: what it printed, then the stop
        stop = render_stop(result.stop, cwd)
        return Group(Text(result.output.rstrip("\n")), stop) if result.output.strip() else stop
    return Text(result.output.rstrip("\n")) if result.output.strip() else Text("(no output)", style="dim")


def render_dap(result: m.DapResult, cwd: str | None = None) -> RenderableType:
    import json

    return Text(json.dumps(result.body, indent=2, ensure_ascii=False))


_RENDERERS.update({
    m.DisassembleResult: render_disassemble, m.ReadMemoryResult: render_memory,
    m.RegistersResult: render_registers, m.ConsoleResult: render_console, m.DapResult: render_dap,
})
