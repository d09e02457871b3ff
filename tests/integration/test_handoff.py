"""One live session, several frontends: an in-process owner (as the REPL and MCP server are)
publishes its session; one-shot commands and other dispatchers join it, and every side sees the
stops the others cause (issue 7 part 10)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from dapcli.dispatch import sessionfile
from dapcli.dispatch.router import RoutingDispatcher

ROOT = Path(__file__).resolve().parents[2]
BUGGY = ROOT / "examples" / "buggy.py"
LINE = next(i for i, t in enumerate(BUGGY.read_text().splitlines(), 1) if "@running" in t)


@pytest.fixture
def runtime(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    path = tempfile.mkdtemp(prefix="dch")
    monkeypatch.setenv("DAPCLI_RUNTIME_DIR", path)
    monkeypatch.setenv("DAPCLI_STATE_DIR", path + "-state")
    yield path


def cli(*args: str) -> tuple[int, str, str]:
    done = subprocess.run([sys.executable, "-m", "dapcli", *args], capture_output=True, text=True, timeout=120,
                          cwd=ROOT)
    return done.returncode, done.stdout, done.stderr


def test_one_shot_commands_join_a_session_owned_in_process(runtime: str) -> None:
    async def scenario() -> None:
        owner = RoutingDispatcher(publish=True)
        try:
            first = await owner.call("launch", {"program": str(BUGGY), "breakpoints": [f"{BUGGY}:{LINE}"]},
                                     "shared", str(ROOT))
            assert first.location is not None and first.location.line == LINE
            debuggee = owner.manager.get("shared").debuggee_pid
            deadline = time.monotonic() + 30
            while sessionfile.read("shared") is None:  # published in the background
                assert time.monotonic() < deadline, "the session was not published"
                await asyncio.sleep(0.05)
            code, out, _ = await asyncio.to_thread(cli, "sessions")
            assert code == 0 and "shared" in out
            code, out, err = await asyncio.to_thread(cli, "--session", "shared", "next")
            assert code == 0, err
            assert "Stopped (step)" in out
            status = await owner.call("status", {}, "shared")  # the owner sees the stop the CLI caused
            assert status.stop is not None and status.stop.location is not None
            assert status.stop.location.line != LINE
            code, out, _ = await asyncio.to_thread(cli, "--session", "shared", "eval", "running")
            assert (code, out.split()[0]) == (0, "17.99")
            code, out, _ = await asyncio.to_thread(cli, "--session", "shared", "stop")
            assert code == 0 and "terminated" in out
            assert "shared" not in owner.manager.sessions
            assert debuggee is not None
            gone = psutil.wait_procs([psutil.Process(debuggee)], timeout=20)[1] if psutil.pid_exists(debuggee) else []
            assert not [p for p in gone if p.status() != psutil.STATUS_ZOMBIE]
        finally:
            await owner.close()
        assert not [f for f in os.listdir(runtime) if f.startswith("shared.")]

    asyncio.run(asyncio.wait_for(scenario(), 300))  # five one-shot commands, each a full start on a loaded machine


def test_a_dispatcher_joins_a_cli_session_and_sees_its_stops(runtime: str) -> None:
    code, _, err = cli("launch", str(BUGGY), "--break", f"{BUGGY}:{LINE}")
    assert code == 0, err

    async def scenario() -> None:
        joiner = RoutingDispatcher()
        events: list[dict[str, object]] = []
        subscribed = asyncio.Event()

        async def listen() -> None:
            async for event in joiner.subscribe("default"):
                if event["event"] == "subscribed":
                    subscribed.set()
                else:
                    events.append(event)

        task = asyncio.create_task(listen())
        try:
            await asyncio.wait_for(subscribed.wait(), 30)  # the host registered us: no change is missed
            value = await joiner.call("evaluate", {"expression": "amount * percent"}, "default", str(ROOT))
            assert value.result == "299.84999999999997"
            code, _, err = await asyncio.to_thread(cli, "continue")  # someone else resumes it
            assert code == 0, err
            deadline = time.monotonic() + 30
            while not any(e["event"] == "stopped" for e in events):
                assert time.monotonic() < deadline, events
                await asyncio.sleep(0.05)
            assert [e["event"] for e in events][:2] == ["running", "stopped"]
            again = await joiner.call("evaluate", {"expression": "i"}, "default", str(ROOT))
            assert again.result == "1"
        finally:
            task.cancel()
            await joiner.close()

    try:
        asyncio.run(asyncio.wait_for(scenario(), 300))  # five one-shot commands, each a full start on a loaded machine
    finally:
        cli("stop")
