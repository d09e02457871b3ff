"""The pieces the renderers share: short paths, source listings, variable trees, the
program's own text, and the plain tables of ids and names.

Program output and values are data, never markup: every piece of program text goes through
``rich.text.Text`` (or :class:`ProgramText`), never through a markup string.
"""

from __future__ import annotations

import os

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from rich.tree import Tree

from dapcli.calls import call, option
from dapcli.escapes import escape_cell
from dapcli.render.fasttable import FastTable
from dapcli.verbs import models as m
from dapcli.verbs.shared.phrasing import said
from dapcli.verbs.shared.values.marks import once_said

__all__ = ["ProgramText", "column_table", "output_block", "program_text", "short_path", "source_lines", "variable_tree"]


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


def _value_line(var: m.VariableView, said_marks: list[str] | None = None) -> Text:
    # a name is one line (js-debug names a key "a<LF>b" as it is): its line breaks and tabs shown escaped
    text = Text.assemble((escape_cell(var.name), "cyan"), " = ", (var.value, ""))
    text.no_wrap, text.overflow = False, "fold"  # a tree row is cut at the width: fold it, lose nothing
    if var.type:
        text.append(f"  ({var.type})", style="dim")
    if var.value_truncated:  # the cut said, and what shows the whole
        text.append(said(f"  …+{var.value_truncated} chars ({option('variables', 'maxLength', 0)} shows all)"),
                    style="dim")
    if var.value_cut_by_adapter and not once_said(var.value_cut_by_adapter, var.value, said_marks):
        text.append(f"  ({var.value_cut_by_adapter})", style="dim")
    if var.read_only:
        text.append("  [read-only]", style="dim")
    if var.lazy:  # the value shown is the getter, not what it returns
        reads = call("variables", variablesReference=var.variables_reference)
        text.append(said(f"  (not read: a getter; {reads} runs it)"), style="yellow")
    if var.cycle:
        text.append(f"  ↻ cycle: the same object as {var.cycle}", style="yellow")
    return text


def variable_tree(variables: list[m.VariableView], title: str, truncated: int | None = None) -> Tree:
    """``name = value  (type)`` rows as a tree, with a paging hint where children were cut."""
    tree = Tree(Text(title, style="bold"), guide_style="dim")
    said_marks: list[str] = []  # debugpy's nesting note: said once per tree

    def add(node: Tree, items: list[m.VariableView]) -> None:
        for var in items:
            child = node.add(_value_line(var, said_marks))
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


def program_text(chunks: list[m.OutputChunkView]) -> ProgramText:
    """Output chunks as the program wrote them (stderr in red), without trailing blank space."""
    parts = [(c.output, "red" if c.category == "stderr" else "") for c in chunks]
    while parts and not parts[-1][0].rstrip():
        parts.pop()
    if parts:
        parts[-1] = (parts[-1][0].rstrip(), parts[-1][1])
    return ProgramText(parts)


def output_block(chunks: list[m.OutputChunkView] | None, cut: int | None,
                 dropped: tuple[int, int] | None = None) -> list[RenderableType]:
    """An ``output:`` heading, a note of ``cut`` earlier chunks and of the ``dropped`` (chunks,
    bytes) the ring buffer dropped, and the chunks; [] for none."""
    if not chunks:
        return []
    head: list[RenderableType] = [Text("output:", style="bold")]
    if dropped and dropped[0]:
        head.append(Text(f"… {m.dropped_note(*dropped)}", style="dim"))
    if cut:
        head.append(Text(f"… {cut} earlier output chunks (dapcli output)", style="dim"))
    return [*head, program_text(chunks)]


def column_table(*columns: str) -> FastTable:
    """A table with these column headers (plain text, never markup)."""
    table = FastTable()  # linear in its rows: a 10,000-frame stack must not take seconds
    for column in columns:
        table.add_column(Text(column))  # a header such as `self.scores[k]` is not markup
    return table
