"""The refusal of a second breakpoint at a place that holds one (a line or a function)."""

from __future__ import annotations

import os
from typing import Protocol

from dapcli.errors import UsageError

__all__ = ["Placed", "taken_error"]


class Placed(Protocol):
    """What the refusal reads of the breakpoint already there (a ``BreakpointEntry``)."""

    id: int
    path: str | None
    function: str | None
    condition: str | None
    hit_condition: str | None
    log_message: str | None


def taken_error(entry: Placed, line: int | None, moved_from: int | None = None, *,
                at_launch: bool = False) -> UsageError:
    """The refusal of a second breakpoint where ``entry`` is (``moved_from``: the line asked
    for, when the adapter moved the new one onto ``entry``; ``at_launch``: both come from
    ``launch -b``, nothing has started)."""
    where, place = (entry.function, "function") if entry.path is None else (
        f"{os.path.basename(entry.path)}:{line}", "line")
    parts = [f"if {entry.condition}" if entry.condition else "",
             f"hit {entry.hit_condition}" if entry.hit_condition else "",
             f"log {entry.log_message!r}" if entry.log_message else ""]
    what = " ".join(p for p in parts if p)
    moved = f" (the adapter moved line {moved_from} there)" if moved_from is not None else ""
    if at_launch:
        first = f", first as {what}" if what else ""
        return UsageError(f"{where} is given twice among the launch breakpoints{first}; a {place} holds one "
                          f"breakpoint", f"keep one per {place} (-b): one breakpoint can carry a condition, "
                          "a hit count and a log message together")
    message = f"{where}{moved} already has breakpoint {entry.id}{f' ({what})' if what else ''}; " \
              f"a {place} holds one breakpoint"
    return UsageError(message, f"to change its condition: `dapcli condition {entry.id} 'i == 3'` (`condition "
                               f"{entry.id}` removes it); else delete it first (`dapcli break delete {entry.id}`) "
                               "and add one breakpoint with the condition, hit count and log message you want")
