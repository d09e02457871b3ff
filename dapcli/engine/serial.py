"""One request at a time, of the kinds an adapter cannot serve overlapped.

cdt-gdb-adapter keeps gdb's variable objects in one table per frame and stack depth. Its
``variables`` handler looks a local up in that table, awaits gdb's ``-var-create``, then adds the
new object. Two ``variables`` requests of a frame it has not listed yet, overlapping, both miss and
both add: every local is created twice, and from then on the frame lists each one twice,
interleaved (``n, n, result, result``), which reads as a local hidden by an inner block. On such an
adapter (:attr:`~dapcli.adapters.base.AdapterSpec.serial_requests`) a request of those kinds waits
until none is in flight before it is sent.
"""

from __future__ import annotations

import asyncio
from collections.abc import Collection

from dapcli.protocol.connection import Connection

__all__ = ["wait_turn"]


async def wait_turn(conn: Connection, commands: Collection[str], timeout: float | None) -> None:
    """Return once no request of ``commands`` is in flight on ``conn`` (DAP responses pending), or
    after ``timeout`` s (None: no bound) even if one still is; never raises. The caller sends its
    request without awaiting in between, so two waiters never go together."""
    loop = asyncio.get_running_loop()
    deadline = None if timeout is None else loop.time() + timeout
    while busy := conn.in_flight(commands):
        left = None if deadline is None else deadline - loop.time()
        if left is not None and left <= 0:
            return
        await asyncio.wait(busy, timeout=left)
