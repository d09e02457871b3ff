"""Renderers of sessions and their surroundings: the session list, a session's end, input sent
to the program, adapters, launch configurations and ``doctor``'s checks."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from dapcli.render.pieces import column_table, short_path
from dapcli.render.stop import render_stop
from dapcli.verbs import models as m

__all__ = ["render_adapters", "render_configs", "render_doctor", "render_end", "render_input", "render_sessions"]


def render_sessions(result: m.SessionsResult, cwd: str | None = None) -> RenderableType:
    if not result.sessions:
        return Text("No sessions. Start one with: dapcli launch PROGRAM")
    table = column_table("session", "state", "adapter", "program")
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
        text = Text("Closed the program's stdin (end of input).")
    else:
        text = Text(f"Sent {result.sent} {unit} to the program" + ("; its stdin is closed." if result.eof else "."))
    return text if result.stop is None else Group(text, render_stop(result.stop, cwd))


def render_adapters(result: m.AdaptersResult, cwd: str | None = None) -> RenderableType:
    table = column_table("adapter", "for", "found", "version", "path / install hint")
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
    table = column_table("name", "type", "adapter", "request", "program")
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
