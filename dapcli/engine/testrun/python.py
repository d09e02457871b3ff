"""pytest and unittest through debugpy.

The run is ``python -m pytest SELECTORS`` (or ``-m unittest``) with debugpy's
``userUnhandled`` exception filter alone: an exception that leaves the user's code into the
runner (a failing ``assert``, an error in the code under test or in a fixture) stops where it
was raised, with that frame live. Stops that are not failures are passed: skips
(``pytest.skip``, ``unittest.SkipTest``), exceptions the test expects (see :mod:`.expected`).
The test's id comes from ``PYTEST_CURRENT_TEST`` (pytest) or ``self.id()`` (unittest); the
message is the exception's text, i.e. pytest's rewritten assertion (``assert 26.73 == 24.41``).
"""

from __future__ import annotations

import ast
import asyncio
import os
import re
from typing import TYPE_CHECKING

from dapcli.engine.testrun.base import (
    BOOT_DIR,
    Failure,
    Review,
    Summary,
    TestRunner,
    cut,
    evaluate,
    frame_path,
    is_local_source,
    stack,
)
from dapcli.engine.testrun.expected import expects_exception, marked_expected_failure
from dapcli.protocol import types as t

if TYPE_CHECKING:
    from dapcli.engine.api import TestSession

__all__ = ["BOOT", "PytestRunner", "UnittestRunner"]

#: The program debugpy runs: the runner, traced only once its tests run (see the file).
BOOT = os.path.join(BOOT_DIR, "dapcli_testboot.py")

#: Exceptions that end a test without failing it (pytest's outcomes, unittest's skip).
_NOT_FAILURES = {"Skipped", "XFailed", "Exit", "SkipTest", "_UnexpectedSuccess"}
_PYTEST_SUMMARY = re.compile(r"^=*\s*((?:\d+ [a-z]+(?:, )?)+)(?: in [\d.]+s.*?)?\s*=*\s*$", re.M)
_COUNT = re.compile(r"(\d+) ([a-z]+)")
_COLLECTING = re.compile(r"^_+ ERROR collecting (\S+) _+$", re.M)


class PythonRunner(TestRunner):
    """What pytest and unittest share: the debugpy launch and the review of exception stops."""

    module = ""

    def configure(self, session: TestSession) -> None:
        session.exception_filters = [("userUnhandled", None)]

    def arguments(self) -> list[str]:
        raise NotImplementedError

    async def review(self, session: TestSession) -> Review:
        stop = session.last_stop
        if stop is None or stop.reason != "exception" or stop.thread_id is None:
            return Review("other")
        # both at once: one round trip to the debuggee instead of two, on the way to the stop
        found = await asyncio.gather(
            stack(session, stop.thread_id),
            session.request("exceptionInfo", t.ExceptionInfoArguments(threadId=stop.thread_id),
                            t.ExceptionInfoResponse),
            return_exceptions=True)
        for failed in found:
            if isinstance(failed, BaseException):
                raise failed
        frames, info = found
        kind = str(info.exceptionId).split(" ", 1)[0].rsplit(".", 1)[-1]  # debugpy appends "(note: …)"
        if kind in _NOT_FAILURES:
            return Review("pass")
        if any(expects_exception(path, f.line, kind) for f in to_the_test(frames) if (path := frame_path(f))):
            return Review("pass")
        index = next((i for i, f in enumerate(frames) if is_local_source(frame_path(f))), 0)
        test_id, phase = await self.test_id(session, frames)
        if test_id and phase == "call" and self.expected_failure(frames, test_id):
            return Review("pass")
        return Review("failure", Failure(
            generation=session.generation, test_id=test_id, message=cut(_message(kind, info.description)),
            kind="assertion" if kind == "AssertionError" else "error", frame_index=index, phase=phase,
        ))

    async def test_id(self, session: TestSession, frames: list[t.StackFrame]) -> tuple[str | None, str | None]:
        raise NotImplementedError

    async def running_test(self, session: TestSession, thread_id: int) -> str | None:
        return (await self.test_id(session, await stack(session, thread_id)))[0]

    def expected_failure(self, frames: list[t.StackFrame], test_id: str) -> bool:
        function = re.sub(r"\[.*\]$", "", re.split(r"::|\.", test_id)[-1])
        for frame in reversed(frames):
            path = frame_path(frame)
            if path and frame.name.removesuffix(" (Current frame)") == function:
                return marked_expected_failure(path, function)
        return False


