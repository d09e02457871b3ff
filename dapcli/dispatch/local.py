"""The in-process dispatcher: validate arguments, check preconditions, run the verb.

Calls on one session are serialized, except verbs marked ``concurrent`` (``pause``,
``status``, ``output``, ``sessions``), so ``pause`` works while ``continue`` blocks. While an
execution verb waits for the program, a call is not queued behind it for long: ``stop`` and
``restart`` run at once (the blocked call returns the session's end), a ``launch``, ``attach``
or ``debugTest`` of the live session's name is refused at once, and a verb that needs a stopped program waits
at most :data:`QUEUE_GRACE` seconds (a step usually ends by then) and is then refused while the
program runs ("running: pause first").

Breakpoint, watch and exception-filter edits (:func:`edits_while_running`) do not wait behind a
blocked resume either: DAP allows ``setBreakpoints`` while the program runs, and a breakpoint is
added exactly to stop a running loop (the blocked ``continue`` then reports that stop). They
serialize with each other (the breakpoint book re-sends a file's whole list). Nor do the
read-only verbs that work while the program runs (``threads``, a running thread's
``stackTrace``): they run at once beside a continue, and after a step (at its stop) unless it
runs past :data:`QUEUE_GRACE`. A verb that needs
a stopped program is refused at once while a long resume (``continue``, not a step) runs, and
an execution verb is refused at once while an abandoned evaluation still runs in the debuggee.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from dapcli.engine.manager import SessionManager, check_name
from dapcli.engine.session import SessionState
from dapcli.errors import PreconditionError, UsageError
from dapcli.verbs import VERBS, validate_args
from dapcli.verbs.context import VerbContext
from dapcli.verbs.models import Result, SessionInfo
from dapcli.verbs.registry import VerbSpec, usage_error_from

__all__ = ["QUEUE_GRACE", "LocalDispatcher", "lookup"]

#: Longest a call waits behind a blocked step before it is refused (s): a step ends well within
#: it even on a loaded machine; one that does not has met a deadlock or a long call.
QUEUE_GRACE = 5.0
#: Verbs that end the session a blocked resume waits on: they run at once, and that call returns
#: the session's end (``restart`` then takes the session's turn for its new run).
ENDS = frozenset({"stop", "restart"})
#: Verbs that start a session, and how long a ``stop`` waits for one still starting (s).
STARTS = frozenset({"launch", "attach", "restart"})
START_WAIT = 60.0
#: Verbs that open a new session of a name: refused at once while that session runs.
OPENS = frozenset({"launch", "attach", "debugTest"})

#: Execution verbs that usually end within :data:`QUEUE_GRACE` (a call may wait for them).
SHORT_RESUMES = frozenset({"next", "stepIn", "stepOut", "stepBack", "stepInstruction", "nextInstruction", "goto",
                           "restartFrame"})


def edits_while_running(spec: VerbSpec) -> bool:
    """True for the breakpoint, watch and exception-filter verbs that work while the program runs."""
    return spec.group in ("breakpoints", "watches") and spec.needs != "stopped"


def lookup(name: str) -> VerbSpec:
    """The verb called ``name``. Raises UsageError with the closest names."""
    spec = VERBS.get(name)
    if spec is None:
        import difflib

        close = difflib.get_close_matches(name, list(VERBS), n=3)
        hint = f"did you mean: {', '.join(close)}?" if close else f"verbs: {', '.join(sorted(VERBS))}"
        raise UsageError(f"unknown verb: {name}", hint)
    return spec


class LocalDispatcher:
    """Runs verbs against the sessions of one :class:`SessionManager`."""

    def __init__(self, manager: SessionManager | None = None,
                 list_hosted: Callable[[], list[SessionInfo]] | None = None) -> None:
        self.manager = manager or SessionManager()
        self.list_hosted = list_hosted
        self._locks: dict[str, asyncio.Lock] = {}
        #: Session → the execution verb holding its lock while it waits for the program.
        self._blocked: dict[str, str] = {}
        #: Serializes the breakpoint/watch edits of a session, also while a resume blocks.
        self._edit_locks: dict[str, asyncio.Lock] = {}

    async def call(self, verb: str, args: dict[str, Any] | None, session: str = "default",
                   cwd: str | None = None) -> Result:
        """Run ``verb`` with JSON-shaped ``args`` on ``session``; return its result model.

        Raises every :class:`~dapcli.errors.DapcliError` the verb raises; UsageError for bad
        arguments, SessionError for a missing session, PreconditionError for a wrong state.
        """
        spec = lookup(verb)
        kwargs = validate_args(spec, args)
        ctx = VerbContext(self.manager, check_name(session), cwd or os.getcwd(), self.list_hosted)
        if spec.concurrent:
            return await self._run(spec, ctx, kwargs)
        lock = self._locks.setdefault(session, asyncio.Lock())
        edit = self._edit_locks.setdefault(session, asyncio.Lock()) if edits_while_running(spec) else None
        held = False
        blocker = self._blocked.get(session) if lock.locked() else None
        if blocker is not None and spec.name in ENDS:
            starting = blocker in STARTS and session not in self.manager.sessions
            # a stop while the session's launch is still starting waits for that start (bounded)
            held = starting and await _acquire(lock, START_WAIT)
            if not held and spec.name == "restart":
                return await self._replace(spec, ctx, kwargs, lock)
            if not held:
                return await self._run(spec, ctx, kwargs)  # ends a running session at once
        elif blocker is not None and spec.name in OPENS and self._running(session):
            return await self._run(spec, ctx, kwargs)  # a launch of a live session's name: refused at once
        elif blocker is not None:
            running = self._running(session)
            if edit is not None and running:
                async with edit:
                    return await self._run(spec, ctx, kwargs)
            if running and spec.read_only and spec.needs == "alive":
                # threads, a running thread's stack: after a step that ends soon (they show its stop),
                # beside a continue or a step that does not end (a deadlock) rather than behind it
                held = blocker in SHORT_RESUMES and await _acquire(lock, QUEUE_GRACE)
                if not held:
                    return await self._run(spec, ctx, kwargs)
            if spec.needs == "stopped":
                if blocker not in SHORT_RESUMES and running:
                    check_preconditions(spec, ctx)  # a continue may run for long: refused now
                held = await _acquire(lock, QUEUE_GRACE)
                if not held:
                    check_preconditions(spec, ctx)  # still running: refused now, not after the wait
        if not held:
            await lock.acquire()
        try:
            if spec.executes:
                self._blocked[session] = spec.name
            if edit is not None:
                async with edit:
                    return await self._run(spec, ctx, kwargs)
            return await self._run(spec, ctx, kwargs)
        finally:
            if spec.executes:
                self._blocked.pop(session, None)
            lock.release()

    async def _replace(self, spec: VerbSpec, ctx: VerbContext, kwargs: dict[str, Any], lock: asyncio.Lock) -> Result:
        """Run ``restart`` while a call blocks in a resume of the same session: at once (ending the
        old run ends that call's wait, which then says so), taking the session's lock as soon as
        that call lets go of it, so that later calls wait for the new run rather than run beside it."""
        session = ctx.session_name
        taking = asyncio.ensure_future(lock.acquire())

        def taken(done: asyncio.Future[bool]) -> None:
            if not done.cancelled() and done.exception() is None:
                self._blocked[session] = spec.name  # a `stop` meanwhile waits for the new run's start

        taking.add_done_callback(taken)
        try:
            return await self._run(spec, ctx, kwargs)
        finally:
            if taking.done() and not taking.cancelled() and taking.exception() is None:
                self._blocked.pop(session, None)
                lock.release()
            else:
                taking.cancel()

    def _running(self, session: str) -> bool:
        """True when ``session`` exists here and its program runs (not launching, not stopped)."""
        found = self.manager.sessions.get(session)
        return found is not None and found.state is SessionState.RUNNING

    async def _run(self, spec: VerbSpec, ctx: VerbContext, kwargs: dict[str, Any]) -> Result:
        check_preconditions(spec, ctx)
        try:
            result = await spec.func(ctx, **kwargs)
        except ValidationError as exc:  # a DAP arguments model refused a value the verb passed on
            raise usage_error_from(spec.name, exc) from None
        assert isinstance(result, Result)
        return result


async def _acquire(lock: asyncio.Lock, timeout: float) -> bool:
    """Acquire ``lock`` within ``timeout`` seconds; False (not held) when that ran out."""
    try:
        await asyncio.wait_for(lock.acquire(), timeout)
    except TimeoutError:
        return False
    return True


def check_preconditions(spec: VerbSpec, ctx: VerbContext) -> None:
    """Raise SessionError/PreconditionError when the session cannot take ``spec`` now."""
    if spec.needs == "none":
        return
    session = ctx.session()
    if spec.needs == "alive":
        session.require_alive()
    elif spec.needs == "stopped":
        session.require_stopped()
        if spec.executes:  # it would wait behind an evaluation that never returns
            session.abandoned.refuse(spec.name, any_request=session.adapter.resumes_wait_for_evaluations)
    # refused up front, unlike a breakpoint part: an adapter can die of a request it does not
    # implement (lldb-dap 19 aborts on `stepBack`), which ends the whole session
    if spec.capability and session.configured and not session.supports(spec.capability) \
            and spec.capability not in session.adapter.emulated_capabilities:
        raise PreconditionError(
            f"{session.adapter.name} cannot {spec.name} (it lacks the {spec.capability} capability)"
        )
