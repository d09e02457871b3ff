"""``go test`` through Delve's test mode (``mode: test``, the package directory as program).

A failing ``t.Error*``/``t.Fatal*`` calls ``testing.(*common).Fail``: a function breakpoint
there stops at each failure, and the frame selected is the test's own, above ``testing``.
``Fail`` also runs for the parent of a failing subtest and on the way of a panic; those stops
are passed (the panic stops by itself: Delve's unrecovered-panic stop, reason ``exception``).
The message is the test's log line (``cart_test.go:15: Total(Cart, 15) = 2673, want 2441``),
read from the output that ``-test.v`` streams, else from the test's buffered log.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from dapcli.engine.testrun.base import (
    Failure,
    Review,
    Summary,
    TestRunner,
    cut,
    evaluate,
    session_output,
    stack,
    wait_for_output,
)

if TYPE_CHECKING:
    from dapcli.engine.api import TestSession
    from dapcli.protocol import types as t

__all__ = ["GoTestRunner"]

FAIL_FUNCTION = "testing.(*common).Fail"
_INTERNAL = ("testing.", "runtime.")
#: How long a failure's log line may trail its stop (it comes through Delve's stdout; s).
OUTPUT_GRACE = 1.0


class GoTestRunner(TestRunner):
    """``go test PACKAGE -run PATTERN`` under Delve; selectors are a package directory and
    test names (joined into ``-test.run``)."""

    name = "go"

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fail_entry: int | None = None
        self.package = "."
        self.tests: list[str] = []

    def split_selectors(self, is_package: object) -> None:
        """Package directories and test-name patterns among the selectors."""
        packages = [s for s in self.selectors if is_package(s)]  # type: ignore[operator]
        self.tests = [s for s in self.selectors if s not in packages]
        self.package = packages[0] if packages else "."

    def arguments(self) -> list[str]:
        patterns = [*self.tests, *([self.match] if self.match else [])]
        run = ["-test.run", _run_pattern(patterns)] if patterns else []
        return ["-test.v", *run, *(["-test.failfast"] if self.first else []), *self.runner_args]

    def configure(self, session: TestSession) -> None:
        self.fail_entry = session.book.new_internal(function=FAIL_FUNCTION).id

    async def review(self, session: TestSession) -> Review:
        stop = session.last_stop
        if stop is None or stop.thread_id is None:
            return Review("other")
        if stop.reason == "exception":
            return await self._panic(session, stop.thread_id, _unquote(stop.text) or stop.description)
        entry = session.book.internal.get(self.fail_entry or 0)
        if entry is None or entry.adapter_id not in stop.hit_breakpoint_ids:
            return Review("other")
        frames = await stack(session, stop.thread_id)
        if len(frames) > 1 and frames[1].name == FAIL_FUNCTION:
            return Review("pass")  # a subtest's failure reaching its parent
        index = _user_frame(frames)
        if index is None or any(f.name == "runtime.gopanic" for f in frames[:index]):
            return Review("pass")  # on the way of a panic: its own stop follows
        name = _unquote(await evaluate(session, "c.name", frames[0].id))
        callers = frames[index: (_test_frame(frames) or index) + 1]  # t.Helper(): Go logs a caller's line
        message = await self._message(session, callers, frames[0].id)
        return Review("failure", Failure(generation=session.generation, test_id=name, message=cut(message),
                                         kind="assertion", frame_index=index, phase="call"))

    async def running_test(self, session: TestSession, thread_id: int) -> str | None:
        """``t.name`` in the test function (or subtest closure) on the stack; else the test that
        ``-test.v`` says runs."""
        frames = await stack(session, thread_id)
        test = _test_frame(frames)
        name = _unquote(await evaluate(session, "t.name", frames[test].id)) if test is not None else None
        return name or _running_test(session_output(session))

    async def _panic(self, session: TestSession, thread_id: int, text: str | None) -> Review:
        frames = await stack(session, thread_id)
        index = _user_frame(frames) or 0
        test = _test_frame(frames)  # the test function (or subtest closure), which has `t`
        name = _unquote(await evaluate(session, "t.name", frames[test].id)) if test is not None else None
        if not name:  # a goroutine the test started: the test `-test.v` said runs
            name = _running_test(session_output(session))
        if not name and frames:
            name = re.sub(r"(\.func\d+)+$", "", frames[test if test is not None else index].name).rsplit(".", 1)[-1]
        return Review("failure", Failure(generation=session.generation, test_id=name,
                                         message=cut(f"panic: {text}" if text else "panic"), kind="panic",
                                         frame_index=index, phase="call"))

    async def _message(self, session: TestSession, frames: list[t.StackFrame], fail_frame: int) -> str | None:
        """The test's log line at the failing call: at the first of ``frames`` (the user's,
        innermost first) whose ``file:line`` it names (a ``t.Helper()`` is skipped by Go)."""
        wheres = [f"{(frame.source.name if frame.source else '') or ''}:{frame.line}: " for frame in frames]

        def logged(text: str) -> str | None:
            for where in wheres:
                lines = [line.strip() for line in text.splitlines() if where in line]
                if lines:
                    return lines[-1]
            return None

        found = await wait_for_output(session, logged, OUTPUT_GRACE)
        if found:
            return found
        buffered = _unquote(await evaluate(session, "string(c.output)", fail_frame, "clipboard"))
        return logged(buffered.encode().decode("unicode_escape")) if buffered else None

    def summary(self, output: str, exit_code: int | None) -> Summary:
        passed = len(re.findall(r"^--- PASS: ", output, re.M))
        failed = len(re.findall(r"^--- FAIL: ", output, re.M))
        verdict = re.findall(r"^(PASS|FAIL)\s*$", output, re.M)
        if not verdict and not passed and not failed:
            return Summary()
        text = f"{verdict[-1] if verdict else 'FAIL'}: {passed} passed, {failed} failed"
        return Summary(text=text, passed=passed, failed=failed)

    def no_match(self, output: str, exit_code: int | None) -> str | None:
        if "testing: warning: no tests to run" in output:
            return "go test ran no test"
        return None


def _run_pattern(patterns: list[str]) -> str:
    """One ``-test.run`` value for several test names. Go splits it at each ``/`` outside
    brackets into one pattern per level of subtests, so ``TestTable/case`` among other names is
    joined level by level (``^(TestTable|TestOther)$/^(case)$``); a name without that level
    lifts the filter there (its subtests all run)."""
    if len(patterns) == 1:
        return patterns[0]
    levels = [p.split("/") for p in patterns]
    joined = []
    for depth in range(max(len(parts) for parts in levels)):
        if any(len(parts) <= depth for parts in levels):
            break
        joined.append("^(" + "|".join(dict.fromkeys(parts[depth] for parts in levels)) + ")$")
    return "/".join(joined)


def _running_test(output: str) -> str | None:
    """The innermost test that ``-test.v`` output says started (``=== RUN``) and has not ended
    (``--- PASS/FAIL/SKIP``); None when none."""
    running: list[str] = []
    for kind, name in re.findall(r"^\s*(=== RUN|--- (?:PASS|FAIL|SKIP)):?\s+(\S+)", output, re.M):
        if kind == "=== RUN":
            running.append(name)
        elif name in running:
            running.remove(name)
    return running[-1] if running else None


def _user_frame(frames: list[t.StackFrame]) -> int | None:
    """The first frame that is not Go's ``testing`` or ``runtime`` package."""
    return next((i for i, f in enumerate(frames) if not f.name.startswith(_INTERNAL)), None)


def _test_frame(frames: list[t.StackFrame]) -> int | None:
    """The frame ``testing.tRunner`` called: the test function or a subtest's closure (whose
    ``t`` names the test), or None for a panic outside a test's goroutine."""
    return next((i - 1 for i, f in enumerate(frames) if i and f.name == "testing.tRunner"), None)


def _unquote(value: str | None) -> str | None:
    if value and len(value) >= 2 and value[0] == value[-1] == '"':
        return value[1:-1]
    return value or None
