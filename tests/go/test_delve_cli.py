"""Delve through the real one-shot CLI: a detached session host, one process per verb."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from delve_helpers import BASICS, PROGRAMS, assert_gone, marker_line, requires_delve

pytestmark = [pytest.mark.slow, requires_delve]

DAPCLI = shutil.which("dapcli", path=str(Path(sys.executable).parent)) or "dapcli"


@pytest.fixture
def cli_env() -> Iterator[dict[str, str]]:
    runtime = tempfile.mkdtemp(prefix="dc")  # unix socket paths must stay short
    env = dict(os.environ, DAPCLI_RUNTIME_DIR=runtime, NO_COLOR="1")
    env.pop("DAPCLI_SESSION", None)
    yield env
    subprocess.run([DAPCLI, "stop"], env=env, cwd=PROGRAMS, capture_output=True, timeout=30)
    shutil.rmtree(runtime, ignore_errors=True)


def dapcli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([DAPCLI, *args], env=env, cwd=PROGRAMS, capture_output=True, text=True, timeout=60)


def test_launch_stack_continue_stop(cli_env: dict[str, str]) -> None:
    loop, printed = marker_line(BASICS, "loop"), marker_line(BASICS, "print")
    done = dapcli(cli_env, "launch", "basics.go", "--break", f"basics.go:{loop}", "--break", f"basics.go:{printed}")
    assert done.returncode == 0, done.stderr
    assert f"basics.go:{loop}" in done.stdout and "main.main" in done.stdout

    stack = json.loads(dapcli(cli_env, "stack", "--json").stdout)
    assert stack["frames"][0]["name"] == "main.main" and stack["frames"][0]["line"] == loop
    assert stack["frames"][0]["path"] == str(BASICS)

    status = json.loads(dapcli(cli_env, "status", "--json").stdout)
    assert status["adapter"] == "go" and status["state"] == "stopped"
    pids = {status["adapterPid"], status["hostPid"]}

    removed = dapcli(cli_env, "break", "delete", "1")
    assert removed.returncode == 0, removed.stderr
    stop = json.loads(dapcli(cli_env, "continue", "--json").stdout)
    assert stop["location"]["line"] == printed
    end = json.loads(dapcli(cli_env, "continue", "--json").stdout)
    assert end["status"] == "exited" and end["exitCode"] == 3
    assert "héllo wörld 3 140\n" in "".join(chunk["output"] for chunk in end["output"])

    stopped = dapcli(cli_env, "stop")
    assert stopped.returncode == 0, stopped.stderr
    assert "exit code 3" in stopped.stdout
    assert_gone(pids)
