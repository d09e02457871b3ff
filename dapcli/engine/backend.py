"""The debugger an adapter drives, watched: when it dies, the session ends and says so.

cdt-gdb-adapter runs gdb over MI. When gdb dies (killed, crashed) node lives on and tells
nothing: each request then failed with node's "Cannot call write after a stream was destroyed",
``status`` said running forever and a blocked ``continue`` waited its whole timeout. The family
names that process (:attr:`~dapcli.adapters.base.AdapterSpec.backend_name`); once the adapter
started it, the session finds it among the adapter's descendants and watches it: the event loop
reads a pidfd that says its end at once (Linux); elsewhere it is looked at every :data:`POLL` s.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Callable

import psutil

__all__ = ["POLL", "BackendWatch"]

#: Seconds between two looks at the debugger where no pidfd says its end.
POLL = 0.5


class BackendWatch:
    """Calls ``on_death(pid)`` once when the process ``pid`` (started at ``started``) ends."""

    def __init__(self, pid: int, started: float, on_death: Callable[[int], None]) -> None:
        self.pid, self.started, self.on_death = pid, started, on_death
        self._fd: int | None = None
        self._poll: asyncio.Task[None] | None = None
        self._done = False

    @classmethod
    def start(cls, adapter_pid: int, name: str, on_death: Callable[[int], None]) -> BackendWatch | None:
        """Watch the first descendant of ``adapter_pid`` named ``name``; None when there is none
        (nothing is watched then)."""
        try:
            found = [p for p in psutil.Process(adapter_pid).children(recursive=True) if p.name() == name]
            process = found[0] if found else None
            started = process.create_time() if process else 0.0
        except psutil.Error:
            return None
        if process is None:
            return None
        watch = cls(process.pid, started, on_death)
        watch._begin()
        return watch

    def _begin(self) -> None:
        loop = asyncio.get_running_loop()
        pidfd_open = getattr(os, "pidfd_open", None)
        if pidfd_open is not None:
            with contextlib.suppress(OSError):
                self._fd = pidfd_open(self.pid)
                loop.add_reader(self._fd, self._ended)
                return
        self._poll = loop.create_task(self._look())

    async def _look(self) -> None:
        while not self._done:
            await asyncio.sleep(POLL)
            if self._gone():
                self._ended()

    def _gone(self) -> bool:
        try:
            process = psutil.Process(self.pid)
            return process.create_time() != self.started or process.status() == psutil.STATUS_ZOMBIE
        except psutil.NoSuchProcess:
            return True
        except psutil.Error:
            return False

    def _ended(self) -> None:
        if self._done:
            return
        self.stop()
        self.on_death(self.pid)

    def stop(self) -> None:
        """Watch no more (the session ends: its own end of the debugger is no news)."""
        self._done = True
        if self._fd is not None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(self._fd)
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None
        if self._poll is not None and self._poll is not asyncio.current_task():
            self._poll.cancel()
