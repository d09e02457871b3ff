"""dapcli's numeric environment variables, checked: a bad value is a one-line usage error naming
the variable and what it takes, never silently ignored. Stdlib only (the one-shot hot path)."""

from __future__ import annotations

import math
import os

from dapcli.errors import UsageError

__all__ = ["env_seconds"]


def env_seconds(name: str, default: float, *, maximum: float = 86400.0 * 365) -> float:
    """``$name`` as seconds (a number > 0 and <= ``maximum``), or ``default`` when unset or empty.

    Raises:
        UsageError: (exit 2) the value is not such a number.
    """
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (0 < value <= maximum):  # also refuses nan and inf
        raise UsageError(f"{name}={text!r} is not a valid number of seconds",
                         f"set {name} to a number of seconds > 0 and <= {maximum:.0f} (e.g. {default:g}), or unset it")
    return value
