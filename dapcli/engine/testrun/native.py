"""A native test binary (C, C++, Rust…) through lldb-dap or gdb: the run fails by ``assert()``,
``abort()`` or another signal. The stop comes as the adapter's signal stop; the frame selected is
the first one in the user's sources (not libc's ``abort``/``__assert_fail``), and the message is
the assertion text the program wrote on stderr just before it aborted."""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING

from dapcli.engine.testrun.base import (
    Failure,
    Review,
    Summary,
    TestRunner,
    cut,
    frame_path,
    is_local_source,
    stack,
    wait_for_output,
)

if TYPE_CHECKING:
    from dapcli.engine.session import Session

__all__ = ["NativeRunner"]

_ASSERTION = re.compile(r"^.*Assertion [`'].*' failed\.?$|^.*assertion failed.*$", re.M | re.I)
_SIGNAL = re.compile(r"\b(SIG[A-Z0-9]+)\b")
#: How long the assertion text on stderr may trail the stop (s).
OUTPUT_GRACE = 1.0


class NativeRunner(TestRunner):
    """The test binary (first selector) with the runner args as its arguments."""

    name = "native"

    @property
    def program(self) -> str:
        return self.selectors[0]

    def arguments(self) -> list[str]:
        return [*self.selectors[1:], *self.runner_args]

    async def review(self, session: Session) -> Review:
        stop = session.last_stop
        if stop is None or stop.thread_id is None:
            return Review("other")
        signal = _signal(stop.reason, stop.description)
        if signal is None or signal in ("SIGSTOP", "SIGINT", "SIGTRAP"):
            return Review("other")
        frames = await stack(session, stop.thread_id)
        index = next((i for i, f in enumerate(frames) if is_local_source(frame_path(f))), 0)
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

    def summary(self, output: str, exit_code: int | None) -> Summary:
        if exit_code is None:
            return Summary()
        name = os.path.basename(self.program)
        return Summary(text=f"{name} exited with code {exit_code}", passed=None, failed=None)


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
