"""A watchpoint on a C local is deleted when its function returns, as gdb does ("Watchpoint N
deleted because the program has left the block in which its expression is valid"), and the stop
says so — on the CLI (text and JSON) and over MCP — on every native adapter."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from fid_helpers import CC, Cli, call, each, marker_line, mcp_client, run_async

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def tot(programs: Path) -> Path:
    if CC is None:
        pytest.skip("no C compiler (gcc or cc) to build the test programs")
    done = subprocess.run([CC, "-g", "-O0", "-o", "tot", "tot.c"], cwd=programs, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return programs / "tot"


@pytest.mark.parametrize("adapter", each("lldb", "gdb", "codelldb"))
def test_watched_local_is_deleted_when_its_function_returns(adapter: str, tot: Path, cli: Cli) -> None:
    init = marker_line(tot.with_suffix(".c"), "total-init")
    cli("launch", "./tot", "--adapter", adapter, "-b", f"tot.c:{init}")
    added = cli.json("watchpoint", "add", "total")
    assert added["dataBreakpoints"][0]["verified"] is True, added
    said = None
    for _ in range(10):
        state = cli.json("continue")
        assert state["status"] == "stopped", state
        notes = [w for w in state.get("warnings") or [] if "watchpoint 1 (total) deleted" in w]
        if notes:
            said = state
            break
        assert state["location"]["function"].startswith("add_up"), state  # a write while add_up runs
    assert said is not None, "the watchpoint was never said deleted"
    assert "has left add_up" in said["description"], said
    assert cli.json("watchpoint", "list")["dataBreakpoints"] == []
    text = cli("continue").out  # the second call writes the same slot: no more watchpoint stops
    assert "watchpoint" not in text.lower() or "exited" in text.lower(), text


@pytest.mark.parametrize("adapter", each("lldb"))
def test_watched_local_deleted_in_text_and_over_mcp(adapter: str, tot: Path, cli: Cli) -> None:
    init = marker_line(tot.with_suffix(".c"), "total-init")
    cli("launch", "./tot", "--adapter", adapter, "-b", f"tot.c:{init}")
    cli("watchpoint", "add", "total")
    outs = [cli("continue").out for _ in range(6)]
    assert any("watchpoint 1 (total) deleted because the program has left add_up" in o for o in outs), outs
    cli("stop")

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(tot), "adapter": adapter,
                                          "breakpoints": [f"{tot.with_suffix('.c')}:{init}"]})
            await call(client, "setDataBreakpoint", {"name": "total"})
            for _ in range(8):
                state = await call(client, "continue")
                if any("deleted" in w for w in state.get("warnings") or []):
                    assert (await call(client, "listDataBreakpoints"))["dataBreakpoints"] == []
                    break
            else:
                raise AssertionError("never deleted over MCP")
            await call(client, "stop")

    run_async(body)
