"""debugpy's attach by ``processId``: its adapter runs an injector (gdb or lldb through ptrace)
and reports a failed injection only as two ``stderr`` output events ("Attach to PID failed."
then the injector's log); its ``attach`` answer would come after its own 60 s timeout. This
reads those events so the attach fails as soon as debugpy says so, and says whether the target
is still alive (a half-done injection can kill it)."""

from __future__ import annotations

import re

from dapcli.errors import AdapterError

__all__ = ["InjectionReport", "explain_injection_failure", "process_state"]

#: debugpy's own headline (debugpy/adapter/servers.py ``inject``).
FAILED_MARK = "Attach to PID failed."
#: Lines of the injector's log worth quoting (gdb/lldb errors, the injector's last word).
_NOTABLE = re.compile(r"denied|not permitted|ptrace|No symbol|Couldn't|error:|Error|No such process|"
                      r"could not|cannot|not found", re.IGNORECASE)


class InjectionReport:
    """Feeds on the adapter's ``output`` events; :meth:`feed` returns the failure message once
    debugpy has reported a failed injection (the headline, then the injector's log)."""

    def __init__(self) -> None:
        self._marked = False

    def feed(self, category: str, text: str) -> str | None:
        """The one-line failure once both events came, else None."""
        if category != "stderr":
            return None
        if text.strip() == FAILED_MARK:
            self._marked = True
            return None
        if not self._marked:
            return None
        self._marked = False
        return summary(text)


def summary(log: str) -> str:
    """One line from the injector's ``log``: debugpy's verdict and up to two notable lines."""
    lines = [line.strip() for line in log.splitlines() if line.strip()]
    verdict = next((re.sub(r"^E\+[\d.]+:\s*", "", line).rstrip(":") for line in lines
                    if "Code injection" in line), "code injection failed")
    cut = next((i for i, line in enumerate(lines) if "Code injection" in line), len(lines))
    notes = [line for line in lines[:cut] if _NOTABLE.search(line)  # the injector's (gdb/lldb) own words
             and not line.startswith(("File ", "Traceback", "Running:", "To ", "line to", "warning:"))]
    detail = " / ".join(dict.fromkeys(notes[-2:]))
    return f"debugpy could not inject its debugger: {verdict}" + (f" ({detail[:300]})" if detail else "")


def process_state(pid: int) -> str:
    """"still running", "has died" (gone or a zombie) — what a failed attach left of ``pid``."""
    import psutil

    try:
        alive = psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        alive = False
    return "is still running" if alive else "has died"


def explain_injection_failure(error: AdapterError, pid: int) -> AdapterError:
    """``error`` (a failed attach by pid) with the target's state and what to do."""
    if "inject" not in error.message:
        return error
    state = process_state(pid)
    note = "" if state.startswith("is still") else " (the failed injection may have killed it)"
    return AdapterError(
        f"attach to process {pid} failed: {error.message.removeprefix('attach failed: ')}; "
        f"process {pid} {state}{note}",
        "debugpy injects through ptrace (gdb/lldb), which this machine may restrict (a container "
        "without SYS_PTRACE, kernel.yama.ptrace_scope): start the program with `python -m debugpy "
        "--listen 5678 PROGRAM` and `dapcli attach 5678`, or `dapcli launch PROGRAM`")
