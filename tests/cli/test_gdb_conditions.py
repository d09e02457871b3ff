"""gdb's way of typing conditions: ``b LINE if EXPR`` unquoted, and ``condition N [EXPR]`` to
change (or remove) an existing breakpoint's condition."""

from __future__ import annotations

from conftest import Cli, line_of, loc

CALL = line_of("loops.py", "call")


def test_unquoted_if_and_condition_change_what_stops(dc: Cli) -> None:
    dc.launch("loops.py", "add_body")
    added = dc.json("b", loc("loops.py", "call"), "if", "i", "==", "3")
    assert (added["id"], added["line"], added["condition"]) == (2, CALL, "i == 3")
    dc.run("break", "delete", "1")
    state = dc.json("continue", "--timeout", "10")
    assert state["location"]["line"] == CALL and dc.json("eval", "i")["result"] == "3"

    refused = dc.run("break", "add", str(CALL), "if", "i", "==", "4", check=2)
    assert "already has breakpoint 2" in refused.err and "`dapcli condition 2 'i == 3'`" in refused.err

    changed = dc.json("condition", "2", "i", "==", "5")
    assert (changed["id"], changed["condition"]) == (2, "i == 5")
    dc.json("continue", "--timeout", "10")
    assert dc.json("eval", "i")["result"] == "5"

    removed = dc.json("condition", "2")
    assert removed.get("condition") is None
    dc.json("continue", "--timeout", "10")
    assert dc.json("eval", "i")["result"] == "6"

    missing = dc.run("condition", "9", "i", "==", "1", check=2)
    assert "no breakpoint 9" in missing.err

    failed = dc.run("b", "loops.py:4", "when", "i", "==", "3", check=2)  # not a clause word
    assert "unexpected extra argument" in failed.err
    assert "quote the whole spec" in failed.err and "--condition" in failed.err
