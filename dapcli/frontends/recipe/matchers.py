"""``expect`` matchers: parsing them from YAML and judging a result value.

- a plain value: equality (as text when the actual value is text: ``2.0`` matches ``"2.0"``;
  for ``path``/``file`` the path must end with it);
- ``{contains: x}``: a substring of the text, or an item of a list;
- ``{matches: regex}``: a regular-expression search in the text (Python syntax), bounded by
  :data:`MATCH_SECONDS` so a pattern that backtracks catastrophically (``(a+)+$``) fails the
  check with a message instead of hanging the run;
- ``{approx: number, tolerance: t}``: a number (or text holding one) within ``t``
  (default: 1e-9 of the number, at least 1e-9).
"""

from __future__ import annotations

import json
import math
from typing import Any

import regex

from dapcli.frontends.recipe.model import Expectation, Op
from dapcli.frontends.recipe.paths import MISSING

__all__ = ["MATCHER_KEYS", "MATCH_SECONDS", "describe", "judge", "parse_matcher", "show"]

#: How long one ``matches`` search may take before the check fails (seconds).
MATCH_SECONDS = 1.0

MATCHER_KEYS = ("equals", "contains", "matches", "approx", "tolerance")
_ENDS_WITH = ("path", "file")


def parse_matcher(value: Any) -> tuple[Op, Any, float | None]:
    """``(op, expected, tolerance)`` from an ``expect`` value. Raises ValueError with a
    message for a malformed matcher."""
    if isinstance(value, list):
        raise ValueError("a list is not a matcher; use {contains: x} or one value")
    if not isinstance(value, dict):
        return "equals", value, None
    unknown = [k for k in value if k not in MATCHER_KEYS]
    if unknown:
        raise ValueError(f"unknown matcher {unknown[0]!r} (matchers: equals, contains, matches, approx)")
    ops = [k for k in value if k != "tolerance"]
    if len(ops) != 1:
        raise ValueError("give exactly one of equals, contains, matches, approx")
    op: Op = ops[0]
    expected = value[op]
    if "tolerance" in value and op != "approx":
        raise ValueError("tolerance goes with approx")
    if op == "matches":
        _compile(expected)
    if op == "approx":
        return op, _number(expected, "approx"), _tolerance(value.get("tolerance"))
    if isinstance(expected, dict | list) and op == "contains":
        raise ValueError("contains takes one value")
    return op, expected, None


def _compile(pattern: Any) -> regex.Pattern[str]:
    if not isinstance(pattern, str):
        raise ValueError("matches takes a regular expression (text)")
    try:
        return regex.compile(pattern, regex.VERSION0)
    except (regex.error, RecursionError, OverflowError) as exc:
        shown = repr(pattern) if len(pattern) <= 80 else repr(pattern[:80]) + "…"
        raise ValueError(f"bad regular expression {shown}: {exc}") from None


def _search(pattern: Any, text: str) -> tuple[bool, str | None]:
    """``matches``: a time-bounded search (a pattern substituted at run time may still be bad)."""
    try:
        return _compile(str(pattern)).search(text, timeout=MATCH_SECONDS) is not None, None
    except ValueError as exc:
        return False, str(exc)
    except TimeoutError:
        return False, (f"the regular expression took over {MATCH_SECONDS:g} s on this value "
                       "(nested repeats such as (a+)+ backtrack); simplify it")


def _number(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise ValueError(f"{what} takes a number")
    if isinstance(value, str) and "${" in value:
        return value  # type: ignore[return-value]  # substituted when the step runs
    try:
        return float(value)
    except ValueError:
        raise ValueError(f"{what} takes a number, not {value!r}") from None


def _tolerance(value: Any) -> float | None:
    if value is None:
        return None
    number = _number(value, "tolerance")
    if isinstance(number, float) and number < 0:
        raise ValueError("tolerance must be positive")
    return number


def judge(expectation: Expectation, actual: Any) -> tuple[bool, str | None]:
    """Whether ``actual`` (or :data:`MISSING`) satisfies ``expectation``; a note when the
    comparison itself could not be made."""
    op, expected = expectation.op, expectation.expected
    if op == "equals" and expected is None:
        return actual is MISSING or actual is None, None
    if actual is MISSING:
        return False, "the result has no value there"
    if op == "equals":
        return _equals(actual, expected, ends_with=expectation.key in _ENDS_WITH), None
    if op == "contains":
        if isinstance(actual, list):
            return any(_equals(item, expected) for item in actual), None
        return _text(expected) in _text(actual), None
    if op == "matches":
        return _search(expected, _text(actual))
    return _approx(actual, expected, expectation.tolerance)


def _equals(actual: Any, expected: Any, *, ends_with: bool = False) -> bool:
    if isinstance(actual, str):
        text = _text(expected)
        if ends_with:
            return actual == text or actual.replace("\\", "/").endswith("/" + text.lstrip("/"))
        if isinstance(expected, bool):
            return actual.lower() == text.lower()
        return actual == text
    if isinstance(actual, bool) or isinstance(expected, bool):
        return actual is expected or (isinstance(expected, str) and str(actual).lower() == expected.lower())
    if isinstance(actual, int | float) and isinstance(expected, str):
        try:
            return float(expected) == actual
        except ValueError:
            return False
    return bool(actual == expected)


def _approx(actual: Any, expected: Any, tolerance: float | None) -> tuple[bool, str | None]:
    try:
        number = float(actual)
        target = float(expected)
    except (TypeError, ValueError):
        return False, "not a number"
    allowed = tolerance if tolerance is not None else max(1e-9, abs(target) * 1e-9)
    if math.isnan(number):
        return False, "not a number"
    return abs(number - target) <= allowed, None


def _text(value: Any) -> str:
    """A value as text: strings as is, booleans as Python writes them, others as JSON."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool | int | float):
        return str(value)
    return json.dumps(value)


def show(value: Any, limit: int = 200) -> str:
    """A value for the transcript: text quoted, numbers bare, cut at ``limit`` characters."""
    if value is MISSING:
        return "(absent)"
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, bool) else str(value).lower()
    return text if len(text) <= limit else text[:limit] + f"… ({len(text) - limit} more)"


def describe(op: str, expected: Any, tolerance: float | None = None) -> str:
    """The check written out: ``= 17``, ``contains "total="``, ``≈ 2.99 ± 0.01``."""
    if op == "equals":
        return f"= {show(expected)}"
    if op == "approx":
        return f"≈ {show(expected)}" + (f" ± {tolerance:g}" if tolerance is not None else "")
    return f"{op} {show(expected)}"
