"""Noticing a debuggee that died while stopped: gdb (cdt) learns of a SIGKILL sent to a stopped
program only when it next resumes it (and then reports a failed breakpoint insertion as a stop),
so the operating system is asked instead: the program is a zombie under its debugger."""

from __future__ import annotations

import contextlib
from pathlib import Path

import psutil

__all__ = ["dead_debuggee_status"]


def dead_debuggee_status(adapter_pid: int, program: str | None, debuggee_pid: int | None) -> int | None:
    """The exit code of the debuggee if it is a zombie below ``adapter_pid`` (``-signal`` when a
    signal ended it, as gdb and lldb-dap report it), else None. The debuggee is ``debuggee_pid``
    or, when the adapter never named it, the process below the adapter running ``program``."""
    if debuggee_pid is not None:  # a zombie keeps its pid: ask it alone, not every process
        with contextlib.suppress(psutil.Error, OSError, ValueError, IndexError):
            process = psutil.Process(debuggee_pid)
            if process.status() == psutil.STATUS_ZOMBIE and adapter_pid in (p.pid for p in process.parents()):
                return _exit_code(debuggee_pid)
        return None
    try:
        below = psutil.Process(adapter_pid).children(recursive=True)
    except psutil.Error:
        return None
    name = Path(program).name[:15] if program else None  # /proc/PID/comm keeps 15 characters
    for process in below:
        with contextlib.suppress(psutil.Error, OSError, ValueError, IndexError):
            if debuggee_pid is not None and process.pid != debuggee_pid:
                continue
            if debuggee_pid is None and (name is None or process.name() != name):
                continue
            if process.status() != psutil.STATUS_ZOMBIE:
                return None
            return _exit_code(process.pid)
    return None


def _exit_code(pid: int) -> int | None:
    """The wait status a zombie leaves in ``/proc/PID/stat`` (field 52, Linux 3.5+)."""
    text = Path(f"/proc/{pid}/stat").read_text()
    fields = text.rpartition(")")[2].split()
    status = int(fields[52 - 3])
    signal = status & 0x7F
    return -signal if signal else (status >> 8) & 0xFF
