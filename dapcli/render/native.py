"""Renderers of native debugging: disassembly, memory, registers, the debugger's console and
raw DAP requests."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from dapcli.render.pieces import column_table, short_path
from dapcli.render.stop import render_stop
from dapcli.verbs import models as m

__all__ = ["render_console", "render_dap", "render_disassemble", "render_memory", "render_registers"]


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
        table = column_table(group.name, "value")
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
