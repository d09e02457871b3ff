"""The watchdog (dapcli/engine/watchdog.py), with real processes: what it kills when its host
dies, what it never kills, and that it starts without importing the engine."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator

import psutil
import pytest

from dapcli.engine.processes import watchdog_command
from dapcli.engine.watchdog import Guard

#: Bound on every wait here (s): a loaded machine is slow, never this slow.
WAIT = 15.0
SLEEPER = [sys.executable, "-c", "import time; time.sleep(300)"]


def _gone(pid: int) -> bool:
    """``pid`` ended (a zombie that init has still to reap counts as gone: it holds nothing)."""
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.Error:
        return True


def _wait_gone(pid: int) -> bool:
    deadline = time.monotonic() + WAIT
    while not _gone(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


@pytest.fixture
def started() -> Iterator[list[subprocess.Popen[bytes]]]:
    """Processes a test starts; whatever is left is killed afterwards."""
    processes: list[subprocess.Popen[bytes]] = []
    yield processes
    for process in processes:
        if process.poll() is None:
            process.kill()
        process.wait(WAIT)


def _spawn(started: list[subprocess.Popen[bytes]], command: list[str], **options: object) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(command, **options)  # type: ignore[call-overload]
    started.append(process)
    return process


def _watchdog(started: list[subprocess.Popen[bytes]]) -> subprocess.Popen[bytes]:
    """The watchdog as the engine starts it, with a pipe from this test as its host."""
    return _spawn(started, watchdog_command(), stdin=subprocess.PIPE, start_new_session=True)


def _tell(watchdog: subprocess.Popen[bytes], text: str) -> None:
    assert watchdog.stdin is not None
    watchdog.stdin.write(text.encode())
    watchdog.stdin.flush()


_HOST = """
import sys
from dapcli.engine.processes import Watchdog
watchdog = Watchdog()
watchdog.watch(pgid=int(sys.argv[1]))
print("watching", flush=True)
sys.stdin.read()  # until the test kills this host
"""


def test_it_kills_the_watched_group_when_its_host_is_killed(started: list[subprocess.Popen[bytes]]) -> None:
    program = _spawn(started, SLEEPER, start_new_session=True)  # a group of its own, as an adapter's
    host = _spawn(started, [sys.executable, "-c", _HOST, str(program.pid)], stdin=subprocess.PIPE,
                  stdout=subprocess.PIPE)
    assert host.stdout is not None and host.stdout.readline() == b"watching\n"
    host.send_signal(signal.SIGKILL)  # no cleanup of its own: only the watchdog can end the program
    assert program.wait(WAIT) == -signal.SIGKILL


def test_ending_a_pid_kills_the_descendants_that_left_its_group(started: list[subprocess.Popen[bytes]]) -> None:
    spawner = ("import subprocess, sys, time\n"
               "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(300)'],"
               " start_new_session=True)\n"
               "print(child.pid, flush=True)\n"
               "time.sleep(300)\n")
    program = _spawn(started, [sys.executable, "-c", spawner], stdout=subprocess.PIPE)
    assert program.stdout is not None
    daemon = int(program.stdout.readline())  # setsid: out of the program's process group
    watchdog = _watchdog(started)
    _tell(watchdog, f"p {program.pid} {psutil.Process(program.pid).create_time()!r}\nkp {program.pid}\n")
    assert program.wait(WAIT) == -signal.SIGKILL
    try:
        assert _wait_gone(daemon)
    finally:
        if not _gone(daemon):
            os.kill(daemon, signal.SIGKILL)
    assert watchdog.wait(WAIT) == 0  # nothing it was given is left: it ends by itself


def test_what_was_unwatched_survives_and_the_watchdog_ends(started: list[subprocess.Popen[bytes]]) -> None:
    program = _spawn(started, SLEEPER, start_new_session=True)
    watchdog = _watchdog(started)
    _tell(watchdog, f"g {program.pid}\nug {program.pid}\n")
    assert watchdog.wait(WAIT) == 0  # nothing left to guard: it ends by itself, killing nothing
    assert program.poll() is None


def test_a_pid_that_is_not_the_one_registered_is_never_killed(started: list[subprocess.Popen[bytes]]) -> None:
    program = _spawn(started, SLEEPER)
    watchdog = _watchdog(started)
    other_start = psutil.Process(program.pid).create_time() - 60.0  # its number, another process's start
    _tell(watchdog, f"p {program.pid} {other_start!r}\n")
    assert watchdog.stdin is not None
    watchdog.stdin.close()  # the host is gone: the watchdog kills what it registered, then ends
    assert watchdog.wait(WAIT) == 0
    assert program.poll() is None


def test_the_guard_reads_each_command() -> None:
    guard = Guard()
    for line in ("g 10", "p 11 5.5", "p 12 6.0", "up 12", "nonsense"):
        guard.handle(line)
    assert list(guard.groups) == [10] and guard.pids == {11: 5.5} and not guard.idle
    guard.handle("ug 10")
    guard.handle("up 11")
    assert guard.idle
    guard.handle("clear")
    assert guard.groups == guard.pids == guard.seen == guard.owner == {}


def test_it_starts_without_importing_the_engine() -> None:
    """Its start-up is as cheap as a script's: run as the engine runs it, it imports no dapcli
    module; imported, dapcli and dapcli.engine import nothing else."""
    listed = "import sys; print(sorted(m for m in sys.modules if m.startswith(('dapcli', 'pydantic'))))"
    script = watchdog_command()[-1]
    run = f"import runpy; runpy.run_path({script!r}); {listed}"  # its imports, not its main
    done = subprocess.run([sys.executable, "-P", "-c", run], capture_output=True, text=True, timeout=WAIT, check=True)
    assert done.stdout.strip() == "[]"
    imported = f"import dapcli.engine.watchdog; {listed}"
    done = subprocess.run([sys.executable, "-c", imported], capture_output=True, text=True, timeout=WAIT, check=True,
                          cwd=os.path.dirname(os.path.dirname(os.path.dirname(script))))
    assert done.stdout.strip() == str(["dapcli", "dapcli.engine", "dapcli.engine.watchdog"])


def test_its_mark_is_the_engines() -> None:
    from dapcli.engine import watchdog, watchmark

    assert watchdog.MARK == watchmark.MARK


_ORPHAN = """
import os, sys, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        print(os.getpid(), flush=True)
        time.sleep(300)
    os._exit(0)
