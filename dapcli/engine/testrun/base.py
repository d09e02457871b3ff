"""What every test runner shares: a failure record, the run's summary, the review loop's hook.

A runner reviews each new stop of its session: a failure (the user's code failed; which frame,
which test, what message), a stop to pass (a skip, an exception the test expects, Go's
``Fail`` propagating to a parent test), or a stop that is none of its business (a breakpoint
of the user's, a step).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from dapcli.engine.userframes import is_user_source
from dapcli.errors import DapcliError
from dapcli.protocol import types as t

if TYPE_CHECKING:
    from dapcli.engine.api import TestSession

__all__ = [
    "Failure", "Review", "Summary", "TestRun", "TestRunner", "Verdict", "cut", "evaluate", "frame_path",
    "is_local_source", "session_output", "stack", "wait_for_output",
]

#: Frames read to find the user's frame of a failure (Go panics sit ~7 frames deep).
REVIEW_FRAMES = 30
#: Longest failure message kept (characters).
MAX_MESSAGE = 2000

Verdict = Literal["failure", "pass", "other"]


@dataclass
class Failure:
    """A failure stop: ``test_id`` (pytest node id, Go test name, program), the failure
    ``message`` (assertion text), its ``kind`` (assertion, error, panic, signal), and
    ``frame_index``: the stack frame of the user's code where it failed."""

    generation: int
    test_id: str | None
    message: str | None
    kind: str
    frame_index: int = 0
    phase: str | None = None


@dataclass
class Summary:
    """The runner's own account of a finished run: its summary ``text`` and counts."""

    text: str | None = None
    passed: int | None = None
    failed: int | None = None


@dataclass
class Review:
    verdict: Verdict
    failure: Failure | None = None


class TestRunner:
    """Base of a runner: how its run starts (:meth:`launch_plan`) and how it reads stops and
    output. Subclasses override :meth:`review`, :meth:`summary` and :meth:`no_match`."""

    __test__ = False  # not a pytest test class
    #: ``pytest``, ``unittest``, ``go`` or ``native``.
    name: str = ""

    def __init__(self, selectors: list[str], runner_args: list[str], *, match: str | None, first: bool,
                 cwd: str) -> None:
        self.selectors = selectors
        self.runner_args = runner_args
        self.match = match
        self.first = first
        self.cwd = cwd

    def configure(self, session: TestSession) -> None:
        """Prepare ``session`` before launch (exception filters, function breakpoints)."""

    async def review(self, session: TestSession) -> Review:
        """Classify the session's current stop (DAP ``stackTrace`` and friends)."""
        return Review("other")

    async def running_test(self, session: TestSession, thread_id: int) -> str | None:
        """The id of the test that runs at the session's current stop on ``thread_id`` (a breakpoint
        or step of the user's), as a failure would name it; None when the runner cannot tell."""
        return None

    def summary(self, output: str, exit_code: int | None) -> Summary:
        """The run's summary from its output and exit code."""
        return Summary()

    def no_match(self, output: str, exit_code: int | None) -> str | None:
        """When the run ended having run no test: what was looked for; else None."""
        return None

    @property
    def display(self) -> str:
        """What was asked for, as the user would say it."""
        words = [*self.selectors, *(["-k", self.match] if self.match else []), *self.runner_args]
        return " ".join(words) or "all tests"


