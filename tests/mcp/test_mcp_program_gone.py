"""Over MCP, a program that ends while a process it forked keeps its connection to debugpy
(debugpy never says so): the blocked ``continue`` is a one-line tool error within seconds, the
session is ended, and nothing of it runs on."""

from __future__ import annotations

import time
from pathlib import Path

import psutil
import pytest
from mcp_helpers import call, connected, marker_line, run

pytest.importorskip("debugpy", reason="debugpy is not installed")

PROGRAM = Path(__file__).resolve().parents[1] / "cli" / "programs" / "forked_exit.py"


def test_continue_into_an_abrupt_end_is_a_tool_error_and_the_end() -> None:
    async def body() -> None:
        async with connected() as client:
            line = marker_line(PROGRAM, "forked")
            stop = await call(client, "launch", {"program": str(PROGRAM), "args": ["abrupt"],
                                                 "breakpoints": [f"{PROGRAM}:{line}"]})
            assert stop["location"]["line"] == line
            pid = (await call(client, "status"))["debuggeePid"]
            fork = psutil.Process(pid).children()
            assert fork, "the program forked no child"
            started = time.monotonic()
            result = await client.call_tool("continue", {"timeout": 20})
            text = str(result.content[0].text)
            assert result.is_error, text
            assert f"the program (pid {pid}) ended, but python never said so" in text and "\n" not in text.strip()
            assert time.monotonic() - started < 15  # seen gone, not the 20 s wait
            status = await call(client, "status")
            assert status["state"] in ("exited", "terminated"), status
            _, alive = psutil.wait_procs(fork, timeout=15)
            assert alive == [], alive

    run(body, timeout=120)
