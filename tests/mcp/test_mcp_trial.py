"""A new user's trial through MCP: a breakpoint past a file's end is a tool error that leaves
the session as it was (as gdb refuses such a line)."""

from __future__ import annotations

import pytest
from mcp_helpers import BUGGY, call, call_error, connected, marker_line, run

from dapcli.frontends.mcp.tools import MORE

pytest.importorskip("debugpy", reason="debugpy is not installed")
pytestmark = pytest.mark.slow

RUNNING = marker_line(BUGGY, "running")
LINES = len(BUGGY.read_text().splitlines())


def test_breakpoint_past_the_end_is_a_tool_error() -> None:
    async def body() -> None:
        async with connected() as client:
            text = await call_error(client, "launch", {"program": str(BUGGY), "breakpoints": [f"{BUGGY}:999"]})
            assert f"line 999 is past the end of {BUGGY} ({LINES} lines)" in text
            assert (await call(client, MORE, {"verb": "sessions"}))["sessions"] == []
            stop = await call(client, "launch", {"program": str(BUGGY), "breakpoints": [f"{BUGGY}:{RUNNING}"]})
            assert stop["location"]["line"] == RUNNING
            text = await call_error(client, "setBreakpoint", {"location": f"{BUGGY}:{LINES + 1}"})
            assert f"line {LINES + 1} is past the end" in text
            listed = await call(client, MORE, {"verb": "listBreakpoints"})
            assert [b["line"] for b in listed["breakpoints"]] == [RUNNING]
            assert (await call(client, "stackTrace"))["frames"][0]["line"] == RUNNING
            await call(client, "stop")

    run(body)


def test_statement_runs_through_mcp() -> None:
    async def body() -> None:
        async with connected() as client:
            await call(client, "launch", {"program": str(BUGGY), "breakpoints": [f"{BUGGY}:{RUNNING}"]})
            refused = await call_error(client, "evaluate", {"expression": "v = 100"})
            assert refused == ("`v = 100` is a statement, not an expression: eval does not run it (to compare, "
                               "write `v == 100`; to run it: `evaluate {\"statement\": true, \"expression\": "
                               "\"v = 100\"}` (REPL: `!STATEMENT`; MCP, recipes: `statement: true`))")
            assert "NameError" in await call_error(client, "evaluate", {"expression": "v"})
            ran = await call(client, "evaluate", {"expression": "v = 100", "statement": True})
            assert ran["result"] == "" and "ran as a statement" in ran["note"]
            assert (await call(client, "evaluate", {"expression": "v * 2"}))["result"] == "200"
            text = await call_error(client, "setVariable", {"name": "nosuch", "value": "3"})
            assert 'to create it: `evaluate {"expression": "nosuch = 3", "statement": true}`' in text, text
            await call(client, "stop")

    run(body)


def test_stack_trace_marks_the_selected_frame() -> None:
    async def body() -> None:
        async with connected() as client:
            await call(client, "launch", {"program": str(BUGGY), "breakpoints": [f"{BUGGY}:{RUNNING}"]})
            frames = (await call(client, "stackTrace"))["frames"]
            assert [f.get("selected", False) for f in frames][:2] == [True, False]
            await call(client, MORE, {"verb": "up"})
            frames = (await call(client, "stackTrace"))["frames"]
            assert [f["index"] for f in frames if f.get("selected")] == [1]
            value = await call(client, "evaluate", {"expression": "percent"})
            assert value["result"] == "15.0"
            await call(client, "stop")

    run(body)
