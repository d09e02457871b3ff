"""Breakpoints that follow their statement: the anchor, the relocation after an edit, statement
addressing and expected content (``engine/anchors.py``, ``verbs/breakpoints/statements.py``),
without an adapter. The same through real adapters: tests/cli/test_anchors.py."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from dapcli.engine import anchors
from dapcli.engine.breakpoints import BreakpointBook
from dapcli.errors import UsageError
from dapcli.verbs.breakpoints.statements import check_expect, split_at

SOURCE = "def f(prices):\n    total = 0\n    for price in prices:\n        total += price\n    return total\n"


def _write(path: Path, text: str) -> None:
    """Write ``text`` and move the mtime on (a same-second rewrite must still look changed)."""
    path.write_bytes(text.encode())
    info = path.stat()
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000_000))


def _book(path: Path, line: int) -> tuple[BreakpointBook, int]:
    book = BreakpointBook()
    return book, book.new_entry(path=str(path), line=line).id


def test_inserted_lines_move_it_and_say_so(tmp_path: Path) -> None:
    source = tmp_path / "cart.py"
    _write(source, SOURCE)
    book, bp = _book(source, 4)
    assert book.entries[bp].anchor is not None and book.entries[bp].anchor.text == "total += price"
    _write(source, "import os\nimport sys\n" + SOURCE)
    assert book.follow(str(source)) == ["breakpoint 1 moved 4 → 6 (file changed): total += price"]
    assert book.entries[bp].line == 6 and not book.entries[bp].stale
    assert book.follow(str(source)) == []  # said once; the file did not change since
    assert book.drain_notices() == ["breakpoint 1 moved 4 → 6 (file changed): total += price"]
    assert book.drain_notices() == []


def test_a_touch_without_an_edit_moves_nothing(tmp_path: Path) -> None:
    source = tmp_path / "cart.py"
    _write(source, SOURCE)
    book, bp = _book(source, 4)
    _write(source, SOURCE)
    assert book.follow(str(source)) == [] and book.entries[bp].line == 4


def test_a_deleted_statement_keeps_its_line_and_is_stale(tmp_path: Path) -> None:
    source = tmp_path / "cart.py"
    _write(source, SOURCE)
    book, bp = _book(source, 4)
    _write(source, SOURCE.replace("        total += price\n", "        print(price)\n"))
    assert book.follow(str(source)) == [
        "breakpoint 1 at cart.py:4 is stale: its statement 'total += price' is no longer in the file "
        "(file changed); line 4 now reads 'print(price)'"]
    assert book.entries[bp].line == 4 and book.entries[bp].stale
    _write(source, "# back\n" + SOURCE)  # the statement comes back: followed again
    assert book.follow(str(source)) == ["breakpoint 1 moved 4 → 5 (file changed, its statement is back): "
                                        "total += price"]
    assert not book.entries[bp].stale


def test_a_repeated_statement_goes_to_its_neighbours_then_the_nearest(tmp_path: Path) -> None:
    source = tmp_path / "loops.py"
    text = "for a in x:\n    n += 1\nfor b in y:\n    n += 1\n"
    _write(source, text)
    book, second = _book(source, 4)
    first = book.new_entry(path=str(source), line=2).id
    # three lines inserted between the loops: the second's copy above is nearer to its old line
    _write(source, "for a in x:\n    n += 1\n\n\n\nfor b in y:\n    n += 1\n")
    book.follow(str(source))
    assert (book.entries[first].line, book.entries[second].line) == (2, 7)
    # the same neighbours everywhere: the nearest wins, a tie the earlier
    lines = ["x", "n += 1", "y", "x", "n += 1", "y"]
    assert anchors.relocate(anchors.Anchor(3, "n += 1", "x", "y", None), lines) == 2
    assert anchors.relocate(anchors.Anchor(4, "n += 1", "x", "y", None), lines) == 5
    assert anchors.relocate(anchors.Anchor(3, "n += 1", "x", "", None), ["x", "n += 1", "x", "n += 1"]) == 2
    assert anchors.relocate(anchors.Anchor(3, "gone", "", "", None), lines) is None


def test_lines_end_only_at_the_three_newlines(tmp_path: Path) -> None:
    source = tmp_path / "crlf.py"
    _write(source, "a = 1\r\nb = 2\rc = 3\x0cd = 4\nc = 3\u2028e\n")
    lines = anchors.lines_of(str(source))
    assert lines is not None
    if len(lines) == 4:  # the engine's reader splits at \n, \r\n and \r only
        assert anchors.find_statement(str(source), "c = 3\x0cd = 4") == 3


def test_find_statement(tmp_path: Path) -> None:
    source = tmp_path / "cart.py"
    _write(source, "x = 1\ntotal += price\ny = 2\ntotal += price  # again\n")
    assert anchors.find_statement(str(source), "  x = 1 ") == 1  # trimmed equality
    assert anchors.find_statement(str(source), "total += price") == 2  # equality wins over substrings
    assert anchors.find_statement(str(source), "again") == 4  # a unique substring
    with pytest.raises(UsageError) as info:
        anchors.find_statement(str(source), "price")
    assert info.value.message == "2 lines of cart.py contain 'price': 2: total += price; 4: total += price  # again"
    assert anchors.find_statement(str(source), "price", near_line=4) == 4
    with pytest.raises(UsageError, match=r"no line of cart\.py holds 'nothing'"):
        anchors.find_statement(str(source), "nothing")


def test_expect(tmp_path: Path) -> None:
    source = tmp_path / "cart.py"
    _write(source, SOURCE)
    check_expect(str(source), 4, "total += price", "cart.py")
    check_expect(str(source), 4, "total +=", "cart.py")
    with pytest.raises(UsageError) as info:
        check_expect(str(source), 3, "total += price", "cart.py")
    assert info.value.message == ("cart.py:3 does not hold 'total += price': 2: total = 0; "
                                  ">3: for price in prices:; 4: total += price")
    assert info.value.hint is not None and "is at line 4" in info.value.hint


def test_split_at() -> None:
    def is_file(name: str) -> bool:
        return name in ("cart.py", "a@b.py")

    assert split_at("cart.py@total += price", is_file) == ("cart.py", "total += price", "")
    assert split_at("cart.py@x = a if b else c", is_file) == ("cart.py", "x = a if b else c", "")
    assert split_at("cart.py@'total += price' if i == 2", is_file) == ("cart.py", "total += price", "if i == 2")
    assert split_at("a@b.py@@app.route('/')", is_file) == ("a@b.py", "@app.route('/')", "")
    assert split_at("mod@v1.2.3/x.go:10", is_file) is None  # a Go module path stays a path
    with pytest.raises(UsageError, match="closing ' is missing"):
        split_at("cart.py@'total", is_file)
