"""Rich renderables for verb results, shared by the CLI and the REPL.

Program output and values are data, never markup: every piece of program text goes through
``rich.text.Text``, never through a markup string.

:func:`render` picks the renderer of a result by its type. The renderers live by what they show:
:mod:`~dapcli.render.stop` (stops, status, frame, watches, traces),
:mod:`~dapcli.render.breakpoints`, :mod:`~dapcli.render.inspection` (stack, threads, variables,
evaluations, source, output), :mod:`~dapcli.render.session` (sessions, adapters, configurations,
doctor) and :mod:`~dapcli.render.native`; the pieces they share are in :mod:`~dapcli.render.pieces`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from dapcli.render.breakpoints import (
    render_breakpoint,
    render_breakpoints,
    render_data_breakpoints,
    render_exception_filters,
)
from dapcli.render.hang import render_hang
from dapcli.render.inspection import (
    render_evaluate,
    render_output,
    render_scopes,
    render_set,
    render_source,
    render_stack,
    render_threads,
    render_variables,
)
from dapcli.render.native import render_console, render_dap, render_disassemble, render_memory, render_registers
from dapcli.render.pieces import ProgramText, short_path, source_lines, variable_tree
from dapcli.render.safe import terminal_safe
from dapcli.render.session import (
    render_adapters,
    render_configs,
    render_doctor,
    render_end,
    render_input,
    render_sessions,
)
from dapcli.render.stop import (
    render_frame,
    render_status,
    render_stop,
    render_trace,
    render_watch_lines,
    render_watches,
)
from dapcli.verbs import models as m
from dapcli.verbs.models.hang import HangResult

__all__ = [
    "ProgramText",
    "render",
    "render_adapters",
    "render_breakpoint",
    "render_breakpoints",
    "render_configs",
    "render_console",
    "render_dap",
    "render_data_breakpoints",
    "render_disassemble",
    "render_doctor",
    "render_end",
    "render_evaluate",
    "render_exception_filters",
    "render_frame",
    "render_hang",
    "render_input",
    "render_memory",
    "render_output",
    "render_registers",
    "render_scopes",
    "render_sessions",
    "render_set",
    "render_source",
    "render_stack",
    "render_status",
    "render_stop",
    "render_threads",
    "render_trace",
    "render_variables",
    "render_watch_lines",
    "render_watches",
    "short_path",
    "source_lines",
    "variable_tree",
]


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
    m.DisassembleResult: render_disassemble, m.ReadMemoryResult: render_memory,
    m.RegistersResult: render_registers, m.ConsoleResult: render_console, m.DapResult: render_dap,
    HangResult: render_hang,
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
