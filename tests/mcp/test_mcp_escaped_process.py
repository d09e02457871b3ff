"""A process the program started that left its tree and its process group (its parent ended at
once) ends with the program's session, while another session of the same MCP server lives on."""

from __future__ import annotations

from pathlib import Path

import psutil
import pytest
from mcp_helpers import call, connected, marker_line, run

pytest.importorskip("debugpy", reason="debugpy is not installed")

PROGRAMS = Path(__file__).resolve().parents[1] / "cli" / "programs"
ESCAPING = PROGRAMS / "escaped_fork.py"
LOOP = PROGRAMS / "forked_exit.py"


def test_a_process_that_left_the_tree_ends_with_its_session_while_another_lives(tmp_path: Path) -> None:
    pid_file = tmp_path / "grandchild.pid"

    async def body() -> None:
        async with connected() as client:
            other = marker_line(LOOP, "forked")
            await call(client, "launch", {"program": str(LOOP), "session": "other",
                                          "breakpoints": [f"{LOOP}:{other}"]})
            line = marker_line(ESCAPING, "escaped")
            stop = await call(client, "launch", {"program": str(ESCAPING), "args": [str(pid_file)],
                                                 "session": "escaping", "breakpoints": [f"{ESCAPING}:{line}"]})
            assert stop["location"]["line"] == line
            grandchild = psutil.Process(int(pid_file.read_text()))
            assert grandchild.ppid() != (await call(client, "status", {"session": "escaping"}))["debuggeePid"]
            await call(client, "stop", {"session": "escaping"})
            _, alive = psutil.wait_procs([grandchild], timeout=15)
            assert alive == [], f"{alive} outlived its session"
            still = await call(client, "status", {"session": "other"})
            assert still["state"] == "stopped", still

    run(body, timeout=120)
