"""Terminal safety: text from the program, the adapter or a variable is data, never a terminal
command.

A debuggee's output or a string value may hold escape sequences that retitle the window (OSC 0/2),
write the clipboard (OSC 52), hide links (OSC 8), clear the screen, or reorder what is shown
(bidi overrides). Everything a CLI or REPL shows as text passes through :func:`escape`: C0
controls except newline and tab, DEL, C1 controls and the bidi controls U+202A–U+202E,
U+2066–U+2069 are shown escaped (``\\x1b``, ``\\u202e``); ``\\r\\n`` becomes ``\\n``; in a one-line field
(:data:`ONE_LINE_FIELDS`: a value, a name, a path) newline and tab are escaped too. JSON and
MCP keep the raw text. A string longer than :data:`MAX_TEXT` (a name, a path, a message from the
adapter) is cut with a count: the terminal renderer takes minutes over a line of megabytes. The
program's output (fields named ``output``) is drawn by a renderer of its own and is not cut.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

from dapcli.escapes import escape, escape_cell

__all__ = ["escape", "terminal_safe"]

T = TypeVar("T")
#: Fields that are one line wherever they are shown (a variable's name, value and type, a path, a
#: function's name): a line break in them is shown escaped (``\x0a``), so that a ``__repr__`` or a
#: file name cannot draw a line that passes for one of dapcli's own (``locals: …``, ``Stopped …``).
ONE_LINE_FIELDS = frozenset({"name", "value", "type", "path", "function", "expression", "evaluate_name",
                             "previous", "program"})
#: Longest string of a result shown in a terminal (characters), program output aside.
MAX_TEXT = 64 * 1024


def terminal_safe(value: T) -> T:
    """A copy of ``value`` (a result model, list, dict or str) with every string escaped;
    the same object when nothing needed escaping."""
    return _clean(value)  # type: ignore[no-any-return]


def _clean(value: Any) -> Any:
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            value = f"{value[:MAX_TEXT]}… (+{len(value) - MAX_TEXT} chars; --json shows all)"
        return escape(value)
    if isinstance(value, BaseModel):
        update = {}
        for name in type(value).model_fields:
            old = getattr(value, name)
            if isinstance(old, str) and name in ONE_LINE_FIELDS:
                new = escape_cell(_clean(old))  # a value or a path is one line: its line breaks shown as \x0a
            else:
                new = escape(old) if name == "output" and isinstance(old, str) else _clean(old)
            if new is not old:
                update[name] = new
        return value.model_copy(update=update) if update else value
    if isinstance(value, list):
        items = [_clean(item) for item in value]
        return items if any(a is not b for a, b in zip(items, value, strict=True)) else value
    if isinstance(value, tuple):
        return tuple(_clean(item) for item in value)
    if isinstance(value, dict):
        cleaned = {key: _clean(item) for key, item in value.items()}
        return cleaned if any(cleaned[k] is not value[k] for k in value) else value
    return value
