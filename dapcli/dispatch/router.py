"""A dispatcher for frontends that own sessions (REPL, MCP, recipes) and may also join sessions
served by other processes (``dapcli launch``'s host, another REPL or MCP server): a name this
process owns runs in-process; a name with a live session file elsewhere goes to its socket.

With ``publish=True`` the sessions this process launches are served too (see
:class:`~dapcli.dispatch.server.SessionServer`), so others can join them.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import AsyncIterator
from typing import Any

from dapcli.dispatch import sessionfile
from dapcli.dispatch.local import LocalDispatcher, lookup
from dapcli.dispatch.remote import LOOK_EVERY, host_state, host_timeout
from dapcli.dispatch.server import SessionServer
from dapcli.engine.manager import SessionManager
from dapcli.errors import ConnectionLostError, DapTimeoutError, SessionError, error_from_dict
from dapcli.verbs.models import Result, SessionInfo

__all__ = ["RoutingDispatcher", "hosted_sessions"]


def hosted_sessions() -> list[SessionInfo]:
    """Sessions served by live processes (from their session files); a host of another
    process that does not answer a ping within a second has the state ``not answering`` (``host
stopped`` when it is stopped by a signal)."""
    return [
        SessionInfo(name=s.name, state=s.state if s.pid == os.getpid() else host_state(s),
                    adapter=s.adapter, program=s.program, host_pid=s.pid, hosted=True)
        for s in sessionfile.list_sessions()
    ]


class _Link:
    """One kept-open connection to another process's session socket (calls in turn)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, name: str = "",
                 pid: int = 0) -> None:
        self.reader, self.writer = reader, writer
        self.name, self.pid = name, pid
        self.lock = asyncio.Lock()
        self.next_id = 0

    def _check_stopped(self) -> None:
        if self.pid and sessionfile.is_stopped(self.pid):
            raise sessionfile.stopped_host(self.name, self.pid)

    async def call(self, message: dict[str, Any]) -> dict[str, Any]:
        async with self.lock:
            self._check_stopped()  # sent to a stopped host, it would run whenever it is resumed
            self.next_id += 1
            limit = host_timeout()
            self.writer.write(json.dumps({"id": self.next_id, "giveUp": time.time() + limit, **message}).encode()
                              + b"\n")
            await self.writer.drain()
            while True:
                line = await self._next_line(limit)
                if not line:
                    raise ConnectionLostError("the session's host closed the connection")
                reply = json.loads(line)
                if reply.get("id") == self.next_id and "alive" not in reply:
                    return reply  # type: ignore[no-any-return]

    async def _next_line(self, limit: float) -> bytes:
        """The host's next line; the host sends keep-alives while a call runs: ``limit`` s of
        silence means it hangs (a stopped host is told at once)."""
        pending = asyncio.ensure_future(self.reader.readline())
        silent = 0.0
        try:
            while True:
                done, _ = await asyncio.wait({pending}, timeout=LOOK_EVERY)
                if done:
                    return pending.result()
                self._check_stopped()
                silent += LOOK_EVERY
                if silent >= limit:
                    raise DapTimeoutError(f"the session's host did not answer within {limit:g} s",
                                          "it may be hung: see `dapcli sessions`; `dapcli kill` ends it")
        finally:
            pending.cancel()  # the link is closed after an error: a half-read line is not read again

    def close(self) -> None:
        self.writer.close()


class RoutingDispatcher:
    """Same ``call`` as :class:`LocalDispatcher`; other processes' sessions via their socket."""

    def __init__(self, local: LocalDispatcher | None = None, *, publish: bool = False) -> None:
        self.local = local or LocalDispatcher(list_hosted=hosted_sessions)
        if self.local.list_hosted is None:
            self.local.list_hosted = hosted_sessions
        self.server = SessionServer(self.local, publish_all=True) if publish else None
        self._links: dict[str, _Link] = {}

    @property
    def manager(self) -> SessionManager:
        return self.local.manager

    def is_hosted(self, session: str) -> bool:
        """True when ``session`` is not owned here and a live process serves it."""
        if session in self.manager.sessions:
            return False
        entry = sessionfile.read(session)
        return entry is not None and entry.pid != os.getpid() and sessionfile.is_host(entry)

    async def call(self, verb: str, args: dict[str, Any] | None, session: str = "default",
                   cwd: str | None = None) -> Result:
        """Run ``verb`` here or in the session's process; same errors as LocalDispatcher
        (UsageError for an invalid session name, before any file is looked at)."""
        sessionfile.check(session)
        spec = lookup(verb)
        runs_here = verb == "sessions" or (spec.needs == "none" and not spec.executes)
        if runs_here or not self.is_hosted(session):
            return await self.local.call(verb, args, session, cwd)
        reply = await self._remote(session, {"verb": verb, "args": args or {}, "cwd": cwd or os.getcwd()})
        if "error" in reply:
            raise error_from_dict(reply["error"])
        return spec.result_model.model_validate(reply["result"])  # type: ignore[no-any-return]

    async def _remote(self, session: str, message: dict[str, Any]) -> dict[str, Any]:
        link = self._links.get(session)
        if link is None:
            entry = sessionfile.read(session)
            if entry is None:
                raise sessionfile.unknown_session(session)
            sessionfile.check_socket(entry.socket)
            try:
                link = _Link(*await asyncio.open_unix_connection(entry.socket, limit=1 << 24), session, entry.pid)
            except OSError:
                raise SessionError(f"session '{session}' does not answer on {entry.socket}",
                                   "see `dapcli sessions`") from None
            self._links[session] = link
        try:
            return await link.call(message)
        except DapTimeoutError as exc:
            self._links.pop(session, None)
            link.close()
            raise DapTimeoutError(f"session '{session}': {exc.message}", exc.hint) from None
        except SessionError:  # its host is stopped
            self._links.pop(session, None)
            link.close()
            raise
        except (OSError, ConnectionLostError):
            self._links.pop(session, None)
            link.close()
            raise ConnectionLostError(f"lost the connection to session '{session}'",
                                      "it may have ended: see `dapcli sessions`") from None

    async def subscribe(self, session: str) -> AsyncIterator[dict[str, Any]]:
        """Change notifications of a session served elsewhere (``{"event", "state",
        "generation"}``) until it ends; nothing for sessions owned here. The first is
        ``{"event": "subscribed"}`` once the host has registered the subscription: no change
        after it is missed."""
        entry = sessionfile.read(session)
        if entry is None or entry.pid == os.getpid():
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
                elif (message.get("result") or {}).get("subscribed"):
                    yield {"event": "subscribed"}
        finally:
            writer.close()

    async def close(self) -> None:
        """Close links to other processes and stop serving this process's sessions."""
        for link in self._links.values():
            link.close()
        self._links.clear()
        if self.server is not None:
            await self.server.close()
