"""Never wedged over MCP by a blocked ``continue``, for the verbs that end or replace a session:
``restart`` runs at once (the blocked call returns saying the session restarted), and a
``launch`` of the live session's name is refused at once."""

from __future__ import annotations

import time
from typing import Any

import anyio
import pytest
from mcp_helpers import LOOP, call, call_error, connected, run

pytest.importorskip("debugpy", reason="debugpy is not installed")

#: The blocked continue's own timeout: a call that waited behind it would take this long.
BLOCKED_FOR = 120


def test_restart_and_launch_during_a_blocked_continue_answer_at_once() -> None:
    async def body() -> None:
        async with connected() as client, anyio.create_task_group() as group:
            await call(client, "launch", {"program": str(LOOP), "stopOnEntry": True})
            ended: list[Any] = []

            async def blocked() -> None:
                ended.append(await client.call_tool("continue", {"timeout": BLOCKED_FOR}))

            group.start_soon(blocked)
            with anyio.fail_after(60):
                while (await call(client, "status"))["state"] != "running":
                    await anyio.sleep(0.05)
            started = time.monotonic()
            error = await call_error(client, "launch", {"program": str(LOOP)})
            assert "already running" in error, error
            assert time.monotonic() - started < BLOCKED_FOR / 2, "launch waited behind the blocked continue"
            started = time.monotonic()
            state = await call(client, "more", {"verb": "restart", "arguments": {"stopOnEntry": True}})
            assert time.monotonic() - started < BLOCKED_FOR / 2, "restart waited behind the blocked continue"
            assert state["status"] == "stopped" and state["reason"] == "entry", state
            with anyio.fail_after(60):
                while not ended:
                    await anyio.sleep(0.05)
            said = ended[0].structured_content
            assert said["status"] == "terminated" and "ended by `restart`" in said["description"], said
            assert (await call(client, "evaluate", {"expression": "1 + 1"}))["result"] == "2"
            await call(client, "stop")

    run(body, timeout=BLOCKED_FOR * 2)
