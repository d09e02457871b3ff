"""Subprocess sessions: an adapter (debugpy) asks, with ``startDebugging``, to debug a child
process of the program (``subprocess``, ``multiprocessing``) as a session of its own.

Unlike js-debug's child (which *replaces* the parent's connection, see ``children.py``), each
such child is a separate session named ``PARENT.N`` (the first N no other session has; made by the parent's
``new_subprocess_session``): a session tree. It attaches over a new connection
(``adapter.child_transport(configuration)``), gets a copy of the parent's breakpoints and
exception filters, is added to the parent's manager (so every frontend can address it, e.g.
``--session default.1``), and ends with its parent.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from dapcli.engine.api import SubprocessHost
from dapcli.engine.breakpoints import BreakpointEntry
from dapcli.errors import DapcliError

__all__ = ["SubprocessSessions"]

S = TypeVar("S", bound=SubprocessHost)


class SubprocessSessions(Generic[S]):
    """The subprocess sessions of one parent session (of type ``S``; its children are too)."""

    def __init__(self, parent: S) -> None:
        self.parent = parent
        self.children: list[S] = []
        #: Whether a session name is in use already (in this process or, for a session host, by
        #: another host's published session): a child never takes a name the user gave another
        #: session (``-S default.1``). Set by SessionManager.add.
        self.name_taken: Callable[[str], bool] = lambda name: False
        #: Called with each new child session (the manager adds it; set by SessionManager.add).
        self.on_child: Callable[[S], None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    def start(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """Accept ``startDebugging`` and attach the child in the background."""
        task = asyncio.get_running_loop().create_task(self._attach(dict(arguments.get("configuration") or {}),
                                                                   str(arguments.get("request") or "attach")))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return {}

    async def _attach(self, configuration: dict[str, Any], request: str) -> None:
        parent = self.parent
        number = len(self.children) + 1
        while self.name_taken(f"{parent.name}.{number}"):
            number += 1
        name = f"{parent.name}.{number}"
        child = parent.new_subprocess_session(name)  # a session of the parent's kind, its parent set
        for entry in parent.book.entries.values():
            child.book.entries[entry.id] = BreakpointEntry(
                **{**entry.__dict__, "verified": False, "adapter_id": None, "actual_line": None})
        child.book._next_id = parent.book._next_id
        # a test run's failures are its tests' (a child that raises is seen by the test that ran it,
        # as with pytest --pdb): its children stop at breakpoints, not at their exceptions
        child.exception_filters = [] if parent.test_run is not None else parent.exception_filters
        child.path_mapper = parent.path_mapper
        self.children.append(child)
        try:
            transport = await parent.adapter.child_transport(configuration)
            await child.start_child(transport, request, configuration)
        except DapcliError as exc:
            parent.add_output("console", f"dapcli: could not debug subprocess {name}: {exc.message}\n")
            await child.shutdown()
            return
        if self.on_child is not None:
            self.on_child(child)
        child.listeners.append(self._on_child_change)
        if child.state.value == "stopped":
            parent.subprocess_stopped()

    def _on_child_change(self, what: str, child: S) -> None:
        if what == "stopped":
            self.parent.subprocess_stopped()

    async def sync_breakpoints(self, key: str) -> None:
        """Mirror the parent's breakpoints for ``key`` into every live child and send them."""
        for child in self.children:
            if child.ended:
                continue
            for entry_id in [i for i, e in child.book.entries.items() if e.key == key]:
                del child.book.entries[entry_id]
            for entry in self.parent.book.for_key(key):
                child.book.entries[entry.id] = BreakpointEntry(
                    **{**entry.__dict__, "verified": False, "adapter_id": None, "actual_line": None})
            with contextlib.suppress(DapcliError):
                await child.sync_breakpoints(key)

    async def shutdown(self, terminate_debuggee: bool) -> None:
        """End every child session (the whole tree ends with its parent)."""
        for task in list(self._tasks):
            task.cancel()
        for child in reversed(self.children):
            await child.shutdown(terminate_debuggee=terminate_debuggee)
