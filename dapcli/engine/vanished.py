"""Noticing a program that ended while its adapter stays silent.

debugpy answers a request from inside the program. A program that ends abruptly (``os._exit``)
right after a ``continue`` loses that answer, and when a process it forked still holds the
program's connection to the adapter (the fork inherited it), debugpy never learns of the end
either: the ``continue`` would wait its whole timeout, then leave the session "stopped" in a
program that is gone, and every later request would wait 30 s the same way.

So the session keeps the start time of the program the adapter named (the ``process`` event),
when that process is one of ours (it carries this host's mark, see
:mod:`dapcli.engine.watchmark`: never a remote or foreign process, whose pid means nothing
here). A request that has waited :data:`GRACE` s while that process is gone (or a zombie, or its
pid taken by another process) will never be answered: the connection's ``wait_check`` ends it.
"""

from __future__ import annotations

import contextlib

import psutil

from dapcli.engine.watchmark import MARK, own_mark

__all__ = ["GRACE", "gone", "owned_start"]

#: Seconds a request waits before a program that is gone is taken as the reason: an adapter
#: that saw the end reports it within milliseconds.
GRACE = 2.0


def owned_start(pid: int) -> float | None:
    """The start time of process ``pid`` when it carries this process's mark, else None (not
    ours, not here, or not readable)."""
    with contextlib.suppress(psutil.Error, OSError, ValueError):
        process = psutil.Process(pid)
        if own_mark() in process.environ().get(MARK, "").split():
            return process.create_time()
    return None


def gone(pid: int, started: float) -> bool:
    """True when process ``pid`` (started at ``started``) has ended: no such process, a zombie,
    or another process that took its pid."""
    try:
        process = psutil.Process(pid)
        return process.create_time() != started or process.status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True
    except (psutil.Error, OSError):
        return False
