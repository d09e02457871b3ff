"""Issue 10 case 10 on debugpy: ``Class.method`` stops in the method (dapcli resolves it to its
first statement, debugpy matches bare names only), and a name the program's files do not
define is listed pending with the reason, not "verified" — on the CLI and over MCP."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from fid_helpers import Cli, call, marker_line, mcp_client, run_async

from dapcli.adapters.debugpy.pyfunctions import find_function

pytest.importorskip("debugpy", reason="debugpy is not installed")
pytestmark = pytest.mark.slow


def test_find_function_reads_the_programs_files(programs: Path) -> None:
    cart = programs / "cart.py"
    assert find_function("Cart.total", [str(programs)]) == (str(cart), marker_line(cart, "total-body"))
    assert find_function("cart.helper", [str(cart)]) == (str(cart), marker_line(cart, "helper-body"))
    assert find_function("Cart.nosuch", [str(programs)]) is None
    assert find_function("no_such_function", [str(programs)]) is None


def test_method_breakpoint_stops_and_unknown_name_is_pending(programs: Path, cli: Cli) -> None:
    cart = programs / "cart.py"
    cli("launch", "cart.py", "--python", sys.executable, "--stop-on-entry")
    method = cli.json("break", "add", "Cart.total")
    assert method["function"] == "Cart.total" and method["verified"] is True
    assert method["path"] == str(cart) and method["line"] == marker_line(cart, "total-body")
    unknown = cli.json("break", "add", "no_such_function")
    assert unknown["verified"] is False and "no function no_such_function" in unknown["warning"]
    dotted = cli.json("break", "add", "Cart.nosuch")
    assert dotted["verified"] is False and "no function Cart.nosuch" in dotted["warning"]
    table = cli("break", "list").out
    assert f"function Cart.total at cart.py:{method['line']}" in table and table.count("pending") == 2, table
    state = cli.json("continue")
    assert state["reason"] == "breakpoint" and state["location"]["function"] == "total"
    assert state["location"]["line"] == marker_line(cart, "total-body")
    assert cli.json("break", "delete", "Cart.total")["removed"] == [method["id"]]
    assert cli.json("continue")["status"] in ("exited", "terminated")


def test_method_breakpoint_at_launch_over_mcp(programs: Path) -> None:
    cart = programs / "cart.py"

    async def body() -> None:
        async with mcp_client() as client:
            state = await call(client, "launch", {"program": str(cart), "python": sys.executable,
                                                  "breakpoints": ["Cart.total", "no_such_function"]})
            assert state["location"]["function"] == "total"
            assert state["location"]["line"] == marker_line(cart, "total-body")
            assert any("no_such_function" in w and "pending" in w for w in state["warnings"])
            listed = (await call(client, "listBreakpoints"))["breakpoints"]
            assert [b["verified"] for b in listed] == [True, False]
            await call(client, "stop")

    run_async(body)


def test_function_breakpoint_on_a_loop_stops_once_per_call(programs: Path, cli: Cli) -> None:
    """``-b count`` where count's first statement is a ``for`` loop: one stop per call (gdb, pdb),
    not one per loop pass; the same for a method whose first statement is a ``while`` loop."""
    source = programs / "loopfirst.py"
    state = cli.json("launch", "loopfirst.py", "--python", sys.executable, "-b", "count", "-b", "Box.spin")
    stops = []
    while state.get("status") not in ("exited", "terminated"):
        assert state["reason"] == "breakpoint", state
        stops.append((state["location"]["function"], state["location"]["line"]))
        state = cli.json("continue")
    count, spin = marker_line(source, "count-body"), marker_line(source, "spin-body")
    assert stops == [("count", count), ("count", count), ("spin", spin), ("spin", spin)]


def test_function_breakpoint_hit_count_counts_calls(programs: Path, cli: Cli) -> None:
    """A hit count on such a function breakpoint counts calls: ``hit 2`` stops in the second call only."""
    source = programs / "loopfirst.py"
    state = cli.json("launch", "loopfirst.py", "--python", sys.executable, "--stop-on-entry")
    cli.json("break", "add", "count", "--hit-condition", "2")
    state = cli.json("continue")
    assert state["reason"] == "breakpoint" and state["location"]["line"] == marker_line(source, "count-body")
    assert cli.json("evaluate", "n")["result"] == "2"
    assert cli.json("continue")["status"] in ("exited", "terminated")
