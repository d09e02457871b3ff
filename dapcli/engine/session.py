"""A debug session: one adapter connection, its debuggee, and the state machine

``initializing → configuring → running ⇄ stopped → exited/terminated`` (DAP terms).

:class:`Session` is the public class. Its parts live beside it, one responsibility each, each
building on the one before:

- :mod:`~dapcli.engine.core`: the session's state, requests, capabilities, waiting for changes;
- :mod:`~dapcli.engine.teardown`: ``disconnect`` and the end of the adapter's process tree;
- :mod:`~dapcli.engine.events`: the adapter's events and the stop state machine, the last stop;
- :mod:`~dapcli.engine.execution`: execution requests, waiting for the next stop, ``pause``;
- :mod:`~dapcli.engine.lifecycle`: ``initialize``, ``launch``/``attach``, configuration.

Its collaborators (child connections, subprocess sessions, test runs) see it through the narrow
protocols of :mod:`~dapcli.engine.api`.
"""

from __future__ import annotations

from dapcli.adapters.base import AdapterSpec
from dapcli.engine.children import ChildSessions
from dapcli.engine.lifecycle import SessionLifecycle
from dapcli.engine.processes import Watchdog
from dapcli.engine.state import SessionState, StopRecord
from dapcli.engine.subprocesses import SubprocessSessions

__all__ = ["Session", "SessionState", "StopRecord"]


class Session(SessionLifecycle):
    """One debug session. Not thread-safe: use from one asyncio loop.

    Attributes a frontend reads (through verbs): ``state``, ``capabilities``, ``book``,
    ``output``, ``last_stop``, ``exit_code``, ``selected_thread_id``, ``selected_frame_id``.
    """

    def __init__(self, name: str, adapter: AdapterSpec, *, watchdog: Watchdog | None = None) -> None:
        super().__init__(name, adapter, watchdog=watchdog)
        self.children = ChildSessions(self)
        #: Sessions of the program's subprocesses (debugpy), named NAME.1, NAME.2, …
        self.subprocesses: SubprocessSessions[Session] = SubprocessSessions(self)
