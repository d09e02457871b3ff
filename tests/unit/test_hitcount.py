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
    (LldbAdapter(), ">=3", "3"), (LldbAdapter(), ">3", "4"), (LldbAdapter(), "3", "3"), (LldbAdapter(), "== 4", "4"),
    (LldbAdapter(), "%2", None), (LldbAdapter(), "<3", None),
    (CodeLldbAdapter(), "3", "==3"), (CodeLldbAdapter(), "% 2", "% 2"), (CodeLldbAdapter(), ">=3", ">=3"),
    (GdbAdapter(), ">3", ">3"), (GdbAdapter(), ">=3", ">2"), (GdbAdapter(), "3", "3"), (GdbAdapter(), "==4", "4"),
    (GdbAdapter(), "<3", None), (GdbAdapter(), "%3", None),
])
def test_what_each_native_adapter_is_sent(adapter: object, condition: str, sent: str | None) -> None:
    if isinstance(adapter, GdbAdapter) and adapter.native():
        pytest.skip("gdb's own DAP interpreter: dapcli counts every hit condition")
    assert adapter.hit_condition(condition) == sent  # type: ignore[attr-defined]


@pytest.mark.parametrize(("adapter", "spent"), [(GdbAdapter(), f">{2**31 - 2}")])
def test_an_equal_hit_condition_is_spent_after_its_stop(adapter: object, spent: str) -> None:
    """``==N`` goes to the adapter's ignore count, which stops on every hit after the Nth: once
    its stop is made, the book sends a count that no run reaches; until the next run."""
    from dapcli.engine.breakpoints import BreakpointBook

    if isinstance(adapter, GdbAdapter) and adapter.native():
        pytest.skip("gdb's own DAP interpreter: dapcli counts every hit condition")
    book = BreakpointBook()
    book.hit_to_send, book.hit_spent = adapter.hit_condition, adapter.hit_spent  # type: ignore[attr-defined]
    equal = book.new_entry(path="/p/loop.c", line=8, hit_condition="10000", adapter_id=7)
    other = book.new_entry(path="/p/loop.c", line=9, hit_condition="> 5", adapter_id=8)
    assert (book.sent_hit(equal), book.counted_hit(equal)) == ("10000", None)
    assert book.spend([8]) == []  # the adapter's own `>N` goes on deciding
    assert book.sent_hit(other) == adapter.hit_condition("> 5")  # type: ignore[attr-defined]
    assert book.spend([7]) == ["/p/loop.c"] and book.sent_hit(equal) == spent
    assert book.spend([7]) == []  # once
    book.spent.clear()  # a new run (``initialized``)
    assert book.sent_hit(equal) == "10000"


def test_gdb_counts_what_it_has_no_hit_condition_for_in_a_variable() -> None:
    """``%N``, ``<N``, ``<=N`` on cdt-gdb-adapter: a condition on a gdb convenience variable (a
    user's condition first, by a ternary: gdb's ``&&`` types both sides, and a void one fails)."""
    from dapcli.engine.breakpoints import BreakpointBook

    adapter = GdbAdapter()
    if adapter.native():
        pytest.skip("gdb's own DAP interpreter: dapcli counts every hit condition")
    book = BreakpointBook()
    book.hit_to_send, book.hit_counter = adapter.hit_condition, adapter.hit_counter
    book.run = 2
    every = book.new_entry(path="/p/loop.c", line=8, hit_condition="% 5")
    guarded = book.new_entry(path="/p/loop.c", line=9, condition="i > 4", hit_condition="<= 2")
    count = "($_isvoid($dapcli_hits_2_{0}) ? ($dapcli_hits_2_{0} = 1) : ++$dapcli_hits_2_{0})"
    assert book.sent_condition(every) == count.format(1) + " % 5 == 0"
    assert book.sent_condition(guarded) == f"(i > 4) ? ({count.format(2)} <= 2) : 0"
    assert (book.sent_hit(every), book.counted_hit(every), book.counted_hit(guarded)) == (None, None, None)
    assert adapter.hit_counter("== 3", "x") is None and adapter.hit_counter("> 3", "x") is None


def test_lldb_takes_a_spent_breakpoint_out_of_its_set_until_the_next_run() -> None:
    """lldb-dap's ``==N``: its ignore count makes the one stop; then the breakpoint leaves the set
    sent to lldb (an ignore count no run reaches made a later step onto the line run on)."""
    from dapcli.adapters.hits import SPENT_REMOVED
    from dapcli.engine.breakpoints import BreakpointBook

    adapter = LldbAdapter()
    assert adapter.hit_spent("3") == SPENT_REMOVED and adapter.hit_spent(">=3") is None
    book = BreakpointBook()
    book.hit_to_send, book.hit_spent = adapter.hit_condition, adapter.hit_spent
    entry = book.new_entry(path="/tmp/loop.c", line=5, hit_condition="3")
    other = book.new_entry(path="/tmp/loop.c", line=7)
    entry.adapter_id, other.adapter_id = 11, 12
    assert book.sent_hit(entry) == "3" and book.counted_hit(entry) is None and book.emulated(entry) == []
    assert book.spend([11]) == [entry.key]
    assert book.for_key(entry.key) == [other]  # out of lldb's set; still the user's
    assert entry.id in book.entries
    book.spent.clear()  # the next run
    assert book.for_key(entry.key) == [entry, other]
