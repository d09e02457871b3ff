"""Issue 10 case 2: a breakpoint in a file that is not here is sent to the adapter, comes back
pending (unverified, with the adapter's words) and the launch goes on, in the CLI, MCP and
recipes. A line past the end of a file that is here is refused (as gdb does)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from fid_helpers import Cli, call, each, marker_line, mcp_client, run_async

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("adapter", each("lldb", "gdb"))
def test_launch_goes_on_with_pending_breakpoints(adapter: str, c_programs: Path, cli: Cli) -> None:
    stop = marker_line(c_programs / "errors.c", "stop")
    done = cli("launch", "./errors", "--adapter", adapter, "-b", f"errors.c:{stop}", "-b", "nosuch.c:999")
    assert f"errors.c:{stop}" in done.out and "Stopped" in done.out, done.out
    said = done.out + done.err  # warnings: on stderr at a terminal, in the stop's text otherwise
    pending = next(line for line in said.splitlines() if "breakpoint 2 at" in line)
    # why, said once: the adapter's words where it has some (gdb: "No source file named …"), else dapcli's
    assert "sent anyway" in pending and pending.count("sent anyway") == 1, pending
    assert ("No source file named" in pending) != ("nosuch.c is not on this machine" in pending), pending
    listed = cli.json("break", "list")["breakpoints"]
    assert [b["verified"] for b in listed] == [True, False]
    assert listed[1]["path"] == str(c_programs / "nosuch.c") and listed[1]["line"] == 999
    table = cli("break", "list").out
    assert table.count("pending") == 1, table
    refused = cli("break", "add", "errors.c:999", check=2)
    assert "line 999 is past the end of errors.c" in refused.err, refused.err
    added = cli.json("break", "add", "later.c:5")
    assert added["verified"] is False and "not on this machine" in added["warning"]


def test_debugpy_says_why_it_is_pending(programs: Path, cli: Cli) -> None:
    pytest.importorskip("debugpy", reason="debugpy is not installed")
    done = cli("launch", "cart.py", "--python", sys.executable, "-b", "nosuch.py:3",
               "-b", f"cart.py:{marker_line(programs / 'cart.py', 'print')}")
    assert "Stopped (breakpoint 2)" in done.out, done.out
    listed = cli.json("break", "list")["breakpoints"]
    assert listed[0]["verified"] is False
    assert listed[0]["message"] == "Breakpoint in file that does not exist."


@pytest.mark.parametrize("adapter", each("lldb"))
def test_mcp_launch_goes_on_with_a_pending_breakpoint(adapter: str, c_programs: Path) -> None:
    stop = marker_line(c_programs / "errors.c", "stop")

    async def body() -> None:
        async with mcp_client() as client:
            state = await call(client, "launch", {
                "program": str(c_programs / "errors"), "adapter": adapter,
                "breakpoints": [f"{c_programs / 'errors.c'}:{stop}", f"{c_programs / 'gone.c'}:3"]})
            assert state["status"] == "stopped" and state["location"]["line"] == stop
            assert any("gone.c" in w and "pending" in w for w in state["warnings"])
            listed = await call(client, "listBreakpoints")
            assert [b["verified"] for b in listed["breakpoints"]] == [True, False]
            await call(client, "stop")

    run_async(body)


@pytest.mark.parametrize("adapter", each("lldb"))
def test_recipe_with_a_pending_breakpoint_runs(adapter: str, c_programs: Path, cli: Cli) -> None:
    stop = marker_line(c_programs / "errors.c", "stop")
    recipe = c_programs / f"pending-{adapter}.yaml"
    recipe.write_text(f"target: {{program: errors, adapter: {adapter}}}\n"
                      f"breakpoints: [errors.c:{stop}, gone.c:3]\n"
                      f"steps:\n  - continue: {{}}\n    expect: {{line: {stop}}}\n")
    done = cli("run", str(recipe))
    assert "✔" in done.out or "passed" in done.out.lower(), done.out
