"""BreakpointBook: a line (or function) holds one breakpoint; temporary ones (until, trace) may share."""

from __future__ import annotations

import pytest

from dapcli.engine.breakpoints import BreakpointBook
from dapcli.errors import UsageError


def test_a_second_breakpoint_on_a_line_as_given_or_as_moved_is_refused(tmp_path) -> None:
    path = str(tmp_path / "p2.py")
    book = BreakpointBook()
    first = book.new_entry(path=path, line=2, condition="i == 2")
    with pytest.raises(UsageError) as refused:
        book.new_entry(path=path, line=2, hit_condition=">=3")
    assert refused.value.message == "p2.py:2 already has breakpoint 1 (if i == 2); a line holds one breakpoint"
    assert "dapcli break delete 1" in refused.value.hint
    first.actual_line = 4  # the adapter moved it
    with pytest.raises(UsageError, match=r"p2\.py:4 already has breakpoint 1"):
        book.new_entry(path=path, line=4)
    assert book.new_entry(path=path, line=4, temporary=True).id == 2
    assert book.new_entry(path=path, line=3).id == 3
    assert book.new_entry(path=str(tmp_path / "other.py"), line=2).id == 4


def test_a_second_breakpoint_on_a_function_is_refused() -> None:
    book = BreakpointBook()
    book.new_entry(function="add")
    with pytest.raises(UsageError, match=r"^add already has breakpoint 1; a function holds one breakpoint$"):
        book.new_entry(function="add", condition="a > 1")
    assert book.new_entry(function="main").id == 2
