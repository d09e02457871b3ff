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
