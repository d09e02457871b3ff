"""Ruby under rdbg through MCP: launch with breakpoints of each kind, steps, stack, values,
eval, set, an uncaught exception, the exit code — the same rows as the CLI's."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from ruby_helpers import CART, marker_line, requires_rdbg, run

pytestmark = [pytest.mark.slow, requires_rdbg]

SHOW, LOOP, TOTAL = marker_line(CART, "show"), marker_line(CART, "loop"), marker_line(CART, "total")
TALLIED, UNCAUGHT = marker_line(CART, "tallied"), marker_line(CART, "uncaught")


@asynccontextmanager
async def connected() -> AsyncIterator[Any]:
    from mcp import Client

    from dapcli.frontends.mcp.server import build_server

    async with Client(build_server()) as client:
        yield client


async def call(client: Any, tool: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
    result = await client.call_tool(tool, args or {})
    assert not result.is_error, f"{tool} failed: {result.content[0].text}"
    return dict(result.structured_content)


async def more(client: Any, verb: str, arguments: dict[str, Any] | None = None) -> dict[str, Any]:
    return await call(client, "more", {"verb": verb, "arguments": arguments or {}})


def locals_of(state: dict[str, Any]) -> dict[str, str]:
    return {v["name"]: v["value"] for v in state.get("locals") or []}


def test_ruby_over_mcp() -> None:
    async def body() -> None:
        async with connected() as client:
            state = await call(client, "launch", {"program": str(CART), "breakpoints": [
                f"{CART}:{LOOP} if v == 5", f"{CART}:{TALLIED} log sum={{sum}}", "Cart#total"]})
            assert state["location"]["line"] == LOOP and locals_of(state)["v"] == "5"
            assert any("Cart#total: emulated: a line breakpoint" in w for w in state["warnings"]), state
            listed = await client.call_tool("listBreakpoints", {})
            assert "emulated: a line breakpoint" in listed.content[0].text, listed.content[0].text
            assert (await call(client, "evaluate", {"expression": "values"}))["result"] == "[3, 5, 8]"
            changed = await more(client, "setVariable", {"name": "sum", "value": "100"})
            assert changed["value"] == "100" and changed["emulated"] == ["setVariable"]
            told = await client.call_tool("more", {"verb": "setVariable", "arguments": {"name": "sum", "value": "100"}})
            assert "emulated: an assignment evaluated in the frame" in told.content[0].text, told.content[0].text
            frames = [f["name"] for f in (await call(client, "stackTrace"))["frames"]]
            assert frames[0] == "block in tally" and "Object#tally" in frames and frames[-1] == "<main>"
            out = await call(client, "stepOut")
            assert out["location"]["function"] in ("Object#tally", "[C] Array#each", "block in tally")
            stop = await call(client, "continue")
            assert stop["location"]["line"] == TOTAL
            assert "sum=113\n" in "".join(c["output"] for c in stop.get("output") or [])  # 100 + 5 + 8
            again = await call(client, "continue")  # the method's block: once per item
            assert again["location"]["line"] == TOTAL and locals_of(again)["price"] == "5"
            end = await call(client, "continue")
            assert end["status"] == "exited" and end["exitCode"] == 3
            await call(client, "stop")

            state = await call(client, "launch", {"program": str(CART), "args": ["raise"],
                                                  "breakpoints": [f"{CART}:{SHOW}"]})
            assert locals_of(state)["name"] == '"ferris"' and locals_of(state)["ages"] == '{"ann"=>41}'
            over = await call(client, "next")
            assert over["location"]["line"] == SHOW + 1 and locals_of(over)["total"] == "16"
            crash = await call(client, "continue")
            assert crash["reason"] == "exception" and crash["location"]["line"] == UNCAUGHT
            assert crash["exception"]["exceptionId"] == "ArgumentError"
            assert crash["exception"]["description"] == "too big: 16"
            end = await call(client, "continue")
            assert end["status"] == "exited" and end["exitCode"] == 1
            await call(client, "stop")

    run(body)
