"""Checks of breakpoint arguments that every frontend shares (run by the verbs' arguments
models through :attr:`Param.check`): the hit-condition grammar, and breakpoint references
(an id, or a FILE:LINE location) for deleting breakpoints."""

from __future__ import annotations

import re
from typing import Any

__all__ = ["HIT_CONDITION_HELP", "check_hit_condition", "check_references", "past_end"]

HIT_CONDITION_HELP = "stop on this hit count: N, >N, >=N, <N, <=N, ==N or %N (every Nth)"

_HIT = re.compile(r"^\s*(>=|<=|==|>|<|%)?\s*(\d{1,9})\s*$")
#: The same with a whole number of 10 digits or more.
_HUGE = re.compile(r"^\s*(>=|<=|==|>|<|%)?\s*\d{10,}\s*$")


def check_hit_condition(value: Any) -> Any:
    """A hit condition that adapters mean (debugpy, Delve, gdb, lldb-dap): ``N``, ``>N``,
    ``>=N``, ``<N``, ``<=N``, ``==N``, ``%N`` (spaces allowed); N counts hits from 1 (``>0`` is
    every hit). Anything else is refused: adapters ignore it silently and never stop.

    Raises:
        ValueError: ``value`` is a string outside that grammar (e.g. ``abc``, ``0``, ``-1``, ``%0``).
    """
    if not isinstance(value, str):
        return value
    found = _HIT.match(value)
    if found is None and _HUGE.match(value):
        raise ValueError(f"hit condition {value.strip()[:40]!r}: the count is too large (at most 999999999)")
    if found is None:
        raise ValueError(f"hit condition {value.strip()[:40]!r} is not one adapters understand; write N, >N, "
                         ">=N, <N, <=N, ==N or %N with a whole number N")
    operator, number = found.group(1) or "", int(found.group(2))
    if (number < 1 and operator != ">") or (operator == "<" and number < 2):
        raise ValueError(f"hit condition {value.strip()!r} can never be met (hits count from 1)")
    return value.strip()


def check_references(value: Any) -> Any:
    """Breakpoint references as strings: ids (``3``, or the number 3 from JSON) and
    ``FILE:LINE`` locations; a boolean is refused."""
    if not isinstance(value, list):
        return value
    checked = []
    for item in value:
        if isinstance(item, bool):
            raise ValueError("a breakpoint is an id or FILE:LINE, not a boolean")
        checked.append(str(item) if isinstance(item, int) else item)
    return checked


def past_end(path: str, line: int, shown: str) -> str | None:
    """The one-line error for ``line`` past the end of the local file ``path`` (called
    ``shown``), as gdb refuses it; None when the line is in the file or the file is not here."""
    from dapcli.engine.sourcefiles import read_lines
    from dapcli.errors import UsageError

    try:
        count = len(read_lines(path))
    except UsageError:
        return None
    return f"line {line} is past the end of {shown} ({count} lines)" if line > count else None
