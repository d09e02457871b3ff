"""The structured content of a tool result, compacted: what an agent pays for in context.

The verb's result JSON (``Result.to_json``: camelCase, ``None`` omitted) minus what carries no
information: ``false`` flags (but not ``verified``: false there means pending), a
``variablesReference`` of 0 (no children), an ``evaluateName``
equal to the ``name``, a ``rawReason`` equal to the ``reason``, a ``column`` of 1; paths below the server's
working directory are given relative to it (as the client sent them). A stop's ``source`` keeps
the lines its text shows: the current line and one on either side (``list`` shows more). Nothing
else is dropped, so a client reads the same fields with the same meaning.
"""

from __future__ import annotations

import os
from typing import Any

__all__ = ["compact", "shown_path"]

_SAME_AS = {"evaluateName": "name", "rawReason": "reason"}
_DEFAULTS = {"variablesReference": 0, "column": 1}
_PATHS = frozenset({"path", "program"})
#: Flags whose ``false`` is news: an unverified (pending) breakpoint.
_KEEP_FALSE = frozenset({"verified"})


def compact(data: dict[str, Any], cwd: str | None = None) -> dict[str, Any]:
    """``data`` without defaults and repeats, paths relative to ``cwd`` (default: this directory)."""
    prefix = os.path.join(cwd or os.getcwd(), "")
    result: dict[str, Any] = _node(data, prefix)
    return result


def shown_path(path: str, cwd: str | None = None) -> str:
    """``path`` as the structured content gives it (and so every MCP text): relative to ``cwd``
    (default: this directory) when below it."""
    prefix = os.path.join(cwd or os.getcwd(), "")
    return path[len(prefix):] if path.startswith(prefix) and len(path) > len(prefix) else path


#: Source lines a stop keeps on either side of the current one (as its text shows them).
SOURCE_AROUND = 1


def _node(node: Any, prefix: str, is_path: bool = False) -> Any:
    if isinstance(node, list):
        return [_node(item, prefix) for item in node]
    if isinstance(node, str):
        return node[len(prefix):] if is_path and node.startswith(prefix) and len(node) > len(prefix) else node
    if not isinstance(node, dict):
        return node
    out = {}
    if isinstance(node.get("source"), list) and isinstance(node.get("location"), dict):
        node = {**node, "source": _around(node["source"], node["location"].get("line"))}
    for key, value in node.items():
        if (value is False and key not in _KEEP_FALSE) or (_DEFAULTS.get(key, ...) == value and type(value) is int):
            continue
        if key in _SAME_AS and value == node.get(_SAME_AS[key]):
            continue
        out[key] = _node(value, prefix, key in _PATHS)
    return out


def _around(lines: list[Any], current: Any) -> list[Any]:
    """The source lines within :data:`SOURCE_AROUND` of ``current`` (all when it is not a line)."""
    if not isinstance(current, int):
        return lines
    return [entry for entry in lines if not isinstance(entry, dict) or not isinstance(entry.get("line"), int)
            or abs(entry["line"] - current) <= SOURCE_AROUND]
