"""`dapcli hang` on real Go programs (Delve, built -N -l): two goroutines in an ABBA on
sync.Mutex (each at its own line, the mutex it waits on; no holder named, since a sync.Mutex
records none, so no cycle is claimed), and a channel receive the runtime itself reports as
"all goroutines are asleep - deadlock!"."""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from delve_helpers import GO, PROGRAMS, dapcli, marker_line, requires_delve

pytestmark = requires_delve
ABBA = PROGRAMS / "hang" / "abba" / "abba.go"
CHANNEL = PROGRAMS / "hang" / "chandead" / "chandead.go"


def build(source: Path, output: Path) -> Path:
    done = subprocess.run([str(GO), "build", "-gcflags=all=-N -l", "-o", str(output), source.name],
                          cwd=source.parent, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"go build failed: {done.stderr}"
    return output


@pytest.fixture(scope="module")
def abba(go_build_dir: Path) -> Path:
    return build(ABBA, go_build_dir / "abba")


@pytest.fixture(scope="module")
def chandead(go_build_dir: Path) -> Path:
    return build(CHANNEL, go_build_dir / "chandead")


def hang(env: dict[str, str]) -> dict[str, Any]:
    done = dapcli(env, "hang", "--json")
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_goroutines_abba_on_sync_mutex(abba: Path, cli_env: dict[str, str]) -> None:
    started = dapcli(cli_env, "launch", str(abba), "--timeout", "1")
    assert started.returncode == 0, started.stderr
    deadline = time.monotonic() + 60
    while "both wait for the other's mutex" not in dapcli(cli_env, "output").stdout:
        assert time.monotonic() < deadline, "the program never said both goroutines wait"
        time.sleep(0.05)
    refused = dapcli(cli_env, "stack", "--thread-id", "1")  # Delve answers no stack while it runs
    assert refused.returncode == 4 and "running: pause first" in refused.stderr, refused.stderr
    result = hang(cli_env)
    assert (result["status"], result["paused"]) == ("stopped", True)
    at = {thread["line"]: thread for thread in result["threads"]}
    ab, ba = at[marker_line(ABBA, "wait_b")], at[marker_line(ABBA, "wait_a")]
    assert (ab["state"], ab["blockedIn"], ab["function"]) == ("blocked", "sync.Mutex.Lock", "main.transferAB")
    assert ab["text"] == "lockB.Lock() // @wait_b"
    assert ab["waitsOn"].startswith("sync.Mutex lockB at 0x") and ab["waitsOn"].endswith("(locked, 1 waiter)")
    assert ba["waitsOn"].startswith("sync.Mutex lockA at 0x")
    assert "heldBy" not in ab and "does not record its holder" in ab["holder"]
    assert "deadlock" not in result and "runtimeReport" not in result  # nothing proves a cycle
    main = at[marker_line(ABBA, "sleep")]
    assert (main["blockedIn"], main["function"]) == ("time.Sleep", "main.main")
    assert any("goroutines of the Go runtime" in note for note in result["notes"])
    assert all(thread["path"] == str(ABBA) for thread in result["threads"])  # no runtime goroutine listed
    text = dapcli(cli_env, "hang").stdout
    assert text.startswith("no deadlock proven\n")
    assert f"{marker_line(ABBA, 'wait_a')} | lockA.Lock() // @wait_a" in text


def test_channel_deadlock_the_runtime_reports(chandead: Path, cli_env: dict[str, str]) -> None:
    started = dapcli(cli_env, "launch", str(chandead), "--timeout", "60")
    assert started.returncode == 0, started.stderr  # Delve stops on the runtime's fatal error
    result = hang(cli_env)
    assert result["runtimeReport"] == "fatal error: all goroutines are asleep - deadlock!"
    (main,) = result["threads"]
    assert (main["blockedIn"], main["line"], main["text"]) == \
        ("channel receive", marker_line(CHANNEL, "recv"), "total := <-results // @recv")
    assert main["waitsOn"] == "channel results (chan int 0/0)"
    text = dapcli(cli_env, "hang").stdout
    assert text.splitlines()[0] == "the runtime says: fatal error: all goroutines are asleep - deadlock!"
