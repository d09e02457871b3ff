"""dapcli counts the hit conditions an adapter would not mean as dapcli does (engine/hitcount.py),
and each native adapter is sent a condition it means (measured: see the module docstring)."""

from __future__ import annotations

import pytest

from dapcli.adapters.native.codelldb import CodeLldbAdapter
from dapcli.adapters.native.gdb import GdbAdapter
from dapcli.adapters.native.lldb import LldbAdapter
from dapcli.engine.breakpoints import BreakpointBook
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
    assert adapter.hit_counter("== 3", "x") == "($_isvoid($x) ? ($x = 1) : ++$x) == 3"  # for a dprintf's
    assert adapter.hit_counter("%0", "x") is None


def test_gdb_dprintf_log_points_count_their_hits_in_the_dprintf_condition() -> None:
    """A log point with a hit condition is gdb's own ``dprintf`` too (it was dapcli's: a stop per
    hit), its hit count in the dprintf's condition; neither part is said to be emulated."""
    from dapcli.engine.core import SessionCore

    adapter = GdbAdapter()
    if adapter.native():
        pytest.skip("gdb's own DAP interpreter fills in log points itself")
    book = SessionCore("t", adapter).book
    plain = book.new_entry(path="/p/loop.c", line=8, log_message="i={i}")
    counted = book.new_entry(path="/p/loop.c", line=9, condition="i > 4", hit_condition="2", log_message="at {i}")
    quoted = book.new_entry(path="/p/loop.c", line=10, hit_condition="%2", log_message='say "{i}"')
    assert book.logged_natively(plain) and book.logged_natively(counted) and not book.logged_natively(quoted)
    assert [book.emulated(e) for e in (plain, counted, quoted)] == [[], [], ["hitCondition", "logMessage"]]
    command = book.native_log(counted, book.sent_condition(counted))
    count = "($_isvoid($dapcli_hits_0_2) ? ($dapcli_hits_0_2 = 1) : ++$dapcli_hits_0_2)"
    assert command is not None and command.startswith(f'-dprintf-insert -c "(i > 4) ? ({count} == 2) : 0" -f ')
    assert book.hit_by([]) == [] and book.counted_hit(counted) is None


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


def _lldb_book() -> BreakpointBook:
    from dapcli.engine.core import SessionCore

    return SessionCore("t", LldbAdapter()).book


def test_lldb_counts_what_its_hit_condition_cannot_say_in_a_persistent_variable() -> None:
    """lldb-dap 19's ``hitCondition`` is only "from the Nth hit on": ``%N``, ``<N``, ``<=N`` and a
    log point's hit condition (no stop comes to spend ``==N`` at) go to a condition on an lldb
    persistent variable, declared first; nothing is left for dapcli to count (no stop per hit)."""
    book = _lldb_book()
    book.run = 3
    every = book.new_entry(path="/p/loop.c", line=8, hit_condition="% 5")
    guarded = book.new_entry(path="/p/loop.c", line=9, condition="i > 4", hit_condition="<3")
    log = book.new_entry(path="/p/loop.c", line=10, hit_condition="3", log_message="i={i}")
    native = book.new_entry(path="/p/loop.c", line=11, hit_condition=">=3", log_message="i={i}")
    plain = book.new_entry(path="/p/loop.c", line=12, hit_condition="3")
    assert book.sent_condition(every) == "(++$dapcli_hits_3_1) % 5 == 0"
    assert book.sent_condition(guarded) == "(i > 4) ? ((++$dapcli_hits_3_2) < 3) : 0"
    assert (book.sent_condition(log), book.sent_hit(log), book.sent_log(log)) == (
        "(++$dapcli_hits_3_3) == 3", None, "i={i}")
    assert (book.sent_condition(native), book.sent_hit(native)) == (None, "3")
    assert (book.sent_condition(plain), book.sent_hit(plain)) == (None, "3")
    assert [e.id for e in book.counted(list(book.entries.values()))] == [1, 2, 3]
    assert all(book.emulated(e) == [] and book.counted_hit(e) is None
               for e in book.entries.values())
    assert book.declare_counter("dapcli_hits_3_1", 0) == "`expr long $dapcli_hits_3_1 = 0"


def test_lldb_declares_each_counter_once_and_counts_itself_where_lldb_refuses() -> None:
    """lldb refuses a declaration while the program runs (``error: …`` in a successful answer):
    that breakpoint's hits are dapcli's to count (said as emulated) until lldb takes them at a stop."""
    import asyncio
    from types import SimpleNamespace

    from dapcli.engine.hitcount import declare_counters
    from dapcli.protocol import types as t

    book = _lldb_book()
    refused = book.new_entry(path="/p/loop.c", line=8, hit_condition="% 5")
    taken = book.new_entry(path="/p/loop.c", line=9, hit_condition="<3")
    said: list[str] = []

    async def request(command: str, arguments: t.EvaluateArguments, _kind: object) -> SimpleNamespace:
        said.append(arguments.expression)
        error = "error: process is running\n" if "_0_1 " in arguments.expression else ""
        return SimpleNamespace(result=f"(lldb) {arguments.expression[1:]}\n{error}")  # the response's body

    entries = list(book.entries.values())
    asyncio.run(declare_counters(book, entries, request))
    asyncio.run(declare_counters(book, entries, request))
    assert said == ["`expr long $dapcli_hits_0_1 = 0", "`expr long $dapcli_hits_0_2 = 0"]
    assert book.sent_condition(refused) is None and book.counted_hit(refused) == "% 5"
    assert book.emulated(refused) == ["hitCondition"]
    assert book.sent_condition(taken) == "(++$dapcli_hits_0_2) < 3"
    book.run += 1
    assert book.sent_condition(refused) == "(++$dapcli_hits_1_1) % 5 == 0"
