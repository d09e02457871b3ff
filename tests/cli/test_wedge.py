"""Never wedged, through the session host and real debugpy: a call during a blocked resume is
answered at once (a hung or stopped host: test_stopped_host.py), an adapter lost mid-wait ends the wait."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from conftest import DAPCLI, NO_REPR_BOUND, PROGRAMS, PYTHON, Cli, one_line_error


def _blocked_continue(dc: Cli, timeout: float = 120) -> subprocess.Popen[bytes]:
    """``dapcli continue --timeout N`` in the background, once the program is seen running. Its
    long timeout keeps the bounds below generous (a loaded machine) and still telling: a call
    that waited behind it would take two minutes."""
    process = subprocess.Popen([*DAPCLI, "continue", "--timeout", str(timeout)], cwd=PROGRAMS, env=dc.env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
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
        assert time.monotonic() - started < 30, "evaluate waited behind the blocked continue"
        assert "running: pause first" in one_line_error(err)
        started = time.monotonic()
        dc.run("stop")
        assert time.monotonic() - started < 40, "stop waited behind the blocked continue"
        blocked.communicate(timeout=60)
        assert time.monotonic() - started < 60, "the blocked continue did not end with the session"
    finally:
        blocked.kill()
        blocked.wait()


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
        _, err = blocked.communicate(timeout=60)
        assert time.monotonic() - started < 40  # not its 120 s timeout
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


def test_a_debuggee_killed_by_a_signal_is_named(dc: Cli) -> None:
    dc.launch("infinite.py", "loop")
    dc.run("break", "clear")
    dc.run("continue", "--timeout", "0.2")
    os.kill(int(dc.status()["debuggeePid"]), signal.SIGKILL)
    out = dc.run("wait", "--timeout", "10").out
    assert "killed by SIGKILL" in out
    assert dc.status()["stop"]["description"] == "killed by SIGKILL"


@contextlib.contextmanager
def _tmpfs(path: Path, options: str) -> Iterator[Path]:
    path.mkdir(mode=0o700)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(path)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here (needs root in a namespace that allows it): {done.stderr!r}")
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], check=False)


@pytest.mark.parametrize(("options", "says"), [
    ("ro,mode=0700", "it is on a read-only file system"),
    ("size=4k,mode=0700", "no space left on its device"),
])
def test_an_unusable_runtime_dir_is_one_line(dc: Cli, options: str, says: str) -> None:
    with _tmpfs(Path(tempfile.mkdtemp(prefix="rt", dir="/tmp")) / "d", options) as runtime:
        if "size" in options:
            with contextlib.suppress(OSError), open(runtime / "fill", "wb") as fill:
                fill.write(b"x" * 8192)
        started = time.monotonic()
        err = dc.run("launch", "infinite.py", "--python", PYTHON, check=3,
                     env={"DAPCLI_RUNTIME_DIR": str(runtime)}).err
        assert f"cannot use the runtime directory {runtime}: {says}" in one_line_error(err)
        assert ("free some space" in err) == ("size" in options), err  # the hint fits the cause
        assert time.monotonic() - started < 20  # the CLI's own start-up, no wait for a host


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores a directory's mode 0000")
def test_a_mode_0000_runtime_dir_is_one_line(dc: Cli, tmp_path: Path) -> None:
    runtime = tmp_path / "rt"
    runtime.mkdir(mode=0o700)
    runtime.chmod(0)
    try:
        err = dc.run("launch", "infinite.py", "--python", PYTHON, check=3,
                     env={"DAPCLI_RUNTIME_DIR": str(runtime)}).err
        assert "no permission" in one_line_error(err) or "cannot use the runtime directory" in err
    finally:
        runtime.chmod(0o700)


def test_a_hanging_repr_does_not_wedge_the_session(dc: Cli) -> None:
    started = time.monotonic()
    dc.launch("hang_repr.py", "stop", timeout=30, options=NO_REPR_BOUND)
    assert time.monotonic() - started < 40
    state = dc.status()
    assert state["state"] == "stopped"
    started = time.monotonic()
    out = dc.run("vars", check=False)
    err = dc.run("eval", "1 + 1", check=False)
    assert time.monotonic() - started < 20, "a command waited behind the hanging __repr__"
    assert out.code != 0 or "not available" in out.out
    assert err.code == 4 and "still running in the program" in one_line_error(err.err)
    started = time.monotonic()
    dc.run("stop")
    assert time.monotonic() - started < 15
