"""The breakpoint book: what the user asked for and what the adapter answered.

``setBreakpoints`` replaces a source's whole set, so the book always re-sends the full list for
that source (DAP spec: "setBreakpoints Request"). ``breakpoint`` events update ``verified``,
``line`` and ``message`` by the adapter's breakpoint ``id``.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from dapcli.engine.sourcefiles import MAX_LINE_TEXT, read_lines
from dapcli.errors import DapcliError, UsageError
from dapcli.protocol import types as t

__all__ = ["PER_BREAKPOINT", "BreakpointBook", "BreakpointEntry", "sync_budget", "taken_error"]

Requester = Callable[[str, Any, Any], Awaitable[Any]]


@dataclass
class BreakpointEntry:
    """One user breakpoint. ``id`` is dapcli's own (1, 2, …), stable for the session; ``path``
    is absolute (None for a function breakpoint); lines are 1-based; ``line`` is what the
    user asked for, ``actual_line`` what the adapter chose."""

    id: int
    path: str | None = None
    line: int | None = None
    function: str | None = None
    condition: str | None = None
    hit_condition: str | None = None
    log_message: str | None = None
    verified: bool = False
    actual_line: int | None = None
    message: str | None = None
    adapter_id: int | None = None
    line_text: str | None = None
    #: Where the adapter placed it, when it says (a function breakpoint's file: lldb-dap).
    actual_path: str | None = None
    #: dapcli's own note (e.g. the file is not here; sent anyway), never the adapter's words.
    warning: str | None = None
    #: A function name that dapcli found nowhere: never verified, whatever the adapter says.
    unresolved: bool = False

    @property
    def key(self) -> str:
        return self.path if self.path is not None else "<functions>"


class BreakpointBook:
    """Owns every breakpoint of a session; :meth:`sync` pushes one source's set to the adapter."""

    def __init__(self) -> None:
        self.entries: dict[int, BreakpointEntry] = {}
        self._next_id = 1
        #: dapcli's own breakpoints (a test run's failure catchers: Go's ``Fail``, ``exit``):
        #: sent with the user's set, never listed, matched, deleted, cleared or saved. Ids < 0.
        self.internal: dict[int, BreakpointEntry] = {}
        #: Temporary breakpoints removed after the stop they made (``until``): our id →
        #: (the stop's generation, the adapter's id), so that stop still names them.
        self.retired: dict[int, tuple[int, int | None]] = {}
        #: The user's breakpoints whose place a temporary one holds (``trace``: a line holds one
        #: breakpoint): not sent, not matched to a stop, until :meth:`uncover`; dapcli decides
        #: in their place at each hit (``engine/standin.py``).
        self.covered: set[int] = set()
        #: The adapter's ``hitCondition`` for dapcli's (None: dapcli counts; see ``engine/hitcount.py``).
        self.hit_to_send: Callable[[str], str | None] = lambda condition: condition
        #: dapcli writes log points' messages itself (the adapter would not fill in ``{expression}``).
        self.logs_by_client = False
        #: The ``name`` and ``condition`` sent for a function breakpoint: (function, condition) →
        #: (name, condition) (debugpy: ``Cart.total`` is sent as ``total`` with a guard, see
        #: :meth:`~dapcli.adapters.base.AdapterSpec.function_breakpoint`).
        self.function_breakpoint: Callable[[str, str | None], tuple[str, str | None]] = lambda f, c: (f, c)

    def sent_log(self, entry: BreakpointEntry) -> str | None:
        """The ``logMessage`` sent for ``entry`` (None: a plain breakpoint that dapcli resumes)."""
        return None if self.logs_by_client else entry.log_message

    def sent_condition(self, entry: BreakpointEntry) -> str | None:
        """The ``condition`` sent for ``entry`` (a function breakpoint's may be guarded)."""
        if entry.function and entry.path is None:
            return self.function_breakpoint(entry.function, entry.condition)[1]
        return entry.condition

    def sent_hit(self, entry: BreakpointEntry) -> str | None:
        """The ``hitCondition`` sent for ``entry`` (an adapter's log point's is sent as given: it
        never stops)."""
        if not entry.hit_condition:
            return None
        sent = None if self._guarded(entry) else self.hit_to_send(entry.hit_condition)
        return entry.hit_condition if sent is None and self.sent_log(entry) else sent

    def counted_hit(self, entry: BreakpointEntry) -> str | None:
        """The hit condition of ``entry`` that dapcli counts itself, or None."""
        if not entry.hit_condition or self.sent_log(entry):
            return None
        if self._guarded(entry):  # debugpy ORs a hitCondition with the condition (the guard): dapcli counts
            return entry.hit_condition
        return entry.hit_condition if self.hit_to_send(entry.hit_condition) is None else None

    def _guarded(self, entry: BreakpointEntry) -> bool:
        return self.sent_condition(entry) != entry.condition

    def emulated(self, entry: BreakpointEntry) -> list[str]:
        """The parts of ``entry`` that dapcli does in the adapter's place, by their DAP names:
        ``hitCondition`` (dapcli counts the hits), ``logMessage`` (dapcli writes the message)."""
        parts = ["hitCondition"] if self.counted_hit(entry) else []
        return [*parts, "logMessage"] if entry.log_message and self.logs_by_client else parts

    def hit_by(self, adapter_ids: list[int]) -> list[tuple[int, str | None, str | None]]:
        """``(dapcli id, hit condition dapcli counts, log message dapcli writes)`` of the
        breakpoints with these adapter ids (a stop's ``hitBreakpointIds``)."""
        return [(e.id, self.counted_hit(e), e.log_message if self.logs_by_client else None)
                for e in self._sent() if e.adapter_id is not None and e.adapter_id in adapter_ids]

    def log_messages(self) -> list[str]:
        """The log-point message templates of the book."""
        return [e.log_message for e in self.entries.values() if e.log_message]

    def new_entry(self, *, temporary: bool = False, **fields: Any) -> BreakpointEntry:
        """Record a breakpoint (``fields``: those of :class:`BreakpointEntry` but ``id``).

        A location holds one breakpoint (adapters keep one of a line's duplicates: debugpy the
        last): a second one at the same FILE:LINE (as given, or as the adapter moved the first)
        or function is refused, unless ``temporary`` (``until``, ``trace``: removed after).

        Raises:
            UsageError: the location already has a breakpoint (the message names it).
        """
        if not temporary:
            taken = self.occupant(fields.get("path"), fields.get("line"), fields.get("function"))
            if taken is not None:
                raise taken_error(taken, fields.get("line"))
        entry = BreakpointEntry(id=self._next_id, **fields)
        self._next_id += 1
        self.entries[entry.id] = entry
        if entry.path and entry.line and entry.line_text is None:
            entry.line_text = _line_text(entry.path, entry.line)
        return entry

    def new_internal(self, **fields: Any) -> BreakpointEntry:
        """Record one of dapcli's own breakpoints (see :attr:`internal`); its id is negative."""
        entry = BreakpointEntry(id=-1 - len(self.internal), **fields)
        self.internal[entry.id] = entry
        return entry

    def occupant(self, path: str | None, line: int | None, function: str | None = None,
                 *, besides: int | None = None) -> BreakpointEntry | None:
        """The breakpoint (other than id ``besides``) already at ``path``:``line`` (as set or
        as moved), or on ``function`` when there is no path; None when the place is free."""
        for entry in self.entries.values():
            if entry.id == besides:
                continue
            if path is not None and line is not None:
                if entry.path == path and line in (entry.line, entry.actual_line):
                    return entry
            elif function is not None and entry.path is None and entry.function == function:
                return entry
        return None

    def cover(self, temporary: BreakpointEntry) -> list[BreakpointEntry]:
        """Leave out of what is sent the user's breakpoints at the place of ``temporary`` (its
        line as given or as the adapter moved it; a function breakpoint the adapter placed on
        that line) and return them; they come back with :meth:`uncover`."""
        places = {temporary.line, temporary.actual_line} - {None}
        found = [e for e in self.entries.values()
                 if e.id != temporary.id and e.id not in self.covered and places
                 and ((e.path is not None and e.path == temporary.path and {e.line, e.actual_line} & places)
                      or (e.path is None and e.actual_path == temporary.path and e.actual_line in places))]
        self.covered.update(e.id for e in found)
        return found

    def uncover(self, entries: list[BreakpointEntry]) -> None:
        """Send ``entries`` again (see :meth:`cover`)."""
        self.covered.difference_update(e.id for e in entries)

    def _sent(self) -> list[BreakpointEntry]:
        return [e for e in (*self.entries.values(), *self.internal.values()) if e.id not in self.covered]

    def for_key(self, key: str) -> list[BreakpointEntry]:
        """The breakpoints sent for ``key``: the user's (but those covered), then dapcli's own."""
        return [e for e in self._sent() if e.key == key]

    def keys(self) -> list[str]:
        return sorted({e.key for e in (*self.entries.values(), *self.internal.values())})

    async def sync(self, key: str, request: Requester) -> None:
        """Send the full set for ``key`` (a source path, or ``<functions>``) and record the
        answers. Raises what the request raises (RequestError, ConnectionLostError)."""
        entries = self.for_key(key)
        if key == "<functions>":
            body = await request(
                "setFunctionBreakpoints",
                t.SetFunctionBreakpointsArguments(
                    breakpoints=[
                        t.FunctionBreakpoint(name=self.function_breakpoint(e.function or "", None)[0],
                                             condition=self.sent_condition(e), hitCondition=self.sent_hit(e))
                        for e in entries
                    ]
                ),
                t.SetFunctionBreakpointsResponse,
            )
        else:
            body = await request(
                "setBreakpoints",
                t.SetBreakpointsArguments(
                    source=t.Source(path=key, name=os.path.basename(key)),
                    breakpoints=[
                        t.SourceBreakpoint(
                            line=e.line or 1, condition=self.sent_condition(e), hitCondition=self.sent_hit(e),
                            logMessage=self.sent_log(e),
                        )
                        for e in entries
                    ],
                ),
                t.SetBreakpointsResponse,
            )
        for entry, answer in zip(entries, body.breakpoints, strict=False):
            self._apply(entry, answer)

    def on_event(self, reason: str, answer: t.Breakpoint) -> None:
        """Apply a ``breakpoint`` event (``reason`` changed/new/removed), matched by adapter id
        (lldb-dap sends late verifications without a ``source``)."""
        if answer.id is None or reason == "removed":
            return
        same = [e for e in self._sent() if e.adapter_id == answer.id]
        if len(same) > 1 and answer.line is not None:  # js-debug may give one id to two breakpoints
            same = [e for e in same if answer.line in (e.line, e.actual_line)] or same
        for entry in same:
            self._apply(entry, answer)

    @staticmethod
    def _apply(entry: BreakpointEntry, answer: t.Breakpoint) -> None:
        entry.adapter_id = answer.id if answer.id is not None else entry.adapter_id
        entry.verified = bool(answer.verified) and not entry.unresolved
        entry.actual_line = answer.line if answer.line is not None else entry.actual_line
        if answer.source is not None and answer.source.path:
            entry.actual_path = answer.source.path
        entry.message = answer.message


