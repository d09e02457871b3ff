"""Prefetching what every stop state needs, the moment a ``stopped`` event arrives.

On a stop, :class:`Prefetch` sends ``stackTrace`` (top frames) at once, then — from the
response's done-callback, before any waiting coroutine resumes — ``scopes`` of the top frame and
``variables`` of its locals. :meth:`Session.request` takes an identical request from here (once),
so building the stop state costs no extra wake-ups between round trips.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from pydantic import BaseModel

from dapcli.engine.scopes import locals_scope
from dapcli.protocol import types as t
from dapcli.protocol.connection import Connection

__all__ = ["STOP_FRAMES", "Prefetch"]

#: How many frames a stop state shows (and the prefetch asks for).
STOP_FRAMES = 5

Message = dict[str, Any]


def request_key(command: str, arguments: Any) -> str:
    """A request's identity: its command and its arguments as compact JSON."""
    if isinstance(arguments, BaseModel):
        arguments = arguments.model_dump(mode="json", exclude_none=True)
    return command + json.dumps(arguments, sort_keys=True, separators=(",", ":"))


class Prefetch:
    """Responses sent ahead for the current stop, by request key; each is used at most once."""

    def __init__(self) -> None:
        self._pending: dict[str, asyncio.Future[Message]] = {}
        self.generation = -1

    def take(self, generation: int, command: str, arguments: Any) -> asyncio.Future[Message] | None:
        """The prefetched response future for this request at this stop, if any."""
        if generation != self.generation:
            return None
        return self._pending.pop(request_key(command, arguments), None)

    def forget(self, command: str) -> None:
        """Drop the prefetched ``command`` requests: lldb-dap numbers the scopes of whichever frame
        was asked last 1, 2, 3, so after ``scopes`` of another frame they would answer wrongly."""
        for key in [k for k in self._pending if k.startswith(command + "{")]:
            self._pending.pop(key).add_done_callback(_consume)

    def clear(self) -> None:
        """Forget every prefetched answer (a request that may change the program's state, such
        as ``setVariable`` or ``evaluate``, makes them stale)."""
        for future in self._pending.values():
            if not future.done():
                future.add_done_callback(_consume)
        self._pending = {}

    def start(self, conn: Connection, generation: int, thread_id: int) -> None:
        """Send ``stackTrace`` now and chain ``scopes`` and ``variables`` to its answer."""
        self.clear()
        self.generation = generation
        stack = self._send(conn, "stackTrace", {"threadId": thread_id, "startFrame": 0, "levels": STOP_FRAMES})
        if stack is not None:
            stack.add_done_callback(lambda f: self._after_stack(conn, generation, f))

    def _send(self, conn: Connection, command: str, arguments: dict[str, Any]) -> asyncio.Future[Message] | None:
        try:
            future = conn.send(command, arguments)
        except Exception:
            return None
        future.add_done_callback(_consume)
        self._pending[request_key(command, arguments)] = future
        return future

    def _after_stack(self, conn: Connection, generation: int, future: asyncio.Future[Message]) -> None:
        frames = _body(future).get("stackFrames") or []
        if generation != self.generation or not frames or "id" not in frames[0]:
            return
        scopes = self._send(conn, "scopes", {"frameId": frames[0]["id"]})
        if scopes is not None:
            scopes.add_done_callback(lambda f: self._after_scopes(conn, generation, f))

    def _after_scopes(self, conn: Connection, generation: int, future: asyncio.Future[Message]) -> None:
        if generation != self.generation:
            return
        try:
            found = [t.Scope.model_validate(s) for s in _body(future).get("scopes") or []]
            scope = locals_scope(found)
        except Exception:
            return
        if scope.variablesReference > 0:
            self._send(conn, "variables", {"variablesReference": scope.variablesReference})


def _body(future: asyncio.Future[Message]) -> dict[str, Any]:
    if future.cancelled() or future.exception() is not None:
        return {}
    message = future.result()
    body = message.get("body") if message.get("success") else None
    return body if isinstance(body, dict) else {}


def _consume(future: asyncio.Future[Message]) -> None:
    """Mark an unused prefetch's exception as retrieved (no 'never retrieved' warnings)."""
    if not future.cancelled():
        future.exception()
