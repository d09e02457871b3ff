"""debugpy's attach by ``processId``: its adapter injects its code with gdb (through ptrace), and
a half-done injection can kill the target. When the injection failed (reported at once, see
``DebugpyAdapter.start_failure``), the error says whether the target is still alive."""

from __future__ import annotations

from dapcli.errors import AdapterError

__all__ = ["explain_injection_failure", "process_state"]


def process_state(pid: int) -> str:
    """``is still running`` or ``has died`` (gone, or a zombie): what a failed attach left of ``pid``."""
    import psutil

    try:
        alive = psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        alive = False
    return "is still running" if alive else "has died"


def explain_injection_failure(error: AdapterError, pid: int) -> AdapterError:
    """``error`` (a failed attach by pid) with the target's state: ``…; process N has died (the
    failed injection may have killed it)``. Other errors are returned as they are."""
    if "inject" not in error.message:
        return error
    state = process_state(pid)
    note = "" if state.startswith("is still") else " (the failed injection may have killed it)"
    hint = error.hint or ("start the program with `python -m debugpy --listen 127.0.0.1:5678 PROGRAM` and "
                          "`dapcli attach 127.0.0.1:5678`, or check that ptrace is allowed (`dapcli doctor`)")
    return AdapterError(f"{error.message}; process {pid} {state}{note}", hint)
