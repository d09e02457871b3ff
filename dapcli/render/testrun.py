"""The test lines of a ``debugTest`` stop state: which test failed and why; the run's summary."""

from __future__ import annotations

from rich.text import Text

from dapcli.verbs.models import TestView

__all__ = ["summary_line", "test_lines"]


def test_lines(test: TestView, status: str) -> list[Text]:
    """``FAILED <test id>`` and the failure message (a stop), or the summary (the run ended);
    with ``--until-fail``, which run it was (``failed on run 3 of 10``)."""
    if status in ("exited", "terminated"):
        return [summary_line(test)]
    if test.message is None:
        where = f"in test {test.id}" if test.id else ""
        if test.runs:
            where = f"{where} (run {test.run} of {test.runs})".strip()
        return [Text(where, style="dim")] if where else []
    head = Text("FAILED ", style="bold red")
    head.append(test.id or "?", style="bold")
    if test.phase and test.phase != "call":
        head.append(f" (in {test.phase})", style="red")
    if test.runs:
        head.append(f" (failed on run {test.run} of {test.runs})", style="red")
    return [head, Text(test.message, style="red")]


def summary_line(test: TestView) -> Text:
    """``all N tests passed`` or the runner's own summary, with its exit code (after the runs
    with ``--until-fail``)."""
    code = "?" if test.exit_code is None else str(test.exit_code)
    text = test.summary or f"{test.runner} finished"
    runs = test.runs_note()
    style = "bold green" if test.exit_code == 0 else "bold red"
    return Text(f"{runs + ': ' if runs else ''}{text} ({test.runner} exit code {code})", style=style)
