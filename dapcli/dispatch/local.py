"""The in-process dispatcher: validate arguments, check preconditions, run the verb.

Calls on one session are serialized, except verbs marked ``concurrent`` (``pause``,
``status``, ``output``, ``sessions``), so ``pause`` works while ``continue`` blocks. While an
execution verb waits for the program, a call is never queued behind it: ``stop`` runs at once
(the blocked call returns the session's end), and a verb that needs a stopped program is refused
at once ("running: pause first").
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from typing import Any

from dapcli.engine.manager import SessionManager, check_name
from dapcli.errors import PreconditionError, UsageError
from dapcli.verbs import VERBS, validate_args
from dapcli.verbs.context import VerbContext
from dapcli.verbs.models import Result, SessionInfo
from dapcli.verbs.registry import VerbSpec

__all__ = ["LocalDispatcher", "lookup"]


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
        #: Sessions whose lock is held by an execution verb waiting for the program.
        self._blocked: set[str] = set()

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
        if lock.locked() and session in self._blocked:
            if spec.name == "stop":
                return await self._run(spec, ctx, kwargs)
            if spec.needs == "stopped":
                check_preconditions(spec, ctx)  # running: refused now, not after the wait
        async with lock:
            if not spec.executes:
                return await self._run(spec, ctx, kwargs)
            self._blocked.add(session)
            try:
                return await self._run(spec, ctx, kwargs)
            finally:
                self._blocked.discard(session)

    async def _run(self, spec: VerbSpec, ctx: VerbContext, kwargs: dict[str, Any]) -> Result:
        check_preconditions(spec, ctx)
        result = await spec.func(ctx, **kwargs)
        assert isinstance(result, Result)
        return result


def check_preconditions(spec: VerbSpec, ctx: VerbContext) -> None:
    """Raise SessionError/PreconditionError when the session cannot take ``spec`` now."""
    if spec.needs == "none":
        return
    session = ctx.session()
    if spec.needs == "alive":
        session.require_alive()
    elif spec.needs == "stopped":
        session.require_stopped()
    if spec.capability and session.configured and not session.supports(spec.capability):
        raise PreconditionError(
            f"{session.adapter.name} cannot {spec.name} (it lacks the {spec.capability} capability)"
        )
