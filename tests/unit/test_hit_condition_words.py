"""What a refused hit condition says: a count too large for any adapter is said so (it was "not
one adapters understand", although it is a whole number); the grammar is checked in one pass."""

from __future__ import annotations

import pytest

from dapcli.verbs.breakpoints.args import check_hit_condition


@pytest.mark.parametrize("value", ["99999999999999999999999", ">= 12345678901", "%10000000000"])
def test_a_count_too_large_is_said_so(value: str) -> None:
    with pytest.raises(ValueError, match=r"the count is too large \(at most 999999999\)"):
        check_hit_condition(value)


@pytest.mark.parametrize(("value", "kept"), [("5", "5"), (" >= 999999999 ", ">= 999999999"), ("%3", "%3")])
def test_counts_adapters_take_are_kept(value: str, kept: str) -> None:
    assert check_hit_condition(value) == kept


def test_other_text_is_still_refused_with_the_grammar() -> None:
    with pytest.raises(ValueError, match="write N, >N"):
        check_hit_condition("1" * 100_000 + "x")