def taken_error(entry: BreakpointEntry, line: int | None, moved_from: int | None = None, *,
                at_launch: bool = False) -> UsageError:
    """The refusal of a second breakpoint where ``entry`` is (``moved_from``: the line asked
    for, when the adapter moved the new one onto ``entry``; ``at_launch``: both come from
    ``launch -b``, nothing has started)."""
    where, place = (entry.function, "function") if entry.path is None else (
        f"{os.path.basename(entry.path)}:{line}", "line")
    parts = [f"if {entry.condition}" if entry.condition else "",
             f"hit {entry.hit_condition}" if entry.hit_condition else "",
             f"log {entry.log_message!r}" if entry.log_message else ""]
    what = " ".join(p for p in parts if p)
    moved = f" (the adapter moved line {moved_from} there)" if moved_from is not None else ""
    if at_launch:
        first = f", first as {what}" if what else ""
        return UsageError(f"{where} is given twice among the launch breakpoints{first}; a {place} holds one "
                          f"breakpoint", f"keep one per {place} (-b): one breakpoint can carry a condition, "
                          "a hit count and a log message together")
    message = f"{where}{moved} already has breakpoint {entry.id}{f' ({what})' if what else ''}; " \
              f"a {place} holds one breakpoint"
    return UsageError(message, f"to change its condition: `dapcli condition {entry.id} 'i == 3'` (`condition "
                               f"{entry.id}` removes it); else delete it first (`dapcli break delete {entry.id}`) "
                               "and add one breakpoint with the condition, hit count and log message you want")


def _line_text(path: str, line: int) -> str | None:
    """The text of ``line`` (1-based), cut to MAX_LINE_TEXT characters; None if unreadable."""
    try:
        lines = read_lines(path)
    except DapcliError:
        return None
    return lines[line - 1][:MAX_LINE_TEXT] if 0 < line <= len(lines) else None


#: Seconds a ``setBreakpoints`` may take per breakpoint it sets, beyond the caller's timeout
#: (debugpy: ~15 ms each on a quiet machine, ~60 ms on a loaded one).
PER_BREAKPOINT = 0.1


def sync_budget(timeout: float, count: int) -> float:
    """How long to wait for the answer to a set of ``count`` breakpoints (seconds): the caller's
    ``timeout`` (at least 30 s), plus :data:`PER_BREAKPOINT` for each."""
    return max(timeout, 30.0) + PER_BREAKPOINT * count
