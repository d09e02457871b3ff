"""A stop caused by a debugger-console command (``evaluate`` in context ``repl``: lldb's
``thread step-over``, gdb's ``next``) is announced like any other: the command's output, then
the new stop state."""

from __future__ import annotations

import time
from collections.abc import Awaitable
from typing import TypeVar

from dapcli.engine.session import Session
from dapcli.verbs.models import StopState
from dapcli.verbs.shared.stop.stopstate import stop_state

__all__ = ["moved_by"]

T = TypeVar("T")


async def moved_by(session: Session, command: Awaitable[T], timeout: float,
                   resumes: bool = False) -> tuple[T, StopState | None]:
    """Run ``command`` (a console request) and, when the program resumed or stopped meanwhile
    (a ``continued`` or ``stopped`` event), wait up to ``timeout`` seconds for its stop and
    return that stop state beside the command's result; None when the program did not move.

    ``resumes``: the command is one that resumes the program (``thread step-over``): its answer
    may come before the adapter's ``continued``/``stopped`` events (lldb-dap sends them from
    another thread), so the stop is awaited (up to ``timeout``) even when no event came yet."""
    started = time.perf_counter()
    generation, continued = session.generation, session.continued_count
    result = await command

    def moved() -> bool:
        return session.generation != generation or session.continued_count != continued

    waited = not moved() and resumes
    if waited:
        await session.wait_for_change(generation, timeout)
    if not moved():
        return result, None
    if session.generation == generation:  # it runs: the stop comes later (or the wait times out)
        session.mark_running()
        if not waited:
            await session.wait_for_change(generation, timeout)
    session.output_reported = session.output.last_seq  # the command's output is its result's
    return result, await stop_state(session, output_seq=None, started=started)
