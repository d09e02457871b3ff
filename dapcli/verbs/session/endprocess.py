"""Ending an attached program that its adapter left running (``stop --terminate``): by the
process dapcli attached to, never a process that reused its pid (psutil checks identity)."""

from __future__ import annotations

from typing import Any

__all__ = ["end_process", "process_of", "still_alive"]


def process_of(pid: int) -> Any:
    """The running process ``pid`` (a ``psutil.Process``, which checks its identity later), or None."""
    import psutil

    try:
        return psutil.Process(pid)
    except psutil.Error:
        return None


def end_process(process: Any, grace: float = 3.0) -> str | None:
    """End ``process`` (the one dapcli attached to, not a process that reused its pid): SIGTERM,
    then SIGKILL after ``grace`` s; which signal ended it, or None when it could not be ended."""
    import psutil

    for send, name in ((process.terminate, "SIGTERM"), (process.kill, "SIGKILL")):
        try:
            send()  # psutil refuses a pid that now names another process (NoSuchProcess)
            process.wait(grace)
            return name
        except psutil.TimeoutExpired:
            continue
        except psutil.NoSuchProcess:
            return name
        except psutil.Error:
            return None
    return None


def still_alive(pid: int, timeout: float = 2.0) -> bool:
    """True when ``pid`` still runs after ``timeout`` s (zombies count as gone)."""
    import psutil

    try:
        process = psutil.Process(pid)
        process.wait(timeout)
    except psutil.TimeoutExpired:
        return process.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False
    return False
