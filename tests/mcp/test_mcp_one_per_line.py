"""A line holds one breakpoint, over MCP: ``setBreakpoint`` on a line that has one is an
``isError`` result and the session is unchanged; two breakpoints on one line at launch start nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp_helpers import call, call_error, connected, marker_line, run

pytest.importorskip("debugpy", reason="debugpy is not installed")
pytestmark = pytest.mark.slow

CART = Path(__file__).resolve().parent / "programs" / "cart.py"
LOOP = marker_line(CART, "loop")


def test_set_breakpoint_on_a_taken_line_is_an_error_and_the_first_still_stops() -> None:
    async def body() -> None:
        async with connected() as client:
            stop = await call(client, "launch", {"program": str(CART), "breakpoints": [f"{CART}:{LOOP}"]})
            assert stop["status"] == "stopped" and stop["location"]["line"] == LOOP
            text = await call_error(client, "setBreakpoint", {"location": f"{CART}:{LOOP}", "condition": "i == 99"})
            assert f"cart.py:{LOOP} already has breakpoint 1;" in text
            listed = await call(client, "more", {"verb": "listBreakpoints"})
            assert [(bp["id"], bp.get("condition")) for bp in listed["breakpoints"]] == [(1, None)]
            stop = await call(client, "continue")
            assert stop["status"] == "stopped" and stop["location"]["line"] == LOOP
            assert (await call(client, "evaluate", {"expression": "i"}))["result"] == "1"
            await call(client, "stop")

    run(body)


def test_two_breakpoints_on_one_line_at_launch_start_nothing() -> None:
    async def body() -> None:
        async with connected() as client:
            where = f"{CART}:{LOOP}"
            text = await call_error(client, "launch", {"program": str(CART),
                                                       "breakpoints": [f"{where} if i == 2", f"{where} hit >=3"]})
            assert f"cart.py:{LOOP} is given twice among the launch breakpoints, first as if i == 2;" in text
            assert "no session named 'default'" in await call_error(client, "more", {"verb": "up"})

    run(body)
