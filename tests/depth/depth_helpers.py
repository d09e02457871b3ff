"""Helpers and fixtures for the depth tests (launch.json, doctor, persistence) on real debugpy.

Every test gets its own state directory (``DAPCLI_STATE_DIR``) and, for the real CLI, its own
runtime directory; every session a test starts is stopped, and a test fails when a process it
started (host, adapter, debuggee) survives.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

import psutil
import pytest

from dapcli.dispatch.local import LocalDispatcher
from dapcli.verbs.models import Result

HERE = Path(__file__).resolve().parent
PROGRAMS = HERE / "programs"
PYTHON = sys.executable
_SCRIPT = Path(sys.executable).with_name("dapcli")
DAPCLI = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "dapcli"]
CLEANUP_S = 10.0
T = TypeVar("T")


def line_of(path: str | Path, marker: str) -> int:
    """The 1-based line of ``path`` carrying ``# @marker`` (exactly once)."""
    pattern = re.compile(r"#\s*@" + re.escape(marker) + r"(\s|$)")
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    found = [n for n, text in enumerate(lines, 1) if pattern.search(text)]
    assert len(found) == 1, f"marker @{marker} appears {len(found)} times in {path}"
    return found[0]


@pytest.fixture(autouse=True)
def state_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private persistence directory for every test (never the user's ~/.local/state)."""
    path = tmp_path / "state"
    monkeypatch.setenv("DAPCLI_STATE_DIR", str(path))
    monkeypatch.delenv("VIRTUAL_ENV", raising=False)
    monkeypatch.delenv("DAPCLI_SESSION", raising=False)
    return path


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """A folder with a copy of ``buggy.py`` (tests edit it)."""
    folder = tmp_path / "ws"
    folder.mkdir()
    shutil.copy(PROGRAMS / "buggy.py", folder / "buggy.py")
    return folder


def _processes(dispatcher: LocalDispatcher) -> dict[int, float]:
    found: dict[int, float] = {}
    for session in dispatcher.manager.sessions.values():
        for pid in (session.adapter_pid, session.debuggee_pid):
            if pid:
                with contextlib.suppress(psutil.Error):
                    process = psutil.Process(pid)
                    found[pid] = process.create_time()
                    for child in process.children(recursive=True):
                        found[child.pid] = child.create_time()
    return found


def _alive(pids: dict[int, float]) -> list[psutil.Process]:
    left = []
    for pid, started in pids.items():
        with contextlib.suppress(psutil.Error):
            process = psutil.Process(pid)
            if abs(process.create_time() - started) < 0.01 and process.status() != psutil.STATUS_ZOMBIE:
                left.append(process)
    return left


def _wait_gone(pids: dict[int, float]) -> list[psutil.Process]:
    deadline = time.monotonic() + CLEANUP_S
    while True:
        left = _alive(pids)
        if not left or time.monotonic() > deadline:
            for process in left:
                with contextlib.suppress(psutil.Error):
                    process.send_signal(signal.SIGKILL)
            return left
        time.sleep(0.05)


class InProcess:
    """Runs verbs through a :class:`LocalDispatcher` inside one event loop per test."""

    def __init__(self) -> None:
        self.dispatcher = LocalDispatcher()
        self.seen: dict[int, float] = {}

    async def call(self, verb: str, args: dict[str, Any] | None = None, cwd: str | Path | None = None,
                   session: str = "default") -> Result:
        result = await self.dispatcher.call(verb, args or {}, session, str(cwd) if cwd else None)
        self.seen.update(_processes(self.dispatcher))
        return result

    async def stop_all(self) -> None:
        self.seen.update(_processes(self.dispatcher))
        for name in list(self.dispatcher.manager.sessions):
            with contextlib.suppress(Exception):
                await self.dispatcher.call("stop", {}, name)


@pytest.fixture
def in_process() -> Iterator[Callable[[Callable[[InProcess], Awaitable[T]]], T]]:
    """``in_process(async_fn)`` runs ``async_fn(InProcess)`` in a fresh loop, stops every
    session afterwards, and fails the test when a process it started survives."""
    seen: dict[int, float] = {}

    def run(body: Callable[[InProcess], Awaitable[T]]) -> T:
        async def main() -> T:
            runner = InProcess()
            try:
                return await body(runner)
            finally:
                await runner.stop_all()
                seen.update(runner.seen)

        return asyncio.run(main())

    yield run
    left = _wait_gone(seen)
    assert not left, f"processes survived: {[p.pid for p in left]}"


class Run(NamedTuple):
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


class Cli:
    """The real ``dapcli`` command in a private runtime directory; remembers its sessions."""

    def __init__(self, state: Path) -> None:
        self.runtime_dir = tempfile.mkdtemp(prefix="dc", dir="/tmp")
        os.chmod(self.runtime_dir, 0o700)
        self.env = {k: v for k, v in os.environ.items()
                    if k not in ("DAPCLI_SESSION", "DAPCLI_DEBUG", "DAPCLI_TRACE", "VIRTUAL_ENV")}
        self.env.update({"DAPCLI_RUNTIME_DIR": self.runtime_dir, "DAPCLI_STATE_DIR": str(state), "NO_COLOR": "1",
                         "COLUMNS": "200", "DAPCLI_IDLE_TIMEOUT": "600"})
        self.seen: dict[int, float] = {}
        self.launched = False

    def run(self, *args: Any, cwd: str | Path, check: bool | int = True, timeout: float = 60.0) -> Run:
        done = subprocess.run([*DAPCLI, *(str(a) for a in args)], cwd=str(cwd), env=self.env, capture_output=True,
                              timeout=timeout, stdin=subprocess.DEVNULL)
        result = Run(done.returncode, done.stdout.decode(), done.stderr.decode())
        expected = 0 if check is True else check
        if check is not False and result.code != expected:
            raise AssertionError(f"dapcli {' '.join(map(str, args))}: exit {result.code}, expected {expected}\n"
                                 f"--- stdout ---\n{result.out}\n--- stderr ---\n{result.err}")
        assert "Traceback" not in result.err, result.err
        if "launch" in [str(a) for a in args[:2]]:
            self.launched = True
            self.record(cwd)
        return result

    def record(self, cwd: str | Path) -> None:
        done = subprocess.run([*DAPCLI, "--json", "status"], cwd=str(cwd), env=self.env, capture_output=True,
                              timeout=30, stdin=subprocess.DEVNULL)
        if done.returncode != 0:
            return
        data = json.loads(done.stdout)
        for key in ("hostPid", "adapterPid", "debuggeePid"):
            if data.get(key):
                with contextlib.suppress(psutil.Error):
                    process = psutil.Process(int(data[key]))
                    self.seen[process.pid] = process.create_time()
                    for child in process.children(recursive=True):
                        self.seen[child.pid] = child.create_time()

    def finalize(self) -> None:
        if self.launched:
            self.record("/")
            subprocess.run([*DAPCLI, "stop"], cwd="/", env=self.env, capture_output=True, timeout=30,
                           stdin=subprocess.DEVNULL)
        left = _wait_gone(self.seen)
        shutil.rmtree(self.runtime_dir, ignore_errors=True)
        assert not left, f"processes survived `dapcli stop`: {[p.pid for p in left]}"


@pytest.fixture
def cli(state_dir: Path) -> Iterator[Cli]:
    runner = Cli(state_dir)
    yield runner
    runner.finalize()
