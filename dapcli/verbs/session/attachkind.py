"""Which adapter family attaches to a running process when ``attach --process-id`` names none:
told from the process's executable (``/proc/PID/exe``), as ``launch`` tells it for a program."""

from __future__ import annotations

import os
import re

from dapcli.adapters.base import AdapterSpec
from dapcli.adapters.native.common import is_native_executable
from dapcli.adapters.registry import adapter_for
from dapcli.errors import PreconditionError, UsageError

__all__ = ["adapter_for_process", "check_process"]

#: ``python3.11``, ``python``, ``pypy3``: an interpreter runs the program (debugpy).
_PYTHON = re.compile(r"^(?:python|pypy)[\d.]*m?$")
_HINT = "pass --adapter lldb|gdb|python|go"


def adapter_for_process(pid: int, cwd: str) -> AdapterSpec:
    """The adapter for process ``pid``: debugpy for a Python interpreter, Delve for a Go
    executable, else the native adapter ``launch`` would choose for that executable.

    Raises:
        UsageError: no such process, its executable cannot be read, or its kind is unknown
            (the hint says to pass ``--adapter``).
    """
    if not os.path.isdir(f"/proc/{pid}"):
        if os.path.isdir("/proc/self"):
            raise UsageError(f"no process with id {pid}", "check the pid (e.g. with `pgrep -a NAME`)")
        raise UsageError(f"cannot tell which debugger attaches to process {pid} here", _HINT)
    try:
        exe = os.readlink(f"/proc/{pid}/exe")
    except OSError as exc:
        raise UsageError(f"cannot tell which debugger attaches to process {pid}: its executable cannot be read "
                         f"({exc.strerror or exc})", _HINT) from None
    exe = exe.removesuffix(" (deleted)")
    if _PYTHON.match(os.path.basename(exe)):
        return adapter_for(None, "python", cwd)
    if is_native_executable(exe):
        return adapter_for(exe, None, cwd)  # a Go executable → Delve, else lldb/gdb as launch picks
    raise UsageError(f"cannot tell which debugger attaches to process {pid} ({exe})", _HINT)


def check_process(pid: int) -> None:
    """Refuse an attach to a local process that does not exist, before any adapter starts
    (every family: some adapters crash or wait their whole timeout on a missing pid).

    Raises:
        PreconditionError: no process ``pid`` (checked where ``/proc`` exists).
    """
    if os.path.isdir("/proc/self") and not os.path.isdir(f"/proc/{pid}"):
        raise PreconditionError(f"no process with id {pid}", "check the id with `ps` or `pgrep`")
