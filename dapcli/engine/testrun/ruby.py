"""Ruby tests under rdbg: minitest (``ruby test/test_cart.rb -v``) and RSpec (``rspec spec/x_spec.rb``).

A failing assertion raises inside the test library, which rescues it: no stop of the program
would say so. So a breakpoint of dapcli's own (``book.new_internal``) sits on the line that
raises it — ``raise Minitest::Assertion, msg`` in minitest's ``assert`` (every ``assert_*`` goes
through it), ``raise failure`` in RSpec's default failure notifier — found in the file the
project's own Ruby loads (``$LOADED_FEATURES``). A stop there is a failure: the frame selected
is the test's own (the first of the user's sources below the library), the test is the frame
``Class#test_name`` (minitest) or ``RSpec.current_example.full_description``, the message the
assertion's text, read as hex so that no quoting of Ruby's can change it.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
from typing import TYPE_CHECKING

from dapcli.engine.testrun.base import (
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
from dapcli.errors import AdapterError, UsageError
from dapcli.files import read_regular_text, split_lines

if TYPE_CHECKING:
    from dapcli.engine.api import TestSession
    from dapcli.protocol import types as t

__all__ = ["MinitestRunner", "RSpecRunner", "is_ruby_test"]

#: minitest's per-test line with ``-v`` (``CartTest#test_total = 0.00 s = F``) and its summary.
_MINITEST_SUMMARY = re.compile(r"^(\d+) runs, (\d+) assertions, (\d+) failures, (\d+) errors, (\d+) skips", re.M)
_RSPEC_SUMMARY = re.compile(r"^(\d+) examples?, (\d+) failures?(?:, (\d+) pending)?", re.M)
_TEST_METHOD = re.compile(r"^([\w:]+)#(test_\w*[?!]?)$")


def is_ruby_test(path: str) -> bool:
    """A Ruby test file: ``.rb``."""
    return path.endswith(".rb")


class RubyTestRunner(TestRunner):
    """What minitest and RSpec share: the breakpoint on the line that raises a failure."""

    #: The library file (as ``require`` names it) and the text of its line that raises a failure.
    feature = ""
    raise_text = ""
    #: The method whose body holds that line (minitest: ``def assert ``), or "" for the file's first.
    within = ""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.raise_path: str | None = None
        self.raise_line: int | None = None

    def find_raise(self, ruby: str) -> None:
        """Find the line that raises a failure in the library the project's ``ruby`` loads.

        Raises:
            AdapterError: the library is not installed for that Ruby, or its line is not found.
        """
        found = _loaded_feature(ruby, self.feature, self.cwd)
        if found is None:
            raise AdapterError(f"{self.name} is not installed for {ruby}",
                               "apt-get install ruby-rspec (RSpec); minitest comes with Ruby")
        line = _line_of(found, self.raise_text, self.within)
        if line is None:
            raise AdapterError(f"cannot find where {self.name} raises a failure in {found}",
                               "this version of the library is not one dapcli knows")
        self.raise_path, self.raise_line = found, line

    def configure(self, session: TestSession) -> None:
        if self.raise_path and self.raise_line:
            session.book.new_internal(path=self.raise_path, line=self.raise_line)

    async def review(self, session: TestSession) -> Review:
        stop = session.last_stop
        if stop is None or stop.thread_id is None:
            return Review("other")
        frames = await stack(session, stop.thread_id)
        if not frames or frame_path(frames[0]) != self.raise_path or frames[0].line != self.raise_line:
            return Review("other")
        index = next((i for i, f in enumerate(frames) if is_local_source(frame_path(f))), 0)
        name = await self.test_name(session, frames)
        hexed = await evaluate(session, f"({self.message_expression}).to_s.unpack1('H*')", frames[0].id)
        message = _unhex(hexed)
        return Review("failure", Failure(generation=session.generation, test_id=name, message=cut(message),
                                         kind="assertion", frame_index=index, phase="call"))

    async def running_test(self, session: TestSession, thread_id: int) -> str | None:
        return await self.test_name(session, await stack(session, thread_id))

    #: The failure's message, evaluated in the raising frame.
    message_expression = ""

    async def test_name(self, session: TestSession, frames: list[t.StackFrame]) -> str | None:
        """The id of the test that runs on ``frames``."""
        return None


class MinitestRunner(RubyTestRunner):
    """``ruby -Ilib -Itest FILE -v [-n NAME]``: selectors are the test file, then test names."""

    name = "minitest"
    feature = "minitest"
    raise_text = "raise Minitest::Assertion, msg"
    within = "def assert "
    message_expression = "msg"

    def files(self) -> list[str]:
        return [s for s in self.selectors if s.endswith(".rb")]

    def arguments(self) -> list[str]:
        names = [s for s in self.selectors if not s.endswith(".rb")]
        pattern = [*names, *([self.match] if self.match else [])]
        chosen = ["-n", pattern[0] if len(pattern) == 1 and not self.match else
                  "/" + "|".join(pattern) + "/"] if pattern else []
        return ["-v", *chosen, *self.runner_args]

    async def test_name(self, session: TestSession, frames: list[t.StackFrame]) -> str | None:
        return next((f.name for f in frames if _TEST_METHOD.match(f.name)), None)

    def summary(self, output: str, exit_code: int | None) -> Summary:
        found = _MINITEST_SUMMARY.findall(output)
        if not found:
            return Summary()
        runs, _, failures, errors, skips = (int(n) for n in found[-1])
        failed = failures + errors
        return Summary(text=f"{'FAIL' if failed else 'PASS'}: {runs} runs, {failures} failures, {errors} errors, "
                            f"{skips} skips", passed=runs - failed - skips, failed=failed)

    def no_match(self, output: str, exit_code: int | None) -> str | None:
        found = _MINITEST_SUMMARY.findall(output)
        return "minitest ran no test" if found and found[-1][0] == "0" else None


class RSpecRunner(RubyTestRunner):
    """``rspec FILE… [-e NAME]``: selectors are spec files (``spec/cart_spec.rb:12`` too)."""

    name = "rspec"
    feature = "rspec/support"
    raise_text = "raise failure"
    message_expression = "failure.message"

    def files(self) -> list[str]:
        return [s.split(":", 1)[0] for s in self.selectors]

    def arguments(self) -> list[str]:
        return [*self.selectors, *(["-e", self.match] if self.match else []), *(["--fail-fast"] if self.first else []),
                *self.runner_args]

    async def test_name(self, session: TestSession, frames: list[t.StackFrame]) -> str | None:
        if not frames:
            return None
        said = await evaluate(session, "RSpec.current_example&.full_description.to_s.unpack1('H*')", frames[0].id)
        return _unhex(said) or None

    def summary(self, output: str, exit_code: int | None) -> Summary:
        found = _RSPEC_SUMMARY.findall(output)
        if not found:
            return Summary()
        examples, failures, pending = (int(n or 0) for n in found[-1])
        return Summary(text=f"{'FAIL' if failures else 'PASS'}: {examples} examples, {failures} failures",
                       passed=examples - failures - pending, failed=failures)

    def no_match(self, output: str, exit_code: int | None) -> str | None:
        found = _RSPEC_SUMMARY.findall(output)
        return "rspec ran no example" if found and found[-1][0] == "0" else None


def rspec_program() -> str:
    """The ``rspec`` executable (a Ruby script rdbg runs).

    Raises:
        UsageError: it is not installed.
    """
    found = shutil.which("rspec")
    if found is None:
        raise UsageError("rspec is not installed", "apt-get install ruby-rspec, or gem install rspec")
    return found


@functools.lru_cache(maxsize=8)
def _loaded_feature(ruby: str, feature: str, cwd: str) -> str | None:
    """The path of ``feature``'s file (``minitest`` → ``…/minitest/assertions.rb``; ``rspec/support``
    → ``…/rspec/support.rb``) that ``ruby`` loads, or None."""
    wanted = "minitest/assertions.rb" if feature == "minitest" else f"{feature}.rb"
    script = f"require {feature!r}; print $LOADED_FEATURES.find {{ |f| f.end_with?({'/' + wanted!r}) }}.to_s"
    try:
        done = subprocess.run([ruby, "-e", script], capture_output=True, text=True, timeout=30, cwd=cwd)
    except (OSError, subprocess.TimeoutExpired):
        return None
    path = done.stdout.strip()
    return path if done.returncode == 0 and path and os.path.isfile(path) else None


def _line_of(path: str, text: str, within: str) -> int | None:
    """The 1-based line holding ``text`` (after the line holding ``within``, when given)."""
    content = read_regular_text(path, 8 * 1024 * 1024)  # never a FIFO: it would block
    if content is None:
        return None
    lines = split_lines(content)
    inside = not within
    for number, line in enumerate(lines, 1):
        if within and within in line:
            inside = True
        if inside and text in line:
            return number
    return None


def _unhex(value: str | None) -> str | None:
    """``"4578…"`` (Ruby's inspect of a hex string) as the text it encodes; None when it is not one."""
    if not value:
        return None
    digits = value.strip().strip('"')
    try:
        return bytes.fromhex(digits).decode("utf-8", "replace")
    except ValueError:
        return None
