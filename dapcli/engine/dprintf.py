"""Log points set in the debugger itself, where its adapter would not fill them in.

cdt-gdb-adapter prints a log point's ``logMessage`` as written (``i={i}``); dapcli used to send
it a plain breakpoint and fill in each message at each stop (~8 ms a hit, plus gdb's console
echo of every request). gdb has its own log points: ``dprintf``. Where the adapter names a way to
set one (:meth:`~dapcli.adapters.base.AdapterSpec.log_point_command`: cdt's
``cdt-gdb-tests/executeCommand`` request with gdb's MI ``-dprintf-insert``), dapcli sets each
log point as a dprintf after every ``setBreakpoints`` of its source (cdt deletes the gdb
breakpoints of a source it was not sent, dprintfs included), deleting the one it set before.
gdb then prints each message without stopping, as console text, which dapcli files as the
program's output (``engine/chatter.py``). A log point with a hit condition stays dapcli's.
While a temporary breakpoint holds its line (``until``, ``trace``: ``engine/standin.py``), its
dprintf is deleted (cdt would take it for the temporary breakpoint of the same line, and that
one would not stop), and set again when the line is given back.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

from dapcli.errors import DapcliError
from dapcli.files import is_number

__all__ = ["delete_log_points", "set_log_points"]


async def set_log_points(entries: list[Any], command: Callable[[Any], str | None], request_name: str,
                         request: Callable[..., Awaitable[Any]], setup: list[str]) -> list[Any]:
    """Run the debugger commands ``setup`` (gdb: define the function that fills in a message;
    refused: every entry is refused), then set each of ``entries`` (``BreakpointEntry`` with a
    log message) as the debugger's own log point: ``command(entry)`` is the debugger command,
    sent as DAP request ``request_name`` (``{"command": …}``); the previous one
    (``entry.adapter_id``) is deleted first. Records the
    debugger's number, line and ``verified``. Returns the entries the debugger refused (dapcli
    then fills them in itself)."""
    for text in setup:
        try:
            await request(request_name, {"command": text})
        except DapcliError:
            return list(entries)
    refused = []
    for entry in entries:
        if entry.adapter_id is not None:
            with contextlib.suppress(DapcliError):  # cdt may have deleted it already
                await request(request_name, {"command": f"-break-delete {entry.adapter_id}"})
        text = command(entry)
        try:
            body = await request(request_name, {"command": text})
        except DapcliError:
            refused.append(entry)
            continue
        point = ((body or {}).get("result") or {}).get("bkpt") or {}
        if not is_number(str(point.get("number", ""))):
            refused.append(entry)
            continue
        entry.adapter_id = int(point["number"])
        entry.verified = not entry.unresolved
        entry.actual_line = int(point["line"]) if is_number(str(point.get("line", ""))) else entry.line
        entry.message = None
    return refused


async def delete_log_points(entries: list[Any], request_name: str, request: Callable[..., Awaitable[Any]]) -> None:
    """Delete the debugger's own log points of ``entries`` (``BreakpointEntry``, set by
    :func:`set_log_points`), sending DAP request ``request_name``; each one's ``adapter_id`` is
    cleared. One the debugger deleted already is not an error."""
    for entry in entries:
        if entry.adapter_id is None:
            continue
        with contextlib.suppress(DapcliError):
            await request(request_name, {"command": f"-break-delete {entry.adapter_id}"})
        entry.adapter_id = None
