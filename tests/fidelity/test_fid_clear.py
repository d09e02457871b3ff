"""``break clear`` without a location deletes watchpoints (data breakpoints) too, as gdb's
``delete`` does, and says so: before, it said "No breakpoints" while a watchpoint still stopped
the program. With a file it keeps them."""

from __future__ import annotations

from pathlib import Path

import pytest
from fid_helpers import Cli, call, each, marker_line, mcp_client, run_async

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("adapter", each("lldb", "codelldb"))
def test_break_clear_deletes_watchpoints_too(adapter: str, c_programs: Path, cli: Cli) -> None:
    write = marker_line(c_programs / "loop.c", "write-n")
    cli("launch", "./loop", "--adapter", adapter, "-b", f"loop.c:{write}")
    cli("watchpoint", "add", "n")
    kept = cli.json("break", "clear", "loop.c")
    assert "removedDataBreakpoints" not in kept and cli.json("watchpoint", "list")["dataBreakpoints"]
    cli("break", "add", f"loop.c:{write}")
    shown = cli("break", "clear").out
    assert "Deleted watchpoint 1." in shown, shown
    assert cli.json("watchpoint", "list")["dataBreakpoints"] == []
    state = cli.json("continue", "--timeout", "20")
    assert state["status"] != "stopped" or state.get("reason") != "watchpoint", state


@pytest.mark.parametrize("adapter", each("lldb"))
def test_clear_breakpoints_over_mcp_names_the_watchpoints(adapter: str, c_programs: Path) -> None:
    write = marker_line(c_programs / "loop.c", "write-n")

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(c_programs / "loop"), "adapter": adapter,
                                          "breakpoints": [f"{c_programs / 'loop.c'}:{write}"]})
            await call(client, "setDataBreakpoint", {"name": "n"})
            cleared = await call(client, "clearBreakpoints")
            assert cleared["removedDataBreakpoints"] == [1], cleared
            assert (await call(client, "listDataBreakpoints"))["dataBreakpoints"] == []
            await call(client, "stop")

    run_async(body)
