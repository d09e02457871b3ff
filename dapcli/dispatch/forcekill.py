"""``dapcli kill`` when the session host cannot answer: it is stopped (SIGSTOP, Ctrl-Z) or hung.

``kill`` is ``stop`` for a host that answers. For one that does not, it ends the session from
outside: the host (identity-checked against its session file: never a process that reused the
pid), whose watchdog then ends what it registered; every process seen below the host just before
(the watchdog, the adapter, the program) still there after a grace is killed from here; then the
session's files are removed. Stdlib only to decide; psutil only once something is to be killed.
"""

from __future__ import annotations

import contextlib
import os
import time
from typing import Any

from dapcli.dispatch import remote, sessionfile

__all__ = ["KILL_WAIT", "WATCHDOG_WAIT", "end_unresponsive"]

#: How long to wait for the killed processes to be gone (s).
KILL_WAIT = 5.0
#: How long the host's watchdog is given to end the adapter and the program before they are
#: killed from here (s): it also knows a program that left the process tree (``setsid``).
WATCHDOG_WAIT = 2.0


def end_unresponsive(name: str) -> str | None:
    """When the host of session ``name`` is stopped or does not answer a ping, kill it and what it
    started, remove the session's files and return what was done; None when there is no such
    host or it answers (``kill`` then runs ``stop`` through it)."""
    entry = sessionfile.read(name)
    if entry is None or not sessionfile.is_host(entry) or entry.pid in _ancestry():
        return None  # connecting reports it (and cleans a dead host's files)
    stopped = sessionfile.is_stopped(entry.pid)
    if not stopped and remote.answers(entry.socket):
        return None
    import psutil

    try:
        host = psutil.Process(entry.pid)
        below = host.children(recursive=True)
    except psutil.Error:
        host, below = None, []
    if host is not None:
        with contextlib.suppress(psutil.Error):
            host.kill()  # its watchdog sees the host's end and ends what the host registered
    alive = _wait_ended(below, WATCHDOG_WAIT)
    for process in alive:
        with contextlib.suppress(psutil.Error):
            process.kill()  # psutil checks the start time: a reused pid is not killed
    alive = _wait_ended([*([host] if host is not None else []), *alive], KILL_WAIT)
    sessionfile.remove_stale(name)
    why = "was stopped" if stopped else "did not answer"
    left = f" (still running: {', '.join(str(p.pid) for p in alive)})" if alive else ""
    return (f"Session '{name}' killed: its host (pid {entry.pid}) {why}; it and the {len(below)} processes it "
            f"started (adapter, program) are ended{left}.\n")


def _ancestry() -> set[int]:
    """This process and its ancestors: never killed, whatever a session file says."""
    pids, pid = set(), os.getpid()
    while pid > 0 and pid not in pids:
        pids.add(pid)
        try:
            with open(f"/proc/{pid}/stat", "rb") as handle:
                data = handle.read()
            pid = int(data[data.rfind(b")") + 2:].split()[1])
        except (OSError, ValueError, IndexError):
            break
    return pids | {os.getppid(), 1}


def _wait_ended(processes: list[Any], timeout: float) -> list[Any]:
    """Wait until every one of ``processes`` (psutil) has ended (a zombie has: only its reaping
    is left, which is init's now); return those still running after ``timeout`` s."""
    import psutil

    deadline = time.monotonic() + timeout
    while True:
        alive = []
        for process in processes:
            with contextlib.suppress(psutil.Error):
                if process.is_running() and process.status() != psutil.STATUS_ZOMBIE:
                    alive.append(process)
        if not alive or time.monotonic() >= deadline:
            return alive
        time.sleep(0.05)
