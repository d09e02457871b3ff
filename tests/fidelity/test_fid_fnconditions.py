"""A function breakpoint's condition holds on every native adapter (cdt-gdb-adapter inserted gdb's
breakpoint without it, so `twice if x == 3` stopped at the first call, with x = 0)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fid_helpers import Cli, call, each, mcp_client, run_async

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("adapter", each("lldb", "gdb"))
def test_a_function_breakpoints_condition_holds(adapter: str, fncond: Path, cli: Cli) -> None:
    state = cli.json("launch", "./fncond", "--adapter", adapter, "-b", "twice if x == 3")
    assert state["location"]["function"].endswith("twice") and state["hitBreakpointIds"] == [1], state
    assert cli.json("eval", "x")["result"] == "3"
    assert not state.get("warnings"), state["warnings"]
    # changed while stopped: it holds at the next call
    cli("condition", "1", "x == 4")
    cli("continue")
    assert cli.json("eval", "x")["result"] == "4"
    ended = cli.json("continue")
    assert ended["status"] in ("exited", "terminated"), ended
    cli("stop")


@pytest.mark.parametrize("adapter", each("gdb"))
def test_a_condition_gdb_refuses_is_said(adapter: str, fncond: Path, cli: Cli) -> None:
    """As gdb's own ``break twice if nosuch == 3``: refused, not left in gdb without its condition
    (it stopped at every call); a launch leaves it out and says so, ``condition`` sets it."""
    done = cli("launch", "./fncond", "--adapter", adapter, "-b", "twice if nosuch == 3", "-b", "main")
    said = done.out + done.err
    assert 'not set: gdb refused the condition (No symbol "nosuch" in current context)' in said, said
    listed = cli.json("break", "list")["breakpoints"]
    assert listed[0]["verified"] is False and "not set" in listed[0]["message"], listed
    assert "twice" not in cli("console", "info breakpoints").out  # nothing of it left in gdb
    refused = cli("condition", "2", "nosuch == 1", check=2)  # an edit gdb refuses: the old one stays
    assert "gdb refused the condition 'nosuch == 1' of main" in refused.err, refused.err
    cli("condition", "1", "x == 2")  # a condition gdb takes: set
    assert cli.json("break", "list")["breakpoints"][0]["verified"] is True
    state = cli.json("continue")
    assert state["hitBreakpointIds"] == [1] and cli.json("eval", "x")["result"] == "2", state
    cli("stop")


@pytest.mark.parametrize("adapter", each("gdb"))
def test_a_function_breakpoints_condition_holds_over_mcp(adapter: str, fncond: Path) -> None:
    async def body() -> None:
        async with mcp_client() as client:
            state = await call(client, "launch", {"program": str(fncond), "adapter": adapter,
                                                  "breakpoints": ["twice if x == 3"]})
            assert state["status"] == "stopped", state
            assert (await call(client, "evaluate", {"expression": "x"}))["result"] == "3"
            await call(client, "stop")

    run_async(body)
