"""Session sockets and files trust no one else; a session file never makes dapcli hint a
dangerous command (issue 14, items 2 and 3)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import Cli, line_of, one_line_error

NOBODY = 65534
as_root = pytest.mark.skipif(os.geteuid() != 0, reason="acting as another uid needs root")

PEER = r"""
import os, socket, sys
os.setgroups([]); os.setgid(65534); os.setuid(65534)
sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
sock.settimeout(20)
sock.connect(sys.argv[1])
try:
    sock.sendall(b'{"id": 1, "verb": "evaluate", "args": {"expression": "i"}}\n')
    print(repr(sock.makefile("rb").readline()))
except (BrokenPipeError, ConnectionResetError):  # closed on us: nothing either
    print(repr(b""))
"""


@as_root
def test_another_uid_gets_nothing_from_the_session_socket(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    sock = Path(dc.runtime_dir, "default.sock")
    os.chmod(dc.runtime_dir, 0o711)  # as if the directory and socket were open to others
    os.chmod(sock, 0o666)
    try:
        done = subprocess.run([sys.executable, "-I", "-c", PEER, str(sock)], cwd="/", capture_output=True,
                              text=True, timeout=60)
    finally:
        os.chmod(dc.runtime_dir, 0o700)
        os.chmod(sock, 0o600)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "b''"  # SO_PEERCRED: closed without a word
    assert dc.json("eval", "i")["result"] == "0"  # the owner is still served


@as_root
def test_session_file_of_another_user_is_refused(dc: Cli) -> None:
    path = Path(dc.runtime_dir, "default.json")
    path.write_text(json.dumps({"name": "default", "pid": os.getpid(), "socket": str(Path(dc.runtime_dir, "x"))}))
    os.chown(path, NOBODY, NOBODY)
    line = one_line_error(dc.run("status", check=3).err)
    assert f"belongs to uid {NOBODY}" in line
    assert path.exists()  # refused, not used, not deleted
    path.unlink()


@as_root
def test_socket_of_another_user_is_refused(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    sock = Path(dc.runtime_dir, "default.sock")
    os.chown(sock, NOBODY, NOBODY)
    try:
        line = one_line_error(dc.run("eval", "i", check=3).err)
    finally:
        os.chown(sock, 0, 0)
    assert f"belongs to uid {NOBODY}" in line and "default.sock" in line


def test_socket_path_that_is_not_a_socket_is_refused(dc: Cli, tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    target.write_text("")
    path = Path(dc.runtime_dir, "default.json")
    link = Path(dc.runtime_dir, "default.sock")
    link.symlink_to(target)
    path.write_text(json.dumps({"name": "default", "pid": os.getpid(), "socket": str(link)}))
    assert "not a socket" in one_line_error(dc.run("eval", "1", check=3).err)


def test_symlinked_runtime_dir_is_refused(dc: Cli, tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir(mode=0o700)
    link = tmp_path / "link"
    link.symlink_to(real)
    err = dc.run("eval", "1", env={"DAPCLI_RUNTIME_DIR": str(link)}, check=2).err
    assert "symbolic link" in one_line_error(err)


def test_runtime_dir_that_is_a_file_is_refused(dc: Cli, tmp_path: Path) -> None:
    file = tmp_path / "file"
    file.write_text("")
    err = dc.run("eval", "1", env={"DAPCLI_RUNTIME_DIR": str(file)}, check=2).err
    assert "not a directory" in one_line_error(err)


@pytest.fixture
def open_umask() -> Iterator[None]:
    old = os.umask(0)
    yield
    os.umask(old)


def test_files_are_private_whatever_the_umask_and_removed_at_the_end(dc: Cli, open_umask: None) -> None:
    fresh = Path(dc.runtime_dir, "sub")
    dc.runtime_dir = dc.env["DAPCLI_RUNTIME_DIR"] = str(fresh)  # created by dapcli itself
    dc.launch("loops.py", "call")
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o700
    names = sorted(os.listdir(fresh))
    assert {"default.json", "default.sock", "default.lock", "default.log"} <= set(names), names
    for name in names:
        mode = stat.S_IMODE(os.lstat(fresh / name).st_mode)
        assert mode == 0o600, f"{name}: {mode:o}"
    dc.run("stop")
    deadline = time.monotonic() + 10
    while os.listdir(fresh) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert os.listdir(fresh) == []  # no NAME.lock or NAME.log piling up


@pytest.mark.parametrize("pid", [-1, 0, "12", 1.5, True, None])
def test_nonsense_pid_is_corrupt_and_never_hints_kill(dc: Cli, pid: object) -> None:
    path = Path(dc.runtime_dir, "default.json")
    path.write_text(json.dumps({"name": "default", "pid": pid, "socket": str(Path(dc.runtime_dir, "d.sock"))}))
    for args in (("stack",), ("status",), ("--json", "status")):
        err = dc.run(*args, check=3).err
        assert "kill" not in err
        path.write_text(json.dumps({"name": "default", "pid": pid, "socket": str(Path(dc.runtime_dir, "d.sock"))}))
    line = one_line_error(dc.run("eval", "1", check=3).err)
    assert "corrupt" in line
    assert not path.exists()


def test_pid_of_an_unrelated_process_is_stale(dc: Cli) -> None:
    """The host died and its pid now names another process: stale, cleaned, no `kill` hint,
    and `launch` of the same name works."""
    path = Path(dc.runtime_dir, "default.json")
    sock = Path(dc.runtime_dir, "default.sock")
    other = subprocess.Popen(["sleep", "60"])
    try:
        path.write_text(json.dumps({"name": "default", "pid": other.pid, "socket": str(sock),
                                    "started_at": time.time() - 60, "host_started": time.time() - 60}))
        err = dc.run("stack", check=3).err
        assert "kill" not in err
        assert "gone" in one_line_error(err)
        assert not path.exists()
        path.write_text(json.dumps({"name": "default", "pid": other.pid, "socket": str(sock),
                                    "started_at": time.time() - 60}))
        assert dc.json("sessions")["sessions"] == []
        path.write_text(json.dumps({"name": "default", "pid": other.pid, "socket": str(sock),
                                    "started_at": time.time() - 60}))
        dc.launch("loops.py", "call")
        assert dc.json("eval", "i")["result"] == "0"
        assert other.poll() is None  # nobody touched the unrelated process
    finally:
        other.kill()
        other.wait()
    assert line_of("loops.py", "call")


def test_a_runtime_path_too_long_for_a_socket_is_one_line(dc: Cli, tmp_path: Path) -> None:
    """It printed a traceback frame of asyncio's bind in "the session host did not start"."""
    deep = tmp_path / ("d" * 100)
    result = dc.run("launch", "loops.py", check=2, env={"DAPCLI_RUNTIME_DIR": str(deep)})
    size = len(str(deep / "default.sock"))
    assert result.err == (f"error: runtime directory {deep} is too long for a unix socket ({size} bytes for "
                          "default.sock; at most 107)\n"
                          "hint: set DAPCLI_RUNTIME_DIR to a shorter path (mkdir -m 700 DIR)\n")
    assert os.listdir(deep) == []
