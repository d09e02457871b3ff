"""Ending an attached program whose adapter ignores ``terminateDebuggee`` (cdt-gdb-adapter on a
gdbserver target exits gdb and leaves the program running): the adapter's own command first."""

from __future__ import annotations

import asyncio
import contextlib

from dapcli.adapters.base import AdapterSpec, AttachOptions
from dapcli.errors import DapcliError
from dapcli.protocol.connection import Connection

__all__ = ["kill_attached"]


async def kill_attached(conn: Connection, adapter: AdapterSpec, options: AttachOptions | None,
                        thread_id: int | None, timeout: float) -> bool:
    """Run ``adapter``'s :meth:`~AdapterSpec.terminate_command` as a ``repl`` ``evaluate`` in the
    top frame of the stopped ``thread_id`` (DAP ``stackTrace`` then ``evaluate``; cdt evaluates
    nothing without a frame). True when the adapter answered it; False when there is no such
    command, no stopped thread, or no answer within ``timeout`` s. Never raises."""
    kill = adapter.terminate_command(options)
    if not kill or thread_id is None:
        return False
    with contextlib.suppress(DapcliError, asyncio.TimeoutError, LookupError, TypeError):
        stack = await conn.result(conn.send("stackTrace", {"threadId": thread_id, "levels": 1}), timeout=timeout)
        frames = (stack or {}).get("stackFrames") or []
        if frames:
            await conn.result(conn.send("evaluate", {"expression": kill, "context": "repl",
                                                     "frameId": frames[0]["id"]}), timeout=timeout)
            return True
    return False
