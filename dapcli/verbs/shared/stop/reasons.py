"""A stop's reason in one vocabulary across adapters, and the signal a native stop reports."""

from __future__ import annotations

import re

__all__ = ["PAUSE_SIGNALS", "normalize_reason", "stop_signal"]

_REASONS = {
    "function breakpoint": "breakpoint",
    "instruction breakpoint": "breakpoint",
    "data breakpoint": "watchpoint",
    "exception": "exception",
}


#: Signals that mean "interrupted" (lldb-dap and CodeLLDB report `pause` as a SIGSTOP
#: exception, cdt-gdb-adapter as reason "SIGINT"); any other signal is a crash.
PAUSE_SIGNALS = {"SIGSTOP", "SIGINT", "SIGTSTP"}
_SIGNAL = re.compile(r"\b(SIG[A-Z0-9]+)\b")
_WATCHPOINT = re.compile(r"^watchpoint(?: \d+|:)")


def stop_signal(raw: str | None, description: str | None = None) -> str | None:
    """The signal a native stop reports: the raw reason itself (cdt: ``SIGSEGV``), or the
    description of an ``exception`` stop (lldb: ``signal SIGSEGV: address not mapped…``)."""
    if raw and raw.startswith("SIG"):
        return raw
    if raw == "exception" and description and description.lower().startswith("signal"):
        found = _SIGNAL.search(description)
        return found.group(1) if found else None
    return None


def normalize_reason(raw: str | None, description: str | None = None) -> str | None:
    """A stop ``reason`` in one vocabulary across adapters (the raw one is kept beside it):
    a signal is ``exception`` (a crash) or ``pause`` (SIGSTOP/SIGINT: an interrupt)."""
    if raw is None:
        return None
    signal = stop_signal(raw, description)
    if signal is not None:
        return "pause" if signal in PAUSE_SIGNALS else "exception"
    if raw in ("breakpoint", "generic") and description and _WATCHPOINT.match(description):
        return "watchpoint"  # lldb-dap 19: reason breakpoint, description "watchpoint 1"; gdb (cdt): generic
    return _REASONS.get(raw, raw.replace(" ", "_"))
