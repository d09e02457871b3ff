"""The breakpoint book: what the user asked for and what the adapter answered.

``setBreakpoints`` replaces a source's whole set, so the book always re-sends the full list for
that source (DAP spec: "setBreakpoints Request"). ``breakpoint`` events update ``verified``,
``line`` and ``message`` by the adapter's breakpoint ``id``.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any

from dapcli.adapters.hits import SPENT_REMOVED
from dapcli.engine import anchors
from dapcli.engine.anchors import Anchor
from dapcli.engine.taken import taken_error
from dapcli.protocol import types as t

__all__ = ["PER_BREAKPOINT", "BreakpointBook", "BreakpointEntry", "bound_text", "sync_budget", "taken_error"]

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
    #: The statement it stops at (see ``engine/anchors.py``): followed when the file changes.
    anchor: Anchor | None = None
    #: Its statement is no longer in the file: it keeps its line, and says so.
    stale: bool = False

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
        #: The adapter's ``hitCondition`` that no later hit meets, for a hit condition whose one
        #: stop the adapter made (``==N`` by an ignore count): None when its own goes on deciding.
        self.hit_spent: Callable[[str], str | None] = lambda _condition: None
        #: A condition that counts the hits in the debugger itself, for a hit condition the
        #: adapter has no ``hitCondition`` for: (hit condition, variable name) → expression, or
        #: None (gdb: a convenience variable; ``%N`` without a stop per hit).
        self.hit_counter: Callable[[str, str], str | None] = lambda _condition, _name: None
        #: The ``evaluate`` (repl) expression declaring a :attr:`hit_counter` variable (lldb), or None;
        #: the names declared, and those the debugger refused (dapcli counts those: a stop per hit).
        self.declare_counter: Callable[[str, int], str | None] = lambda _name, _count: None
        self.declared: set[str] = set()
        self.undeclared: set[str] = set()
        self.console_error: str | None = None  #: a failed console command's result starts a line so (lldb)
        #: The condition sent for a condition and a :attr:`hit_counter` expression.
        self.counted_condition: Callable[[str, str], str] = lambda condition, counter: \
            f"({condition}) ? ({counter}) : 0"
        #: The adapter stops when either the hitCondition or the condition holds (debugpy): a
        #: breakpoint with both counts its hits in the condition.
        self.ors_hit_condition = False
        #: The program's run (1, 2, …; a new count variable each run).
        self.run = 0
        #: The breakpoints whose ``hit_spent`` condition is sent (their stop was made this run).
        self.spent: set[int] = set()
        self.recounts: dict[int, int] = {}  #: hit counts started again (:meth:`recount`), by id
        #: Those of the last :meth:`spend` (our id → the adapter's id at that stop: sent again,
        #: gdb's gets a new number, and the stop still names it, see :attr:`retired`).
        self.just_spent: dict[int, int | None] = {}
        #: The debugger command that sets ``entry`` as the debugger's own log point (gdb's
        #: ``dprintf``) with a condition, or None: sent with ``setBreakpoints`` (``engine/dprintf.py``).
        self.native_log: Callable[[BreakpointEntry, str | None], str | None] = lambda _entry, _condition: None
        #: The DAP request that runs a :attr:`native_log` command.
        self.native_log_request = ""
        #: The debugger commands to run before setting :attr:`native_log` ones.
        self.native_log_setup: Callable[[], list[str]] = list
        self.refused_logs: set[int] = set()  #: log points the debugger refused to keep itself: dapcli fills them in
        #: Breakpoints left out of what is sent: the condition the debugger refused (``engine/refused.py``), by id.
        self.refused: dict[int, str | None] = {}
        #: dapcli writes log points' messages itself (the adapter would not fill in ``{expression}``).
        self.logs_by_client = False
        #: A condition that writes a log point's message from the program and never holds, for an
        #: adapter without ``logMessage`` (rdbg): (message, condition) → condition, or None.
        self.log_condition: Callable[[str, str | None], str | None] = lambda _message, _condition: None
        #: The ``name`` and ``condition`` sent for a function breakpoint: (function, condition) →
        #: (name, condition) (debugpy: ``Cart.total`` is sent as ``total`` with a guard, see
        #: :meth:`~dapcli.adapters.base.AdapterSpec.function_breakpoint`).
        self.function_breakpoint: Callable[[str, str | None], tuple[str, str | None]] = lambda f, c: (f, c)
        #: What re-anchoring did since the last :meth:`drain_notices` (one line each).
        self.notices: list[str] = []

    def drain_notices(self) -> list[str]:
        """The re-anchoring news (moved, stale) since the last call, each said once."""
        news, self.notices = self.notices, []
        return news

    def follow(self, key: str) -> list[str]:
        """Re-anchor the user's breakpoints of source ``key`` whose file changed since their
        anchor was taken (mtime/size, then the text's digest): each moves to its statement
        (``breakpoint 1 moved 17 → 19 (file changed)``), or keeps its line and is marked stale.
        Returns the notes (also kept for :meth:`drain_notices`)."""
        followed = [e for e in self.entries.values() if e.key == key and e.path and e.line
                    and e.anchor is not None and not anchors.unchanged(e.path, e.anchor.stamp)]
        if not followed:
            return []
        lines = anchors.lines_of(key)
        if lines is None:
            return []
        stamp = anchors.stamp_of(key, lines)
        notes = []
        for entry in followed:
            note = _follow(entry, lines, stamp)
            if note:
                notes.append(note)
        self.notices.extend(notes)
        return notes

    def sent_log(self, entry: BreakpointEntry) -> str | None:
        """The ``logMessage`` sent for ``entry`` (None: a plain breakpoint that dapcli resumes,
        or one whose condition writes the message)."""
        return None if self.logs_by_client or self.log_folded(entry) else entry.log_message

    def log_folded(self, entry: BreakpointEntry) -> bool:
        """Whether ``entry`` is a log point whose condition writes its message (see :attr:`log_condition`)."""
        message, parts = entry.log_message, self._base_condition(entry) or ("true" if entry.hit_condition else None)
        return bool(message) and entry.path is not None and self.log_condition(message or "", parts) is not None

    def _base_condition(self, entry: BreakpointEntry) -> str | None:
        if entry.function and entry.path is None:
            return self.function_breakpoint(entry.function, entry.condition)[1]
        return entry.condition

    def sent_condition(self, entry: BreakpointEntry) -> str | None:
        """The ``condition`` sent for ``entry`` (a function breakpoint's may be guarded; a hit
        condition the debugger counts in a variable of its own: that count where ``condition`` holds)."""
        base, counter = self._base_condition(entry), self._counter(entry)
        if counter is not None:
            base = self.counted_condition(base, counter) if base else counter
        if self.log_folded(entry):
            return self.log_condition(entry.log_message or "", base)
        return base

    def _counter(self, entry: BreakpointEntry) -> str | None:
        """The debugger's own count of ``entry``'s hits (see :attr:`hit_counter`), or None:
        for a hit condition the adapter has no ``hitCondition`` for, for one beside a condition
        on an adapter that would OR the two (:attr:`ors_hit_condition`), and for an adapter's log
        point whose hit condition needs a stop to be spent (lldb-dap's ``==N``: no stop comes)."""
        if not entry.hit_condition or self.counter_name(entry) in self.undeclared:
            return None
        both = self.ors_hit_condition and bool(self._base_condition(entry))
        sent = self.hit_to_send(entry.hit_condition)
        if self.logged_natively(entry):  # gdb's dprintf takes no hitCondition: all in its condition
            pass
        elif not both and entry.log_message and not self.log_folded(entry):
            if self.sent_log(entry) is None or (sent is not None and self.hit_spent(entry.hit_condition) is None):
                return None
        elif not both and sent is not None and not self.log_folded(entry):
            return None
        return self.hit_counter(entry.hit_condition, self.counter_name(entry))

    def counter_name(self, entry: BreakpointEntry) -> str:
        """The name of the debugger's variable that counts ``entry``'s hits this run (:attr:`hit_counter`)."""
        again = f"_{self.recounts[entry.id]}" if entry.id in self.recounts else ""
        return f"dapcli_hits_{self.run}_{entry.id}{again}"

    def counted(self, entries: list[BreakpointEntry]) -> list[BreakpointEntry]:
        """Those of ``entries`` whose hits the debugger counts in their condition (:attr:`hit_counter`)."""
        return [e for e in entries if self._counter(e) is not None]

    def sent_hit(self, entry: BreakpointEntry) -> str | None:
        """The ``hitCondition`` sent for ``entry`` (an adapter's log point's is sent as given: it
        never stops)."""
        if not entry.hit_condition:
            return None
        if entry.id in self.spent:
            return self.hit_spent(entry.hit_condition)
        if self._counter(entry) is not None or (self.ors_hit_condition and self._base_condition(entry)):
            return None  # counted in the condition, or by dapcli (the adapter would OR the two)
        sent = None if self._guarded(entry) else self.hit_to_send(entry.hit_condition)
        return entry.hit_condition if sent is None and self.sent_log(entry) else sent

    def counted_hit(self, entry: BreakpointEntry) -> str | None:
        """The hit condition of ``entry`` that dapcli counts itself, or None."""
        if not entry.hit_condition or self._counter(entry) is not None:
            return None  # none, or the debugger counts in a condition of its own
        if self.ors_hit_condition and self._base_condition(entry):
            return entry.hit_condition  # the adapter would OR them, and cannot count in a condition
        if self.sent_log(entry):
            return None
        if self._guarded(entry):  # debugpy ORs a hitCondition with the condition (the guard): dapcli counts
            return entry.hit_condition
        return entry.hit_condition if self.hit_to_send(entry.hit_condition) is None else None

    def recount(self, entry: BreakpointEntry) -> None:
        """``entry``'s condition changed: its hit count starts again (as debugpy's), sent anew."""
        self.spent.discard(entry.id)
        self.recounts[entry.id] = self.recounts.get(entry.id, 0) + 1

    def spend(self, adapter_ids: list[int]) -> list[str]:
        """A stop stood at the breakpoints with these adapter ids: those whose hit condition the
        adapter meets once (``==N``, see :attr:`hit_spent`) are sent from now on with a
        condition no later hit meets. Returns the keys (sources) to send again."""
        keys, self.just_spent = [], {}
        for entry in self._sent():
            if (entry.adapter_id is not None and entry.adapter_id in adapter_ids and entry.hit_condition
                    and entry.id not in self.spent and self.sent_hit(entry) is not None
                    and self.counted_hit(entry) is None and self.hit_spent(entry.hit_condition) is not None):
                self.spent.add(entry.id)
                self.just_spent[entry.id] = entry.adapter_id
                keys.append(entry.key)
        return sorted(set(keys))

    def _guarded(self, entry: BreakpointEntry) -> bool:
        return self._base_condition(entry) != entry.condition

    def emulated(self, entry: BreakpointEntry) -> list[str]:
        """The parts of ``entry`` that dapcli does in the adapter's place, by their DAP names:
        ``hitCondition`` (dapcli counts the hits), ``logMessage`` (dapcli writes the message)."""
        parts = ["hitCondition"] if self.counted_hit(entry) else []
        folded = self.log_folded(entry)  # written by the program from the condition: no stop (see note)
        by_client = self.logs_by_client and not folded and not self.logged_natively(entry)  # not gdb's dprintf
        return [*parts, "logMessage"] if entry.log_message and by_client else parts

    def hit_by(self, adapter_ids: list[int]) -> list[tuple[int, str | None, str | None]]:
        """``(dapcli id, hit condition dapcli counts, log message dapcli writes)`` of the
        breakpoints with these adapter ids (a stop's ``hitBreakpointIds``)."""
        return [(e.id, self.counted_hit(e), e.log_message if self.logs_by_client else None)
                for e in self._sent() if e.adapter_id is not None and e.adapter_id in adapter_ids
                and not self.logged_natively(e) and not self.log_folded(e)]

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
        if entry.path and entry.line and entry.anchor is None:
            entry.anchor = anchors.take(entry.path, entry.line)
        if entry.anchor is not None and entry.line_text is None:
            entry.line_text = entry.anchor.text
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
        return [e for e in (*self.entries.values(), *self.internal.values())
                if e.id not in self.covered and not self._removed(e)]

    def _removed(self, entry: BreakpointEntry) -> bool:
        """Whether ``entry`` is out of the adapter's set: it made its one stop (until the next
        run), or the debugger refused the condition it has (see :attr:`refused`)."""
        if entry.id in self.refused and self.refused[entry.id] == self.sent_condition(entry):
            return True
        return entry.id in self.spent and self.hit_spent(entry.hit_condition or "") == SPENT_REMOVED

    def for_key(self, key: str) -> list[BreakpointEntry]:
        """The breakpoints sent for ``key``: the user's (but those covered), then dapcli's own."""
        return [e for e in self._sent() if e.key == key]

    def keys(self) -> list[str]:
        return sorted({e.key for e in (*self.entries.values(), *self.internal.values())})

    def logged_natively(self, entry: BreakpointEntry) -> bool:
        """Whether ``entry`` is a log point set as the debugger's own (not in ``setBreakpoints``)."""
        counted = not entry.hit_condition or self.hit_counter(entry.hit_condition, "n") is not None
        return bool(entry.log_message) and self.logs_by_client and counted \
            and entry.id not in self.refused_logs and self.native_log(entry, entry.condition) is not None

    async def sync(self, key: str, request: Requester) -> None:
        """Send the full set for ``key`` (a source path, or ``<functions>``) and record the
        answers; then set its log points that the debugger keeps itself (``engine/dprintf.py``).
        Raises what the request raises (RequestError, ConnectionLostError)."""
        if key != "<functions>":
            self.follow(key)
        every = self.for_key(key)
        from dapcli.engine.hitcount import declare_counters

        await declare_counters(self, every, request)
        native = [e for e in every if key != "<functions>" and self.logged_natively(e)]
        entries = [e for e in every if e not in native]
        held = [e for e in self.entries.values() if key != "<functions>" and e.key == key and e.id in self.covered
                and e.adapter_id is not None and self.logged_natively(e)]
        if held:  # a temporary breakpoint holds their line: cdt would take their dprintf for it
            from dapcli.engine.dprintf import delete_log_points

            await delete_log_points(held, self.native_log_request, request)
        if key == "<functions>":
            functions = [t.FunctionBreakpoint(name=self.function_breakpoint(e.function or "", None)[0],
                                              condition=self.sent_condition(e), hitCondition=self.sent_hit(e))
                         for e in entries]
            body = await request("setFunctionBreakpoints", t.SetFunctionBreakpointsArguments(breakpoints=functions),
                                 t.SetFunctionBreakpointsResponse)
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
        if native:
            from dapcli.engine.dprintf import set_log_points

            refused = await set_log_points(native, lambda e: self.native_log(e, self.sent_condition(e)),
                                           self.native_log_request, request, self.native_log_setup())
            if refused:  # dapcli fills these in itself: sent again as plain breakpoints
                self.refused_logs.update(e.id for e in refused)
                await self.sync(key, request)

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
        _bind(entry)


def bound_text(entry: BreakpointEntry) -> str | None:
    """The trimmed text of the line the adapter bound ``entry`` to, when it is not the line
    asked for (None otherwise, or when the file cannot be read)."""
    line = entry.actual_line
    if entry.path is None or line is None or line == entry.line or (entry.actual_path or entry.path) != entry.path:
        return None
    if entry.anchor is not None and entry.anchor.line == line and anchors.unchanged(entry.path, entry.anchor.stamp):
        return entry.anchor.text
    lines = anchors.lines_of(entry.path)
    return lines[line - 1].strip() if lines is not None and 0 < line <= len(lines) else None


def _bind(entry: BreakpointEntry) -> None:
    """The adapter bound ``entry`` to another line than asked (a blank line, a comment): its
    anchor is that statement, the one it stops at (unless the file changed meanwhile)."""
    anchor, line = entry.anchor, entry.actual_line
    if (anchor is None or entry.stale or not entry.verified or line is None or line == anchor.line
            or entry.path is None or (entry.actual_path and entry.actual_path != entry.path)
            or not anchors.unchanged(entry.path, anchor.stamp)):
        return
    lines = anchors.lines_of(entry.path)
    if lines is not None and 0 < line <= len(lines) and anchors.stamp_of(entry.path, lines) == anchor.stamp:
        entry.anchor = anchors.moved_to(anchor, entry.path, line, lines)


def _follow(entry: BreakpointEntry, lines: list[str], stamp: anchors.Stamp | None) -> str | None:
    """Move ``entry`` to its statement in the new ``lines`` (see :meth:`BreakpointBook.follow`);
    the note to tell, or None (the statement did not move)."""
    anchor, path, line = entry.anchor, entry.path, entry.line
    assert anchor is not None and path is not None and line is not None
    if anchor.stamp is not None and stamp is not None and anchor.stamp.digest == stamp.digest:
        entry.anchor = replace(anchor, stamp=stamp)  # touched, not edited
        return None
    found = anchors.relocate(anchor, lines)
    if found is None and anchor.text:
        entry.anchor = replace(anchor, stamp=stamp)  # keeps its text: followed if it comes back
        if entry.stale:
            return None
        entry.stale = True
        now = f"; line {line} now reads {anchors.cut(lines[line - 1].strip())!r}" if 0 < line <= len(lines) else \
            f"; the file has {len(lines)} lines now"
        return (f"breakpoint {entry.id} at {os.path.basename(path)}:{line} is stale: its statement "
                f"{anchors.cut(anchor.text)!r} is no longer in the file (file changed){now}")
    if found is None:
        entry.anchor = replace(anchor, stamp=stamp)
        return None
    was_stale, entry.stale = entry.stale, False
    strangers = anchors.kinship(anchor, lines, found) == 0 and (anchors.telling(anchor.before)
                                                                 or anchors.telling(anchor.after))
    entry.anchor = anchors.moved_to(anchor, path, found, lines)
    entry.line_text = entry.anchor.text
    if found == anchor.line and not was_stale:
        return None
    # asked for a blank line above its statement: the same blank line if it still is one
    ahead = anchor.line - line
    blank = 0 < ahead < found and all(not text.strip() for text in lines[found - 1 - ahead:found - 1])
    target = found - ahead if blank else found
    if target == line:
        return f"breakpoint {entry.id} at {os.path.basename(path)}:{line} is no longer stale" if was_stale else None
    entry.line, entry.actual_line = target, None
    again = ", its statement is back" if was_stale else ""
    check = "; other lines surround it now: check that it is the same statement" if strangers else ""
    return f"breakpoint {entry.id} moved {line} → {target} (file changed{again}): {anchors.cut(anchor.text)}{check}"


#: Seconds a ``setBreakpoints`` may take per breakpoint it sets, beyond the caller's timeout
#: (debugpy: ~15 ms each on a quiet machine, ~60 ms on a loaded one).
PER_BREAKPOINT = 0.1


def sync_budget(timeout: float, count: int) -> float:
    """How long to wait for the answer to a set of ``count`` breakpoints (seconds): the caller's
    ``timeout`` (at least 30 s), plus :data:`PER_BREAKPOINT` for each."""
    return max(timeout, 30.0) + PER_BREAKPOINT * count
