"""Ending a session: ``disconnect``, then the adapter's whole process tree, for sure.

:class:`SessionTeardown` ends the subprocess sessions and child connections first, releases or
kills an attached program as asked, sends ``disconnect``, closes the transport, kills the
adapter's process group, every descendant seen and every process of its POSIX session (the
adapter starts in one of its own: a process the program forked is found there after its parent
ended), and waits (bounded) until they are gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

from dapcli.engine.core import SessionCore
from dapcli.engine.detach import release
from dapcli.engine.endattached import kill_attached
from dapcli.engine.processes import descendants, kill_tree, session_members
from dapcli.engine.state import SessionState
from dapcli.errors import DapcliError
from dapcli.protocol import types as t

__all__ = ["SessionTeardown"]


class SessionTeardown(SessionCore):
    """A session's end (see the module docstring)."""

    async def shutdown(self, *, terminate_debuggee: bool = True, grace: float = 1.0, by_dapcli: bool = True) -> None:
        """Disconnect (DAP ``disconnect``), close the transport, then kill the adapter's
        process group and every descendant. Safe to call more than once. Never raises.
        ``by_dapcli`` False: the program already ended by itself (Delve's ``terminated``, whose
        exit status comes only in answer to ``disconnect``): its end is not labelled dapcli's."""
        conn = self._root or self._conn
        tree = descendants(self.adapter_pid) if self.adapter_pid else []
        if by_dapcli and not self._disconnecting and not self.ended:
            self._ended_by_dapcli = True  # the program did not end by itself: its end is not its own
        self._disconnecting = True
        if self._backend is not None:
            self._backend.stop()  # dapcli ends the debugger now: no news
        if terminate_debuggee and self.abandoned.pending:
            grace = min(grace, 0.2)  # a hung __repr__: the adapter answers nothing, the debuggee is killed
        await self.subprocesses.shutdown(terminate_debuggee)  # the whole session tree ends
        had_children = bool(self.children.connections)
        await self.children.disconnect(terminate_debuggee, grace)  # a child session first (js-debug)
        if conn is not None and not conn.closed:
            stop = self.last_stop if self.state is SessionState.STOPPED else None
            if terminate_debuggee and self.request_kind == "attach" and stop is not None:
                self.kill_sent = await kill_attached(conn, self.adapter, self.attach_options, stop.thread_id, grace * 5)
            elif not terminate_debuggee and self.request_kind == "attach" and not self.ended:
                # a server that outlives us (dlv --headless) would halt the program at our breakpoints
                await release(conn, self.book.keys(), thread_id=stop.thread_id if stop else None, timeout=grace,
                              exception_filters=bool(self.capabilities.exceptionBreakpointFilters))
            with contextlib.suppress(DapcliError, asyncio.TimeoutError):
                future = conn.send(
                    "disconnect", t.DisconnectArguments(restart=False, terminateDebuggee=terminate_debuggee)
                )
                # js-debug's parent answers no `disconnect` once its child session has ended: no 2 s wait
                await conn.result(future, timeout=min(grace * 2, 0.3) if had_children else grace * 2)
            tree += descendants(self.adapter_pid) if self.adapter_pid else []
        if conn is not None:
            await conn.close()  # even when the adapter hung up first: the transport's cleanups run
        process = getattr(conn.transport, "process", None) if conn else None
        if process is not None:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(process.wait(), grace)
        pids = [self.debuggee_pid] if (self.debuggee_pid and terminate_debuggee) else []
        if terminate_debuggee:
            if self.adapter_pid:  # and what left the tree: a fork whose parent, the program, ended
                tree += session_members(self.adapter_pid)
            kill_tree(self.adapter_pid, pids, tree)
        else:
            kill_tree(self.adapter_pid, [], [p for p in tree if p.pid != self.debuggee_pid])
        if process is not None:
            with contextlib.suppress(asyncio.TimeoutError, ProcessLookupError):
                await asyncio.wait_for(process.wait(), grace)
        await _reap(tree, grace * 2)
        if self.terminal is not None:
            if terminate_debuggee:
                await self.terminal.close(grace)
            if self._watchdog is not None and self.terminal.pid:
                self._watchdog.unwatch(pgid=self.terminal.pid)
        if self._watchdog is not None and terminate_debuggee:
            # and whatever the tree ever had: a daemon re-parented to init is no descendant now
            self._watchdog.end(pgid=self.adapter_pid, pid=self.debuggee_pid)
        elif self._watchdog is not None:
            self._watchdog.unwatch(pgid=self.adapter_pid, pid=self.debuggee_pid)
        if not self.ended:
            self.state = SessionState.EXITED if self.exit_code is not None else SessionState.TERMINATED
            self.end_reason = self.end_reason or "terminated"
            self.generation += 1
            self._notify("ended")


async def _reap(processes: list[Any], timeout: float) -> None:
    """Wait (bounded) until the killed processes are really gone, so that none outlives
    ``shutdown`` even briefly (debugpy's launcher can linger a few hundred ms)."""
    import psutil

    def running(process: Any) -> bool:
        # a killed orphan stays a zombie until init reaps it (some container inits take
        # seconds): it holds nothing any more, so it counts as gone
        try:
            return bool(process.is_running()) and process.status() != psutil.STATUS_ZOMBIE
        except psutil.Error:
            return False

    deadline = time.monotonic() + timeout
    while any(running(p) for p in processes) and time.monotonic() < deadline:
        await asyncio.sleep(0.02)
