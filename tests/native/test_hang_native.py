"""`dapcli hang` on a real C pthread ABBA deadlock (built -g -O0 -pthread), on lldb-dap, gdb
and CodeLLDB: each thread at its own line, the mutex it waits on, its owner from glibc's
``__data.__owner`` named as a thread, the join, and the cycle."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from native_helpers import CC, DAPCLI, PROGRAMS, dapcli, each_adapter, marker_line

ABBA_C = PROGRAMS / "abba.c"
READY = "both wait for the other's mutex"


@pytest.fixture(scope="module")
def abba(build_dir: Path) -> Path:
    shutil.copy(ABBA_C, build_dir / "abba.c")
    assert CC is not None
    done = subprocess.run([CC, "-g", "-O0", "-pthread", "-o", "abba", "abba.c"], cwd=build_dir,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return build_dir / "abba"


@pytest.fixture
def env(abba: Path) -> Iterator[dict[str, str]]:
    runtime = tempfile.mkdtemp(prefix="dc")  # unix socket paths must stay short
    environment = dict(os.environ, DAPCLI_RUNTIME_DIR=runtime, NO_COLOR="1", COLUMNS="200")
    environment.pop("DAPCLI_SESSION", None)
    yield environment
    subprocess.run([DAPCLI, "stop"], env=environment, cwd=abba.parent, capture_output=True, timeout=30)
    shutil.rmtree(runtime, ignore_errors=True)


def wait_output(env: dict[str, str], cwd: Path, text: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        found = json.loads(dapcli(env, cwd, "output", "--json").stdout)
        if text in "".join(chunk["output"] for chunk in found["chunks"]):
            return
        assert time.monotonic() < deadline, f"no {text!r} in the output: {found}"
        time.sleep(0.05)


@pytest.mark.parametrize("adapter", each_adapter("lldb", "gdb", "codelldb"))
def test_pthread_abba_deadlock(adapter: str, abba: Path, env: dict[str, str]) -> None:
    cwd = abba.parent
    started = dapcli(env, cwd, "launch", "./abba", "--adapter", adapter, "--timeout", "1")
    assert started.returncode == 0, started.stderr
    wait_output(env, cwd, READY)
    refused = dapcli(env, cwd, "stack", "--thread-id", "1")  # the adapter answers no stack while it runs
    assert refused.returncode == 4 and "running: pause first" in refused.stderr, refused.stderr
    done = dapcli(env, cwd, "hang", "--json")
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    assert (result["status"], result["paused"]) == ("stopped", True)  # a native pause always lands
    at = {thread["line"]: thread for thread in result["threads"]}
    ab, ba = at[marker_line(ABBA_C, "wait_b")], at[marker_line(ABBA_C, "wait_a")]
    main = at[marker_line(ABBA_C, "join")]
    assert (ab["state"], ab["blockedIn"], ab["function"]) == ("blocked", "pthread_mutex_lock", "transfer_ab")
    assert ab["text"] == "pthread_mutex_lock(&lock_b); // @wait_b"
    assert ab["waitsOn"].startswith("mutex &lock_b at 0x") and ba["waitsOn"].startswith("mutex &lock_a at 0x")
    assert (ab["heldBy"], ba["heldBy"]) == (ba["id"], ab["id"])
    assert ab["holds"] == [ba["waitsOn"]] and ba["holds"] == [ab["waitsOn"]]
    assert (main["blockedIn"], main["joins"]) == ("pthread_join", ab["id"])
    assert {(e["threadId"], e["heldBy"]) for e in result["deadlock"]} == {(ab["id"], ba["id"]), (ba["id"], ab["id"])}

    text = dapcli(env, cwd, "hang").stdout
    assert text.startswith(f"DEADLOCK: thread {ab['id']} {ab['name']} waits on mutex &lock_b at 0x")
    assert f"{marker_line(ABBA_C, 'wait_a')} | pthread_mutex_lock(&lock_a); // @wait_a" in text
    assert f"waits for thread {ab['id']} {ab['name']} to end" in text
