"""Serving sessions on unix sockets, so that any frontend can join them.

A :class:`SessionServer` publishes each session of a :class:`LocalDispatcher`'s manager under
its name: a socket and a session file in the private runtime directory. The standalone session
host uses it for its one session; the REPL and the MCP server use it for the sessions they
launch, so that a human, an agent and one-shot commands can share one live session.

RPC (JSON lines): ``{"id", "verb", "args", "cwd"}`` → ``{"id", "result"|"error"}``;
``{"id", "subscribe": true}`` → ``{"id", "result"}`` then ``{"event", "state", "generation"}`` at
every change; ``{"id", "argv", …}`` (a forwarded command line) → streamed ``{"out"|"err"}`` then
``{"exit"}``, or ``{"id", "unsupported": "argv"}`` when this server cannot render command lines;
``{"id", "ping": true}`` → ``{"id", "result": {"pong": true}}``. While a call runs, ``{"id",
"alive": true}`` every :data:`KEEPALIVE` seconds tells the client the host still answers.
A request may carry ``"giveUp"`` (epoch s): the client stops waiting then if it heard nothing, so a
request read after it (the host was stopped or hung meanwhile) is dropped, not run: a ``stop`` the
user was told had failed must not end the session when the host is resumed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import time
from collections.abc import Awaitable, Callable
from typing import Any

from dapcli.dispatch import sessionfile
from dapcli.dispatch.local import LocalDispatcher
from dapcli.dispatch.peercred import trusted_peer
from dapcli.engine.session import Session
from dapcli.errors import DapcliError, UsageError

__all__ = ["KEEPALIVE", "ArgvHandler", "SessionServer"]

#: Seconds between keep-alive lines while a call runs (clients give up after a longer silence).
KEEPALIVE = 2.0

#: ``handler(server, name, request, emit) -> exit code``: parse and run a forwarded command line;
#: ``emit(text, "out" | "err")`` streams rendered text to the client.
ArgvHandler = Callable[["SessionServer", str, dict[str, Any], Callable[[str, str], Awaitable[None]]],
                       Awaitable[int]]


def _host_started() -> float:
    """This process's start time (epoch s), recorded so that a reused pid is not taken for us."""
    global _STARTED
    if _STARTED is None:
        _STARTED = sessionfile.process_start(os.getpid()) or 0.0
    return _STARTED


_STARTED: float | None = None
#: A state change rewrites the session file this long after it (changes in between coalesce):
#: a ``next`` runs and stops in milliseconds, and each write costs a file replace.
REFRESH_DELAY = 0.05


