"""The rendering of ``explainHang`` (``dapcli hang``) for the CLI and the REPL."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from dapcli.render.pieces import short_path
from dapcli.verbs.models.hang import HangResult, hang_lines

__all__ = ["render_hang"]


def render_hang(result: HangResult, cwd: str | None = None) -> RenderableType:
    """The verdict (a deadlock in bold red), then each thread and what it waits on."""
    lines = hang_lines(result, lambda path: short_path(path, cwd))
    text = Text()
    for n, line in enumerate(lines):
        style = "bold red" if line.startswith("DEADLOCK") else "dim" if line.startswith("note:") else ""
        text.append(line, style=style)
        if n < len(lines) - 1:
            text.append("\n")
    return text
