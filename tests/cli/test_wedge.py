"""Never wedged, through the session host and real debugpy: a call during a blocked resume is
answered at once, a hung host is detected in seconds, an adapter lost mid-wait ends the wait."""

from __future__ import annotations

import os
import signal
import subprocess
import time

import psutil
from conftest import DAPCLI, PROGRAMS, Cli, one_line_error


def _blocked_continue(dc: Cli, timeout: float = 20) -> subprocess.Popen[bytes]:
    """``dapcli continue --timeout N`` in the background, once the program is seen running."""
    process = subprocess.Popen([*DAPCLI, "continue", "--timeout", str(timeout)], cwd=PROGRAMS, env=dc.env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while dc.status()["state"] != "running":
        assert time.monotonic() < deadline, "the program never ran"
        time.sleep(0.05)
    return process


def test_evaluate_during_a_blocked_continue_is_refused_at_once(dc: Cli) -> None:
    dc.launch("infinite.py", "loop")
    dc.run("break", "clear")
    blocked = _blocked_continue(dc)
    try:
        started = time.monotonic()
        err = dc.run("eval", "counter", check=4).err
        assert time.monotonic() - started < 3, "evaluate waited behind the blocked continue"
        assert "running: pause first" in one_line_error(err)
        started = time.monotonic()
        dc.run("stop")
        assert time.monotonic() - started < 6, "stop waited behind the blocked continue"
        blocked.communicate(timeout=10)
        assert time.monotonic() - started < 8, "the blocked continue did not end with the session"
    finally:
        blocked.kill()
        blocked.wait()


def test_a_hung_host_is_detected_in_seconds(dc: Cli) -> None:
    dc.launch("infinite.py", "loop")
    host = int(dc.status()["hostPid"])
    os.kill(host, signal.SIGSTOP)
    try:
        started = time.monotonic()
        err = dc.run("status", check=7, env={"DAPCLI_HOST_TIMEOUT": "2"}).err
        assert time.monotonic() - started < 10
        line = one_line_error(err)
        assert f"host (pid {host}) did not answer within 2 s" in line
        listed = dc.json("sessions")["sessions"]
        assert [s["state"] for s in listed] == ["not answering"]
    finally:
        os.kill(host, signal.SIGCONT)


def test_a_long_wait_is_kept_alive_past_the_host_timeout(dc: Cli) -> None:
    dc.launch("infinite.py", "loop")
    dc.run("break", "clear")
    started = time.monotonic()
    out = dc.run("continue", "--timeout", "4", env={"DAPCLI_HOST_TIMEOUT": "3"}).out
    assert time.monotonic() - started >= 4 and "running" in out.lower()


def test_adapter_killed_during_a_blocked_continue(dc: Cli) -> None:
    dc.launch("infinite.py", "loop")
    dc.run("break", "clear")
    adapter = int(dc.status()["adapterPid"])
    blocked = _blocked_continue(dc)
    try:
        os.kill(adapter, signal.SIGKILL)
        started = time.monotonic()
        _, err = blocked.communicate(timeout=10)
        assert time.monotonic() - started < 5
        assert blocked.returncode == 6
        assert "the adapter python exited (killed by SIGKILL)" in one_line_error(err.decode())
        state = dc.status()
        assert state["state"] == "terminated" and "SIGKILL" in state["stop"]["description"]
        left = dc.wait_gone()
        assert not [p for p in left if p.pid != int(state["hostPid"])], "a process outlived the lost adapter"
        assert not psutil.pid_exists(adapter) or psutil.Process(adapter).status() == psutil.STATUS_ZOMBIE
    finally:
        blocked.kill()
        blocked.wait()