class PytestRunner(PythonRunner):
    """``python -m pytest``; selectors are node ids or paths; ``match`` is ``-k``."""

    name = "pytest"
    module = "pytest"

    def arguments(self) -> list[str]:
        extra = ["-k", self.match] if self.match else []
        return [*self.selectors, *extra, *(["-x"] if self.first else []), *self.runner_args]

    async def test_id(self, session: TestSession, frames: list[t.StackFrame]) -> tuple[str | None, str | None]:
        if not frames:
            return None, None
        value = await evaluate(session, "__import__('os').environ.get('PYTEST_CURRENT_TEST')", frames[0].id)
        found = re.match(r"""^(.*) \((\w+)\)$""", _literal(value) or "")
        return (found.group(1), found.group(2)) if found else (None, None)

    def summary(self, output: str, exit_code: int | None) -> Summary:
        if conftest := _conftest_error(output):
            return Summary(text=conftest, passed=0, failed=0)
        found = _PYTEST_SUMMARY.findall(output)
        if not found:
            return Summary()
        counts = {word: int(n) for n, word in _COUNT.findall(found[-1])}
        failed = counts.get("failed", 0) + counts.get("error", 0) + counts.get("errors", 0)
        text = found[-1].strip()
        if collecting := _collection_error(output):
            text = f"{text}; {collecting}"
        return Summary(text=text, passed=counts.get("passed", 0), failed=failed)

    def no_match(self, output: str, exit_code: int | None) -> str | None:
        if exit_code not in (4, 5) or _conftest_error(output):
            return None
        errors = [line for line in output.splitlines() if line.startswith("ERROR")]
        return errors[-1] if errors else "pytest collected no test"


class UnittestRunner(PythonRunner):
    """``python -m unittest``; selectors are dotted names (``tests.test_cart.T.test_total``)."""

    name = "unittest"
    module = "unittest"

    def arguments(self) -> list[str]:
        extra = ["-k", self.match] if self.match else []
        return [*self.selectors, *extra, *(["-f"] if self.first else []), *self.runner_args]

    async def test_id(self, session: TestSession, frames: list[t.StackFrame]) -> tuple[str | None, str | None]:
        for frame in reversed(frames):
            value = _literal(await evaluate(session, "self.id()", frame.id))
            if value:
                return value, "call"
        return (frames[-1].name if frames else None), "call"

    def summary(self, output: str, exit_code: int | None) -> Summary:
        ran = re.findall(r"^Ran (\d+) tests? in", output, re.M)
        if not ran:
            return Summary()
        total = int(ran[-1])
        verdict = re.findall(r"^(OK|FAILED)(?: \((.*)\))?\s*$", output, re.M)
        failed = sum(int(n) for n in re.findall(r"(?:failures|errors)=(\d+)", verdict[-1][1])) if verdict else 0
        text = f"Ran {total} tests: " + (" ".join(x for x in verdict[-1] if x) if verdict else "")
        return Summary(text=text.strip(), passed=total - failed, failed=failed)

    def no_match(self, output: str, exit_code: int | None) -> str | None:
        if re.search(r"^Ran 0 tests", output, re.M) or "NO TESTS RAN" in output:
            return "unittest found no test"
        errors = re.findall(r"^(?:ImportError|ModuleNotFoundError|AttributeError): .*", output, re.M)
        return errors[-1] if errors and "Ran 1 test" in output and "(errors=1)" in output else None


def to_the_test(frames: list[t.StackFrame]) -> list[t.StackFrame]:
    """The frames from the raise down to the deepest frame of the user's code (the test, or a
    fixture): where an expecting ``with`` or call can be. The runner's frames below it are not
    read (parsing pytest's and pluggy's sources costs ~50 ms of CPU on the way to a first stop);
    with no frame of the user's, all of them."""
    local = [i for i, f in enumerate(frames) if is_local_source(frame_path(f))]
    return frames[:local[-1] + 1] if local else frames


def _conftest_error(output: str) -> str | None:
    """``error loading FILE: ERROR`` when pytest could not import a ``conftest.py`` (it then
    runs no test, exit code 4); None otherwise."""
    found = re.search(r"^ImportError while loading conftest '(.+)'\.$", output, re.M)
    if found is None:
        return None
    said = re.findall(r"^E\s+(\S.*)$", output[found.end():], re.M)
    return f"error loading {found.group(1)}" + (f": {said[-1].strip()}" if said else "")


def _collection_error(output: str) -> str | None:
    """``error collecting FILE: ERROR`` for the first file pytest could not collect (an import
    error in a test file, a syntax error), from its report; None when it collected everything."""
    found = _COLLECTING.search(output)
    if found is None:
        return None
    report = re.split(r"^(?:_{3,}|={3,}) ", output[found.end():], maxsplit=1, flags=re.M)[0]
    said = re.findall(r"^E\s+(\S.*)$", report, re.M)  # the last: the error (a SyntaxError's comes after its line)
    return f"error collecting {found.group(1)}" + (f": {said[-1].strip()}" if said else "")


def _literal(value: str | None) -> str | None:
    """The text of a ``str`` repr as debugpy shows it (``'test_x[h\\xe9llo] (call)'``: pytest's
    escapes in an id stay single); None when ``value`` is no string literal."""
    if not value or value[:1] not in "'\"":
        return None
    try:
        text = ast.literal_eval(value)
    except (ValueError, SyntaxError):  # cut short by the adapter: the text between its quotes
        return value[1:-1]
    return text if isinstance(text, str) else None


def _message(kind: str, description: str | None) -> str:
    """The failure as pytest's summary says it: an assertion's text alone (``assert 2 == 3``),
    any other exception with its type (``KeyError: 'b'``, ``ValueError: too big``)."""
    text = (description or "").strip()
    if kind == "AssertionError":
        return text or kind
    if not text:
        return kind
    return text if text.startswith(f"{kind}:") else f"{kind}: {text}"