time.sleep(300)
"""


@pytest.mark.parametrize("ending", ["host-killed", "last-session-ended"])
def test_a_daemon_orphaned_at_once_is_found_by_its_mark(started: list[subprocess.Popen[bytes]], ending: str) -> None:
    """A double fork between two looks leaves nothing in any tree; the host's mark finds it."""
    token = "feedc0de01"
    env = {**os.environ, "DAPCLI_WATCH": f"outer {token}"}
    program = _spawn(started, [sys.executable, "-c", _ORPHAN], stdout=subprocess.PIPE, env=env,
                     start_new_session=True)
    assert program.stdout is not None
    daemon = int(program.stdout.readline())
    stranger = _spawn(started, SLEEPER, env={**os.environ, "DAPCLI_WATCH": "outer"}, start_new_session=True)
    watchdog = _spawn(started, watchdog_command(token), stdin=subprocess.PIPE, start_new_session=True)
    _tell(watchdog, f"g {program.pid}\n")
    try:
        if ending == "host-killed":
            assert watchdog.stdin is not None
            watchdog.stdin.close()
        else:
            _tell(watchdog, f"kg {program.pid}\n")
        assert watchdog.wait(WAIT) == 0
        assert _wait_gone(daemon)
    finally:
        if not _gone(daemon):
            os.kill(daemon, signal.SIGKILL)
    assert stranger.poll() is None  # another mark (an outer dapcli's only): never killed


def test_a_clean_release_kills_nothing_marked(started: list[subprocess.Popen[bytes]]) -> None:
    token = "feedc0de02"
    program = _spawn(started, SLEEPER, env={**os.environ, "DAPCLI_WATCH": token}, start_new_session=True)
    watchdog = _spawn(started, watchdog_command(token), stdin=subprocess.PIPE, start_new_session=True)
    _tell(watchdog, f"g {program.pid}\nclear\n")
    assert watchdog.stdin is not None
    watchdog.stdin.close()
    assert watchdog.wait(WAIT) == 0
    assert program.poll() is None
