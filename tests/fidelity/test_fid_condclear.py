"""Issue 29.12: ``condition N`` alone removes breakpoint N's condition on every native adapter.
CodeLLDB kept the old condition when the breakpoint was sent again without one (also with
``condition: ""``): dapcli sends the file's set without it, then with it."""

from __future__ import annotations

from pathlib import Path

import pytest
from fid_helpers import Cli, call, each, marker_line, mcp_client, run_async

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("adapter", each("codelldb", "lldb", "gdb"))
def test_condition_alone_removes_it(adapter: str, c_programs: Path, cli: Cli) -> None:
    body = marker_line(c_programs / "loop.c", "loop-body")
    state = cli.json("launch", "./loop", "--adapter", adapter, "-b", f"loop.c:{body} if i == 0")
    assert state["hitBreakpointIds"] == [1] and cli.json("evaluate", "i")["result"] == "0"
    edited = cli.json("condition", "1")
    assert edited["id"] == 1 and "condition" not in edited, edited
    state = cli.json("continue")
    assert state["status"] == "stopped" and state["hitBreakpointIds"] == [1], state
    assert cli.json("evaluate", "i")["result"] == "1"
    cli.json("condition", "1", "i == 0")  # a condition again: never true from here on
    assert cli.json("continue")["status"] == "exited"


@pytest.mark.parametrize("adapter", each("codelldb"))
def test_condition_removed_over_mcp(adapter: str, c_programs: Path) -> None:
    body = marker_line(c_programs / "loop.c", "loop-body")

    async def run() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(c_programs / "loop"), "adapter": adapter,
                                          "breakpoints": [f"{c_programs / 'loop.c'}:{body} if i == 0"]})
            edited = await call(client, "editBreakpoint", {"id": 1})
            assert edited.get("condition") is None, edited
            state = await call(client, "continue")
            assert state["hitBreakpointIds"] == [1], state
            assert (await call(client, "evaluate", {"expression": "i"}))["result"] == "1"
            await call(client, "stop")

    run_async(run)
