"""The session's state machine values and its last stop, kept apart from :mod:`session` so that
the session's collaborators (test runs, child sessions) can name them without importing it.

``initializing → configuring → running ⇄ stopped → exited/terminated`` (DAP terms).
"""

from __future__ import annotations

import enum
import time
from dataclasses import dataclass, field

__all__ = ["ENDED", "SessionState", "StopRecord"]


class SessionState(enum.StrEnum):
    """Where a session is in its life (see the module docstring)."""

    INITIALIZING = "initializing"
    CONFIGURING = "configuring"
    RUNNING = "running"
    STOPPED = "stopped"
    EXITED = "exited"
    TERMINATED = "terminated"


ENDED = (SessionState.EXITED, SessionState.TERMINATED)


@dataclass
class StopRecord:
    """The last ``stopped`` event: the adapter's raw ``reason`` and the rest of its body."""

    reason: str
    description: str | None
    thread_id: int | None
    all_threads_stopped: bool
    hit_breakpoint_ids: list[int]
    text: str | None
    generation: int
    time: float = field(default_factory=time.time)
    #: The stop on entry that was asked for (lldb-dap, CodeLLDB and gdb reach it through a
    #: one-shot breakpoint on ``main`` and say ``breakpoint``): reported as reason ``entry``.
    entry: bool = False
    #: A stop that a ``pause`` caused although the adapter says ``step`` (js-debug when the
    #: program was idle in its event loop): reported as reason ``pause``.
    paused: bool = False
    #: Other threads the adapter reported stopped in this same stop, with ``preserveFocusHint``
    #: (lldb-dap: two threads hit a breakpoint at once): ``(threadId, reason, description)``.
    also: list[tuple[int, str, str | None]] = field(default_factory=list)