class SessionServer:
    """Publishes the sessions of ``dispatcher.manager`` (``publish_all``: as they are added)."""

    def __init__(self, dispatcher: LocalDispatcher, *, argv_handler: ArgvHandler | None = None,
                 publish_all: bool = False) -> None:
        self.dispatcher = dispatcher
        self.manager = dispatcher.manager
        self.argv_handler = argv_handler
        self.servers: dict[str, asyncio.AbstractServer] = {}
        self.subscribers: dict[str, set[asyncio.StreamWriter]] = {}
        self.last_activity = time.monotonic()
        self.busy = 0
        self.after_call: Callable[[str], None] | None = None
        #: ``ending(name)``: True when the call just made ends ``name``'s host (its session is
        #: gone): the files are withdrawn before the reply, so the client never sees them after.
        self.ending: Callable[[str], bool] | None = None
        self._tasks: set[asyncio.Future[None]] = set()
        self._written: dict[str, dict[str, Any]] = {}  # what each session file says now
        self._refresh_pending: set[str] = set()
        self._sockets: dict[str, tuple[str, int]] = {}  # name → (socket path, inode) as bound
        self._withdrawn: dict[str, int] = {}  # name → how many times it was withdrawn
        self._closed = False
        self.manager.on_change.append(self._broadcast)
        # a subprocess session never takes the name of another host's published session
        self.manager.name_checks.append(lambda name: sessionfile.read(name) is not None)
        if publish_all:
            self.manager.on_add.append(lambda session: self.spawn(self.publish(session.name)))
            self.manager.on_remove.append(self.withdraw)  # at once: a stopped session is never listed

    def spawn(self, coroutine: Awaitable[None]) -> None:
        """Run ``coroutine`` in the background (kept referenced until it ends)."""
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def publish(self, name: str) -> None:
        """Serve ``name`` on its socket and write its session file (mode 0600)."""
        if name in self.servers:
            self.refresh(name)
            return
        path = sessionfile.socket_for(name)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
        withdrawn = self._withdrawn.get(name, 0)
        old_umask = os.umask(0o177)
        try:
            server = await asyncio.start_unix_server(
                lambda r, w: self._client(name, r, w), path=path, limit=1 << 24
            )
        finally:
            os.umask(old_umask)
        if self._closed or self._withdrawn.get(name, 0) != withdrawn or name in self.servers:
            server.close()  # withdrawn (or published) while the socket was bound: leave no file behind
            if name not in self.servers:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(path)
            return
        os.chmod(path, 0o600)
        self.servers[name] = server
        self._sockets[name] = (path, os.stat(path).st_ino)
        self.refresh(name)

    def unreachable(self, name: str) -> str:
        """Why no client can find ``name`` any more ("" while it can): its socket is no longer
        the one this server bound (removed with the runtime directory, unlinked, or replaced),
        or its session file, once written, was removed or now names another host."""
        path, inode = self._sockets.get(name, ("", 0))
        if not path:
            return ""
        try:
            if os.stat(path, follow_symlinks=False).st_ino != inode:
                return "socket was replaced"
        except OSError:
            return "socket was removed"
        if name not in self._written:
            return ""
        try:
            entry = sessionfile.read(name)
        except UsageError:  # the runtime directory is not private right now: nothing says the file is gone
            return ""
        except (DapcliError, OSError):  # corrupt (and removed), another user's, or no runtime dir
            return "session file was damaged"
        if entry is None:
            return "session file was removed"
        return "" if entry.pid == os.getpid() else "session file names another host"

    def refresh(self, name: str) -> None:
        """Rewrite ``name``'s session file (adapter, program, state), unless it says that already
        (or ``name`` is not served: a late refresh never brings back a withdrawn file)."""
        if name not in self.servers:
            return
        session = self.manager.sessions.get(name)
        entry = sessionfile.SessionFile(
            name=name, pid=os.getpid(), socket=sessionfile.socket_for(name),
            adapter=session.adapter.name if session else "", program=(session.program or "") if session else "",
            started_at=session.started_at if session else time.time(),
            state=session.state.value if session else "starting", host_started=_host_started(),
        )
        content = entry.to_dict()
        if self._written.get(name) == content:
            return
        with contextlib.suppress(OSError):
            sessionfile.write(entry)
            self._written[name] = content

    def _refresh_soon(self, name: str) -> None:
        """:meth:`refresh` after :data:`REFRESH_DELAY` (once for the changes until then)."""
        if name in self._refresh_pending:
            return
        self._refresh_pending.add(name)

        def due() -> None:
            self._refresh_pending.discard(name)
            if name in self.servers:
                self.refresh(name)

        asyncio.get_running_loop().call_later(REFRESH_DELAY, due)

    async def unpublish(self, name: str) -> None:
        """Stop serving ``name`` and remove its files (unless another process took them over)."""
        self.withdraw(name)

    def withdraw(self, name: str) -> None:
        """:meth:`unpublish`, synchronously: stop listening on ``name``'s socket, close its
        subscribers and remove its files (unless another process took them over). Connections
        already open keep working, so a call's reply can still be sent after this."""
        server = self.servers.pop(name, None)
        self._withdrawn[name] = self._withdrawn.get(name, 0) + 1
        self._written.pop(name, None)
        self._sockets.pop(name, None)
        if server is not None:
            server.close()
        for writer in self.subscribers.pop(name, set()):
            writer.close()
        entry = None
        with contextlib.suppress(DapcliError):
            entry = sessionfile.read(name)
        if entry is None or entry.pid == os.getpid():
            sessionfile.remove(name)

    async def close(self) -> None:
        """Unpublish everything (and what is being published)."""
        self._closed = True
        for name in list(self.servers):
            await self.unpublish(name)

    def _broadcast(self, what: str, session: Session) -> None:
        if what == "output":
            return
        if session.name in self.servers:
            self._refresh_soon(session.name)
        writers = self.subscribers.get(session.name)
        if not writers:
            return
        line = json.dumps({"event": what, "state": session.state.value, "generation": session.generation}).encode()
        for writer in list(writers):
            if writer.is_closing():
                writers.discard(writer)
            else:
                writer.write(line + b"\n")

    async def _client(self, name: str, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if not trusted_peer(writer.get_extra_info("socket")):
            writer.close()  # another user (SO_PEERCRED): not a word to them
            return
        try:
            while True:
                line = await reader.readline()
                if not line:
                    break
                request = json.loads(line)
                if _given_up(request):
                    break
                self.busy += 1
                keepalive = asyncio.ensure_future(_keepalive(request.get("id"), writer))
                try:
                    await self._handle(name, request, writer)
                finally:
                    keepalive.cancel()
                    self.busy -= 1
                    self.last_activity = time.monotonic()
                    if self.after_call is not None:
                        self.after_call(name)
                    elif name in self.manager.sessions:
                        self.refresh(name)
        except (ConnectionError, json.JSONDecodeError, asyncio.IncompleteReadError, asyncio.CancelledError):
            pass  # the client left, or the server is closing
        finally:
            with contextlib.suppress(Exception):
                writer.close()

    async def _handle(self, name: str, request: dict[str, Any], writer: asyncio.StreamWriter) -> None:
        rid = request.get("id")

        async def send(message: dict[str, Any]) -> None:
            writer.write(json.dumps({"id": rid, **message}).encode() + b"\n")
            await writer.drain()

        if request.get("ping"):
            await send({"result": {"pong": True}})
            return
        if request.get("subscribe"):
            self.subscribers.setdefault(name, set()).add(writer)
            await send({"result": {"subscribed": True}})
            return
        if "argv" in request:
            if self.argv_handler is None:
                await send({"unsupported": "argv"})
                return

            async def emit(text: str, stream: str = "out") -> None:
                await send({stream: text})

            code = await self.argv_handler(self, name, request, emit)
            self._settle(name)
            await send({"exit": code})
            return
        try:
            result = await self.dispatcher.call(str(request.get("verb")), request.get("args") or {}, name,
                                                request.get("cwd"))
        except DapcliError as exc:
            self._settle(name)
            await send({"error": exc.to_dict()})
        except Exception as exc:  # an internal bug: report it, keep serving
            self._settle(name)
            await send({"error": {"kind": "internal", "message": f"internal error: {type(exc).__name__}: {exc}",
                                  "hint": "please report this bug", "exitCode": 1}})
        else:
            self._settle(name)
            await send({"result": result.to_json()})

    def _settle(self, name: str) -> None:
        """Before a call's final reply: withdraw ``name``'s files when the call ended its host (a
        failed launch, ``stop``), so that a client acting on the reply finds no session left."""
        if self.ending is not None and self.ending(name):
            self.withdraw(name)


def _given_up(request: Any) -> bool:
    """True when the request's client has stopped waiting for it (its ``giveUp`` time passed)."""
    deadline = request.get("giveUp") if isinstance(request, dict) else None
    return isinstance(deadline, int | float) and not isinstance(deadline, bool) and time.time() > deadline


async def _keepalive(rid: Any, writer: asyncio.StreamWriter) -> None:
    line = json.dumps({"id": rid, "alive": True}).encode() + b"\n"
    while not writer.is_closing():
        await asyncio.sleep(KEEPALIVE)
        writer.write(line)
