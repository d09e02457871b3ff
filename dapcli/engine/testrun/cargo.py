"""``cargo test`` under the debugger: the crate's test binary built with debug info, run by a
native adapter, stopping at the first failing test (``assert!``, ``assert_eq!``, ``panic!``).

The binary comes from ``cargo test --no-run --message-format=json`` (the ``executable`` of each
test artifact). It runs with libtest's ``--test-threads=1 --nocapture`` (each test on a thread
named after it; its panic message reaches stderr before the panic's stop), and the selectors as
libtest's name filters. A failure is the stop at dapcli's breakpoint on ``rust_panic`` (see
``adapters/native/rust.py``): the test is the stopped thread's name, the message the panic's, the
frame the user's innermost one.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from typing import TYPE_CHECKING, Any

from dapcli.adapters.native.rust import PANIC_FUNCTIONS, panic_text
from dapcli.engine.testrun.base import Failure, Review, Summary, stack
from dapcli.engine.testrun.native import NativeRunner, _users
from dapcli.errors import UsageError

if TYPE_CHECKING:
    from dapcli.engine.api import TestSession

__all__ = ["CargoRunner", "cargo_root"]

#: libtest's summary line: ``test result: FAILED. 1 passed; 1 failed; 0 ignored; …``.
_RESULT = re.compile(r"^test result: (\w+)\. (\d+) passed; (\d+) failed", re.M)
#: How long ``cargo test --no-run`` may take (s).
BUILD_TIMEOUT = 600.0


def cargo_root(directory: str) -> str | None:
    """The nearest folder holding ``Cargo.toml``, from ``directory`` up to the repository's root."""
    while True:
        if os.path.isfile(os.path.join(directory, "Cargo.toml")):
            return directory
        parent = os.path.dirname(directory)
        if parent == directory or os.path.exists(os.path.join(directory, ".git")):
            return None
        directory = parent


class CargoRunner(NativeRunner):
    """A cargo project's tests: selectors are libtest name filters (``tests::totals``)."""

    name = "cargo"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.binary: str | None = None
        self.root = cargo_root(self.cwd) or self.cwd

    @property
    def program(self) -> str:
        return self.binary or "cargo test"

    def arguments(self) -> list[str]:
        return [*self.selectors, "--test-threads=1", "--nocapture", *self.runner_args]

    def configure(self, session: TestSession) -> None:
        """Nothing beyond the Rust binary's own panic breakpoint (no ``exit`` catcher: libtest
        exits 101 after a failure it reported)."""

    def build(self) -> str:
        """Build the tests (``cargo test --no-run``) and choose the binary to run: the first
        whose ``--list`` holds a test the selectors name (all: the first with tests).

        Raises:
            UsageError: cargo is missing, the build failed (the compiler's first errors), or no
                test binary holds a selected test.
        """
        try:
            done = subprocess.run(["cargo", "test", "--no-run", "--message-format=json"], cwd=self.root,
                                  capture_output=True, text=True, timeout=BUILD_TIMEOUT, stdin=subprocess.DEVNULL,
                                  check=False)
        except FileNotFoundError:
            raise UsageError("cargo is not installed", "install Rust (rustup.rs, or apt-get install cargo)") from None
        except subprocess.TimeoutExpired:
            raise UsageError(f"cargo test --no-run took more than {BUILD_TIMEOUT:g} s in {self.root}") from None
        binaries, errors = _artifacts(done.stdout)
        if done.returncode != 0:
            tail = done.stderr.strip().splitlines()
            said = "\n".join(errors[:3]) or (tail[-1] if tail else f"cargo exited with {done.returncode}")
            raise UsageError(f"the tests do not build (cargo test --no-run in {self.root}):\n{said}",
                             "fix the build, then run dapcli test again")
        for binary in binaries:
            if self._holds_selected(binary):
                self.binary = binary
                return binary
        raise UsageError(f"no test matches {self.display} in {self.root}",
                         f"list them with: cargo test -- --list ({len(binaries)} test binaries built)")

    def _holds_selected(self, binary: str) -> bool:
        try:
            listed = subprocess.run([binary, "--list", *self.selectors], capture_output=True, text=True,
                                    timeout=60, cwd=self.root, stdin=subprocess.DEVNULL, check=False).stdout
        except (OSError, subprocess.SubprocessError):
            return False
        return any(line.endswith(": test") for line in listed.splitlines())

    async def review(self, session: TestSession) -> Review:
        stop = session.last_stop
        if stop is None or stop.thread_id is None:
            return Review("other")
        frames = await stack(session, stop.thread_id)
        if not frames or frames[0].name.strip() not in PANIC_FUNCTIONS:
            return await super().review(session)  # a signal (a crash in unsafe code)
        index = next((i for i, f in enumerate(frames) if _users(f)), 0)
        return Review("failure", Failure(
            generation=session.generation, test_id=await self._thread_name(session, stop.thread_id),
            message=panic_text(session.output) or "panicked", kind="panic", frame_index=index, phase="call",
        ))

    async def running_test(self, session: TestSession, thread_id: int) -> str | None:
        return await self._thread_name(session, thread_id)

    async def _thread_name(self, session: TestSession, thread_id: int) -> str | None:
        """The test a libtest thread runs: the thread's name (``tests::totals``)."""
        from dapcli.protocol import types as t

        body = await session.request("threads", None, t.ThreadsResponse)
        name = next((th.name for th in body.threads if th.id == thread_id), None)
        if not name or name.strip() == os.path.basename(self.program)[:15]:  # the main thread: no test
            return None
        return name.strip()

    def summary(self, output: str, exit_code: int | None) -> Summary:
        found = _RESULT.findall(output)
        if not found:
            return super().summary(output, exit_code)
        passed = sum(int(p) for _, p, _ in found)
        failed = sum(int(f) for _, _, f in found)
        return Summary(text=f"test result: {'ok' if not failed else 'FAILED'}. {passed} passed; {failed} failed",
                       passed=passed, failed=failed)

    def no_match(self, output: str, exit_code: int | None) -> str | None:
        found = _RESULT.findall(output)
        if found and all(int(p) + int(f) == 0 for _, p, f in found):
            return "libtest ran 0 tests"
        return None


def _artifacts(stdout: str) -> tuple[list[str], list[str]]:
    """The test executables and the rendered compiler errors of cargo's JSON messages."""
    binaries, errors = [], []
    for line in stdout.splitlines():
        try:
            message = json.loads(line)
        except ValueError:
            continue
        if message.get("reason") == "compiler-artifact" and message.get("executable") \
                and (message.get("profile") or {}).get("test"):
            binaries.append(message["executable"])
        elif message.get("reason") == "compiler-message":
            inner = message.get("message") or {}
            if inner.get("level") == "error" and inner.get("rendered"):
                errors.append(inner["rendered"].strip())
    return binaries, errors
