"""The MCP `launch` tool after a new user's trial: a conditional and a structured breakpoint
start together, and `adapterConfig.env` numbers reach the program as text."""

from __future__ import annotations

import sys
from pathlib import Path

from mcp_helpers import call, connected, marker_line, run

CART = Path(__file__).resolve().parent / "programs" / "cart.py"


def test_structured_breakpoints_and_env_numbers_over_mcp() -> None:
    loop = marker_line(CART, "loop")

    async def body() -> None:
        async with connected() as client:
            stop = await call(client, "launch", {
                "program": str(CART), "python": sys.executable,
                "breakpoints": [f"{CART}:{loop} if i == 2",
                                {"path": str(CART), "line": loop + 1, "hitCondition": ">=4"}],
                "adapterConfig": {"env": {"DEBUG": 1}},
            })
            assert stop["status"] == "stopped" and stop["location"]["line"] == loop
            listed = (await call(client, "more", {"verb": "listBreakpoints"}))["breakpoints"]
            assert [(b["id"], b["line"], b.get("condition"), b.get("hitCondition")) for b in listed] == [
                (1, loop, "i == 2", None), (2, loop + 1, None, ">=4")]
            assert all(b["verified"] for b in listed)
            value = await call(client, "evaluate", {"expression": "__import__('os').environ['DEBUG']"})
            assert value["result"] == "'1'"
            await call(client, "stop")

    run(body)
