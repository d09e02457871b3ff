"""Every adapter honours a log point's condition and hit count together, without a stop in the
loop, whatever part of it the adapter decides natively and whatever dapcli folds into a condition
(lldb-dap: a persistent-variable count; gdb: a dprintf with a convenience-variable count; js-debug:
``console.log`` in the condition; debugpy, CodeLLDB, Delve: their own). Over 10 passes."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from fid_helpers import Cli, each, marker_line

from dapcli.adapters.registry import by_name

pytestmark = pytest.mark.slow

CLAUSES = [
    ("if i > 6 log at i={i}", ["7", "8", "9"]),
    ("hit %3 log at i={i}", ["2", "5", "8"]),
    ("if i > 2 hit 2 log at i={i}", ["4"]),
    ("hit 3 log at i={i}", ["2"]),
]


def _launch(cli: Cli, adapter: str, programs: Path, clause: str) -> dict:
    if adapter == "python":
        line = marker_line(programs / "scaleloop.py", "scale-body")
        return cli.json("launch", "scaleloop.py", "--python", sys.executable, "-b", f"scaleloop.py:{line} {clause}",
                        "--", "10")
    if adapter == "node":
        line = marker_line(programs / "jsloop.js", "js-body")
        return cli.json("launch", "jsloop.js", "--adapter", "node", "-b", f"jsloop.js:{line} {clause}")
    if adapter == "go":
        line = marker_line(programs / "goscale" / "main.go", "scale-body")
        return cli.json("launch", str(programs / "goscale" / "goscale"), "--adapter", "go",
                        "-b", f"goscale/main.go:{line} {clause}", "--", "10")
    line = marker_line(programs / "scaleloop.c", "scale-body")
    return cli.json("launch", "./scaleloop", "--adapter", adapter, "-b", f"scaleloop.c:{line} {clause}", "--", "10")


@pytest.mark.parametrize(("clause", "expected"), CLAUSES)
@pytest.mark.parametrize("adapter", [*each("lldb", "codelldb", "gdb", "go"), "python", pytest.param(
    "node", marks=pytest.mark.skipif(by_name("node").find() is None, reason="js-debug is not installed"))])
def test_a_log_points_condition_and_hit_count_hold_on_every_adapter(
        adapter: str, clause: str, expected: list[str], request: pytest.FixtureRequest, programs: Path,
        cli: Cli) -> None:
    if adapter in ("lldb", "codelldb", "gdb"):
        request.getfixturevalue("scaleloop")
    if adapter == "go":
        request.getfixturevalue("goscaleloop")
    state = _launch(cli, adapter, programs, clause)
    if state["status"] == "running":
        state = cli.json("wait", "--timeout", "60")
    assert state["status"] in ("exited", "terminated"), state  # no stop in the loop
    text = "".join(c["output"] for c in cli.json("output", "--category", "stdout")["chunks"])
    logged = [line.rsplit("at i=", 1)[1] for line in text.splitlines() if "at i=" in line]
    assert logged == expected
    listed = cli.json("break", "list")["breakpoints"][0]
    assert listed["logMessage"] == "at i={i}" and listed.get("emulated") is None, listed


@pytest.mark.parametrize(("clause", "expected"), [
    ("if i > 2 hit 2", ["4"]), ("if i > 2 hit %3", ["5", "8"]), ("hit <3", ["0", "1"]), ("hit >=8", ["7", "8", "9"]),
])
@pytest.mark.parametrize("adapter", [*each("lldb", "codelldb", "gdb", "go"), "python", pytest.param(
    "node", marks=pytest.mark.skipif(by_name("node").find() is None, reason="js-debug is not installed"))])
def test_a_breakpoints_condition_and_hit_count_hold_on_every_adapter(
        adapter: str, clause: str, expected: list[str], request: pytest.FixtureRequest, programs: Path,
        cli: Cli) -> None:
    """The same for a breakpoint: it stops at those passes only, and its labels are kept."""
    if adapter in ("lldb", "codelldb", "gdb"):
        request.getfixturevalue("scaleloop")
    if adapter == "go":
        request.getfixturevalue("goscaleloop")
    state = _launch(cli, adapter, programs, clause)
    seen = []
    while state["status"] == "stopped":
        assert state["reason"] == "breakpoint", state
        seen.append(cli.json("evaluate", "i")["result"].split()[0])
        state = cli.json("continue")
    assert seen == expected
    listed = cli.json("break", "list")["breakpoints"][0]
    assert (listed["hitCondition"], listed.get("emulated")) == (clause.split("hit ")[1], None), listed
