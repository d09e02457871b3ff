"""``finish`` (stepOut) shows what the function returned, on every adapter that tells it
(debugpy, lldb-dap, CodeLLDB, gdb): gdb's "Value returned is $1 = 49", ``returnValue`` in JSON
and MCP. Delve 1.20 and js-debug do not tell it (nothing is shown)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fid_helpers import Cli, call, call_tool, each, marker_line, mcp_client, run_async

pytestmark = pytest.mark.slow


def _at(programs: Path, name: str, marker: str) -> str:
    return f"{name}:{marker_line(programs / name, marker)}"


@pytest.mark.parametrize("adapter", each("lldb", "codelldb", "gdb"))
def test_finish_shows_the_value_returned_native(adapter: str, returns_c: Path, programs: Path, cli: Cli) -> None:
    marks = [_at(programs, "returns.c", m) for m in ("in-square", "in-make-point", "in-half", "in-nothing")]
    cli("launch", "./returns", "--adapter", adapter, *[a for m in marks for a in ("-b", m)])
    shown = cli("finish").out
    assert "Value returned is 49" in shown and "$" not in shown.split("Value returned is ")[1].splitlines()[0], shown
    state = cli.json("continue")
    assert state["location"]["function"].startswith("make_point"), state
    point = cli.json("finish")["returnValue"]
    assert point["function"].startswith("make_point")
    assert "3" in point["value"] and "4" in point["value"], point
    cli("continue")
    half = cli.json("finish")["returnValue"]
    assert half["value"] == "2.5" and half["type"] == "double", half
    cli("continue")
    void = cli.json("finish")
    assert "returnValue" not in void, void  # a void function returns nothing


def test_finish_shows_the_value_returned_debugpy(programs: Path, cli: Cli) -> None:
    marks = [_at(programs, "returns.py", m) for m in ("in-square", "in-total", "in-nothing")]
    cli("launch", "returns.py", *[a for m in marks for a in ("-b", m)])
    shown = cli("finish").out
    assert "Value returned is 49  (int)" in shown, shown
    cli("continue")
    total = cli.json("finish")["returnValue"]
    assert total["value"] == "7" and total["name"] == "(return) Cart.total" and total["readOnly"] is True, total
    cli("continue")
    assert cli.json("finish")["returnValue"]["value"] == "None"  # Python returns None: the adapter says so


def test_finish_return_value_over_mcp(programs: Path) -> None:
    mark = _at(programs, "returns.py", "in-square")

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(programs / "returns.py"),
                                          "breakpoints": [str(programs / mark)]})
            result = await call_tool(client, "stepOut")
            assert not result.is_error
            assert result.structured_content["returnValue"]["value"] == "49"
            assert "Value returned is 49 (int) from square" in result.content[0].text
            await call(client, "stop")

    run_async(body)


def test_a_return_value_is_shown_at_the_stop_after_its_return_only(programs: Path, cli: Cli) -> None:
    """debugpy keeps ``(return) square`` among the caller's locals until the frame ends: after
    ``finish`` every later stop (a ``continue`` to a breakpoint, each ``next``) still showed it as if
    square had just returned. It shows where the value is new, in the stop's locals and ``vars``."""
    cli("launch", "returns.py", "-b", _at(programs, "returns.py", "in-square"),
        "-b", _at(programs, "returns.py", "print"))
    assert "(return) square=49" in cli("finish").out
    assert "(return) square" in [v["name"] for v in cli.json("vars")["variables"]]
    assigned = cli("next").out  # the assignment of square's value ends: square returned before this step
    assert "locals: total=49" in assigned and "(return)" not in assigned, assigned
    later = cli("next").out  # over Cart().total(): its own value is new
    assert "(return) Cart.total=7" in later and "(return) square" not in later, later
    shown = cli("continue").out  # to the print: no step since, so no value returned that was seen
    assert f"returns.py:{marker_line(programs / 'returns.py', 'print')}" in shown, shown
    assert "(return)" not in shown, shown
    assert not [v["name"] for v in cli.json("vars")["variables"] if v["name"].startswith("(return)")]
