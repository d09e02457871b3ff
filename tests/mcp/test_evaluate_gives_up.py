"""Over MCP: an ``evaluate`` that blocks in the program gives up by debugpy's own evaluation
timeout (set at launch), with isError, and the next ``evaluate`` at that stop answers."""

from __future__ import annotations

import pytest
from mcp_helpers import ROOT, call, call_error, connected, marker_line, run

pytest.importorskip("debugpy", reason="debugpy is not installed")

PROGRAM = ROOT / "tests" / "cli" / "programs" / "hang_call.py"


def test_a_blocking_evaluate_gives_up_and_the_next_one_answers() -> None:
    async def body() -> None:
        async with connected() as client:
            stop = await call(client, "launch", {"program": str(PROGRAM),
                                                 "breakpoints": [f"{PROGRAM}:{marker_line(PROGRAM, 'stop')}"]})
            assert stop["reason"] == "breakpoint", stop
            try:
                error = await call_error(client, "evaluate", {"expression": "stuck.wait()", "timeout": 120})
                assert "KeyboardInterrupt" in error and "debugpy interrupts an evaluation after 10 s" in error, error
                value = await call(client, "evaluate", {"expression": "other"})
                assert value["result"] == "42" and value["type"] == "int", value
            finally:
                await client.call_tool("stop", {})

    run(body)