class TestRun:
    """One runner attached to a session: reviews stops and keeps the failures found."""

    __test__ = False

    def __init__(self, runner: TestRunner) -> None:
        self.runner = runner
        self.failures: list[Failure] = []
        self.reviewed_generation = -1
        #: The stop generation whose running test was asked for, and that test's id.
        self._running: tuple[int, str | None] = (-1, None)
        #: With ``--until-fail N``: this run's number (from 1) and ``N``; else None.
        self.run: int | None = None
        self.runs: int | None = None
        #: With ``--until-fail N``: starts the next run once this one ended passing, given this
        #: run's session and the seconds to wait for its stop; returns the new session and its stop
        #: state (set by the verb that started this run).
        self.again: Callable[[Any, float], Awaitable[tuple[Any, Any]]] | None = None

    def runs_left(self, session: TestSession) -> bool:
        """``--until-fail``: this run ended with no failure (exit code 0) and runs are left."""
        return (self.again is not None and self.run is not None and self.runs is not None and self.run < self.runs
                and session.ended and session.exit_code == 0 and not self.failures)

    @property
    def current(self) -> Failure | None:
        return self.failures[-1] if self.failures else None

    def failure_at(self, generation: int) -> Failure | None:
        """The failure recorded for stop ``generation`` (None: that stop is not a failure)."""
        failure = self.current
        return failure if failure is not None and failure.generation == generation else None

    async def review(self, session: TestSession) -> bool:
        """Review the current stop once; True when it is to be passed (resume the program)."""
        if self.reviewed_generation == session.generation:
            return False
        self.reviewed_generation = session.generation
        try:
            found = await self.runner.review(session)
        except DapcliError:
            return False  # unreadable: show the stop as it is
        if found.verdict == "failure" and found.failure is not None:
            self.failures.append(found.failure)
        return found.verdict == "pass"

    async def test_at(self, session: TestSession, thread_id: int) -> str | None:
        """The id of the test running at the current stop (asked of the runner once per stop):
        the failure's at a failure stop, else the test the stop is in (which may be a later one
        than the last failure's); None when the runner cannot tell."""
        failure = self.failure_at(session.generation)
        if failure is not None:
            return failure.test_id
        generation, known = self._running
        if generation != session.generation:
            try:
                known = await self.runner.running_test(session, thread_id)
            except DapcliError:
                known = None
            self._running = (session.generation, known)
        return known

    def summary(self, session: TestSession) -> Summary:
        return self.runner.summary(session_output(session), session.exit_code)


def session_output(session: TestSession, since: int = 0) -> str:
    """The program's output (stdout and stderr) recorded since ``since``."""
    return "".join(c.output for c in session.output.since(since) if c.category in ("stdout", "stderr"))


async def stack(session: TestSession, thread_id: int) -> list[t.StackFrame]:
    """The top :data:`REVIEW_FRAMES` frames of ``thread_id`` (DAP ``stackTrace``)."""
    body = await session.request(
        "stackTrace", t.StackTraceArguments(threadId=thread_id, levels=REVIEW_FRAMES), t.StackTraceResponse
    )
    return list(body.stackFrames)


async def evaluate(session: TestSession, expression: str, frame_id: int, context: str = "watch") -> str | None:
    """``expression`` in frame ``frame_id`` (DAP ``evaluate``); None when it fails."""
    try:
        body = await session.request(
            "evaluate", t.EvaluateArguments(expression=expression, frameId=frame_id, context=context),
            t.EvaluateResponse,
        )
    except DapcliError:
        return None
    return str(body.result)


def frame_path(frame: t.StackFrame) -> str | None:
    return frame.source.path if frame.source and frame.source.path else None


#: dapcli's own programs that run the tests (never the user's frames).
BOOT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "boot")


def is_local_source(path: str | None) -> bool:
    """True for a source file of the user's (:func:`dapcli.engine.userframes.is_user_source`: readable
    here, not a system, runtime or installed package's file), not dapcli's own test bootstrap."""
    if not path or os.path.dirname(os.path.abspath(path)) == BOOT_DIR:
        return False
    return is_user_source(path)


async def wait_for_output(session: TestSession, found: Callable[[str], str | None], timeout: float,
                          since: int = 0) -> str | None:
    """Wait (at most ``timeout`` s) until ``found(text)`` returns a value for the program's
    output since ``since``; that value, or None. Output reaches us on its own stream and may
    trail the stop it belongs to."""
    arrived = asyncio.Event()

    def listener(what: str, _: Any) -> None:
        if what == "output":
            arrived.set()

    session.listeners.append(listener)
    try:
        deadline = time.monotonic() + timeout
        while True:
            arrived.clear()
            value = found(session_output(session, since))
            remaining = deadline - time.monotonic()
            if value is not None or remaining <= 0:
                return value
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(arrived.wait(), remaining)
    finally:
        session.listeners.remove(listener)


def cut(text: str | None, limit: int = MAX_MESSAGE) -> str | None:
    if text is None:
        return None
    text = text.strip()
    return text if len(text) <= limit else text[:limit] + "…"


