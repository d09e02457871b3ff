"""Session files and the runtime directory (dapcli/dispatch/sessionfile.py): written whole or not
at all, never a file left behind, and a runtime directory that is the user's own."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from dapcli.dispatch import sessionfile
from dapcli.errors import SessionError, UsageError


def _entry(name: str = "s") -> sessionfile.SessionFile:
    """A session file naming this process (a dapcli test run: a live host, as far as it can tell)."""
    started = sessionfile.process_start(os.getpid())
    assert started is not None
    return sessionfile.SessionFile(name=name, pid=os.getpid(), socket="/nowhere.sock", host_started=started)


def test_a_full_disk_leaves_the_old_file_and_no_temporary_one(monkeypatch: pytest.MonkeyPatch) -> None:
    sessionfile.write(_entry())
    runtime = Path(sessionfile.runtime_dir())
    before = (runtime / "s.json").read_bytes()

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError, match="No space left on device"):
        sessionfile.write(sessionfile.SessionFile(name="s", pid=1234, socket="/other.sock", host_started=1.0))
    assert sorted(os.listdir(runtime)) == ["s.json"]
    assert (runtime / "s.json").read_bytes() == before


def test_a_temporary_file_left_by_a_killed_writer_is_replaced() -> None:
    runtime = Path(sessionfile.runtime_dir())
    (runtime / f"s.json.tmp{os.getpid()}").write_text("half")
    sessionfile.write(_entry())
    assert sorted(os.listdir(runtime)) == ["s.json"]
    entry = sessionfile.read("s")
    assert entry is not None and entry.pid == os.getpid()
    assert os.stat(runtime / "s.json").st_mode & 0o777 == 0o600


def test_a_relative_xdg_runtime_dir_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each caller resolved it against its own cwd: launch and status missed each other."""
    monkeypatch.delenv("DAPCLI_RUNTIME_DIR")
    monkeypatch.setenv("XDG_RUNTIME_DIR", "run")
    assert sessionfile.runtime_dir() == f"/tmp/dapcli-{os.getuid()}"


def test_a_relative_dapcli_runtime_dir_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DAPCLI_RUNTIME_DIR", "run")
    with pytest.raises(UsageError) as caught:
        sessionfile.runtime_dir()
    assert caught.value.message == "DAPCLI_RUNTIME_DIR must be an absolute path, not 'run'"
    assert caught.value.exit_code == 2


@pytest.mark.skipif(os.getuid() != 0, reason="giving a folder to another user needs root")
def test_nothing_is_created_in_another_users_xdg_runtime_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    theirs = tmp_path / "theirs"
    theirs.mkdir(mode=0o700)
    os.chown(theirs, 65534, 65534)
    monkeypatch.delenv("DAPCLI_RUNTIME_DIR")
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(theirs))
    with pytest.raises(UsageError) as caught:
        sessionfile.runtime_dir()
    assert caught.value.message == (f"cannot create the runtime directory in {theirs} (XDG_RUNTIME_DIR): "
                                    "it belongs to uid 65534")
    assert os.listdir(theirs) == []


@pytest.mark.parametrize(("mode", "said"), [(0o000, "has mode 0"), (0o700, "is on a read-only file system")])
def test_a_runtime_dir_the_user_cannot_write_is_named_not_its_session_files(
        monkeypatch: pytest.MonkeyPatch, mode: int, said: str) -> None:
    """The hints blamed the session file and said "remove it" (which orphans a live host);
    `sessions` said "internal error: PermissionError". (root passes every permission check: the
    refusal of the kernel is injected.)"""
    runtime = sessionfile.runtime_dir()
    os.chmod(runtime, mode)
    monkeypatch.setattr(os, "access", lambda path, how: False)
    try:
        with pytest.raises(SessionError) as caught:
            sessionfile.list_sessions()
    finally:
        os.chmod(runtime, 0o700)
    assert caught.value.message == (f"cannot use the runtime directory {runtime}: it {said} "
                                    "(sessions in it keep running)")
    assert caught.value.hint == f"chmod 700 {runtime}, or set DAPCLI_RUNTIME_DIR to a private directory you can write"


def test_a_runtime_path_too_long_for_a_socket_is_refused(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    deep = tmp_path / ("d" * 100)
    monkeypatch.setenv("DAPCLI_RUNTIME_DIR", str(deep))
    with pytest.raises(UsageError) as caught:
        sessionfile.socket_for("default")
    size = len(str(deep / "default.sock"))
    assert caught.value.message == (f"runtime directory {deep} is too long for a unix socket "
                                    f"({size} bytes for default.sock; at most 107)")


def test_a_session_file_open_to_others_is_repaired_with_a_notice(capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    with socket.socket(socket.AF_UNIX) as server:  # this process holds the session's socket: its host
        server.bind(sessionfile.socket_for("s"))
        entry = _entry()
        entry.socket = sessionfile.socket_for("s")
        sessionfile.write(entry)
        path = os.path.join(sessionfile.runtime_dir(), "s.json")
        os.chmod(path, 0o644)
        assert sessionfile.read("s") is not None
    assert capsys.readouterr().err == f"dapcli: {path} was open to others (mode 644); it is 0600 again\n"
    assert os.stat(path).st_mode & 0o777 == 0o600


def test_a_socket_open_to_others_is_repaired_with_a_notice(capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    path = sessionfile.socket_for("s")
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(path)
        os.chmod(path, 0o666)
        sessionfile.check_socket(path)
    assert capsys.readouterr().err == f"dapcli: {path} was open to others (mode 666); it is 0600 again\n"
    assert os.stat(path).st_mode & 0o777 == 0o600
