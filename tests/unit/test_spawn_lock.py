"""The lock of the files dapcli writes (``dapcli.files.locked``: a launch's, the saved
breakpoints'): a plain flock, the very lock filelock takes, so the host (filelock) and a launch
(standard library) exclude each other."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from filelock import FileLock, Timeout

from dapcli.files import locked as _locked


def test_held_lock_excludes_filelock_and_another_taker(tmp_path: Path) -> None:
    path = str(tmp_path / "default.lock")
    with _locked(path, 1.0):
        with pytest.raises(Timeout):
            FileLock(path, timeout=0).acquire()
        with pytest.raises(TimeoutError), _locked(path, 0.1):
            pass
    with FileLock(path, timeout=0), pytest.raises(TimeoutError), _locked(path, 0.1):  # released, then taken
        pass


def test_a_lock_file_removed_while_waiting_is_taken_anew(tmp_path: Path) -> None:
    path = str(tmp_path / "default.lock")
    holder = FileLock(path, timeout=0)
    holder.acquire()
    got = threading.Event()
    excluded: list[bool] = []

    def take() -> None:
        with _locked(path, 30.0):
            got.set()
            try:  # the file now at the path is the one locked
                FileLock(path, timeout=0).acquire()
                excluded.append(False)
            except Timeout:
                excluded.append(True)

    waiter = threading.Thread(target=take)
    waiter.start()
    os.unlink(path)  # as a host does when it ends, holding the lock
    holder.release()
    waiter.join(30)
    assert got.is_set() and excluded == [True]
