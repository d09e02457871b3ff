"""Bytes that were not UTF-8 (kept as lone surrogates by ``surrogateescape``, as debugpy sends a
program's invalid output) are shown as the bytes they were, not as Python's ``\\udcff``."""

from __future__ import annotations

from dapcli.escapes import escape, escape_cell


def test_bytes_that_were_not_utf8_show_as_bytes() -> None:
    assert escape("a\udcff\udcfe b \udcc3( ok") == "a\\xff\\xfe b \\xc3( ok"
    assert escape_cell("x\udc80\n") == "x\\x80\\x0a"
    assert escape("\ud800") == "\\ud800"  # another lone surrogate: its code
    assert escape("é ü 字 ✓\n") == "é ü 字 ✓\n"  # real text stays as it is
