"""cdt-gdb-adapter's doubled listings: a frame whose gdb variable objects were created twice is
listed with each local twice, halves or interleaved; shown once. A real inner block's variable
of the same name (listed once beside the outer one) is kept."""

from __future__ import annotations

from dapcli.protocol import types as t
from dapcli.verbs.shared.values.variables import listed_once


def _v(name: str, value: str) -> t.Variable:
    return t.Variable(name=name, value=value, type="int", evaluateName=name, variablesReference=0)


def test_interleaved_doubles_are_listed_once() -> None:
    found = [_v("n", "3"), _v("n", "3"), _v("result", "9"), _v("result", "9")]
    assert [(v.name, v.value) for v in listed_once(found)] == [("n", "3"), ("result", "9")]


def test_halves_are_listed_once() -> None:
    found = [_v("a", "1"), _v("b", "2"), _v("a", "1"), _v("b", "2")]
    assert [(v.name, v.value) for v in listed_once(found)] == [("a", "1"), ("b", "2")]


def test_a_shadowing_pair_beside_other_locals_is_kept() -> None:
    found = [_v("x", "5"), _v("x", "5"), _v("y", "1")]  # inner x, outer x, y: not a doubled listing
    assert listed_once(found) == found


def test_different_values_are_not_doubles() -> None:
    found = [_v("x", "5"), _v("x", "7")]
    assert listed_once(found) == found
