"""``editBreakpoint`` (gdb's ``condition N EXPR``) through MCP's ``more`` tool, on debugpy."""

from __future__ import annotations

import pytest
from mcp_helpers import LOOP, call, connected, marker_line, run

pytest.importorskip("debugpy", reason="debugpy is not installed")
pytestmark = pytest.mark.slow

LINE = marker_line(LOOP, "loop")


def test_edit_breakpoint_changes_what_stops() -> None:
    async def body() -> None:
        async with connected() as client:
            stop = await call(client, "launch", {"program": str(LOOP), "breakpoints": [f"{LOOP}:{LINE}"]})
            assert stop["location"]["line"] == LINE
            edited = await call(client, "more", {"verb": "editBreakpoint",
                                                 "arguments": {"id": 1, "condition": "count == 4"}})
            assert (edited["id"], edited["condition"]) == (1, "count == 4")
            await call(client, "continue")
            assert (await call(client, "evaluate", {"expression": "count"}))["result"] == "4"
            await call(client, "stop")

    run(body)
