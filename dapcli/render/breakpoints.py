"""Renderers of breakpoints, watchpoints (data breakpoints) and exception filters."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from dapcli.render.pieces import column_table, short_path
from dapcli.verbs import models as m
from dapcli.verbs.breakpoints.reasons import joined

__all__ = ["render_breakpoint", "render_breakpoints", "render_data_breakpoints", "render_exception_filters"]


def render_exception_filters(result: m.ExceptionFiltersResult, cwd: str | None = None) -> RenderableType:
    if not result.filters:
        return Text("This adapter has no exception filters.")
    table = column_table("filter", "on", "default", "label / description")
    for f in result.filters:
        about = f.label + (f" — {f.description}" if f.description else "")
        if f.condition:
            about += f" (if {f.condition})"
        table.add_row(f.filter, "yes" if f.enabled else "no", "yes" if f.default else "", Text(about))
    return Group(Text(f"warning: {result.warning}", style="yellow"), table) if result.warning else table


def render_data_breakpoints(result: m.DataBreakpointsResult, cwd: str | None = None) -> RenderableType:
    if not result.data_breakpoints:
        return Text("No watchpoints.")
    table = column_table("id", "watches", "access", "verified", "details")
    for w in result.data_breakpoints:
        details = "; ".join(x for x in (w.description, w.condition and f"if {w.condition}", w.message) if x)
        table.add_row(str(w.id), Text(w.name), w.access_type or "", "yes" if w.verified else "no", Text(details))
    return table


def render_breakpoints(result: m.BreakpointsResult, cwd: str | None = None) -> RenderableType:
    note = [Text(f"warning: {result.warning}", style="yellow")] if result.warning else []
    watchpoints = result.removed_data_breakpoints
    if watchpoints:
        plural = "s" if len(watchpoints) > 1 else ""
        note.append(Text(f"Deleted watchpoint{plural} {', '.join(map(str, watchpoints))}."))
    if result.removed:
        plural = "s" if len(result.removed) > 1 else ""
        note.append(Text(f"Deleted breakpoint{plural} {', '.join(map(str, result.removed))}."))
    if not result.breakpoints:
        return Group(*note, Text("No breakpoints left." if result.removed else "No breakpoints."))
    table = column_table("id", "where", "verified", "details")
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
        where += f" (requested {bp.line}, bound to {bp.actual_line}" + (f": {bp.bound_text}" if bp.bound_text
                                                                        else "") + ")"
    if bp.stale:
        where += f" (stale: {bp.statement or ''!r} is no longer in the file)"
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
    if bp.emulated:
        bits.append(emulated_note(bp.emulated))
    return Text("; ".join(bits))


def emulated_note(parts: list[str]) -> str:
    """``emulated: dapcli counts the hits`` for a breakpoint's ``emulated`` parts."""
    said = {"hitCondition": "dapcli counts the hits", "logMessage": "dapcli writes the log message"}
    return "emulated: " + " and ".join(said.get(p, p) for p in parts) + " (a stop per hit)"


def render_breakpoint(bp: m.BreakpointResult, cwd: str | None = None) -> RenderableType:
    text = Text(f"Breakpoint {bp.id} at ") + _bp_where(bp, cwd)
    details = _bp_details(bp)
    if details:  # `at f.py:3 if x > 1`, but `at f.py:3; <what the adapter or dapcli said>`
        text.append(" " if bp.condition or bp.hit_condition or bp.log_message else "; ").append_text(details)
    if not bp.verified:
        text.append("  (pending: not verified yet)", style="yellow")  # the details say why
    if bp.notes:
        return Group(text, *(Text(f"warning: {note}", style="yellow") for note in bp.notes))
    return text
