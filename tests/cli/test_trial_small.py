"""Small things a new user's trial found: a duplicate watch, ``display`` alone, ``x`` on Python."""

from __future__ import annotations

from conftest import Cli, loc


def test_duplicate_watch_display_alone_and_x_on_python(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    dc.run("watch", "add", "acc")
    again = dc.run("watch", "add", "acc", check=2)
    assert "acc is already watched (watch 1)" in again.err, again.err
    assert [w["expression"] for w in dc.json("watch", "list")["watches"]] == ["acc"]
    listed = dc.json("display")
    assert [(w["id"], w["expression"]) for w in listed["watches"]] == [(1, "acc")]
    memory = dc.run("x", "acc", check=False)
    assert memory.code != 0 and "has no address" not in memory.err, memory.err
    assert "python cannot read memory: the adapter does not support it" in memory.err, memory.err


def test_list_a_line_range(dc: Cli) -> None:
    """``list 9:11`` read ``…/9`` as a file ("cannot read"); a range, gdb's ``9,11`` and
    ``FILE:9,11`` now show exactly those lines, the stop's line still marked."""
    dc.launch("loops.py", "loop_body")
    line = loc("loops.py", "loop_body").rpartition(":")[2]
    start, end = int(line) - 1, int(line) + 1
    for location in (f"{start}:{end}", f"{start},{end}", f"loops.py:{start},{end}", f"loops.py:{start}:{end}"):
        listing = dc.json("list", location)
        assert [s["line"] for s in listing["lines"]] == [start, start + 1, end], location
        assert [s["line"] for s in listing["lines"] if s.get("current")] == [start + 1], location
    shown = dc.run("list", f"{start},{end}").out
    assert "value = i * 2  # @loop_body" in shown and "for i in range(10)" in shown and "print(" not in shown
    backwards = dc.run("list", f"{end}:{start}", check=2)
    assert f"bad line range '{end}:{start}': {start} comes before {end}" in backwards.err, backwards.err


def test_a_watch_after_the_program_ended_says_its_value_is_the_last_stops(dc: Cli) -> None:
    """`display` after the program exited printed `watch 1: acc = ` (an empty value)."""
    dc.launch("hello.py", "hello")
    dc.run("watch", "add", "words")
    dc.run("continue")
    assert dc.status()["state"] in ("exited", "terminated")
    dc.run("watch", "add", "codes")
    shown = dc.run("display").out
    assert "watch 1: words = ['hello']" not in shown  # hello.py was given no words
    assert "watch 1: words = []  (at the last stop; the program has ended)" in shown, shown
    assert "watch 2: codes  (no value: the program ended before a stop)" in shown, shown
    listed = dc.json("watch", "list")["watches"]
    assert [(w.get("value"), w["note"]) for w in listed] == [
        ("[]", "at the last stop; the program has ended"), (None, "no value: the program ended before a stop")]


def test_a_watch_added_while_the_program_runs_waits_for_the_next_stop(dc: Cli) -> None:
    dc.launch("infinite.py", "loop")
    dc.run("break", "clear")
    dc.run("continue", "--timeout", "0.3")
    shown = dc.run("display", "counter").out
    assert "watch 1: counter  (no value yet: shown at the next stop)" in shown, shown
    dc.json("pause")
    value = dc.json("watch", "list")["watches"][0]
    assert int(value["value"]) > 0 and value.get("note") is None, value
