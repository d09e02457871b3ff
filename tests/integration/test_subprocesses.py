"""debugpy subprocess sessions: a multiprocessing child hits a breakpoint in a session of its
own (NAME.N), reachable from every frontend; the whole tree ends with its parent."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import psutil
import pytest

from dapcli.dispatch.local import LocalDispatcher

PROGRAM = Path(__file__).parent / "programs" / "multi.py"
CHILD_LINE = next(i for i, t in enumerate(PROGRAM.read_text().splitlines(), 1) if "@child" in t)


def test_a_multiprocessing_child_stops_in_its_own_session() -> None:
    async def scenario() -> None:
        dispatcher = LocalDispatcher()
        first = await dispatcher.call("launch", {"program": str(PROGRAM),
                                                 "breakpoints": [f"{PROGRAM}:{CHILD_LINE}"], "timeout": 30})
        assert first.subprocesses, "the parent's result names its subprocess sessions"
        stopped = [s for s in first.subprocesses if s.state == "stopped"]
        assert len(stopped) == 1
        child = stopped[0].name
        assert child.startswith("default.")
        state = await dispatcher.call("status", {}, child)
        assert state.stop is not None and state.stop.location is not None
        assert (state.stop.location.line, state.stop.location.function) == (CHILD_LINE, "work")
        value = await dispatcher.call("evaluate", {"expression": "n * 2"}, child)
        assert value.result == "14"
        pids = [s.debuggee_pid or s.adapter_pid for s in dispatcher.manager.sessions.values()]
        tree = [psutil.Process(p) for p in pids if p and psutil.pid_exists(p)]
        await dispatcher.call("stop", {})
        assert dispatcher.manager.sessions == {}
        _, alive = psutil.wait_procs(tree, timeout=20)
        assert not [p for p in alive if p.status() != psutil.STATUS_ZOMBIE]

    asyncio.run(asyncio.wait_for(scenario(), 90))


def test_the_cli_addresses_a_subprocess_session(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DAPCLI_RUNTIME_DIR", tempfile.mkdtemp(prefix="dcs"))

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "dapcli", *args], capture_output=True, text=True, timeout=60)

    launched = cli("--json", "launch", str(PROGRAM), "-b", f"{PROGRAM}:{CHILD_LINE}")
    try:
        assert launched.returncode == 0, launched.stderr
        children = json.loads(launched.stdout)["subprocesses"]
        child = next(c["name"] for c in children if c["state"] == "stopped")
        stack = cli("--json", "--session", child, "stack")
        assert stack.returncode == 0, stack.stderr
        assert json.loads(stack.stdout)["frames"][0]["name"] == "work"
        listed = cli("sessions")
        assert child in listed.stdout
    finally:
        assert cli("stop").returncode == 0
    assert "No sessions" in cli("sessions").stdout
