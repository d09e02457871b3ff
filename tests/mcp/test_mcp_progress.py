"""Long calls over MCP: an execution tool whose request carries a ``progressToken`` sends
``notifications/progress`` at least every 5 s while it waits (clients reset their timeout on
each); without one its default wait (30 s) stays below common client timeouts (60 s) and returns
``running``. A real client: the mcp SDK over stdio against ``dapcli serve-mcp``."""

from __future__ import annotations

import itertools
import sys
import time
from pathlib import Path

import pytest
from mcp_helpers import ROOT, call, run

pytest.importorskip("debugpy", reason="debugpy is not installed")
pytestmark = pytest.mark.slow

SLOW = """\
import time

print("started", flush=True)
time.sleep(9)
done = True  # stop here
print("done", flush=True)
"""


def test_progress_while_continue_waits(tmp_path: Path) -> None:
    from mcp import Client, StdioServerParameters

    program = tmp_path / "slow.py"
    program.write_text(SLOW)
    seen: list[tuple[float, float, str | None]] = []

    async def progress(value: float, total: float | None, message: str | None) -> None:
        seen.append((time.monotonic(), value, message))

    async def body() -> None:
        params = StdioServerParameters(command=sys.executable, args=["-m", "dapcli", "serve-mcp"], cwd=str(ROOT))
        async with Client(params) as client:
            stop = await call(client, "launch", {"program": str(program), "stopOnEntry": True})
            assert stop["status"] == "stopped"
            await call(client, "setBreakpoint", {"location": str(program), "statement": "done = True  # stop here"})
            started = time.monotonic()
            result = await client.call_tool("continue", {"timeout": 40}, progress_callback=progress)
            ended = time.monotonic()
            assert not result.is_error and result.structured_content["location"]["line"] == 5
            assert len(seen) >= 2, seen  # ~9 s of waiting: a notification every 4 s
            times = [started, *(t for t, _, _ in seen), ended]
            assert max(b - a for a, b in itertools.pairwise(times)) < 5.0, times
            assert [v for _, v, _ in seen] == sorted(v for _, v, _ in seen)  # progress only grows
            assert seen[0][2] is not None and seen[0][2].startswith("continue: waiting for the program")
            # without a token: no notification, and a short wait returns `running` with the wait hint
            seen.clear()
            await call(client, "more", {"verb": "restart", "arguments": {"timeout": 1}})
            running = await client.call_tool("wait", {"timeout": 1})
            assert running.structured_content["status"] == "running"
            assert "wait" in running.content[0].text
            assert seen == []
            stop = await call(client, "wait", {"timeout": 30})
            assert stop["location"]["line"] == 5
            await call(client, "stop")

    run(body)
