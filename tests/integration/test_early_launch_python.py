"""A plain Python launch said to debugpy while the session host imports
(dapcli.adapters.early.launch): the session takes it only when it says the very same start; the
program waits for the session's own ``configurationDone``, so a launch that differs starts over
with nothing of the program run twice."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest

from dapcli.adapters.early import launch as earlylaunch
from dapcli.adapters.early import runner
from dapcli.adapters.early.launch_transport import EarlyLaunchTransport
from dapcli.dispatch.local import LocalDispatcher

BOUND = 60.0  # generous: only matters when the test fails
PROGRAM = """\
import sys
print("start", sys.argv[1:], flush=True)
total = 0
for i in range(3):
    total += i  # @loop
print("total", total, flush=True)  # @end
sys.exit(3)
"""
DAPCLI = [sys.executable, "-m", "dapcli"]


@pytest.fixture(autouse=True)
def _nothing_early_left() -> Iterator[None]:
    yield
    earlylaunch.discard()


@pytest.fixture
def app(tmp_path: Path) -> Path:
    path = tmp_path / "app.py"
    path.write_text(PROGRAM)
    return path


def _line(marker: str) -> int:
    return next(i for i, text in enumerate(PROGRAM.splitlines(), 1) if f"@{marker}" in text)


def _said(early: earlylaunch.EarlyLaunch, command: str) -> None:
    deadline = time.monotonic() + BOUND
    while not any(c == command for _, c, _ in early.sent):
        assert time.monotonic() < deadline, f"the early start never said {command}: {early.sent}"
        time.sleep(0.02)


def _tree(pid: int) -> list[psutil.Process]:
    root = psutil.Process(pid)
    return [root, *root.children(recursive=True)]


def _output(state: dict[str, Any]) -> str:
    return "".join(chunk["output"] for chunk in state.get("output") or state.get("chunks") or [])


def _start(app: Path, line: int, *args: str) -> earlylaunch.EarlyLaunch:
    made = runner.plan([app.name, "-b", f"{app.name}:{line}", "--", *args], str(app.parent))
    assert made is not None and made["adapter"] == "debugpy", made
    runner.start(runner.LAUNCH_PREFIX + json.dumps(made))
    early = earlylaunch._early.item
    assert early is not None, "no early launch was started"
    return early


@pytest.mark.parametrize("configured", [True, False], ids=["breakpoints-said-early", "taken-midway"])
def test_the_session_takes_the_early_python_launch(app: Path, configured: bool) -> None:
    early = _start(app, _line("loop"), "x")
    if configured:
        _said(early, "setExceptionBreakpoints")  # the program connected; it waits for configurationDone
    assert not any(c == "configurationDone" for _, c, _ in early.sent)
    local = LocalDispatcher()

    async def body() -> None:
        call = local.call
        try:
            asked = {"program": str(app), "args": ["x"], "breakpoints": [f"app.py:{_line('loop')}"]}
            stop = (await call("launch", asked, cwd=str(app.parent))).to_json()
            assert stop["status"] == "stopped" and stop["location"]["line"] == _line("loop"), stop
            session = local.manager.get("default")
            assert isinstance(session.root_connection.transport, EarlyLaunchTransport)
            assert session.adapter_pid == early.pid
            # the program's output reaches debugpy on its own channel: it may trail the stop
            shown = (await call("output", {"wait": BOUND}, cwd=str(app.parent))).to_json()
            assert _output(shown).count("start ['x']") == 1, shown
            end = (await call("continue", {}, cwd=str(app.parent))).to_json()
            assert end["status"] == "stopped" and end["location"]["line"] == _line("loop")  # the next pass
        finally:
            await call("stop", {}, cwd=str(app.parent))

    asyncio.run(asyncio.wait_for(body(), BOUND))


def test_a_python_launch_unlike_the_early_one_starts_over(app: Path) -> None:
    """The early start set @loop; the session asks for @end: the early adapter and its waiting
    program are killed (none of the program ran), and the launch starts over."""
    early = _start(app, _line("loop"))
    _said(early, "setExceptionBreakpoints")
    tree = _tree(early.pid)
    assert len(tree) >= 2, tree  # the adapter and the program's launcher at least
    local = LocalDispatcher()

    async def body() -> None:
        try:
            stop = (await local.call("launch", {"program": str(app), "breakpoints": [f"app.py:{_line('end')}"]},
                                     cwd=str(app.parent))).to_json()
            assert stop["status"] == "stopped" and stop["location"]["line"] == _line("end"), stop
            session = local.manager.get("default")
            assert not isinstance(session.root_connection.transport, EarlyLaunchTransport)
            _, alive = psutil.wait_procs(tree, timeout=BOUND)
            assert not [p for p in alive if p.status() != psutil.STATUS_ZOMBIE], alive
            # the program's output reaches debugpy on its own channel: it may trail the stop
            shown = (await local.call("output", {"wait": BOUND}, cwd=str(app.parent))).to_json()
            assert _output(shown).count("start []") == 1, shown
        finally:
            await local.call("stop", {}, cwd=str(app.parent))

    asyncio.run(asyncio.wait_for(body(), BOUND))


def test_a_cli_python_launch_is_said_early_and_works_on(app: Path, tmp_path: Path) -> None:
    runtime = tmp_path / "rt"
    runtime.mkdir(mode=0o700)
    trace = tmp_path / "trace"
    env = dict(os.environ, DAPCLI_RUNTIME_DIR=str(runtime), NO_COLOR="1", DAPCLI_TRACE=str(trace))

    def dapcli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*DAPCLI, *args], cwd=app.parent, env=env, capture_output=True, text=True,
                              timeout=BOUND)

    try:
        done = dapcli("launch", "app.py", "-b", f"app.py:{_line('end')}")
        assert done.returncode == 0, done.stderr
        assert f"app.py:{_line('end')}" in done.stdout and "total=3" in done.stdout, done.stdout
        answered = [json.loads(t.split(" ", 2)[2])["command"] for t in trace.read_text().splitlines() if " == " in t]
        assert answered[:2] == ["initialize", "launch"], answered  # said by the host before its imports were done
        ended = dapcli("continue")
        assert ended.returncode == 0 and "total 3" in ended.stdout and "3" in ended.stdout, ended.stdout
    finally:
        dapcli("stop")
