"""Issue 23.8: emulated breakpoint parts say so. Where dapcli counts a breakpoint's hits or writes
its log message (gdb via cdt: ``%N`` hit counts, ``{expr}`` log messages), ``break list`` says
``emulated`` in its text and ``emulated: [...]`` in ``--json`` and MCP, and a launch warns; the
adapter's own mechanisms are not marked (debugpy). Delve's hit count, which it honours without
announcing it, is said at ``launch -b`` and in MCP ``launch`` too, not only in ``break add``."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from fid_helpers import Cli, call, each, marker_line, mcp_client, run_async

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("adapter", each("gdb"))
def test_gdb_emulated_parts_are_said(adapter: str, c_programs: Path, cli: Cli) -> None:
    body, show = marker_line(c_programs / "loop.c", "loop-body"), marker_line(c_programs / "loop.c", "print")
    state = cli.json("launch", "./loop", "--adapter", adapter, "--stop-on-entry",
                     "-b", f"loop.c:{body} hit %2", "-b", f"loop.c:{show} log n={{n}}")
    assert f"breakpoint 1 at loop.c:{body}: emulated, dapcli counts its hits (a stop per hit)" in state["warnings"]
    assert f"breakpoint 2 at loop.c:{show}: emulated, dapcli writes its log message (a stop per hit)" \
        in state["warnings"]
    listed = cli.json("break", "list")["breakpoints"]
    assert [b.get("emulated") for b in listed] == [["hitCondition"], ["logMessage"]]
    table = cli("break", "list").out
    assert "hit %2; emulated: dapcli counts the hits" in table and "emulated: dapcli writes the log message" in table
    plain = cli.json("break", "add", "loop.c:21")
    assert "emulated" not in plain
    state = cli.json("continue")  # the 2nd hit (i == 1): the count is right
    assert state["hitBreakpointIds"] == [1] and cli.json("evaluate", "i")["result"] == "1"


@pytest.mark.parametrize("adapter", each("gdb"))
def test_gdb_emulated_over_mcp(adapter: str, c_programs: Path) -> None:
    body = marker_line(c_programs / "loop.c", "loop-body")

    async def run() -> None:
        async with mcp_client() as client:
            state = await call(client, "launch", {"program": str(c_programs / "loop"), "adapter": adapter,
                                                  "stopOnEntry": True,
                                                  "breakpoints": [f"{c_programs / 'loop.c'}:{body} hit %2"]})
            assert any("emulated, dapcli counts its hits" in w for w in state["warnings"]), state
            result = await client.call_tool("listBreakpoints", {})
            assert dict(result.structured_content)["breakpoints"][0]["emulated"] == ["hitCondition"]
            assert "emulated hitCondition" in result.content[0].text, result.content[0].text
            await call(client, "stop")

    run_async(run)


@pytest.mark.skipif(importlib.util.find_spec("debugpy") is None, reason="debugpy is not installed")
def test_debugpy_native_parts_are_not_marked(programs: Path, cli: Cli) -> None:
    add = marker_line(programs / "tracebp.py", "add")
    state = cli.json("launch", "tracebp.py", "--python", sys.executable, "-b", f"tracebp.py:{add} hit 2",
                     "-b", f"tracebp.py:{add - 1} log {{name}}")
    assert not [w for w in state.get("warnings") or [] if "emulated" in w], state
    assert [b.get("emulated") for b in cli.json("break", "list")["breakpoints"]] == [None, None]
    assert cli.json("evaluate", "i")["result"] == "1"


def test_delve_hit_count_note_at_launch(hitloop: Path, cli: Cli) -> None:
    source = hitloop.parent / "main.go"
    line = marker_line(source, "acc")
    state = cli.json("launch", str(hitloop), "--adapter", "go", "-b", f"{source}:{line} hit 3")
    assert f"breakpoint 1 at main.go:{line}: go does not announce supportsHitConditionalBreakpoints; sent anyway " \
           "(if it ignores it, the breakpoint behaves as a plain one)" in state["warnings"], state
    assert cli.json("evaluate", "i")["result"] == "2"

    async def run() -> None:
        async with mcp_client() as client:
            state = await call(client, "launch", {"program": str(hitloop), "adapter": "go",
                                                  "breakpoints": [{"path": str(source), "line": line,
                                                                   "hitCondition": "3"}]})
            assert any("does not announce supportsHitConditionalBreakpoints" in w for w in state["warnings"])
            await call(client, "stop")

    run_async(run)
