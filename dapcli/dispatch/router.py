"""A dispatcher for frontends that may own sessions (REPL, MCP, recipes) and may also join
sessions hosted by ``dapcli launch``: a name with a live session file goes to its host, any
other name runs in-process."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator
from typing import Any

from dapcli.dispatch import remote, sessionfile
from dapcli.dispatch.local import LocalDispatcher, lookup
from dapcli.engine.manager import SessionManager
from dapcli.verbs.models import Result, SessionInfo

__all__ = ["RoutingDispatcher", "hosted_sessions"]


def hosted_sessions() -> list[SessionInfo]:
    """Sessions served by live session hosts (from their session files)."""
    return [
        SessionInfo(name=s.name, state=s.state, adapter=s.adapter, program=s.program, host_pid=s.pid, hosted=True)
        for s in sessionfile.list_sessions()
    ]


class RoutingDispatcher:
    """Same ``call`` as :class:`LocalDispatcher`; hosted sessions are reached over their socket."""

    def __init__(self, local: LocalDispatcher | None = None) -> None:
        self.local = local or LocalDispatcher(list_hosted=hosted_sessions)
        if self.local.list_hosted is None:
            self.local.list_hosted = hosted_sessions

    @property
    def manager(self) -> SessionManager:
        return self.local.manager

    def is_hosted(self, session: str) -> bool:
        """True when ``session`` is not owned here and a live host serves it."""
        if session in self.manager.sessions:
            return False
        entry = sessionfile.read(session)
        return entry is not None and sessionfile.alive(entry.pid)

    async def call(self, verb: str, args: dict[str, Any] | None, session: str = "default",
                   cwd: str | None = None) -> Result:
        """Run ``verb`` locally or on the session's host; same errors as LocalDispatcher."""
        spec = lookup(verb)
        if verb == "sessions" or not self.is_hosted(session):
            return await self.local.call(verb, args, session, cwd)

        def remote_call() -> dict[str, Any]:
            with remote.connect(session) as client:
                return client.call(verb, args, cwd or os.getcwd())

        data = await asyncio.to_thread(remote_call)
        return spec.result_model.model_validate(data)  # type: ignore[no-any-return]

    async def subscribe(self, session: str) -> AsyncIterator[dict[str, Any]]:
        """Change notifications of a hosted session (``{"event", "state", "generation"}``)
        until its host ends; nothing for sessions owned here (their listeners see changes)."""
        entry = sessionfile.read(session)
        if entry is None:
            return
        reader, writer = await asyncio.open_unix_connection(entry.socket)
        try:
            writer.write(json.dumps({"id": 1, "subscribe": True}).encode() + b"\n")
            await writer.drain()
            while True:
                line = await reader.readline()
                if not line:
                    return
                message = json.loads(line)
                if "event" in message:
                    yield message
        finally:
            writer.close()
