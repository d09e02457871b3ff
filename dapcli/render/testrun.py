"""The test lines of a ``debugTest`` stop state: which test failed and why; the run's summary."""

from __future__ import annotations

from rich.text import Text

from dapcli.verbs.models import TestView

__all__ = ["summary_line", "test_lines"]


def test_lines(test: TestView, status: str) -> list[Text]:
    """``FAILED <test id>`` and the failure message (a stop), or the summary (the run ended)."""
    if status in ("exited", "terminated"):
        return [summary_line(test)]
    if test.message is None:
        return [Text(f"in test {test.id}", style="dim")] if test.id else []
    head = Text("FAILED ", style="bold red")
    head.append(test.id or "?", style="bold")
    if test.phase and test.phase != "call":
        head.append(f" (in {test.phase})", style="red")
    return [head, Text(test.message, style="red")]


def summary_line(test: TestView) -> Text:
    """``all N tests passed`` or the runner's own summary, with its exit code."""
    code = "?" if test.exit_code is None else str(test.exit_code)
    text = test.summary or f"{test.runner} finished"
    style = "bold green" if test.exit_code == 0 else "bold red"
    return Text(f"{text} ({test.runner} exit code {code})", style=style)
