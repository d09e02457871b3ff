"""Prefetching what every stop state needs, the moment a ``stopped`` event arrives.

On a stop, :class:`Prefetch` sends ``stackTrace`` (top frames) at once, then — from the
response's done-callback — ``scopes`` of the top frame and ``variables`` of its locals.
:meth:`Session.request` takes an identical request from here (once), so building the stop state
costs no extra wake-ups between round trips. A step whose answer is in but whose callback has not
run yet (a coroutine woken in the same loop turn can get there first) runs when a request is
taken, so the stop state never sends a second ``scopes`` or ``variables`` beside the prefetched
one: cdt-gdb-adapter creates gdb's variable objects twice when two ``variables`` of one new
frame overlap, and lists every local twice from then on.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from dapcli.engine.scopes import locals_scope
from dapcli.protocol import types as t
from dapcli.protocol.connection import Connection

__all__ = ["STACK_PAGE", "STOP_FRAMES", "Prefetch"]

#: How many frames a stop state shows.
STOP_FRAMES = 5
#: How many frames the prefetch asks for: the first page of ``stack`` (its default ``levels``),
#: which the stop's own answer then serves (``verbs/shared/frames.py``) — at a stop 10,000 frames
#: deep debugpy takes ~0.4 s per ``stackTrace`` whatever the levels.
STACK_PAGE = 20

Message = dict[str, Any]
Step = tuple[asyncio.Future[Message], Callable[[asyncio.Future[Message]], None]]


def request_key(command: str, arguments: Any) -> str:
    """A request's identity: its command and its arguments as compact JSON."""
    if isinstance(arguments, BaseModel):
        arguments = arguments.model_dump(mode="json", exclude_none=True)
    return command + json.dumps(arguments, sort_keys=True, separators=(",", ":"))


class Prefetch:
    """Responses sent ahead for the current stop, by request key; each is used at most once."""

    def __init__(self) -> None:
        self._pending: dict[str, asyncio.Future[Message]] = {}
        self._steps: list[Step] = []  # chained steps whose answer has not been acted on yet
        self._serial: frozenset[str] = frozenset()
        self.generation = -1

    def take(self, generation: int, command: str, arguments: Any) -> asyncio.Future[Message] | None:
        """The prefetched response future for this request at this stop, if any (after running
        every chained step whose answer is already in)."""
        if generation != self.generation:
            return None
        self._run_due()
        return self._pending.pop(request_key(command, arguments), None)

    def _chain(self, future: asyncio.Future[Message], step: Callable[[asyncio.Future[Message]], None]) -> None:
        """Run ``step(future)`` once: when ``future`` is done, or earlier from :meth:`take`."""
        entry: Step = (future, step)
        self._steps.append(entry)
        future.add_done_callback(lambda f: self._run(entry))

    def _run(self, entry: Step) -> None:
        if entry in self._steps:
            self._steps.remove(entry)
            entry[1](entry[0])

    def _run_due(self) -> None:
        while due := [e for e in self._steps if e[0].done()]:
            for entry in due:
                self._run(entry)

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
        self._steps = []

    def start(self, conn: Connection, generation: int, thread_id: int, serial: frozenset[str] = frozenset()) -> None:
        """Send ``stackTrace`` now and chain ``scopes`` and ``variables`` to its answer.
        ``serial``: the requests the adapter cannot serve overlapped (engine/serial.py); the
        ``variables`` step is skipped when one of them is in flight."""
        self.clear()
        self.generation = generation
        self._serial = serial
        stack = self._send(conn, "stackTrace", {"threadId": thread_id, "startFrame": 0, "levels": STACK_PAGE})
        if stack is not None:
            self._chain(stack, lambda f: self._after_stack(conn, generation, f))

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
            self._chain(scopes, lambda f: self._after_scopes(conn, generation, f))

    def _after_scopes(self, conn: Connection, generation: int, future: asyncio.Future[Message]) -> None:
        if generation != self.generation:
            return
        try:
            found = [t.Scope.model_validate(s) for s in _body(future).get("scopes") or []]
            scope = locals_scope(found)
        except Exception:
            return
        if "variables" in self._serial and conn.in_flight(self._serial):
            return  # cdt: it must not overlap another; the stop state asks when that one is answered
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
