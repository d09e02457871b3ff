"""No Go debuggee outlives its session, even when Delve itself is killed (real one-shot CLI)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from delve_helpers import PROGRAMS, assert_gone, marker_line, requires_delve

pytestmark = [pytest.mark.slow, requires_delve]

DAPCLI = shutil.which("dapcli", path=str(Path(sys.executable).parent)) or "dapcli"
SLEEPER = PROGRAMS / "sleeper"


@pytest.fixture
def env() -> Iterator[dict[str, str]]:
    runtime = tempfile.mkdtemp(prefix="dc")  # unix socket paths must stay short
    environment = dict(os.environ, DAPCLI_RUNTIME_DIR=runtime, NO_COLOR="1")
    environment.pop("DAPCLI_SESSION", None)
    yield environment
    subprocess.run([DAPCLI, "--session", "gok", "stop"], env=environment, cwd=SLEEPER, capture_output=True,
                   timeout=30)
    shutil.rmtree(runtime, ignore_errors=True)


def dapcli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([DAPCLI, "--session", "gok", *args], env=env, cwd=SLEEPER, capture_output=True, text=True,
                          timeout=120)


def test_go_debuggee_ends_when_delve_is_killed(env: dict[str, str]) -> None:
    start = marker_line(SLEEPER / "main.go", "start")
    done = dapcli(env, "launch", ".", "-b", f"main.go:{start}", "--", "sleep")
    assert done.returncode == 0, done.stderr
    status = json.loads(dapcli(env, "status", "--json").stdout)
    debuggee = psutil.Process(status["debuggeePid"])  # Delve sends no `process` event: dapcli finds it
    assert debuggee.cmdline()[1:] == ["sleep"] and debuggee.cmdline()[0].endswith("__debug_bin")
    running = subprocess.Popen([DAPCLI, "--session", "gok", "continue"], env=env, cwd=SLEEPER,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 20
        while json.loads(dapcli(env, "status", "--json").stdout).get("state") != "running":
            assert time.monotonic() < deadline, "the program never ran"
            time.sleep(0.05)
        os.kill(status["adapterPid"], signal.SIGKILL)
        _, err = running.communicate(timeout=30)
        assert "killed by SIGKILL" in err
    finally:
        running.kill()
    stopped = dapcli(env, "stop")
    assert stopped.returncode == 0, stopped.stderr
    assert_gone({debuggee.pid, status["adapterPid"], status["hostPid"]})
