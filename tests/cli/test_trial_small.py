"""Small things a new user's trial found: a duplicate watch, ``display`` alone, ``x`` on Python."""

from __future__ import annotations

from conftest import Cli


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
