"""Function breakpoints on debugpy are its own (``setFunctionBreakpoints``, issue 23.6): the stop's
reason is ``function breakpoint`` at the line debugpy reports (the ``def``); ``Class.method``
stops in that method only (debugpy matches bare names: dapcli adds a condition on the qualified
name), a name the program's files do not define is listed pending with the reason, not
"verified"; ``-b NAME -b FILE:LINE`` on the same function are two breakpoints — on the CLI and
over MCP."""

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


def _def_line(path: Path, name: str) -> int:
    return next(n for n, text in enumerate(path.read_text().splitlines(), 1) if text.strip().startswith(f"def {name}("))


def test_method_breakpoint_stops_and_unknown_name_is_pending(programs: Path, cli: Cli) -> None:
    cart = programs / "cart.py"
    cli("launch", "cart.py", "--python", sys.executable, "--stop-on-entry")
    method = cli.json("break", "add", "Cart.total")
    assert method["function"] == "Cart.total" and method["verified"] is True and "path" not in method, method
    unknown = cli.json("break", "add", "no_such_function")
    assert unknown["verified"] is False and "no function no_such_function" in unknown["warning"]
    dotted = cli.json("break", "add", "Cart.nosuch")
    assert dotted["verified"] is False and "no function Cart.nosuch" in dotted["warning"]
    table = cli("break", "list").out
    assert "function Cart.total " in table and table.count("pending") == 2, table
    shown = cli("continue").out
    assert f"Stopped (function breakpoint {method['id']}) in total at cart.py:{_def_line(cart, 'total')}" in shown
    state = cli.json("status")["stop"]
    assert (state["reason"], state["rawReason"]) == ("breakpoint", "function breakpoint")
    assert state["location"]["function"] == "total" and state["location"]["line"] == _def_line(cart, "total")
    assert cli.json("break", "delete", "Cart.total")["removed"] == [method["id"]]
    assert cli.json("continue")["status"] in ("exited", "terminated")


def test_a_dotted_name_stops_only_in_that_class_or_module(programs: Path, cli: Cli) -> None:
    """``Other.total`` is a ``total`` too, in another class: debugpy's bare-name match would stop
    there; ``cart.helper`` names the module's function by its file."""
    nested = programs / "fnnames.py"
    nested.write_text("class Cart:\n    def total(self):\n        return 1\n\n\n"
                      "class Other:\n    def total(self):\n        return 2\n\n\n"
                      "def helper():\n    return Other().total() + Cart().total()\n\n\nhelper()\n")
    state = cli.json("launch", "fnnames.py", "--python", sys.executable, "-b", "Cart.total", "-b", "fnnames.helper")
    stops = []
    while state["status"] == "stopped":
        assert state["rawReason"] == "function breakpoint", state
        stops.append((state["location"]["function"], state["location"]["line"],
                      cli.json("evaluate", "type(self).__name__" if state["location"]["function"] == "total"
                               else "'-'")["result"]))
        state = cli.json("continue")
    assert stops == [("helper", 11, "'-'"), ("total", 2, "'Cart'")]


def test_function_and_line_breakpoint_on_one_function_are_two(programs: Path, cli: Cli) -> None:
    """``-b Cart.total -b cart.py:LINE`` (its first statement) is not "given twice": the function
    breakpoint stops at the call, the line breakpoint at its line."""
    cart = programs / "cart.py"
    body = marker_line(cart, "total-body")
    state = cli.json("launch", "cart.py", "--python", sys.executable, "-b", "Cart.total", "-b", f"cart.py:{body}")
    assert not state.get("warnings"), state
    assert (state["rawReason"], state["location"]["line"], state["hitBreakpointIds"]) == (
        "function breakpoint", _def_line(cart, "total"), [1])
    state = cli.json("continue")
    assert (state["rawReason"], state["location"]["line"], state["hitBreakpointIds"]) == ("breakpoint", body, [2])
    assert [b["verified"] for b in cli.json("break", "list")["breakpoints"]] == [True, True]


def test_method_breakpoint_at_launch_over_mcp(programs: Path) -> None:
    cart = programs / "cart.py"

    async def body() -> None:
        async with mcp_client() as client:
            result = await client.call_tool("launch", {"program": str(cart), "python": sys.executable,
                                                       "breakpoints": ["Cart.total", "no_such_function"]})
            assert not result.is_error, result.content[0].text
            state = dict(result.structured_content)
            assert state["location"]["function"] == "total" and state["rawReason"] == "function breakpoint"
            assert state["location"]["line"] == _def_line(cart, "total")
            assert "stopped (function breakpoint 1)" in result.content[0].text, result.content[0].text
            assert any("no_such_function" in w and "pending" in w for w in state["warnings"])
            listed = (await call(client, "listBreakpoints"))["breakpoints"]
            assert [b["verified"] for b in listed] == [True, False]
            await call(client, "stop")

    run_async(body)


def test_function_breakpoint_on_a_loop_stops_once_per_call(programs: Path, cli: Cli) -> None:
    """``-b count`` where count's first statement is a ``for`` loop: one stop per call (gdb, pdb),
    at the call, not one per loop pass; the same for a method whose first statement is a ``while`` loop."""
    source = programs / "loopfirst.py"
    state = cli.json("launch", "loopfirst.py", "--python", sys.executable, "-b", "count", "-b", "Box.spin")
    stops = []
    while state.get("status") not in ("exited", "terminated"):
        assert state["rawReason"] == "function breakpoint", state
        stops.append((state["location"]["function"], state["location"]["line"]))
        state = cli.json("continue")
    count, spin = _def_line(source, "count"), _def_line(source, "spin")
    assert stops == [("count", count), ("count", count), ("spin", spin), ("spin", spin)]


@pytest.mark.parametrize("name", ["count", "loopfirst.count"])
def test_function_breakpoint_hit_count_counts_calls(name: str, programs: Path, cli: Cli) -> None:
    """A hit count on such a function breakpoint counts calls: ``hit 2`` stops in the second call only.
    A dotted name's count is kept in its condition beside the guard, decided by debugpy (it was
    dapcli's, a stop per call): neither is said emulated."""
    source = programs / "loopfirst.py"
    state = cli.json("launch", "loopfirst.py", "--python", sys.executable, "--stop-on-entry")
    added = cli.json("break", "add", name, "--hit-condition", "2")
    assert (added["hitCondition"], added.get("emulated")) == ("2", None), added
    state = cli.json("continue")
    assert state["rawReason"] == "function breakpoint" and state["location"]["line"] == _def_line(source, "count")
    assert cli.json("evaluate", "n")["result"] == "2"
    assert cli.json("continue")["status"] in ("exited", "terminated")
