"""Naming how an adapter (or a debuggee) went away: "exited with code 3", "killed by SIGKILL"."""

from __future__ import annotations

import asyncio
import contextlib
import signal
from typing import Any

__all__ = ["describe_exit", "describe_lost_adapter"]

#: How long to wait for a lost adapter's process to be reaped before naming its end (s).
REAP_WAIT = 0.5
#: The connection's reason when the peer simply closed its stream.
PEER_CLOSED = "the adapter closed the connection"


def describe_exit(returncode: int | None) -> str:
    """``exited with code N`` / ``killed by SIGNAME`` for a process return code (negative:
    the signal, as asyncio and subprocess report it; 128 + N as a shell reports it is not
    guessed at). ``still running`` for None."""
    if returncode is None:
        return "still running"
    if returncode < 0:
        return f"killed by {signal_name(-returncode)}"
    return f"exited with code {returncode}"


def signal_name(number: int) -> str:
    """``SIGKILL`` for 9; ``signal 77`` for a number that names no signal."""
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


async def describe_lost_adapter(adapter: str, transport: Any, reason: str) -> str:
    """One line for an adapter whose connection ended under a live session: how its process
    ended (``the adapter debugpy exited (code 3)``, ``… exited (killed by SIGKILL)``), or why
    the stream ended (a framing error; a closed stream while the process still ran)."""
    if not reason.startswith(PEER_CLOSED):
        return f"lost the adapter {adapter}: {reason}"
    process = getattr(transport, "process", None)
    if process is not None:
        with contextlib.suppress(asyncio.TimeoutError, ProcessLookupError):
            await asyncio.wait_for(process.wait(), REAP_WAIT)
        if process.returncode is not None:
            code = process.returncode
            text = f"the adapter {adapter} exited ({describe_exit(code) if code < 0 else f'code {code}'})"
            tail = _tail(transport)
            return f"{text} | stderr: {tail}" if tail else text
        return f"the adapter {adapter} closed its connection while still running (ended it)"
    return f"the adapter {adapter} closed its connection"


def _tail(transport: Any) -> str:
    with contextlib.suppress(Exception):
        lines = [line.strip() for line in transport.stderr_tail().splitlines() if line.strip()]
        return " / ".join(lines[-3:])[-400:]
    return ""
