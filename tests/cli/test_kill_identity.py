"""``dapcli kill`` and every hint act only on a process proven to be the session's host.

A session file that names a live process it cannot prove is the host (no recorded start time:
damaged, hand written or from an older version; a start time that does not match; a process that
is not dapcli) is stale: nothing is killed, no hint names that pid, and the file is cleaned up.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from conftest import Cli


@pytest.fixture
def victim() -> Iterator[psutil.Process]:
    """An unrelated live process of this user, with a child of its own."""
    process = subprocess.Popen([sys.executable, "-c", "import subprocess, sys, time; "
                                "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(300)']); "
                                "time.sleep(300)"], start_new_session=True)
    parent = psutil.Process(process.pid)
    try:
        yield parent
    finally:
        for child in parent.children(recursive=True):
            child.kill()
        process.kill()
        process.wait()


def _write(runtime: str, **fields: object) -> None:
    path = Path(runtime) / "default.json"
    path.write_text(json.dumps({"name": "default", "socket": str(Path(runtime) / "default.sock"), **fields}))
    path.chmod(0o600)


@pytest.mark.parametrize("recorded", ["none", "wrong", "its own"])
def test_kill_never_ends_a_process_that_is_not_provably_the_host(dc: Cli, victim: psutil.Process,
                                                                 recorded: str) -> None:
    started = {"none": 0.0, "wrong": victim.create_time() - 100, "its own": victim.create_time()}[recorded]
    _write(dc.runtime_dir, pid=victim.pid, host_started=started, started_at=started)
    status = dc.run("status", check=False)
    assert status.code != 0 and "Traceback" not in status.err
    assert f"kill {victim.pid}" not in status.err  # no hint ever names a process that is not the host
    _write(dc.runtime_dir, pid=victim.pid, host_started=started, started_at=started)
    killed = dc.run("kill", check=False)
    assert f"pid {victim.pid}" not in killed.out, killed.out
    assert victim.is_running() and victim.status() != psutil.STATUS_ZOMBIE
    assert all(child.is_running() for child in victim.children())
    assert not (Path(dc.runtime_dir) / "default.json").exists()  # the stale file is cleaned up


def test_kill_never_ends_init_or_its_own_ancestors(dc: Cli) -> None:
    for pid in (1, os.getpid()):
        started = psutil.Process(pid).create_time()
        _write(dc.runtime_dir, pid=pid, host_started=started, started_at=started)
        killed = dc.run("kill", check=False)
        assert f"pid {pid})" not in killed.out, killed.out
        assert psutil.pid_exists(pid)
