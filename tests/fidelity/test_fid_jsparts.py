"""js-debug takes one part of a breakpoint: its condition, else its log message, else its hit
condition (js-debug 1.105's ``getConditionFor``). A log point with a condition stopped like a plain
breakpoint and logged nothing; a log point's hit condition, and a hit condition beside a condition,
were ignored. dapcli folds the other parts into the condition, which V8 decides at each hit (no
stop): the count of the hits where the condition holds, and the message written by ``console.log``
as js-debug writes its own. The breakpoint keeps its labels, and a log point written by its
condition says so (``emulated: its condition has the program write the log message (no stop)``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fid_helpers import Cli, marker_line

from dapcli.adapters.registry import by_name

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(by_name("node").find() is None, reason="js-debug is not installed")]


def _stdout(cli: Cli) -> list[str]:
    text = "".join(c["output"] for c in cli.json("output", "--category", "stdout")["chunks"])
    return [line for line in text.splitlines() if not line.startswith("sum")]


@pytest.mark.parametrize(("clause", "expected"), [
    ("if i > 6 log at i={i} {({a: i})}", ["at i=7 { a: 7 }", "at i=8 { a: 8 }", "at i=9 { a: 9 }"]),
    ("hit %3 log at i={i}", ["at i=2", "at i=5", "at i=8"]),  # it logged at every pass
    ("if i > 2 hit 2 log at i={i} {nosuch}", ["at i=4 '<nosuch is not defined>'"]),
    ("log at i={i}", [f"at i={n}" for n in range(10)]),  # js-debug's own log point
])
def test_log_points_with_a_condition_or_hit_count_log_without_stopping(clause: str, expected: list[str],
                                                                        programs: Path, cli: Cli) -> None:
    body, end = marker_line(programs / "jsloop.js", "js-body"), marker_line(programs / "jsloop.js", "js-end")
    state = cli.json("launch", "jsloop.js", "--adapter", "node", "-b", f"jsloop.js:{body} {clause}",
                     "-b", f"jsloop.js:{end}")
    assert state["status"] == "stopped" and state["location"]["line"] == end, state  # no stop in the loop
    assert _stdout(cli) == expected
    listed = cli.json("break", "list")["breakpoints"][0]
    folded = "if" in clause or "hit" in clause
    assert (listed.get("logMessage") is not None, listed.get("emulated")) == (True, None), listed
    assert ("no stop" in (listed.get("warning") or "")) == folded, listed
    said = [w for w in state.get("warnings") or [] if "emulated" in w]
    assert len(said) == (1 if folded else 0), state


@pytest.mark.parametrize(("clause", "stops"), [("if i > 2 hit 2", ["4"]), ("hit %4", ["3", "7"])])
def test_a_hit_count_beside_a_condition_counts_where_it_holds(clause: str, stops: list[str], programs: Path,
                                                              cli: Cli) -> None:
    body = marker_line(programs / "jsloop.js", "js-body")
    state = cli.json("launch", "jsloop.js", "--adapter", "node", "-b", f"jsloop.js:{body} {clause}")
    seen = []
    while state["status"] == "stopped":
        seen.append(cli.json("evaluate", "i")["result"])
        state = cli.json("continue")
    assert seen == stops
    assert cli.json("break", "list")["breakpoints"][0].get("emulated") is None
