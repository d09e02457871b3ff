"""Leaving an attached program running (``stop`` without ``--terminate``).

A debug server that outlives its client (``dlv --headless --accept-multiclient``) keeps the
breakpoints a client set: the program halts at the next hit with nobody attached, although
dapcli said that it keeps running. Before a detaching ``disconnect``, dapcli therefore takes
back what it set (every source's breakpoints, function breakpoints, exception filters) and
resumes a stopped program. Adapters that clear them on detach anyway (debugpy, lldb, gdb) are
not harmed.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from typing import Any

from dapcli.errors import DapcliError
from dapcli.protocol.connection import Connection

__all__ = ["release"]


async def release(conn: Connection, keys: list[str], *, exception_filters: bool, thread_id: int | None,
                  timeout: float) -> None:
    """Send empty breakpoint sets for ``keys`` (source paths, or ``<functions>``), no exception
    filters (when the adapter has any), then ``continue`` ``thread_id`` when the program is
    stopped (DAP ``setBreakpoints``, ``setFunctionBreakpoints``, ``setExceptionBreakpoints``,
    ``continue``); each answer awaited at most ``timeout`` s. Never raises."""
    requests: list[tuple[str, dict[str, Any]]] = []
    for key in keys:
        if key == "<functions>":
            requests.append(("setFunctionBreakpoints", {"breakpoints": []}))
        else:
            requests.append(("setBreakpoints", {"source": {"path": key, "name": os.path.basename(key)},
                                                "breakpoints": []}))
    if exception_filters:
        requests.append(("setExceptionBreakpoints", {"filters": []}))
    if thread_id is not None:
        requests.append(("continue", {"threadId": thread_id}))
    for command, arguments in requests:
        with contextlib.suppress(DapcliError, asyncio.TimeoutError):
            await conn.result(conn.send(command, arguments), timeout=timeout)
