"""``${name}`` references in recipe values.

A string that is exactly ``${name}`` becomes the variable's value with its type (a saved
``variablesReference`` stays a number); inside a longer string the value is written as text.
``$${`` writes a literal ``${``. Names are letters, digits and ``_``.
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["NAME", "BadReference", "as_text", "references", "substitute"]

NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_REF = re.compile(r"\$\$\{|\$\{([^}]*)\}")


class BadReference(ValueError):
    """A ``${...}`` that does not hold a valid name (``${}``, ``${a b}``)."""


def references(value: Any) -> list[str]:
    """Every variable name ``value`` refers to (strings inside lists and mappings too).
    Raises BadReference for a malformed reference."""
    if isinstance(value, str):
        names = []
        for match in _REF.finditer(value):
            if match.group(0) == "$${":
                continue
            name = match.group(1)
            if not NAME.match(name):
                raise BadReference(f"bad variable reference {match.group(0)!r} (write ${{name}})")
            names.append(name)
        return names
    if isinstance(value, dict):
        return [n for item in value.values() for n in references(item)]
    if isinstance(value, list):
        return [n for item in value for n in references(item)]
    return []


def as_text(value: Any) -> str:
    """A value written inside a string: text as is, anything else as JSON (``2.0``, ``true``)."""
    return value if isinstance(value, str) else json.dumps(value)


def substitute(value: Any, variables: dict[str, Any]) -> Any:
    """``value`` with each ``${name}`` replaced (names missing from ``variables`` are kept)."""
    if isinstance(value, str):
        whole = _REF.fullmatch(value)
        if whole and whole.group(0) != "$${" and whole.group(1) in variables:
            return variables[whole.group(1)]

        def replace(match: re.Match[str]) -> str:
            if match.group(0) == "$${":
                return "${"
            name = match.group(1)
            return as_text(variables[name]) if name in variables else match.group(0)

        return _REF.sub(replace, value)
    if isinstance(value, dict):
        return {key: substitute(item, variables) for key, item in value.items()}
    if isinstance(value, list):
        return [substitute(item, variables) for item in value]
    return value
