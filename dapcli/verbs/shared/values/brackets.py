"""One walk over a value's text that knows its brackets and quoted strings, for the passes that
read a value's shape (debugpy's nesting marks, CodeLLDB's ``{x:1, y:2}`` items)."""

from __future__ import annotations

from collections.abc import Iterator

__all__ = ["outside_quotes"]


def outside_quotes(text: str) -> Iterator[tuple[int, str, int]]:
    """``(index, character, depth)`` of each character of ``text`` outside quoted strings
    (``'…'``, ``"…"``; a backslash in them escapes the next character); ``depth`` counts the
    brackets (``[``, ``{``, ``(``) open before the character, never below 0. One linear pass."""
    depth, quote, index = 0, "", 0
    while index < len(text):
        char = text[index]
        if quote:
            if char == "\\":
                index += 1
            elif char == quote:
                quote = ""
        elif char in "'\"":
            quote = char
        else:
            yield index, char, depth
            if char in "[{(":
                depth += 1
            elif char in "]})":
                depth = max(0, depth - 1)
        index += 1
