"""Breakpoints by statement, with expected content, and following edits, through MCP (debugpy):
``setBreakpoint`` takes ``statement``/``nearLine``/``expect``; ``launch`` breakpoints take the
same; ``restart`` after an edit says where each breakpoint moved."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp_helpers import call, call_error, connected, run

pytest.importorskip("debugpy", reason="debugpy is not installed")
pytestmark = pytest.mark.slow

CART = """\
def checkout(prices):
    total = 0
    for price in prices:
        total += price
    return total


print(checkout([1, 2, 3]))
"""


def test_statement_expect_and_edits_over_mcp(tmp_path: Path) -> None:
    cart = tmp_path / "cart.py"
    cart.write_text(CART)

    async def body() -> None:
        async with connected() as client:
            error = await call_error(client, "launch", {"program": str(cart), "breakpoints": [
                {"path": str(cart), "line": 3, "expect": "total += price"}]})
            assert f"{cart}:3 does not hold 'total += price'" in error  # refused before anything starts
            error = await call_error(client, "launch", {"program": str(cart), "breakpoints": [f"{cart}@total"]})
            assert "3 lines of" in error and "4: total += price" in error
            stop = await call(client, "launch", {"program": str(cart), "breakpoints": [
                {"path": str(cart), "statement": "total += price", "nearLine": 3}]})
            assert stop["location"]["line"] == 4
            error = await call_error(client, "setBreakpoint", {"location": f"{cart}:3", "expect": "total += price"})
            assert f"{cart}:3 does not hold 'total += price': 2: total = 0; >3: for price in prices:; " \
                   "4: total += price" in error, error
            assert "'total += price' is at line 4" in error
            error = await call_error(client, "setBreakpoint", {"location": str(cart), "statement": "total"})
            assert f"3 lines of {cart} contain 'total': 2: total = 0; 4: total += price; 5: return total" in error
            assert "nearLine" in error
            result = await client.call_tool("setBreakpoint", {"location": f"{cart}:6"})  # a blank line
            moved = result.structured_content
            assert not result.is_error and moved["actualLine"] != 6 and moved["boundText"]
            said = f"(requested 6, bound to {moved['actualLine']}: {moved['boundText']})"
            assert said in result.content[0].text, result.content[0].text
            await call(client, "removeBreakpoint", {"ids": [moved["id"]]})
            added = await call(client, "setBreakpoint", {"location": str(cart), "statement": "return total"})
            assert (added["line"], added["statement"], added["verified"]) == (5, "return total", True)

            cart.write_text("import os\nimport sys\n" + CART)
            stop = await call(client, "restart")
            assert stop["warnings"][:2] == ["breakpoint 1 moved 4 → 6 (file changed): total += price",
                                            "breakpoint 3 moved 5 → 7 (file changed): return total"]
            assert stop["location"]["line"] == 6
            await call(client, "stop")

    run(body)
