"""Is the program blocked reading the terminal dapcli gave it? (Linux ``/proc``.)

A program run in dapcli's pty (DAP ``runInTerminal``) that reads its terminal before any stop
would make ``launch``/``continue`` wait their whole timeout. :func:`reading_terminal` tells, from
``/proc/PID/syscall`` (a ``read`` on a descriptor that is the pty) and ``/proc/PID/stat`` (asleep),
whether a process of the terminal's command is waiting for input. It answers None where it
cannot tell (no ``/proc``, another kernel architecture, no permission): callers then wait
their normal timeout.
"""

from __future__ import annotations

import contextlib
import os
import platform

from dapcli.engine.processes import descendants

__all__ = ["POLL_INTERVAL", "reading_terminal"]

#: Seconds between two looks while waiting for a stop.
POLL_INTERVAL = 0.1
#: The ``read`` system call's number, by machine (``/proc/PID/syscall`` gives the number).
_READ = {"x86_64": 0, "amd64": 0, "aarch64": 63, "arm64": 63, "riscv64": 63}.get(platform.machine().lower())


def reading_terminal(pid: int, tty: str) -> bool | None:
    """True when ``pid`` (the terminal's command) or one of its descendants sleeps in a
    ``read`` of ``tty`` (the pty's slave path, e.g. ``/dev/pts/3``); False when none does;
    None when this system cannot tell."""
    if _READ is None or not os.path.isdir(f"/proc/{pid}"):
        return None
    pids = [pid, *(p.pid for p in descendants(pid))]
    answers = [_reads(p, tty) for p in pids]
    if any(answers):
        return True
    return None if all(a is None for a in answers) else False


def _reads(pid: int, tty: str) -> bool | None:
    """Whether the main thread of ``pid`` sleeps in ``read`` on ``tty`` (None: unreadable)."""
    try:
        with open(f"/proc/{pid}/syscall") as handle:
            fields = handle.read().split()
        with open(f"/proc/{pid}/stat") as handle:
            state = handle.read().rpartition(")")[2].split()[0]
    except (OSError, IndexError):
        return None
    if len(fields) < 2 or not fields[0].isdigit() or int(fields[0]) != _READ or state not in ("S", "D"):
        return False
    with contextlib.suppress(OSError, ValueError):
        return os.readlink(f"/proc/{pid}/fd/{int(fields[1], 16)}") == tty
    return False
