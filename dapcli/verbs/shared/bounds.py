"""Bounds of every verb argument, checked by the arguments model before any work starts (one
validator for every frontend). Documented in README ("Limits").

Numbers are bounded by parameter name; every text argument is at most :data:`MAX_TEXT`
characters and holds no NUL byte; a list holds at most :data:`MAX_ITEMS` items.
"""

from __future__ import annotations

import math
from typing import Any

from dapcli.errors import UsageError

__all__ = [
    "MAX_ID",
    "MAX_ITEMS",
    "MAX_TEXT",
    "MAX_TIMEOUT",
    "NUMBER_BOUNDS",
    "check_timeout",
    "field_bounds",
    "not_blank",
    "number_problem",
    "text_problem",
]

#: Longest wait any verb accepts (seconds).
MAX_TIMEOUT = 3600.0
#: Longest text argument (expressions, conditions, paths, values), in characters.
MAX_TEXT = 65536
#: Most items in a list argument (breakpoints, args, env, expressions).
MAX_ITEMS = 10000
#: Deepest nesting of lists and objects in an argument (adapter options, breakpoint objects).
MAX_NESTING = 32

#: Largest DAP id accepted (JSON's safe integer: js-debug reads ids as JavaScript numbers).
MAX_ID = 2**53 - 1

#: name → pydantic ``Field`` constraints (``gt``/``ge``/``le``).
NUMBER_BOUNDS: dict[str, dict[str, float]] = {
    "timeout": {"gt": 0, "le": MAX_TIMEOUT},
    "wait": {"ge": 0, "le": MAX_TIMEOUT},
    "start": {"ge": 0},
    "since": {"ge": 0},
    "tail": {"ge": 0},
    "before": {"ge": 0, "le": 10_000},
    "context": {"ge": 0, "le": 1_000},
    "index": {"ge": 0},
    "limit": {"ge": 0, "le": 100_000},
    "count": {"ge": 0, "le": 100_000},
    "levels": {"ge": 0, "le": 100_000},
    "depth": {"ge": 0, "le": 32},  # the node cap bounds the size; depth only the nesting
    "max_length": {"ge": 0, "le": 1_000_000},
    "variables_reference": {"ge": 0, "le": MAX_ID},
    "frame_id": {"le": MAX_ID},
    "thread_id": {"le": MAX_ID},
    "until_fail": {"ge": 1},
}


def field_bounds(name: str, base_type: Any) -> dict[str, float]:
    """The ``Field`` constraints of a numeric parameter called ``name`` (none for others)."""
    return NUMBER_BOUNDS.get(name, {}) if base_type in (int, float) else {}


#: Parameters measured in seconds.
SECONDS = frozenset({"timeout", "wait"})


def number_problem(name: str, value: Any) -> str | None:
    """Why ``value`` of the numeric parameter ``name`` is not acceptable before its bounds are
    checked: NaN and infinities (as numbers or as text such as ``"nan"``) are refused; or None."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        return None
    try:
        number = float(value)
    except (ValueError, OverflowError):
        return None
    if math.isfinite(number):
        return None
    return "must be a finite number of seconds" if name in SECONDS else "must be a finite number"


def check_timeout(value: float | None, flag: str = "--timeout") -> None:
    """Raise UsageError (exit 2) unless ``value`` (seconds) is None or finite, > 0 and at most
    :data:`MAX_TIMEOUT`: for timeouts taken outside a verb's arguments (``dapcli run --timeout``)."""
    if value is None:
        return
    problem = number_problem("timeout", value)
    if problem is None and not 0 < value <= MAX_TIMEOUT:
        problem = f"must be greater than 0 and at most {MAX_TIMEOUT:g}"
    if problem:
        raise UsageError(f"{flag}: {problem} (got {value})", f"e.g. {flag} 30")


def not_blank(value: Any) -> Any:
    """A ``Param(check=…)`` for expressions: text (or each text of a list) must not be blank.

    Raises:
        ValueError: ``value`` is empty or only spaces (adapters answer a syntax error, or a watch
            that can never have a value would be kept).
    """
    texts = value if isinstance(value, list) else [value]
    if any(isinstance(text, str) and not text.strip() for text in texts):
        raise ValueError("must not be empty: give an expression, e.g. x or len(items)")
    return value


def text_problem(value: Any, depth: int = 0) -> str | None:
    """Why ``value`` (a string, or a list or mapping of them, nested at most :data:`MAX_NESTING`
    levels) is not acceptable, or None."""
    if isinstance(value, list | dict):
        if depth >= MAX_NESTING:
            return f"nested more than {MAX_NESTING} levels deep"
        if len(value) > MAX_ITEMS:
            return f"at most {MAX_ITEMS} items (got {len(value)})"
        items = [*value.keys(), *value.values()] if isinstance(value, dict) else value
        return next((p for p in (text_problem(item, depth + 1) for item in items) if p), None)
    if isinstance(value, str):
        if "\x00" in value:
            return "contains a NUL byte"
        if len(value) > MAX_TEXT:
            return f"at most {MAX_TEXT} characters (got {len(value)})"
    return None
