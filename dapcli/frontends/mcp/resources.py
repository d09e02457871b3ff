"""MCP resources (``dapcli://sessions``, ``dapcli://session/{name}``) and the notifications
that tell subscribers when a session's state changes."""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

from mcp.server.mcpserver.exceptions import ResourceError, ResourceNotFoundError
from mcp.server.subscriptions import (
    InMemorySubscriptionBus,
    ResourcesListChanged,
    ResourceUpdated,
    SubscriptionBus,
)

from dapcli.errors import DapcliError, SessionError

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

    from dapcli.frontends.mcp.tools import Dispatcher

__all__ = ["SESSIONS_URI", "Notifier", "add_resources", "session_uri"]

SESSIONS_URI = "dapcli://sessions"
SESSION_TEMPLATE = "dapcli://session/{name}"
#: Output chunks included in a session resource.
RECENT_OUTPUT = 50


def session_uri(name: str) -> str:
    return SESSION_TEMPLATE.format(name=name)


def add_resources(server: MCPServer, dispatcher: Dispatcher) -> None:
    """Register the sessions list and the per-session resource on ``server``."""

    @server.resource(SESSIONS_URI, name="sessions", mime_type="application/json",
                     description="Debug sessions: name, state, adapter, program.")
    async def sessions() -> str:
        result = await _call(dispatcher, "sessions", {}, "default")
        return json.dumps(result["sessions"])

    @server.resource(SESSION_TEMPLATE, name="session", mime_type="application/json",
                     description="One session: its state, last stop (or exit code) and recent output.")
    async def session(name: str) -> str:
        status = await _call(dispatcher, "status", {}, name)
        output = await _call(dispatcher, "output", {"tail": RECENT_OUTPUT}, name)
        return json.dumps({"status": status, "output": output})


async def _call(dispatcher: Dispatcher, verb: str, args: dict[str, Any], session: str) -> dict[str, Any]:
    from dapcli.frontends.mcp.tools import error_text  # the verb table: imported by the first call

    try:
        return (await dispatcher.call(verb, args, session, None)).to_json()
    except SessionError as exc:
        raise ResourceNotFoundError(error_text(exc)) from None
    except DapcliError as exc:
        raise ResourceError(error_text(exc)) from None


class Notifier:
    """Publishes ``resources/updated`` for a session when it stops, runs or ends, and for
    ``dapcli://sessions`` (plus list-changed) when sessions come or go."""

    def __init__(self, bus: SubscriptionBus, dispatcher: Dispatcher) -> None:
        self.bus = bus
        self.dispatcher = dispatcher
        self._names: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    def on_session_event(self, what: str, session: Any) -> None:
        """A SessionManager ``on_change`` listener (called on the event loop, synchronously).
        Nothing is published while no client listens (each ``next`` runs and stops: two tasks
        on every step otherwise)."""
        if what in ("stopped", "running", "ended") and self._listened():
            self._spawn([ResourceUpdated(uri=session_uri(session.name)), ResourceUpdated(uri=SESSIONS_URI)])

    def _listened(self) -> bool:
        """False when the bus is the SDK's in-memory one and has no listener (a client that
        subscribes to a resource, or opens a listen stream, adds one); True otherwise."""
        listeners = getattr(self.bus, "_listeners", None)
        return not (isinstance(self.bus, InMemorySubscriptionBus) and isinstance(listeners, dict) and not listeners)

    async def after_call(self, verb: str, session: str) -> None:
        """After each tool call: notice sessions that appeared or went away."""
        names = set(self.dispatcher.manager.sessions)
        if names != self._names:
            # a new session's own resource too: its first stop came before it joined the manager
            new = [ResourceUpdated(uri=session_uri(name)) for name in sorted(names - self._names)]
            self._names = names
            await self._publish([ResourcesListChanged(), ResourceUpdated(uri=SESSIONS_URI), *new])

    def _spawn(self, events: list[Any]) -> None:
        task = asyncio.get_running_loop().create_task(self._publish(events))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _publish(self, events: list[Any]) -> None:
        for event in events:
            await self.bus.publish(event)
