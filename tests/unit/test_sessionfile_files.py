"""Session files and the runtime directory (dapcli/dispatch/sessionfile.py): written whole or not
at all, never a file left behind, and a runtime directory that is the user's own."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from dapcli.dispatch import sessionfile


def _entry(name: str = "s") -> sessionfile.SessionFile:
    return sessionfile.SessionFile(name=name, pid=os.getpid(), socket="/nowhere.sock", host_started=1.0)


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
