"""A native test binary (C, C++, Rust…) through lldb-dap or gdb: the run fails by
``assert()``, ``abort()``, another signal, or ``exit(N)`` with N ≠ 0 (a conditional function
breakpoint). The stop comes as the adapter's signal stop; the frame selected is
the first one in the user's sources (not libc's ``abort``/``__assert_fail``), and the message is
the assertion text the program wrote on stderr just before it aborted."""

from __future__ import annotations

import os
import platform
import re
from typing import TYPE_CHECKING, Any

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
    wait_for_output,
)
from dapcli.engine.userframes import source_holds

if TYPE_CHECKING:
    from dapcli.engine.api import TestSession

__all__ = ["NativeRunner"]

_ASSERTION = re.compile(r"^.*Assertion [`'].*' failed\.?$|^.*assertion failed.*$", re.M | re.I)
_SIGNAL = re.compile(r"\b(SIG[A-Z0-9]+)\b")
#: The register holding a function's first argument (``exit``'s status), per machine.
_FIRST_ARGUMENT = {"x86_64": "$rdi", "AMD64": "$rdi", "aarch64": "$x0", "arm64": "$x0"}
#: glibc's code that calls ``main`` and then ``exit`` with what it returned.
_START_MAIN = ("__libc_start_call_main", "__libc_start_main")
#: How long the assertion text on stderr may trail the stop (s).
OUTPUT_GRACE = 1.0


class NativeRunner(TestRunner):
    """The test binary (first selector) with the runner args as its arguments."""

    name = "native"

    @property
    def program(self) -> str:
        return self.selectors[0]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.exit_entry: int | None = None

    def arguments(self) -> list[str]:
        return [*self.selectors[1:], *self.runner_args]

    def configure(self, session: TestSession) -> None:
        """A function breakpoint on ``exit`` when its status (first argument) is not 0."""
        register = _FIRST_ARGUMENT.get(platform.machine())
        if register is not None:
            self.exit_entry = session.book.new_internal(function="exit", condition=f"{register} != 0").id

    async def review(self, session: TestSession) -> Review:
        stop = session.last_stop
        if stop is None or stop.thread_id is None:
            return Review("other")
        entry = session.book.internal.get(self.exit_entry or 0)
        if entry is not None and entry.adapter_id is not None and entry.adapter_id in stop.hit_breakpoint_ids:
            return await self._exit(session, stop.thread_id)
        signal = _signal(stop.reason, stop.description)
        if signal is None or signal in ("SIGSTOP", "SIGINT", "SIGTRAP"):
            return Review("other")
        frames = await stack(session, stop.thread_id)
        index = next((i for i, f in enumerate(frames) if _users(f)), 0)
        message = None
        if signal == "SIGABRT":
            message = await wait_for_output(session, _assertion, OUTPUT_GRACE)
        function = frames[index].name if frames else None
        return Review("failure", Failure(
            generation=session.generation, test_id=os.path.basename(self.program) + (f" ({function})" if function
                                                                                       else ""),
            message=cut(message or f"signal {signal}"), kind="assertion" if message else "signal",
            frame_index=index, phase="call",
        ))

    async def running_test(self, session: TestSession, thread_id: int) -> str | None:
        """The binary and the user's innermost function, as a failure there is named."""
        frames = await stack(session, thread_id)
        user = next((f for f in frames if _users(f)), None)
        return os.path.basename(self.program) + (f" ({user.name})" if user is not None else "")

    async def _exit(self, session: TestSession, thread_id: int) -> Review:
        """``exit(N)`` with N ≠ 0: the user's frame that called it; the message is the last line
        the program wrote (on stderr, as a rule)."""
        frames = await stack(session, thread_id)
        found = next((i for i, f in enumerate(frames) if _users(f)), None)
        index = found or 0
        if found is None and any(f.name.startswith(_START_MAIN) for f in frames):
            return await self._main_returned(session, frames)

        def last_error_line(text: str) -> str | None:  # lldb-dap's pty merges stderr into stdout
            lines = [line.strip() for line in text.splitlines() if line.strip()]
            return lines[-1] if lines else None

        stderr = await wait_for_output(session, last_error_line, OUTPUT_GRACE / 2)
        function = frames[index].name if frames else None
        return Review("failure", Failure(
            generation=session.generation, test_id=os.path.basename(self.program) + (f" ({function})" if function
                                                                                       else ""),
            message=cut(stderr or "exit with a non-zero status"), kind="exit",
            frame_index=index, phase="call",
        ))

    async def _main_returned(self, session: TestSession, frames: list[Any]) -> Review:
        """``main`` returned a non-zero status (libc's start-up code calls ``exit`` with it):
        no frame of the user's is left, so the message says what happened and with which status."""
        register = _FIRST_ARGUMENT.get(platform.machine())
        status = await evaluate(session, f"(int){register}", frames[0].id) if register and frames else None
        said = f"main returned {status}" if status and status.lstrip("-").isdigit() else "main returned non-zero"
        return Review("failure", Failure(
            generation=session.generation, test_id=f"{os.path.basename(self.program)} (main)",
            message=said, kind="exit", frame_index=0, phase="call",
        ))

    def summary(self, output: str, exit_code: int | None) -> Summary:
        if exit_code is None:
            return Summary()
        name = os.path.basename(self.program)
        return Summary(text=f"{name} exited with code {exit_code}", passed=None, failed=None)


def _users(frame: Any) -> bool:
    """A frame of the user's code (not libc's ``abort`` that gdb found as the user's ``abort.c``)."""
    path = frame_path(frame)
    return is_local_source(path) and source_holds(path, frame.line, frame.name)


def _assertion(text: str) -> str | None:
    found = _ASSERTION.findall(text)
    return found[-1].strip() if found else None


def _signal(reason: str, description: str | None) -> str | None:
    if reason.startswith("SIG"):
        return reason
    if reason in ("exception", "signal") and description:
        found = _SIGNAL.search(description)
        return found.group(1) if found else None
    return None
