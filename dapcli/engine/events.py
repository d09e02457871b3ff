"""A session's events and its stop state machine: ``stopped``/``continued``/``exited``/
``terminated``, the last stop, output, and the end of the session.

:class:`SessionEvents` turns each event of the adapter into the session's state (DAP terms:
``running ⇄ stopped → exited/terminated``): a stop that does not stand (a hit condition dapcli
counts, a log point dapcli writes) is resumed at once; the last one that stands is
:attr:`last_stop`. An event body off the spec is mended or ignored, never let in half-read.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ValidationError

from dapcli.calls import call
from dapcli.engine.chatter import DEBUGGER_CATEGORIES, has_literal, is_log_message
from dapcli.engine.hitcount import adopt_counters, write_log_points
from dapcli.engine.lost import describe_lost_adapter
from dapcli.engine.reaped import dead_debuggee_status
from dapcli.engine.state import SessionState, StopRecord
from dapcli.engine.teardown import SessionTeardown
from dapcli.engine.vanished import GRACE, gone, owned_start
from dapcli.errors import ConnectionLostError, DapcliError
from dapcli.protocol import types as t
from dapcli.protocol.connection import body_model, without_unknown_literals
from dapcli.protocol.repair import repair

__all__ = ["SessionEvents"]

#: How long a program whose adapter lives inside it (rdbg) may take to exit after its
#: connection closed (s): its ``at_exit`` handlers run then.
PROGRAM_END_WAIT = 5.0


class SessionEvents(SessionTeardown):
    """The events of a session's adapter (see the module docstring)."""

    def on_event(self, message: dict[str, Any]) -> None:
        """One event of the adapter (or of a child connection): parsed, then handled by its kind."""
        event = message.get("event")
        body = message.get("body") or {}
        handler = _EVENT_HANDLERS.get(str(event))
        if handler is None:
            return
        model, method = handler
        parsed = _parse_body(model, body) if model is not None else body
        if parsed is not None:
            method(self, parsed)

    def _on_initialized(self, _: Any) -> None:
        self.hits.reset()
        self.book.spent.clear()
        self.book.run += 1
        self._initialized.set()

    def _on_stopped(self, body: Any) -> None:
        if self.exit_code is not None and body.threadId is None and not self.ended:
            # the program is gone (gdb: `Program terminated with signal …`), cdt says `generic`
            self._end(SessionState.EXITED, "exited")
            return
        if (body.preserveFocusHint and body.threadId is not None and self.state is SessionState.STOPPED
                and self.last_stop is not None and self.last_stop.thread_id not in (None, body.threadId)):
            # a second thread stopped in the same stop (no resume in between): announced with the
            # stop the focus stays on, not in its place
            self.last_stop.also.append((body.threadId, body.reason, body.description))
            self._notify("stopped")
            return
        ids = list(body.hitBreakpointIds or self.adapter.stop_hit_ids(body.reason))
        stands, messages = (True, []) if self._pause_sent or self.ended else self.hits.decide(self.book.hit_by(ids))
        if not stands:  # a hit condition dapcli counts is not met, or a log point dapcli writes: resume
            self._unmet = asyncio.get_running_loop().create_task(self._resume_unmet(body, ids, messages))
            return
        spent = [] if self._pause_sent or self.ended else self.book.spend(ids)
        if spent:  # the adapter's own ignore count made this stop: no later hit is to stop
            self._spending = asyncio.get_running_loop().create_task(self._send_spent(spent))
        self.generation += 1
        if spent:
            self.book.retired.update({n: (self.generation, a) for n, a in self.book.just_spent.items()})
        self.last_stop = StopRecord(
            reason=body.reason,
            description=self.adapter.stop_text(body.description) or self.adapter.stop_description(body.reason),
            thread_id=body.threadId, all_threads_stopped=bool(body.allThreadsStopped),
            hit_breakpoint_ids=ids,
            text=self.adapter.stop_text(body.text), generation=self.generation, entry=self._is_entry(body),
            paused=self._pause_sent and body.reason == "step",
        )
        self.entry_pending = self._pause_sent = False
        self.pause_requested = None
        if body.threadId is not None:
            self.selected_thread_id = body.threadId
        self.selected_frame_id = None
        if not self.ended:
            self.state = SessionState.STOPPED
            if body.threadId is not None and self._conn is not None and not self._conn.closed:
                self._prefetch.start(self._conn, self.generation, body.threadId, self.adapter.serial_requests)
        self._notify("stopped")

    async def _send_spent(self, keys: list[str]) -> None:
        """Send again the sources ``keys`` of breakpoints that made their one stop (DAP
        ``setBreakpoints``); a failure leaves them as they were (they may stop again)."""
        for key in keys:
            with contextlib.suppress(DapcliError):
                await self.book.sync(key, self.require_alive().request)

    async def spent_sent(self) -> None:
        """Wait until :meth:`_send_spent` is done (before the program is resumed)."""
        if self._spending is not None and not self._spending.done():
            await self._spending

    async def _resume_unmet(self, body: Any, ids: list[int], messages: list[str]) -> None:
        """Write the log points' ``messages`` (see :func:`write_log_points`), then resume (DAP
        ``continue``) a stop that does not stand; a stop that cannot be resumed is reported as it is."""
        try:
            if messages:
                await write_log_points(self.require_alive(), body.threadId, messages, self.add_output,
                                       self.adapter.failed_evaluate_result)
            if self.book.undeclared:  # the debugger may count from here on (lldb: declared while stopped)
                await adopt_counters(self.book, self.hits.counts, ids, self.require_alive().request)
            await self.require_alive().request("continue", t.ContinueArguments(threadId=body.threadId or 0))
        except DapcliError:
            if not self.ended:
                self.hits.release = True
                self._on_stopped(body.model_copy(update={"hitBreakpointIds": ids}))

    def _is_entry(self, body: Any) -> bool:
        """The first stop of a launch with stopOnEntry, at no breakpoint of the user's."""
        if not self.entry_pending or body.reason not in ("entry", "breakpoint"):
            return False
        ours = {e.adapter_id for e in self.book.entries.values() if e.adapter_id is not None}
        return not ours.intersection(body.hitBreakpointIds or [])

    def _on_output(self, body: Any) -> None:
        self.on_output(body)

    def on_output(self, body: Any, *, root: bool = True) -> None:
        """An ``output`` event; ``root`` False for a child session's (the program's own text,
        never an adapter's exit report)."""
        # adapters that mix their own chatter into stdout, or announce the exit code only as
        # text (cdt-gdb-adapter sends no `exited` event; Delve says it only in answer to
        # disconnect, so this comes before the filter below), say so through these optional hooks
        if self.exit_code is None and root:
            self.exit_code = self.adapter.exit_code_from_output(body.output)
        if root and not self._initialized.is_set() and self._start_failure is None:
            self._start_failure = self.adapter.start_failure(body.output)  # debugpy's failed code injection
            if self._start_failure is not None:
                self._start_failed.set()
        if self._disconnecting and body.category in ("stderr", "console", "important"):
            return  # adapter chatter while it shuts down (lldb-dap 19 aborts after disconnect)
        category, text = self.adapter.output_category(body.category or "console", body.output), body.output
        if self.book.native_log_request and self._log_pieces(category, text):
            return  # a piece of a line gdb prints in pieces (its dprintf): the line is filed whole
        if category == "console" and self._console_pieces:
            text = "".join(self._console_pieces) + text
        self._console_pieces, self._console_held = [], 0
        templates = self.book.log_messages()
        log_line = bool(templates) and is_log_message(text, templates)
        if log_line and category in DEBUGGER_CATEGORIES:
            category = "stdout"  # a log point's message (lldb-dap, gdb send it as console): the user's output
            text = text if text.endswith("\n") else text + "\n"  # gdb (cdt) sends it without its newline
        # a log point's line is filed as its own line, never as the end of the program's unfinished
        # one (debugpy reads the program's pipe apart from the log points pydevd sends)
        whole = log_line and text.count("\n") == 1 and any(has_literal(t) for t in templates)
        self.add_output(category, self.adapter.output_text(category, text), whole=whole)

    def _log_pieces(self, category: str, text: str) -> bool:
        """Whether ``text`` is held as a piece of a console line (gdb's ``printf`` of a log point
        writes ``i=`` and ``0\\n`` apart): held while the line has no end, up to 64 KiB; a chunk
        of another category first files what is held as it is."""
        if category != "console":
            if self._console_pieces:
                held = "".join(self._console_pieces)
                self._console_pieces, self._console_held = [], 0
                self.add_output("console", held)
            return False
        if text.endswith(("\n", "\r")) or self._console_held + len(text) > 65536 \
                or not self.book.log_messages():
            return False
        self._console_pieces.append(text)  # joined once, when the line is filed (linear)
        self._console_held += len(text)
        return True

    def _on_exited(self, body: Any) -> None:
        self.exit_code = body.exitCode
        self._end(SessionState.EXITED, "exited")

    def on_terminated(self, _: Any) -> None:
        """A ``terminated`` event (or a child session's end): the session ends, with the exit code."""
        if self.exit_code is None:
            self.exit_code = self.adapter.exit_code_at_end()  # js-debug: recorded by a preload
        if self.exit_code is None and self.adapter_pid and self.debuggee_pid and not self.post_mortem:
            # the program's own wait status, when the adapter that started it never reaped it: the
            # kernel's record beats the adapter's later words (Delve, racing a signal at the exit,
            # says "exited with status -1" for a program that called os.Exit(3))
            self.exit_code = dead_debuggee_status(self.adapter_pid, self.program, self.debuggee_pid)
        if self._teardown is not None and self._disconnecting and not self._teardown.done():
            return  # the running teardown ends the session (with the exit code, see below)
        if self.exit_code is None and self.adapter.exit_code_after_disconnect \
                and not self._disconnecting and self._teardown is None:
            # Delve tells the exit status only in answer to disconnect: end the session after it
            self._teardown = asyncio.get_running_loop().create_task(
                self.shutdown(terminate_debuggee=True, by_dapcli=False))
            return
        self._end(SessionState.EXITED if self.exit_code is not None else SessionState.TERMINATED, "terminated")

    def _on_breakpoint(self, body: Any) -> None:
        self.book.on_event(body.reason, body.breakpoint)

    def _on_process(self, body: Any) -> None:
        if body.systemProcessId and not self.post_mortem:
            self.debuggee_pid = body.systemProcessId
            self.debuggee_started = owned_start(body.systemProcessId)
            if self._watchdog:
                self._watchdog.watch(pid=body.systemProcessId)

    def _on_lost(self, reason: str) -> None:
        """The adapter's stream ended: unless we are ending the session, it ends now, named
        (a blocked ``continue``/``wait`` returns at once with it) and its processes are ended."""
        conn = self._root
        if self._disconnecting or self.ended or conn is None:
            return

        async def lose() -> None:
            if self.adapter.ends_with_connection and await self._program_ended(conn.transport):
                return
            text = await describe_lost_adapter(self.adapter.name, conn.transport, reason)
            if not (self._disconnecting or self.ended):
                self.lost = text
                self._end(SessionState.TERMINATED, "adapter lost")

        self._losing = asyncio.get_running_loop().create_task(lose())

    async def _program_ended(self, transport: Any) -> bool:
        """An adapter inside the program (rdbg) closed its connection: the program ended. Its
        process's exit status is the program's (we started it); an attached one ends without
        one. True when the session ended so."""
        process = getattr(transport, "process", None)
        if process is not None:
            with contextlib.suppress(asyncio.TimeoutError, ProcessLookupError):
                await asyncio.wait_for(process.wait(), PROGRAM_END_WAIT)
            if process.returncode is None:
                return False  # it closed the connection but runs on: lost, and ended as such
        if self._disconnecting or self.ended:
            return True
        if process is not None:
            self.exit_code = process.returncode
        self._end(SessionState.EXITED if self.exit_code is not None else SessionState.TERMINATED, "exited")
        return True

    def _on_backend_died(self, pid: int) -> None:
        """The debugger the adapter drives died (gdb under cdt-gdb-adapter, which says nothing of
        it): the session ends, named (a blocked ``continue``/``wait`` returns at once with it), and
        its processes are ended."""
        if self._disconnecting or self.ended:
            return
        self.lost = f"{self.adapter.backend_name} (pid {pid}) died under its adapter; the session has ended"
        self._end(SessionState.TERMINATED, "adapter lost")

    def _on_continued(self, _: Any) -> None:
        self.continued_count += 1

    def notice_dead_debuggee(self) -> bool:
        """End a stopped session whose debuggee was killed behind the debugger's back (gdb
        notices only when it resumes); True if it did."""
        if self.state is not SessionState.STOPPED or not self.adapter_pid or self.post_mortem:
            return False
        code = dead_debuggee_status(self.adapter_pid, self.program, self.debuggee_pid)
        if code is None:
            return False
        self.exit_code = code
        self._end(SessionState.EXITED, "exited")
        return True

    def check_vanished(self, command: str, waited: float) -> None:
        """The connection's ``wait_check``: end the session when ``command`` has waited
        :data:`GRACE` s while the debuggee is gone and the adapter said nothing of it (see
        :mod:`dapcli.engine.vanished`). Raises ConnectionLostError then."""
        pid, started = self.debuggee_pid, self.debuggee_started
        if (waited < GRACE or pid is None or started is None or self.ended or self._disconnecting
                or not gone(pid, started)):
            return
        self.lost = (f"the program (pid {pid}) ended, but {self.adapter.name} never said so and left "
                     f"{command} unanswered (a process the program forked may hold its connection)")
        self._end(SessionState.TERMINATED, "program gone")
        raise ConnectionLostError(f"session '{self.name}': {self.lost}",
                                  f"the session has ended and its processes are stopped; {call('launch')} again")

    def mark_running(self) -> None:
        """The program runs although no execution verb resumed it (a console command did)."""
        if self.state is SessionState.STOPPED:
            self.state = SessionState.RUNNING
            self._notify("running")

    def _on_thread(self, _: Any) -> None:
        self.threads = []

    def _end(self, state: SessionState, reason: str) -> None:
        if not self.ended and self.terminal is not None:
            self.terminal.drain()  # the program's last words come before its end
        if not self.ended:
            self.generation += 1
        self.state = state
        self.end_reason = reason
        self.pause_requested = None
        self._notify("ended")
        # not while a shutdown runs: it may be a detach, which must never end the debuggee (the
        # adapter reports `exited`/`terminated` for the detached program, e.g. lldb-dap)
        if self._teardown is None and not self._disconnecting:
            # a program we did not start (attach, a subprocess) is never killed for the adapter's end
            # (debugpy says `terminated` for a subprocess still on its way out: killing it loses its exit code)
            ours = self.request_kind not in ("attach", "subprocess")
            self._teardown = asyncio.get_running_loop().create_task(self.shutdown(terminate_debuggee=ours))


