"""A debuggee or adapter stopped by a signal (``kill -STOP PID``, Ctrl-Z) answers nothing until
``kill -CONT PID``: a request to it would wait its whole timeout and then blame a busy program.

:func:`check_frozen` (the connection's ``stall_check``) refuses a request at once when that is
so, and ends the wait of one sent before, within ``STALL_POLL`` s, saying which process and how
to resume it. Only the job-control stop (``T``) counts: a native debuggee at a breakpoint is
in a tracing stop (``t``), which is normal.
"""

from __future__ import annotations

import psutil

from dapcli.engine.api import ProcessIds
from dapcli.errors import PreconditionError

__all__ = ["FrozenError", "check_frozen", "frozen_process"]


class FrozenError(PreconditionError):
    """The debuggee or the adapter is stopped by a signal (exit 4: resume it, then retry)."""


def _is_stopped(pid: int | None) -> bool:
    if not pid:
        return False
    try:
        return psutil.Process(pid).status() == psutil.STATUS_STOPPED
    except (psutil.Error, OSError):
        return False


def frozen_process(session: ProcessIds) -> tuple[str, int] | None:
    """``("the program", pid)`` or ``("the adapter", pid)`` when that process is stopped by a signal."""
    for what, pid in (("the program", session.debuggee_pid), ("the debug adapter", session.adapter_pid)):
        if pid and _is_stopped(pid):
            return what, pid
    return None


def _error(what: str, pid: int, command: str) -> FrozenError:
    return FrozenError(f"{what} (pid {pid}) is stopped by a signal (kill -STOP or Ctrl-Z): it cannot answer {command}",
                       f"resume it with `kill -CONT {pid}`, then retry")


def check_frozen(session: ProcessIds, command: str) -> None:
    """Raise FrozenError when the debuggee or the adapter is stopped by a signal."""
    found = frozen_process(session)
    if found is not None:
        raise _error(*found, command)
