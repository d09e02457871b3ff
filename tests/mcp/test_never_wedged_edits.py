"""Over MCP: a breakpoint edit during a blocked ``continue`` runs at once and the continue
reports its stop; a verb that needs a stopped program is refused at once (no grace wait)."""

from __future__ import annotations

import time

import anyio
import pytest
from mcp_helpers import LOOP, call, call_error, connected, run

pytest.importorskip("debugpy", reason="debugpy is not installed")


def test_set_breakpoint_during_a_blocked_continue_runs_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # a refusal that waited for the queue grace would take 30 s: far over the bound below, even on a busy machine
    monkeypatch.setattr("dapcli.dispatch.local.QUEUE_GRACE", 30.0)
    line = next(n for n, text in enumerate(LOOP.read_text().splitlines(), 1) if "@loop" in text)

    async def body() -> None:
        async with connected() as client, anyio.create_task_group() as group:
            await call(client, "launch", {"program": str(LOOP), "stopOnEntry": True})
            results: list[dict] = []

            async def blocked() -> None:
                results.append(await call(client, "continue", {"timeout": 120}))

            group.start_soon(blocked)
            with anyio.fail_after(60):
                while (await call(client, "status"))["state"] != "running":
                    await anyio.sleep(0.05)
            started = time.monotonic()
            error = await call_error(client, "stackTrace")
            assert "running: name the thread whose stack to show" in error, error  # debugpy answers per thread
            assert time.monotonic() - started < 10, "the refusal waited for the queue grace"
            started = time.monotonic()
            await call(client, "listBreakpoints")
            await call(client, "setBreakpoint", {"location": f"{LOOP}:{line}"})
            assert time.monotonic() - started < 30, "setBreakpoint waited behind the blocked continue"
            with anyio.fail_after(60):
                while not results:
                    await anyio.sleep(0.05)
            assert results[0]["status"] == "stopped" and results[0]["location"]["line"] == line
            await call(client, "stop")

    run(body)
