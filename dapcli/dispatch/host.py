"""The session host: a detached process that owns one session and serves its unix socket.

Started by :func:`dapcli.dispatch.spawn.start_host`; one-shot commands reach it through the
session file. It ends on ``stop``, on SIGTERM/SIGINT/SIGHUP, when its launch fails, or after an
idle timeout (default 1 hour; 5 minutes once the program has exited). A watchdog process kills
the adapter's process tree if the host itself is killed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import time
from collections.abc import Awaitable, Callable
from typing import Any

from dapcli.dispatch import sessionfile
from dapcli.dispatch.local import LocalDispatcher
from dapcli.dispatch.router import hosted_sessions
from dapcli.engine.manager import SessionManager
from dapcli.engine.processes import Watchdog
from dapcli.errors import DapcliError

__all__ = ["ArgvHandler", "SessionHost"]

#: ``handler(host, request, emit) -> exit code``: parse and run a forwarded command line;
#: ``emit(text, "out" | "err")`` streams rendered text to the client.
ArgvHandler = Callable[["SessionHost", dict[str, Any], Callable[[str, str], Awaitable[None]]], Awaitable[int]]

ENDED_IDLE_TIMEOUT = 300.0


class SessionHost:
    """Serves one session named ``name``; ``idle_timeout`` in seconds."""

    def __init__(self, name: str, *, idle_timeout: float = 3600.0, argv_handler: ArgvHandler | None = None) -> None:
        self.name = name
        self.idle_timeout = idle_timeout
        self.argv_handler = argv_handler
        self.watchdog = Watchdog()
        self.manager = SessionManager(self.watchdog)
        self.manager.host_pid = os.getpid()
        self.dispatcher = LocalDispatcher(self.manager, list_hosted=hosted_sessions)
        self.subscribers: set[asyncio.StreamWriter] = set()
        self.manager.on_change.append(self._broadcast)
        self.last_activity = time.monotonic()
        self.busy = 0
        self._done = asyncio.Event()
        self._ever_started = False

    async def serve(self) -> None:
        """Listen, publish the session file, serve until done, then clean up everything."""
        path = sessionfile.socket_for(self.name)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
        old_umask = os.umask(0o177)
        try:
            server = await asyncio.start_unix_server(self._client, path=str(path), limit=1 << 24)
        finally:
            os.umask(old_umask)
        os.chmod(path, 0o600)
        sessionfile.write(sessionfile.SessionFile(name=self.name, pid=os.getpid(), socket=str(path),
                                                  started_at=time.time()))
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            loop.add_signal_handler(sig, self._done.set)
        idle = loop.create_task(self._idle_loop())
        try:
            await self._done.wait()
        finally:
            idle.cancel()
            server.close()
            await self.close()

    async def close(self) -> None:
        """End every session (adapter and debuggee), the watchdog, and the files."""
        for session in list(self.manager.sessions.values()):
            await session.shutdown(terminate_debuggee=True)
        self.watchdog.close()
        entry = None
        with contextlib.suppress(DapcliError):
            entry = sessionfile.read(self.name)
        if entry is None or entry.pid == os.getpid():
            sessionfile.remove(self.name)

    def publish(self) -> None:
        """Refresh the session file's adapter/program/state after a verb."""
        session = self.manager.sessions.get(self.name)
        if session is None:
            return
        self._ever_started = True
        with contextlib.suppress(OSError):
            sessionfile.write(sessionfile.SessionFile(
                name=self.name, pid=os.getpid(), socket=str(sessionfile.socket_for(self.name)),
                adapter=session.adapter.name, program=session.program or "", started_at=session.started_at,
                state=session.state.value,
            ))

    def after_call(self) -> None:
        """End the host when it has no session left (stopped, or its launch failed)."""
        self.last_activity = time.monotonic()
        if self.name not in self.manager.sessions:
            self._done.set()
        else:
            self.publish()

    async def _idle_loop(self) -> None:
        while True:
            await asyncio.sleep(1.0)
            session = self.manager.sessions.get(self.name)
            limit = ENDED_IDLE_TIMEOUT if session is not None and session.ended else self.idle_timeout
            limit = min(limit, self.idle_timeout)
            if self.busy == 0 and time.monotonic() - self.last_activity > limit:
                self._done.set()
                return
            if session is None and not self._ever_started and self.busy == 0 and \
                    time.monotonic() - self.last_activity > 60:
                self._done.set()  # nobody ever launched through this host
                return

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while not self._done.is_set():
                line = await reader.readline()
                if not line:
                    break
                request = json.loads(line)
                self.busy += 1
                try:
                    await self._handle(request, writer)
                finally:
                    self.busy -= 1
                    self.after_call()
        except (ConnectionError, json.JSONDecodeError, asyncio.IncompleteReadError):
            pass
        finally:
            with contextlib.suppress(Exception):
                writer.close()

    def _broadcast(self, what: str, session: Any) -> None:
        """Tell every subscriber that the session changed: ``{"event": what, "state",
        "generation"}`` (running, stopped, ended, output). They read details with a verb."""
        if not self.subscribers or what == "output":
            return
        line = json.dumps({"event": what, "state": session.state.value, "generation": session.generation}).encode()
        for writer in list(self.subscribers):
            if writer.is_closing():
                self.subscribers.discard(writer)
                continue
            writer.write(line + b"\n")

    async def _handle(self, request: dict[str, Any], writer: asyncio.StreamWriter) -> None:
        rid = request.get("id")
        if request.get("subscribe"):
            self.subscribers.add(writer)
            writer.write(json.dumps({"id": rid, "result": {"subscribed": True}}).encode() + b"\n")
            await writer.drain()
            return

        async def send(message: dict[str, Any]) -> None:
            writer.write(json.dumps({"id": rid, **message}).encode() + b"\n")
            await writer.drain()

        if "argv" in request and self.argv_handler is not None:
            async def emit(text: str, stream: str = "out") -> None:
                await send({stream: text})

            code = await self.argv_handler(self, request, emit)
            await send({"exit": code})
            return
        try:
            result = await self.dispatcher.call(
                str(request.get("verb")), request.get("args") or {}, self.name, request.get("cwd")
            )
        except DapcliError as exc:
            await send({"error": exc.to_dict()})
        except Exception as exc:  # an internal bug: report it, keep serving
            await send({"error": {"kind": "internal", "message": f"internal error: {type(exc).__name__}: {exc}",
                                  "hint": "please report this bug", "exitCode": 1}})
        else:
            await send({"result": result.to_json()})
