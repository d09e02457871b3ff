"""Nothing outlives its session: a daemonized grandchild of the debuggee, and the files of a
host killed with SIGKILL (on the real debugpy)."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import psutil
import pytest
from conftest import CLEANUP_S, Cli


def _wait_file(path: Path, timeout: float = 20.0) -> str:
    deadline = time.monotonic() + timeout
    while not path.exists():
        assert time.monotonic() < deadline, f"{path} never appeared"
        time.sleep(0.05)
    return path.read_text()


@pytest.mark.parametrize("follow", ["true", "false"], ids=["subprocess-sessions", "not-followed"])
def test_stop_ends_a_daemon_of_the_debuggee(dc: Cli, tmp_path: Path, follow: str) -> None:
    """The daemon is re-parented to init before `stop`: no descendant of anything any more.
    Followed, it is a subprocess session of its own; not followed, only the watchdog saw it."""
    pidfile = tmp_path / "daemon.pid"
    dc.launch("daemonize.py", "forked", args=(str(pidfile),), options=("--set", f"subProcess={follow}"), timeout=20)
    daemon = psutil.Process(int(_wait_file(pidfile)))
    started = daemon.create_time()
    assert daemon.ppid() != os.getpid()
    dc.run("stop", timeout=30)
    left = dc.wait_gone({daemon.pid: started})
    for process in left:  # never leak it, even when the test fails
        process.kill()
    assert left == [], [" ".join(p.cmdline())[:160] for p in left]
    assert not [f for f in os.listdir(dc.runtime_dir) if f.endswith((".json", ".sock"))]


def test_files_of_a_host_killed_with_sigkill_are_all_removed(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    runtime = Path(dc.runtime_dir)
    assert (runtime / "default.log").exists()
    host = dc.status()["hostPid"]
    os.kill(host, signal.SIGKILL)
    assert dc.wait_gone(timeout=CLEANUP_S) == []
    err = dc.run("stack", check=3).err
    assert "cleaned up its files" in err
    assert sorted(os.listdir(runtime)) == []


@pytest.mark.parametrize("what", ["runtime-dir", "socket"])
def test_a_session_whose_socket_is_removed_ends_and_leaves_nothing_running(dc: Cli, what: str) -> None:
    """Removing the runtime directory (or the socket) under a live session made the session
    unreachable — `sessions` showed nothing and `stop` could not reach it — while its host,
    adapter and program ran on for the idle timeout (an hour). The host now ends it."""
    import shutil

    dc.launch("loops.py", "call")
    dc.record()
    assert len(dc.alive()) >= 3  # host, adapter, program (and the watchdog)
    runtime = Path(dc.runtime_dir)
    if what == "socket":
        (runtime / "default.sock").unlink()
    else:
        shutil.rmtree(runtime)
    assert dc.wait_gone(timeout=CLEANUP_S) == []
    os.makedirs(runtime, mode=0o700, exist_ok=True)
    assert "no session named 'default'" in dc.run("status", check=3).err


@pytest.mark.parametrize("ending", ["stop", "sigkill"])
def test_a_daemon_orphaned_at_once_ends_with_its_session(dc: Cli, tmp_path: Path, ending: str) -> None:
    """The daemon's parent exits right after the fork: the watchdog never sees it in a process tree
    (it survived the host's SIGKILL in a third of tries); it carries the host's mark and ends."""
    pidfile = tmp_path / "daemon.pid"
    dc.launch("daemonize.py", "forked", args=(str(pidfile), "at-once"), options=("--set", "subProcess=false"),
              timeout=20)
    daemon = psutil.Process(int(_wait_file(pidfile)))
    started = daemon.create_time()
    if ending == "stop":
        dc.run("stop", timeout=30)
    else:
        os.kill(dc.status()["hostPid"], signal.SIGKILL)
    left = dc.wait_gone({daemon.pid: started})
    for process in left:  # never leak it, even when the test fails
        process.kill()
    assert left == [], [" ".join(p.cmdline())[:160] for p in left]


def test_a_session_whose_file_is_removed_ends_within_seconds(dc: Cli) -> None:
    """Its host lived on for over 70 s: nobody could find it any more. It ends the session."""
    dc.launch("loops.py", "call")
    dc.record()
    runtime = Path(dc.runtime_dir)
    with open(runtime / "default.log") as log:  # the host's stderr (removed when it ends)
        (runtime / "default.json").unlink()
        assert dc.wait_gone(timeout=CLEANUP_S) == []
        assert "dapcli: session 'default': its session file was removed; ending the session" in log.read()
    assert not [f for f in os.listdir(runtime) if f.endswith((".json", ".sock", ".lock"))]


def test_a_launch_over_a_symlinked_session_file_replaces_it(dc: Cli, tmp_path: Path) -> None:
    """It failed ("corrupt") and left NAME.lock behind; the link is no session file: it is removed."""
    runtime = Path(dc.runtime_dir)
    target = tmp_path / "elsewhere"
    target.write_text("keep")
    (runtime / "default.json").symlink_to(target)
    dc.launch("loops.py", "call")
    assert target.read_text() == "keep"
    dc.run("stop", timeout=30)
    assert dc.wait_gone() == []
    assert not [f for f in os.listdir(runtime) if f.endswith((".json", ".sock", ".lock"))]


@pytest.mark.skipif(os.getuid() != 0, reason="giving a file to another user needs root")
def test_a_failed_launch_leaves_no_lock(dc: Cli) -> None:
    runtime = Path(dc.runtime_dir)
    (runtime / "default.json").write_text("{}")
    os.chown(runtime / "default.json", 65534, 65534)
    result = dc.run("launch", "loops.py", check=3)
    assert f"{runtime}/default.json belongs to uid 65534, not to you: refusing to use it" in result.err
    assert sorted(os.listdir(runtime)) == ["default.json"]  # no NAME.lock