def _parse_body(model: type[BaseModel], body: Any) -> Any:
    """An event body as its spec type. An adapter off the spec never loses the event: values
    outside an enumeration are dropped, values of the wrong type mended (a ``reason`` of 5 is
    ``"5"``: see :mod:`dapcli.protocol.repair`); None for a body that still fails (an ``exited``
    whose ``exitCode`` is ``"x"``), which is then ignored rather than let into the session."""
    try:
        return model.model_validate(body)
    except ValidationError as exc:
        for repaired in (without_unknown_literals(body, exc), repair(model, body, exc)):
            if repaired is not None:
                with contextlib.suppress(ValidationError):
                    return model.model_validate(repaired)
        return None  # not an event of this kind in any reading: ignored (DAPCLI_TRACE shows it)


_EVENT_HANDLERS: dict[str, tuple[type[BaseModel] | None, Callable[[SessionEvents, Any], None]]] = {
    "initialized": (None, SessionEvents._on_initialized),
    "stopped": (body_model(t.StoppedEvent), SessionEvents._on_stopped),
    "output": (body_model(t.OutputEvent), SessionEvents._on_output),
    "exited": (body_model(t.ExitedEvent), SessionEvents._on_exited),
    "terminated": (None, SessionEvents.on_terminated),
    "breakpoint": (body_model(t.BreakpointEvent), SessionEvents._on_breakpoint),
    "process": (body_model(t.ProcessEvent), SessionEvents._on_process),
    "thread": (None, SessionEvents._on_thread),
    "continued": (None, SessionEvents._on_continued),
}

