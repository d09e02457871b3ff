"""Requests the caller gave up on (timed out, or interrupted with Ctrl-C) while the adapter still
works on them: an ``evaluate`` whose ``__repr__`` hangs keeps the debuggee's thread busy, and
every later request that needs that thread would queue behind it for its full timeout.

While such a request is unanswered, later thread-bound requests are refused at once, naming it;
a ``cancel`` request is sent for it where the adapter supports one (``supportsCancelRequest``).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

from dapcli.errors import PreconditionError

__all__ = ["BUSY_HINT", "CANCEL_GRACE", "DEFERRED_EDIT", "RUNS_CODE", "THREAD_BOUND", "AbandonedRequest"]

#: What is true while an abandoned request runs: only ending the debuggee ends it.
BUSY_HINT = ("the program is busy evaluating an expression that has not returned; "
             "`stop` (or `restart`) ends it")

#: The note of a breakpoint edit recorded while an abandoned request runs (debugpy answers no
#: ``setBreakpoints`` while the stopped thread runs a ``__repr__``).
DEFERRED_EDIT = "recorded, not sent yet: the adapter answers nothing until {what} returns; it is sent then"

#: How long a later request waits for a cancelled request's answer before it is refused (s).
CANCEL_GRACE = 2.0

#: Requests that run on the stopped thread (debugpy answers them in turn, on that thread).
THREAD_BOUND = frozenset({"evaluate", "variables", "setVariable", "setExpression", "exceptionInfo", "stackTrace",
                          "scopes"})

#: Abandoned requests that run the program's code: every adapter answers no resume until they return.
RUNS_CODE = frozenset({"evaluate", "setVariable", "setExpression"})


class AbandonedRequest:
    """At most one request given up on; cleared when the adapter answers it at last."""

    def __init__(self) -> None:
        self._future: asyncio.Future[Any] | None = None
        self._what = ""
        self._command = ""
        self._cancelled = False
        self._deferred: dict[str, asyncio.Task[None]] = {}

    @property
    def pending(self) -> bool:
        return self._future is not None and not self._future.done()

    async def check(self, command: str) -> None:
        """Raises PreconditionError when ``command`` would queue behind the abandoned request
        (after a short wait for its answer when a ``cancel`` was sent for it)."""
        if command not in THREAD_BOUND or not self.pending:
            return
        if self._cancelled and self._future is not None:
            await asyncio.wait({self._future}, timeout=CANCEL_GRACE)
        if self.pending:
            raise PreconditionError(
                f"{self._what} is still running in the program; {command} would wait behind it", BUSY_HINT,
            )

    def defer(self, key: str, send: Callable[[], Awaitable[object]]) -> str | None:
        """While the abandoned request runs, schedule ``send`` (a breakpoint set's
        ``setBreakpoints``, keyed by ``key``) for when it is answered, and return the note to
        show; None (nothing scheduled) when no request is abandoned."""
        if not self.pending or self._future is None:
            return None
        if key not in self._deferred or self._deferred[key].done():
            self._deferred[key] = asyncio.ensure_future(self._after(self._future, send))
        return DEFERRED_EDIT.format(what=self._what)

    @staticmethod
    async def _after(future: asyncio.Future[Any], send: Callable[[], Awaitable[object]]) -> None:
        await asyncio.wait({future})
        with contextlib.suppress(Exception):  # the session ended meanwhile: the book is sent at the next launch
            await send()

    def busy_note(self) -> str | None:
        """What ``status`` says while the abandoned request runs (the program is not idle at its
        stop: it runs that code); None when none runs."""
        if not self.pending:
            return None
        return f"{self._what} is still running in the program: it answers nothing else until that returns; {BUSY_HINT}"

    def refuse(self, verb: str, *, any_request: bool = True) -> None:
        """Raises PreconditionError while the abandoned request runs: the execution verb
        ``verb`` (``next``, ``continue``...) would wait behind it (debugpy answers no resume then).
        ``any_request`` False: only while it runs the program's code (an ``evaluate``,
        ``setVariable``, ``setExpression``: js-debug answers no resume while V8 runs it)."""
        if self.pending and (any_request or self._command in RUNS_CODE):
            raise PreconditionError(f"{self._what} is still running in the program; {verb} would wait behind it",
                                    BUSY_HINT)

    def track(self, future: asyncio.Future[Any], command: str, arguments: Any, *, cancelled: bool) -> None:
        """Remember ``future`` (sent with ``command``) as given up on; ``cancelled``: a DAP
        ``cancel`` was sent for it."""
        if command not in THREAD_BOUND or future.done():
            return
        self._cancelled = cancelled
        self._command = command
        expression = getattr(arguments, "expression", None)
        self._future = future
        self._what = f"an interrupted evaluation of {expression!r}"[:200] if expression else \
            f"an interrupted {command} request"
