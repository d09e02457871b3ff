"""Values that start with ``-`` on the command line: ``dapcli set count -1``, ``dapcli eval -x``.

click reads ``-1`` as an option it does not know. When it refuses a word that way and that word
and every word after it are values (none starts with ``--``), the command line is read again
with ``--`` before that word, as if the user had written ``dapcli set count -- -1``. A line that
already has ``--`` (program arguments of ``launch``, runner arguments of ``test``) is left as it is.
"""

from __future__ import annotations

from typing import Any

__all__ = ["DASH_HINT", "refused_dash_value", "retry_argv"]

#: What to do when the word could not be taken as a value.
DASH_HINT = "a value that starts with '-' goes after `--`, e.g. `dapcli set count -- -1`"


def retry_argv(exc: Any, argv: list[str]) -> list[str] | None:
    """``argv`` with ``--`` inserted before the word click refused as an unknown option, or None
    when that would change what the line means (see the module docstring)."""
    if type(exc).__name__ != "NoSuchOption" or "--" in argv:
        return None
    word = getattr(exc, "option_name", None)  # click names `-0` for the word `-0.5`
    if not word or word.startswith("--"):
        return None
    found = [i for i, w in enumerate(argv) if w.startswith(word) and not w.startswith("--")]
    if not found:
        return None
    at = found[-1]  # the last: the options before it were read
    if any(w.startswith("--") for w in argv[at:]):
        return None
    return [*argv[:at], "--", *argv[at:]]


def refused_dash_value(exc: Any) -> bool:
    """Whether click refused a word that starts with one ``-`` (the hint names ``--``)."""
    word = getattr(exc, "option_name", None) or ""
    return type(exc).__name__ == "NoSuchOption" and word.startswith("-") and not word.startswith("--")
