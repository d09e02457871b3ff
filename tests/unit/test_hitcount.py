"""dapcli counts the hit conditions an adapter would not mean as dapcli does (engine/hitcount.py),
and each native adapter is sent a condition it means (measured: see the module docstring)."""

from __future__ import annotations

import pytest

from dapcli.adapters.native.codelldb import CodeLldbAdapter
from dapcli.adapters.native.gdb import GdbAdapter
from dapcli.adapters.native.lldb import LldbAdapter
from dapcli.engine.hitcount import HitCounts, hit_met


@pytest.mark.parametrize(("condition", "stops"), [
    ("3", [3]), ("==3", [3]), ("% 2", [2, 4, 6]), ("<3", [1, 2]), ("<=2", [1, 2]), (">3", [4, 5, 6]),
    (">=3", [3, 4, 5, 6]),
])
def test_hit_met_over_six_hits(condition: str, stops: list[int]) -> None:
    assert [n for n in range(1, 7) if hit_met(condition, n)] == stops


def test_counts_only_the_stops_of_a_continue_and_start_again() -> None:
    hits = HitCounts()
    assert [hits.stands([(1, "2")]) for _ in range(3)] == [False, True, False]
    hits.resumed("next")  # a step that lands on the line ends there, and is no hit
    assert hits.stands([(1, "2")]) is True
    hits.resumed("continue")
    assert hits.stands([(1, "2")]) is False  # the 4th hit
    hits.reset()
    assert [hits.stands([(1, "2")]) for _ in range(2)] == [False, True]
    assert hits.stands([(1, "5"), (2, None)]) is True  # another breakpoint here stops
    assert hits.stands([]) is True


@pytest.mark.parametrize(("adapter", "condition", "sent"), [
    (LldbAdapter(), ">=3", "3"), (LldbAdapter(), ">3", "4"), (LldbAdapter(), "3", None), (LldbAdapter(), "%2", None),
    (CodeLldbAdapter(), "3", "==3"), (CodeLldbAdapter(), "% 2", "% 2"), (CodeLldbAdapter(), ">=3", ">=3"),
    (GdbAdapter(), ">3", ">3"), (GdbAdapter(), ">=3", ">2"), (GdbAdapter(), "3", None), (GdbAdapter(), "<3", None),
])
def test_what_each_native_adapter_is_sent(adapter: object, condition: str, sent: str | None) -> None:
    if isinstance(adapter, GdbAdapter) and adapter.native():
        pytest.skip("gdb's own DAP interpreter: dapcli counts every hit condition")
    assert adapter.hit_condition(condition) == sent  # type: ignore[attr-defined]
