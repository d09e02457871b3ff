"""Never wedged, never flooded, over MCP: a call during a blocked ``continue`` is answered at
once, results are bounded, and a line over the server's stream limit is refused with a JSON-RPC
error while the server goes on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import anyio
import pytest
from mcp_helpers import LOOP, ROOT, call, call_error, connected, run, text_of

from dapcli.frontends.mcp.bounds import MAX_STRUCTURED_CHARS, MAX_TEXT_CHARS

pytest.importorskip("debugpy", reason="debugpy is not installed")


def test_evaluate_during_a_blocked_continue_is_refused_at_once_and_stop_ends_it() -> None:
    async def body() -> None:
        async with connected() as client, anyio.create_task_group() as group:
            await call(client, "launch", {"program": str(LOOP), "stopOnEntry": True})
            results: list[float] = []

            async def blocked() -> None:
                await client.call_tool("continue", {"timeout": 120})  # far over the bounds below
                results.append(time.monotonic())

            group.start_soon(blocked)
            with anyio.fail_after(60):
                while (await call(client, "status"))["state"] != "running":
                    await anyio.sleep(0.05)
            started = time.monotonic()
            error = await call_error(client, "evaluate", {"expression": "1"})
            assert "running: pause first" in error
            assert time.monotonic() - started < 20, "evaluate waited behind the blocked continue"
            started = time.monotonic()
            await call(client, "stop")
            with anyio.fail_after(60):
                while not results:
                    await anyio.sleep(0.05)
            assert results[0] - started < 40, "the blocked continue outlived stop"

    run(body)


def test_results_are_bounded() -> None:
    async def body() -> None:
        async with connected() as client:
            await call(client, "launch", {"program": str(LOOP), "stopOnEntry": True})
            big = "'x' * 300000"
            result = await client.call_tool("evaluate", {"expression": big, "maxLength": 1_000_000})
            assert not result.is_error
            assert len(text_of(result)) <= MAX_TEXT_CHARS + 200
            structured = json.dumps(result.structured_content)
            assert len(structured) <= MAX_STRUCTURED_CHARS + 1000
            assert "more characters" in structured
            await call(client, "stop")

    run(body)


def test_a_line_over_the_stream_limit_is_a_json_rpc_error() -> None:
    env = dict(os.environ, DAPCLI_MCP_LINE_LIMIT="65536")
    server = subprocess.Popen([sys.executable, "-m", "dapcli.frontends.mcp.server"], cwd=ROOT, env=env,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert server.stdin is not None and server.stdout is not None

        def send(message: dict) -> None:
            server.stdin.write(json.dumps({"jsonrpc": "2.0", **message}).encode() + b"\n")
            server.stdin.flush()

        send({"id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                                                          "clientInfo": {"name": "t", "version": "0"}}})
        assert json.loads(server.stdout.readline())["id"] == 1
        send({"method": "notifications/initialized"})
        send({"id": 2, "method": "tools/call", "params": {"name": "evaluate",
                                                          "arguments": {"expression": "x" * 200_000}}})
        refused = json.loads(server.stdout.readline())
        assert refused["id"] is None and refused["error"]["code"] == -32600
        assert "message too large" in refused["error"]["message"]
        send({"id": 3, "method": "tools/list", "params": {}})
        listed = json.loads(server.stdout.readline())
        assert listed["id"] == 3 and listed["result"]["tools"], "the server must go on serving"
        server.stdin.close()
        assert server.wait(timeout=20) == 0
    finally:
        server.kill()
        server.wait()


def test_a_huge_exception_text_is_cut_with_a_marker() -> None:
    program = ROOT / "tests" / "mcp" / "programs" / "big_exception.py"

    async def body() -> None:
        from dapcli.dispatch.local import LocalDispatcher

        dispatcher = LocalDispatcher()  # the verb's own result (what --json and recipes see), bounded
        try:
            state = (await dispatcher.call("launch", {"program": str(program)})).to_json()
            assert state["status"] == "stopped" and state["reason"] == "exception", state.get("status")
            exception = state["exception"]
            text = (exception.get("description") or "") + (exception.get("message") or "")
            assert "more characters]" in text and len(text) < 10_000
            assert len(json.dumps(state)) < MAX_STRUCTURED_CHARS
        finally:
            await dispatcher.call("stop", {})

    run(body)
