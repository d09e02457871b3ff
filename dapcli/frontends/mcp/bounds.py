"""Bounds on what one tool call returns, so that a flood of program output or one huge value
cannot fill an agent's context: the text content is cut at :data:`MAX_TEXT_CHARS`, and the
structured content at about :data:`MAX_STRUCTURED_CHARS` of JSON (long strings keep their head and
tail around a marker, then the oldest output chunks left out). What was cut is said in the text, with how to read it."""

from __future__ import annotations

import json
from typing import Any

__all__ = ["MAX_STRING_CHARS", "MAX_STRUCTURED_CHARS", "MAX_TEXT_CHARS", "bound_structured", "bound_text"]

#: Longest text content of one tool result (characters).
MAX_TEXT_CHARS = 20_000
#: Longest structured content of one tool result (characters of compact JSON, approximately).
MAX_STRUCTURED_CHARS = 64_000
#: Longest single string inside the structured content (characters).
MAX_STRING_CHARS = 8_000


def bound_text(text: str) -> str:
    """``text`` cut to :data:`MAX_TEXT_CHARS` with a marker."""
    if len(text) <= MAX_TEXT_CHARS:
        return text
    left = len(text) - MAX_TEXT_CHARS
    return text[:MAX_TEXT_CHARS] + f"\n… [result text cut: {left} more characters; page with output since/tail]"


def bound_structured(data: dict[str, Any]) -> tuple[dict[str, Any], str | None]:
    """``data`` within :data:`MAX_STRUCTURED_CHARS`, and a note saying what was cut (or None)."""
    if _size(data) <= MAX_STRUCTURED_CHARS:
        return data, None
    cut = [0]
    bounded: dict[str, Any] = _cut_strings(data, cut)
    notes = [f"{cut[0]} long strings cut to their first and last {MAX_STRING_CHARS // 2} characters"] if cut[0] else []
    chunks = bounded.get("chunks")
    if isinstance(chunks, list):
        omitted = 0
        while chunks and _size(bounded) > MAX_STRUCTURED_CHARS:
            half = max(1, len(chunks) // 8)
            del chunks[:half]
            omitted += half
        if omitted:
            notes.append(f"{omitted} older output chunks left out (read them with output since/tail)")
    return bounded, "; ".join(notes) or None


def _size(data: Any) -> int:
    return len(json.dumps(data, separators=(",", ":"), ensure_ascii=False))


def _cut_strings(value: Any, cut: list[int]) -> Any:
    if isinstance(value, str) and len(value) > MAX_STRING_CHARS:
        cut[0] += 1
        half = MAX_STRING_CHARS // 2  # head and tail: what a program printed last is never what the cut hides
        return f"{value[:half]}… [{len(value) - 2 * half} more characters in the middle] …{value[-half:]}"
    if isinstance(value, dict):
        return {key: _cut_strings(item, cut) for key, item in value.items()}
    if isinstance(value, list):
        return [_cut_strings(item, cut) for item in value]
    return value
