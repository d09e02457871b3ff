"""The session host: a detached process that owns one session and serves its unix socket.

Started by :func:`dapcli.dispatch.spawn.start_host`; one-shot commands reach it through the
session file. It ends on ``stop``, on SIGTERM/SIGINT/SIGHUP, when its launch fails, or after an
idle timeout (default 1 hour; 5 minutes once the program has exited), or within a second or two
of its socket or session file being removed (with the runtime directory) or replaced: nobody
could reach it any more. A watchdog process kills
the adapter's process tree if the host itself is killed.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time

from dapcli.dispatch.local import LocalDispatcher
from dapcli.dispatch.router import hosted_sessions
from dapcli.dispatch.server import ArgvHandler, SessionServer
from dapcli.engine.manager import SessionManager
from dapcli.engine.processes import shared_watchdog
from dapcli.engine.session import Session

__all__ = ["ArgvHandler", "SessionHost"]

ENDED_IDLE_TIMEOUT = 300.0
#: A host nobody launched through ends after this many seconds.
UNUSED_TIMEOUT = 60.0


class SessionHost:
    """Serves one session named ``name``; ``idle_timeout`` in seconds."""

    def __init__(self, name: str, *, idle_timeout: float = 3600.0, argv_handler: ArgvHandler | None = None) -> None:
        self.name = name
        self.idle_timeout = idle_timeout
        self.watchdog = shared_watchdog()  # an early launch may have registered its adapter already
        self.manager = SessionManager(self.watchdog)
        self.manager.host_pid = os.getpid()
        self.dispatcher = LocalDispatcher(self.manager, list_hosted=hosted_sessions)
        self.server = SessionServer(self.dispatcher, argv_handler=argv_handler)
        self.server.after_call = self._after_call
        self.server.ending = self._ending
        # subprocess sessions (NAME.1, …) are served too, so one-shot commands can address them
        self.manager.on_add.append(self._publish_subprocess)
        self.manager.on_remove.append(self._unpublish_subprocess)
        self._done = asyncio.Event()
        self._ever_started = False

    async def serve(self) -> None:
        """Listen, publish the session file, serve until done, then clean up everything."""
        await self.server.publish(self.name)
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            loop.add_signal_handler(sig, self._done.set)
        idle = loop.create_task(self._idle_loop())
        try:
            await self._done.wait()
        finally:
            idle.cancel()
            await self.close()

    async def close(self) -> None:
        """End every session (adapter and debuggee), the watchdog, and the files."""
        for session in list(self.manager.sessions.values()):
            await session.shutdown(terminate_debuggee=True)
        await self.server.close()
        self.watchdog.close()

    def _publish_subprocess(self, session: Session) -> None:
        if session.name != self.name:
            self.server.spawn(self.server.publish(session.name))

    def _unpublish_subprocess(self, name: str) -> None:
        if name != self.name:
            self.server.withdraw(name)

    def _ending(self, name: str) -> bool:
        """True when a call on ``name`` left this host without its session: it ends next."""
        return name == self.name and name not in self.manager.sessions

    def _after_call(self, name: str) -> None:
        """End the host when it has no session left (stopped, or its launch failed)."""
        if name != self.name:
            return  # a subprocess session: its parent decides the host's life
        if self.name in self.manager.sessions:
            self._ever_started = True
            self.server.refresh(self.name)
        else:
            self._done.set()

    async def _idle_loop(self) -> None:
        while True:
            await asyncio.sleep(1.0)
            session = self.manager.sessions.get(self.name)
            limit = ENDED_IDLE_TIMEOUT if session is not None and session.ended else self.idle_timeout
            limit = min(limit, self.idle_timeout)
            if not self._ever_started:
                limit = min(limit, UNUSED_TIMEOUT)
            if self.server.busy == 0 and time.monotonic() - self.server.last_activity > limit:
                self._done.set()
                return
            why = self.server.unreachable(self.name)
            if why:  # nobody can reach or stop us any more: end the session, leave nothing behind
                print(f"dapcli: session {self.name!r}: its {why}; ending the session", file=sys.stderr, flush=True)
                self._done.set()
                return
