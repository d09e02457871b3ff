"""The one walk over a value's brackets and quoted strings (debugpy's nesting marks, CodeLLDB's
items): brackets inside strings do not count, an escaped quote does not end a string."""

from __future__ import annotations

from dapcli.verbs.shared.values.brackets import outside_quotes
from dapcli.verbs.shared.values.marks import nested_markers


def test_brackets_in_strings_do_not_count() -> None:
    walked = [(char, depth) for _, char, depth in outside_quotes("{'a}': [1, \"x\\\"]\"], b: (2)}")]
    assert [c for c, _ in walked if c in "{}[]()"] == ["{", "[", "]", "(", ")", "}"]
    assert dict((c, d) for c, d in walked if c in "[(") == {"[": 1, "(": 1}
    assert walked[-1] == ("}", 1)


def test_a_stray_closing_bracket_never_goes_below_zero() -> None:
    assert [depth for _, _, depth in outside_quotes(")),[")] == [0, 0, 0, 0]


def test_debugpy_marks_are_found_only_at_its_nesting_depth() -> None:
    assert nested_markers("{'a': {'b': {'c': {...}}}, 's': '[[[[...]]]]'}") == ["{...}"]
    assert nested_markers("[[[[...]]], (((...)))]") == ["[...]", "(...)"]
    assert nested_markers("[[...]]") == []  # one less deep: Python's mark of a cycle
