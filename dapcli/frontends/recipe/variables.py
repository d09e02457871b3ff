"""``${name}`` references in recipe values.

A string that is exactly ``${name}`` becomes the variable's value with its type (a saved
``variablesReference`` stays a number); inside a longer string the value is written as text.
``$${`` writes a literal ``${``; a ``${`` without its ``}`` is refused. Names are letters,
digits and ``_``. A ``--var`` value is text: given whole to a numeric or on/off argument it is
read as the command line reads its words (:func:`fit`); the arguments model itself is strict.
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["NAME", "BadReference", "as_text", "fit", "references", "substitute", "substitute_args"]

NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_REF = re.compile(r"\$\$\{|\$\{([^}]*)\}|\$\{")  # the last: a ``${`` never closed
_INT = re.compile(r"[+-]?\d+")
_ON = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}


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
            if name is None:
                rest = value[match.start():match.start() + 40]
                raise BadReference(f"unterminated variable reference {rest!r} "
                                   "(write ${name}, or $${ for a literal ${)")
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
            return as_text(variables[name]) if name is not None and name in variables else match.group(0)

        return _REF.sub(replace, value)
    if isinstance(value, dict):
        return {key: substitute(item, variables) for key, item in value.items()}
    if isinstance(value, list):
        return [substitute(item, variables) for item in value]
    return value


def fit(value: Any, kind: Any) -> Any:
    """The value of a whole ``${name}`` fitted to its argument's scalar ``kind``: text that is a
    number for an ``int``/``float`` (``--var n=12``), ``true``/``false`` for a ``bool``, a number
    for text (``"12"``). Anything else is left as it is, for the strict arguments model to judge."""
    if kind is str and isinstance(value, int | float) and not isinstance(value, bool):
        return as_text(value)
    if not isinstance(value, str):
        return value
    text = value.strip()
    if kind is int and _INT.fullmatch(text):
        return int(text)
    if kind is float:
        try:
            return float(text) if _INT.fullmatch(text) or "." in text or "e" in text.lower() else value
        except ValueError:
            return value
    if kind is bool and text.lower() in _ON:
        return _ON[text.lower()]
    return value


def substitute_args(args: dict[str, Any], variables: dict[str, Any], kinds: dict[str, Any]) -> dict[str, Any]:
    """A step's ``args`` with ``${name}`` replaced; a value (or list item) that is exactly one
    reference is :func:`fit` to ``kinds[key]`` (the parameter's scalar type)."""
    found: dict[str, Any] = {}
    for key, raw in args.items():
        value = substitute(raw, variables)
        kind = kinds.get(key)
        if isinstance(raw, str) and _whole(raw, variables):
            value = fit(value, kind)
        elif isinstance(raw, list) and isinstance(value, list):
            value = [fit(v, kind) if isinstance(r, str) and _whole(r, variables) else v for r, v in zip(raw, value,
                                                                                                         strict=True)]
        found[key] = value
    return found


def _whole(text: str, variables: dict[str, Any]) -> bool:
    whole = _REF.fullmatch(text)
    return whole is not None and whole.group(1) is not None and whole.group(1) in variables
