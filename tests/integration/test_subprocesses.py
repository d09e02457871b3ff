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


TICKER = Path(__file__).parent / "programs" / "ticker.py"
TICK_LINE = next(i for i, t in enumerate(TICKER.read_text().splitlines(), 1) if "@tick" in t)


def test_a_child_never_takes_the_name_of_a_session_the_user_named_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """A session the user named ``default.1`` (its own host) was ended when ``default``'s program
    forked: the child was named ``default.1`` too, took its files, and ``stop`` removed it."""
    monkeypatch.setenv("DAPCLI_RUNTIME_DIR", tempfile.mkdtemp(prefix="dcs"))

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "dapcli", *args], capture_output=True, text=True, timeout=60)

    mine = cli("--json", "-S", "default.1", "launch", str(TICKER), "-b", f"{TICKER}:{TICK_LINE}")
    try:
        assert mine.returncode == 0, mine.stderr
        host = json.loads(cli("--json", "-S", "default.1", "status").stdout)["hostPid"]
        launched = cli("--json", "launch", str(PROGRAM), "-b", f"{PROGRAM}:{CHILD_LINE}")
        assert launched.returncode == 0, launched.stderr
        children = [c["name"] for c in json.loads(launched.stdout)["subprocesses"]]
        assert children and "default.1" not in children, children
        assert json.loads(cli("--json", "-S", "default.1", "evaluate", "n").stdout)["result"] == "1"
        assert cli("stop").returncode == 0
        still = json.loads(cli("--json", "-S", "default.1", "status").stdout)
        assert (still["state"], still["hostPid"]) == ("stopped", host), still
    finally:
        cli("-S", "default.1", "stop")
        cli("stop")
    assert "No sessions" in cli("sessions").stdout


def test_a_child_in_one_process_never_replaces_a_session_named_like_it() -> None:
    """In one REPL or MCP server: a session named ``default.1`` stays itself beside ``default``'s
    children, and ending ``default`` ends its children only."""
    async def scenario() -> None:
        dispatcher = LocalDispatcher()
        await dispatcher.call("launch", {"program": str(TICKER), "breakpoints": [f"{TICKER}:{TICK_LINE}"],
                                         "timeout": 30}, "default.1")
        first = await dispatcher.call("launch", {"program": str(PROGRAM),
                                                 "breakpoints": [f"{PROGRAM}:{CHILD_LINE}"], "timeout": 30})
        names = [s.name for s in first.subprocesses]
        assert names and "default.1" not in names, names
        assert (await dispatcher.call("evaluate", {"expression": "n"}, "default.1")).result == "1"
        await dispatcher.call("stop", {})
        assert list(dispatcher.manager.sessions) == ["default.1"]
        await dispatcher.call("stop", {}, "default.1")
        assert dispatcher.manager.sessions == {}

    asyncio.run(asyncio.wait_for(scenario(), 120))
