"""Issue 23.8: emulated breakpoint parts say so. Where dapcli counts a breakpoint's hits or writes
its log message (gdb via cdt: a log point whose text has a ``"``, which gets no dprintf: dapcli
counts its hits and writes its ``{expr}`` message; gdb counts a plain breakpoint's ``%N`` itself,
and a dprintf log point's hits in its condition, which are not marked), ``break list`` says
``emulated`` in its text and ``emulated: [...]`` in
``--json`` and MCP, and a launch warns; the adapter's own mechanisms are not marked (debugpy).
Delve's hit count, which it honours without announcing it, is said at ``launch -b`` and in MCP
``launch`` too, not only in ``break add``."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest
from fid_helpers import Cli, call, each, marker_line, mcp_client, run_async

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("adapter", each("gdb"))
def test_gdb_emulated_parts_are_said(adapter: str, c_programs: Path, cli: Cli) -> None:
    # gdb counts a breakpoint's ``%N`` itself (a condition on a convenience variable): not emulated;
    # a log point's hit condition and ``{expr}`` message (no dprintf for it) are dapcli's
    body, show = marker_line(c_programs / "loop.c", "loop-body"), marker_line(c_programs / "loop.c", "print")
    state = cli.json("launch", "./loop", "--adapter", adapter, "--stop-on-entry",
                     "-b", f"loop.c:{body} hit %2", "-b", f'loop.c:{show} hit %2 log "at" i={{i}}')
    assert not [w for w in state["warnings"] if w.startswith("breakpoint 1 ")], state["warnings"]
    assert f"breakpoint 2 at loop.c:{show}: emulated, dapcli counts its hits and dapcli writes its log message " \
           "(a stop per hit)" in state["warnings"]
    listed = cli.json("break", "list")["breakpoints"]
    assert [b.get("emulated") for b in listed] == [None, ["hitCondition", "logMessage"]]
    rows = {line.split()[0]: line for line in cli("break", "list").out.splitlines() if line[:1].isdigit()}
    assert "hit %2" in rows["1"] and "emulated" not in rows["1"], rows
    assert """hit %2; log '"at" i={i}'; emulated: dapcli counts the hits and dapcli writes the log message""" \
        in rows["2"]
    plain = cli.json("break", "add", "loop.c:21")
    assert "emulated" not in plain
    state = cli.json("continue")  # the 2nd hit (i == 1): gdb's count is right
    assert state["hitBreakpointIds"] == [1] and cli.json("evaluate", "i")["result"] == "1"
    cli("break", "delete", "1")
    state = cli.json("continue")  # dapcli's count: the log point logs at its 2nd hit only
    assert state["location"]["line"] == 21, state
    assert re.findall(r'"at" i=\d', cli("output").out) == ['"at" i=1']


@pytest.mark.parametrize("adapter", each("gdb"))
def test_gdb_emulated_over_mcp(adapter: str, c_programs: Path) -> None:
    body, show = marker_line(c_programs / "loop.c", "loop-body"), marker_line(c_programs / "loop.c", "print")
    source = c_programs / "loop.c"

    async def run() -> None:
        async with mcp_client() as client:
            state = await call(client, "launch", {"program": str(c_programs / "loop"), "adapter": adapter,
                                                  "stopOnEntry": True,
                                                  "breakpoints": [f"{source}:{body} hit %2",
                                                                  f'{source}:{show} hit %2 log "at" i={{i}}']})
            said = [w for w in state.get("warnings") or [] if "emulated" in w]
            assert len(said) == 1 and said[0].startswith("breakpoint 2 "), state
            assert "dapcli counts its hits" in said[0], state
            result = await client.call_tool("listBreakpoints", {})
            listed = dict(result.structured_content)["breakpoints"]
            assert [b.get("emulated") for b in listed] == [None, ["hitCondition", "logMessage"]], listed
            assert result.content[0].text.count("emulated") == 1, result.content[0].text
            assert "emulated hitCondition, logMessage" in result.content[0].text, result.content[0].text
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
