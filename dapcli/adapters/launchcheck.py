"""The types of the ``launch.json`` fields dapcli reads itself, checked before it uses them.

VS Code reads ``program``, ``cwd``, ``module``, ``type`` and ``request`` as text, ``args`` as a
list of text (or one string it splits like a shell), ``env`` as an object of NAME: value and
``stopOnEntry`` as a boolean. A value of another type is refused in one line naming the field,
instead of being used as its Python ``str()`` (a ``program`` of ``['x']``) or crashing.
"""

from __future__ import annotations

from typing import Any

from dapcli.errors import UsageError
from dapcli.files import split_words

__all__ = ["check_fields", "checked_args", "checked_env"]

_TEXT_FIELDS = ("type", "request", "program", "cwd", "module")
_FLAG_FIELDS = ("stopOnEntry", "stopAtEntry", "noDebug", "externalConsole")
_SCALAR = (str, int, float, bool)


def _type_name(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "text", bool: "a boolean", type(None): "null"}.get(
        type(value), "a number")


def _refuse(name: str, field: str, wanted: str, value: Any) -> UsageError:
    return UsageError(f"configuration {name!r}: \"{field}\" must be {wanted} (got {_type_name(value)})",
                      f"fix \"{field}\" in launch.json")


def check_fields(config: dict[str, Any], name: str) -> None:
    """Raise UsageError when a field dapcli reads has the wrong type (see the module docstring)."""
    for field in _TEXT_FIELDS:
        value = config.get(field)
        if value is not None and not isinstance(value, str):
            raise _refuse(name, field, "text", value)
    for field in _FLAG_FIELDS:
        value = config.get(field)
        if value is not None and not isinstance(value, bool):
            raise _refuse(name, field, "true or false", value)


def checked_args(value: Any, name: str) -> list[str]:
    """``args`` as a list of text: a list of scalars, or one string split like a shell."""
    if value is None:
        return []
    if isinstance(value, str):
        try:
            return split_words(value)  # linear: shlex is quadratic in a word's length
        except ValueError as exc:
            raise UsageError(f"configuration {name!r}: \"args\" cannot be split: {exc}",
                             "balance the quotes, or give args as a list") from None
    if not isinstance(value, list) or not all(isinstance(a, _SCALAR) for a in value):
        raise _refuse(name, "args", "a list of text", value)
    return [str(a) for a in value]


def checked_env(value: Any, name: str) -> dict[str, str]:
    """``env`` as NAME → text (a null value leaves the variable out)."""
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(v is None or isinstance(v, _SCALAR) for v in value.values()):
        raise _refuse(name, "env", "an object of NAME: value", value)
    return {str(k): str(v) for k, v in value.items() if v is not None}
