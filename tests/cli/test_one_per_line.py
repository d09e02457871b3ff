"""A line holds one breakpoint: a second one on the same FILE:LINE is refused (debugpy keeps only
the last of a line's duplicates, which silently dropped the first), at ``break add`` and at launch."""

from __future__ import annotations

from conftest import Cli, line_of, loc, one_line_error

CALL = line_of("loops.py", "call")


def test_second_breakpoint_on_a_line_is_refused_and_the_first_still_stops(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    refused = dc.run("break", "add", loc("loops.py", "call"), "--condition", "i == 99", check=2)
    error = one_line_error(refused.err)
    assert f"loops.py:{CALL} already has breakpoint 1;" in error
    assert "`dapcli break delete 1`" in refused.err
    listing = dc.json("break", "list")["breakpoints"]
    assert [(bp["id"], bp["line"], bp.get("condition")) for bp in listing] == [(1, CALL, None)]
    state = dc.json("continue", "--timeout", "10")  # the first one was not replaced by `if i == 99`
    assert state["status"] == "stopped" and state["location"]["line"] == CALL
    assert state["hitBreakpointIds"] == [1]
    assert dc.json("eval", "i")["result"] == "1"


def test_two_b_on_one_line_at_launch_is_a_usage_error_before_anything_starts(dc: Cli) -> None:
    where = loc("loops.py", "call")
    failed = dc.launch("loops.py", f"{where} if i == 2", f"{where} hit >=3", check=2)
    error = one_line_error(failed.err)
    assert f"loops.py:{CALL} is given twice among the launch breakpoints, first as if i == 2;" in error
    assert "keep one per line (-b)" in failed.err
    assert dc.run("status", check=False).code != 0  # no session was started


def test_other_lines_and_until_on_a_breakpoint_line_still_work(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    added = dc.json("break", "add", loc("loops.py", "done"))
    assert added["id"] == 2 and added["verified"] is True
    state = dc.json("until", str(CALL))  # a temporary breakpoint on a line that has one: allowed
    assert state["status"] == "stopped" and state["location"]["line"] == CALL
    assert [bp["id"] for bp in dc.json("break", "list")["breakpoints"]] == [1, 2]
