"""Terminal control characters shown as text (standard library only: the one-shot fast path
uses it). See :mod:`dapcli.render.safe` for the rules. A base module like
errors: importing it loads no renderer (``dapcli sessions`` draws its table with it)."""

from __future__ import annotations

import re

__all__ = ["UNSAFE", "escape", "escape_cell", "json_text"]

#: C0 controls except newline and tab, DEL, C1 controls, the bidi controls, and lone surrogates
#: (bytes that were not UTF-8, kept by ``surrogateescape``: shown as those bytes, ``\xff``).
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
#: The same, plus newline and tab: a table cell is one line.
_CELL_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape(text: str) -> str:
    """``text`` with terminal control characters shown escaped (newline and tab kept;
    ``\\r\\n`` becomes ``\\n``)."""
    if not UNSAFE.search(text):
        return text
    return UNSAFE.sub(_visible, text.replace("\r\n", "\n"))


def escape_cell(text: str) -> str:
    """``text`` for one cell of a table: every control character escaped, newline and tab too
    (``\\x0a``), so that a file name cannot split a row or drive the terminal."""
    return _CELL_UNSAFE.sub(_visible, text) if _CELL_UNSAFE.search(text) else text


#: What JSON (``ensure_ascii=False``) leaves raw that a terminal may act on: DEL and the C1 controls
#: (U+009B is an 8-bit CSI), the bidi controls, and the line and paragraph separators.
_JSON_UNSAFE = re.compile("[\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]")


def json_text(text: str) -> str:
    """JSON text (``json.dumps(..., ensure_ascii=False)``) with those characters written as
    ``\\uXXXX`` escapes: the same JSON value, nothing a terminal acts on (JSON escapes C0 itself)."""
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text) if _JSON_UNSAFE.search(text) else text
