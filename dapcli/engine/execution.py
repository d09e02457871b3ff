"""Running a session's program: the execution requests, waiting for the next stop, ``pause``,
and sending breakpoints while it runs.

:class:`SessionExecution` blocks an execution request until the debuggee stops, ends, or the
caller's timeout passes (not an error: a later wait reports the stop); a test run reviews each
stop and passes those that are no failure.
"""

from __future__ import annotations

import functools
import time

from pydantic import BaseModel

from dapcli.engine.breakpoints import sync_budget
from dapcli.engine.events import SessionEvents
from dapcli.engine.fnconditions import apply_function_conditions
from dapcli.engine.refused import drop_refused
from dapcli.engine.state import SessionState
from dapcli.engine.ttywait import POLL_INTERVAL
from dapcli.errors import DapcliError, PreconditionError
from dapcli.protocol import types as t
from dapcli.protocol.connection import DEFAULT_TIMEOUT

__all__ = ["SessionExecution"]

#: Looks in a row that find the program asleep reading its terminal before a wait says so.
INPUT_POLLS = 3


class SessionExecution(SessionEvents):
    """Execution and waiting (see the module docstring)."""

    async def resume(self, command: str, arguments: BaseModel, *, timeout: float) -> bool:
        """Send an execution request (continue/next/stepIn/stepOut/…) and wait for the next stop
        or the end of the debuggee. Any ``stopped`` after the request ends it, whatever its
        reason. Returns False when ``timeout`` seconds passed and it still runs (not an error).
        Raises PreconditionError (not stopped), RequestError (the adapter refused).
        """
        self.require_stopped()
        conn = self.require_alive()
        await self.spent_sent()
        generation = self.generation
        arguments = self.handles.outgoing(generation, arguments)  # restartFrame's frameId
        self.state = SessionState.RUNNING
        self._pause_sent = False  # a stop from here on is this request's
        self.hits.resumed(command)
        self._notify("running")  # before the request: its stop may arrive before its response
        try:
            # bounded by the caller's wait too: an adapter that never answers is no reason to block longer
            await conn.request(command, arguments, timeout=min(DEFAULT_TIMEOUT, max(timeout, 2.0)))
        except DapcliError:
            # the program may have ended under the request ("Server disconnected"): that is its exit
            if await self.wait_for_change(generation, 1.0) and self.ended:
                return True
            if self.generation == generation and self.state is SessionState.RUNNING:
                self.state = SessionState.STOPPED
                self._notify("stopped")
            raise
        deadline = time.monotonic() + timeout
        return await self._reviewed(await self._wait_unless_input(generation, timeout), deadline)

    async def wait(self, timeout: float) -> bool:
        """Wait until the debuggee is not running; True when it stopped or ended."""
        deadline = time.monotonic() + timeout
        if self.state is not SessionState.RUNNING:
            return await self._reviewed(True, deadline)
        return await self._reviewed(await self._wait_unless_input(self.generation, timeout), deadline)

    async def _wait_unless_input(self, generation: int, timeout: float) -> bool:
        """:meth:`wait_for_change`, but False early (``terminal.waiting_for_input`` set) when the
        program sleeps reading dapcli's terminal (see :mod:`ttywait`), looked at every
        ``POLL_INTERVAL`` s; where that cannot be told, the whole ``timeout``."""
        terminal = self.terminal
        if terminal is None or not terminal.has_stdin:
            return await self.wait_for_change(generation, timeout)
        terminal.waiting_for_input = False
        deadline = time.monotonic() + timeout
        seen = 0
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            if await self.wait_for_change(generation, min(POLL_INTERVAL, remaining)):
                return True
            reading = terminal.reading()
            if reading is None:
                return await self.wait_for_change(generation, max(0.0, deadline - time.monotonic()))
            seen = seen + 1 if reading else 0
            if seen >= INPUT_POLLS:  # asleep in the read for a while, not just between two lines
                terminal.waiting_for_input = True
                return False

    async def _reviewed(self, changed: bool, deadline: float) -> bool:
        """Pass the stops that :attr:`test_run` says are no failure (a skip, an exception the
        test expects): resume (DAP ``continue``) and wait again, until ``deadline``."""
        while changed and self.test_run is not None and self.state is SessionState.STOPPED:
            if not await self.test_run.review(self) or self.last_stop is None:
                return True
            generation = self.generation
            self.state = SessionState.RUNNING
            self.hits.resumed("continue")
            self._notify("running")
            try:
                await self.require_alive().request("continue", t.ContinueArguments(
                    threadId=self.last_stop.thread_id or 0))
            except DapcliError:
                if await self.wait_for_change(generation, 1.0) and self.ended:
                    return True
                raise
            changed = await self.wait_for_change(generation, max(0.0, deadline - time.monotonic()))
        return changed

    async def pause(self, thread_id: int | None) -> None:
        """Send ``pause`` (runs concurrently with a blocked ``continue``).
        Raises PreconditionError when nothing is running."""
        conn = self.require_alive()
        # js-debug answers no pause while V8 runs an abandoned `while(true){}` evaluation
        self.abandoned.refuse("pause", any_request=self.adapter.resumes_wait_for_evaluations)
        if self.state is not SessionState.RUNNING:
            raise PreconditionError(f"session '{self.name}' is {self.state.value}, not running",
                                    "it is stopped already: `dapcli stack` shows where"
                                    if self.state is SessionState.STOPPED else None)
        if thread_id is None:
            threads = await conn.request("threads", None, t.ThreadsResponse)
            thread_id = threads.threads[0].id if threads.threads else 1
        self._pause_sent = True  # the stop it causes may come before the response
        try:
            await conn.request("pause", t.PauseArguments(threadId=thread_id))
        except DapcliError:
            self._pause_sent = False
            raise
        if self.state is SessionState.RUNNING:  # the stop may come later (debugpy in time.sleep)
            self.pause_requested = self.pause_requested or time.time()

    async def sync_breakpoints(self, key: str) -> str | None:
        """Push one source's (or the function) breakpoint set, if the adapter is configured.
        Returns a note when the set was only recorded: an abandoned request still runs (debugpy
        answers no ``setBreakpoints`` then), and the set is sent once it is answered."""
        deferred = self.abandoned.defer(key, lambda: self.sync_breakpoints(key))
        if deferred is not None:
            return deferred
        note = None
        if self._conn is not None and not self._conn.closed and self._initialized.is_set() and not self.ended:
            await self.spellings.before_send(key)
            note = await self._forget_breakpoints(key)
            budget = sync_budget(DEFAULT_TIMEOUT, len(self.book.for_key(key)))
            await self.book.sync(key, functools.partial(self._conn.request, timeout=budget))
            await drop_refused(self.book, self.adapter, key, functools.partial(self._conn.request, timeout=budget))
            if key == "<functions>":
                await apply_function_conditions(self)
        await self.subprocesses.sync_breakpoints(key)  # breakpoints apply to the whole tree
        return note

    async def _forget_breakpoints(self, key: str) -> str | None:
        """Before a source's set is sent to an adapter whose ``setBreakpoints`` only adds (rdbg
        1.4): delete its breakpoints of that source in the stopped program (DAP ``evaluate``,
        context ``repl``, in the top frame). Returns a note when that cannot be done now."""
        expression = self.adapter.forget_breakpoints(key) if key != "<functions>" else None
        if expression is None or self.state is SessionState.CONFIGURING:
            return None
        thread_id = self.selected_thread_id or (self.last_stop.thread_id if self.last_stop else None)
        if self.state is not SessionState.STOPPED or thread_id is None:
            return (f"{self.adapter.name} removes or changes a breakpoint only while the program is stopped: "
                    "the ones it had in this file stay as they were (edit them again at a stop)")
        try:
            stack = await self.request("stackTrace", t.StackTraceArguments(threadId=thread_id, startFrame=0, levels=1),
                                       t.StackTraceResponse)
            frame_id = stack.stackFrames[0].id if stack.stackFrames else None
            await self.request("evaluate", t.EvaluateArguments(expression=expression, frameId=frame_id,
                                                               context="repl"), t.EvaluateResponse)
        except DapcliError as exc:
            return f"{self.adapter.name} kept its old breakpoints of this file: {exc.message}"
        return None
