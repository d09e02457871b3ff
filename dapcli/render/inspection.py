"""Renderers of what the program holds: stack, threads, scopes, variables, evaluations,
assignments, source listings and program output."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from dapcli.calls import call, option
from dapcli.render.pieces import column_table, program_text, short_path, source_lines, variable_tree
from dapcli.render.stop import render_stop
from dapcli.verbs import models as m
from dapcli.verbs.shared.phrasing import said

__all__ = ["render_evaluate", "render_output", "render_scopes", "render_set", "render_source", "render_stack",
           "render_threads", "render_variables"]


def render_stack(result: m.StackResult, cwd: str | None = None) -> RenderableType:
    table = column_table("", "#", "function", "location", "id")  # StackFrame.id: what --frame-id takes
    paths: dict[str | None, str] = {}  # a deep recursion repeats one file 10,000 times
    for frame in result.frames:
        path = frame.path or frame.source_name
        if path not in paths:
            paths[path] = short_path(path, cwd)
        where = f"{paths[path]}:{frame.line}"
        table.add_row("→" if frame.selected else "", str(frame.index), Text(frame.name), Text(where), str(frame.id))
    parts: list[RenderableType] = [table]
    if (counted := m.frames_shown(result)) is not None:
        text, more = counted
        parts.append(Text(text + (f" (next: dapcli stack --start {more})" if more is not None else ""), style="dim"))
    if result.note:
        parts.append(Text(f"({result.note})", style="dim"))
    return Group(*parts) if len(parts) > 1 else table


def render_threads(result: m.ThreadsResult, cwd: str | None = None) -> RenderableType:
    table = column_table("", "id", "name")  # Thread.id: what --thread-id takes
    for thread in result.threads:
        table.add_row("*" if thread.current else "", str(thread.id), Text(thread.name))
    listed = len(result.threads)
    if not result.partial:
        return Group(table, Text(f"{listed:,} thread{'s' if listed != 1 else ''}", style="dim")) if listed else table
    counted = f"{listed} of {result.total}" if result.total is not None else f"{listed} (more exist)"
    return Group(table, Text(f"{counted} listed: the adapter lists no more; show one that is not listed by its id: "
                             "`dapcli stack --thread-id ID`, `dapcli thread ID`", style="yellow"))


def render_variables(result: m.VariablesResult, cwd: str | None = None) -> RenderableType:
    title = result.parent or result.scope or f"variablesReference {result.variables_reference}"
    if result.frame_name:
        title += f" of frame {result.frame_name}"
    if result.variables and (result.start or len(result.variables) < result.total):  # a page: which, of how many
        title += f" ({result.start + 1:,}–{result.start + len(result.variables):,} of {result.total:,})"
    notes = [hidden] if (hidden := _hidden_note(result)) else []
    if not result.variables:
        none = f"(none matching {result.filter!r} of {result.unfiltered:,})" if result.filter is not None \
            and result.unfiltered else "(none)"
        return Group(Text(f"{title}: {none}"), *notes) if notes else Text(f"{title}: {none}")
    tree = variable_tree(result.variables, title, result.truncated)
    return Group(tree, *notes) if notes else tree


def _hidden_note(result: m.VariablesResult) -> Text | None:
    """What the listing left out (pytest's temporaries, debugpy's groups) and what lists it; a
    page that dapcli cut, said."""
    notes = []
    if result.hidden:
        notes.append(f"{result.hidden} pytest temporaries @py_… hidden")
    if result.hidden_groups:
        notes.append(m.groups_note(result.hidden_groups))
    text = f"({'; '.join(notes)}: {said(option('variables', 'all', True))} lists them)" if notes else ""
    if result.paged_by == "dapcli":
        text += ("\n" if text else "") + f"({m.PAGED_BY_DAPCLI})"
    return Text(text, style="dim") if text else None


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
    """The chunks, after a note of the chunks left out (``--all`` shows them) and of those the
    ring buffer dropped."""
    notes = [Text(f"… {m.dropped_note(result.dropped, result.dropped_bytes)}", style="dim")] if result.dropped else []
    if result.omitted:
        notes.append(Text(f"… {m.omitted_note(result.omitted, result.omitted_bytes, said(call('output', all=True)))}",
                          style="dim"))
    body = program_text(result.chunks) if result.chunks else Text("(no output yet)", style="dim")
    return Group(*notes, body) if notes else body


def render_scopes(result: m.ScopesResult, cwd: str | None = None) -> RenderableType:
    table = column_table("scope", "variablesReference", "")
    for scope in result.scopes:
        table.add_row(Text(scope.name), str(scope.variables_reference), "expensive" if scope.expensive else "")
    return table


def render_set(result: m.SetVariableResult, cwd: str | None = None) -> RenderableType:
    text = Text.assemble((result.name, "cyan"), " = ", result.value)
    note = result.emulated_note()
    if note:
        text.append(f"  ({note})", style="dim")
    return text
