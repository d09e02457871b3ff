"""Deciding for the user's breakpoints whose line a temporary breakpoint holds.

A line holds one breakpoint (debugpy and lldb-dap keep one of a line's duplicates), so while
``trace`` records every hit of a line (or ``until`` runs to it), the user's breakpoint there is not sent
(:meth:`~dapcli.engine.breakpoints.BreakpointBook.cover`): at each hit dapcli does what it would
have done. It evaluates the condition (as the adapter sends it) in the top frame, counts the hit
condition on the hits where the condition holds (unless the condition sent counts them in the
debugger: gdb's and lldb's ``%N``, whose evaluation counts and decides) (the DAP spec: "hitCondition should be evaluated
only if the condition is met"), and then either writes the log point's message, as
``engine/hitcount.py`` does for adapters that cannot, or says that the breakpoint stops here.
"""

from __future__ import annotations

import contextlib
import re

from dapcli.engine.breakpoints import BreakpointEntry
from dapcli.engine.hitcount import hit_met, write_log_points
from dapcli.engine.session import Session
from dapcli.errors import DapcliError
from dapcli.protocol import types as t

__all__ = ["StandIn", "at_temporary", "hold", "name_stop", "release", "truth"]

#: Values that read as false in the adapters' languages (Python, C/C++, Go, JavaScript, Rust).
_FALSE = frozenset({"false", "False", "None", "null", "undefined", "nil", "NaN", "''", '""', "[]", "{}", "()",
                    "0n", "'\\0'", "'\\x00'"})
_ZERO = re.compile(r"(?:\([^()]*\)\s*)?(?:0x0+|[-+]?0*\.?0*(?:e[-+]?\d+)?)", re.IGNORECASE)


def truth(value: str) -> bool:
    """Whether an evaluated condition's ``value`` (the adapter's text) is true."""
    text = value.strip()
    return bool(text) and text not in _FALSE and not (_ZERO.fullmatch(text) and "0" in text)


class StandIn:
    """Decides at each hit of a line for the user's breakpoints ``entries`` covered there."""

    def __init__(self, session: Session, entries: list[BreakpointEntry]) -> None:
        self.session = session
        self.entries = entries
        #: Hits counted where the condition held, by dapcli id; those dapcli counts anyway go on
        #: from the session's counts (the adapter's start again when the breakpoint is sent again).
        self.counts = {e.id: session.hits.counts.get(e.id, 0) if session.book.counted_hit(e) else 0
                       for e in entries}

    async def hit(self, thread_id: int, frame_id: int | None) -> BreakpointEntry | None:
        """One hit of the line in ``thread_id``'s top frame ``frame_id``: the covered breakpoint
        that stops the program here, or None (its log messages are written, then). Raises what
        the ``stackTrace`` of a log message raises."""
        messages: list[str] = []
        for entry in self.entries:
            if not await self._holds(entry, frame_id):
                continue
            self.counts[entry.id] += 1
            counted = bool(self.session.book.counted([entry]))  # the condition counted and decided already
            if entry.hit_condition and not counted and not hit_met(entry.hit_condition, self.counts[entry.id]):
                continue
            if entry.log_message is None:
                return entry
            messages.append(entry.log_message)
        if messages:
            adapter = self.session.adapter
            await write_log_points(self.session.require_alive(), thread_id, messages, self.session.add_output,
                                   adapter.failed_evaluate_result, spell=adapter.log_value, read=adapter.log_text)
        return None

    async def named(self, temporary: BreakpointEntry, frame_id: int | None) -> BreakpointEntry | None:
        """Another breakpoint that the last stop names, at the address of ``temporary``'s line
        (a function's first line), if it stops here: not a log point, its condition holds (the
        debugger may name a breakpoint of the address whose condition is false: CodeLLDB), its
        hit condition that dapcli counts is met (one the adapter counts is taken as met)."""
        stop = self.session.last_stop
        book = self.session.book
        for number, counted, _ in book.hit_by(stop.hit_breakpoint_ids if stop is not None else []):
            other = book.entries.get(number) or book.internal.get(number)
            if number == temporary.id or other is None or other.log_message:
                continue
            if counted is not None and not hit_met(counted, self.session.hits.counts.get(number, 0)):
                continue
            if await self._holds(other, frame_id):
                return other
        return None

    def done(self) -> None:
        """Keep the counts of the hit conditions that dapcli counts for the stops to come."""
        for entry in self.entries:
            if self.session.book.counted_hit(entry):
                self.session.hits.counts[entry.id] = self.counts[entry.id]

    async def _holds(self, entry: BreakpointEntry, frame_id: int | None) -> bool:
        """Whether the condition sent for ``entry`` holds (DAP ``evaluate``, context ``watch``);
        one that cannot be evaluated holds where the debugger stops for it (lldb)."""
        condition = self.session.book.sent_condition(entry)
        if not condition:
            return True
        try:
            answer = await self.session.request(
                "evaluate", t.EvaluateArguments(expression=self.session.adapter.condition_test(condition),
                                                frameId=frame_id, context="watch"), t.EvaluateResponse)
        except DapcliError:
            return self.session.adapter.stops_on_failed_condition
        if answer.result == self.session.adapter.failed_evaluate_result:
            return self.session.adapter.stops_on_failed_condition
        return truth(answer.result)


async def hold(session: Session, entry: BreakpointEntry, covered: list[BreakpointEntry]) -> None:
    """Send the temporary ``entry`` in place of the user's breakpoints ``covered`` at its line
    (from :meth:`~dapcli.engine.breakpoints.BreakpointBook.cover`), also where the adapter moved
    it to: those are added to ``covered``. Raises what ``setBreakpoints`` raises."""
    if covered:  # first without the line: CodeLLDB keeps a line's breakpoint, with its condition
        session.book.covered.add(entry.id)
        try:
            await _sync(session, entry, covered)
        finally:
            session.book.covered.discard(entry.id)
    await _sync(session, entry, covered)
    moved = session.book.cover(entry)  # the adapter put the line onto a breakpoint's line
    if moved:
        covered += moved
        await _sync(session, entry, moved)


async def _sync(session: Session, entry: BreakpointEntry, covered: list[BreakpointEntry]) -> None:
    for key in sorted({entry.key, *(e.key for e in covered)}):
        await session.sync_breakpoints(key)


async def release(session: Session, entry: BreakpointEntry, covered: list[BreakpointEntry]) -> None:
    """Remove the temporary ``entry`` and send the covered breakpoints again (not once the
    session ended). Never raises a DapcliError."""
    session.book.entries.pop(entry.id, None)
    if covered and not session.ended:  # first without the line: lldb-dap and CodeLLDB would give
        with contextlib.suppress(DapcliError):  # yours the id of the temporary one (same line)
            await _sync(session, entry, covered)
    session.book.uncover(covered)
    if not session.ended:
        with contextlib.suppress(DapcliError):
            await _sync(session, entry, covered)


def at_temporary(session: Session, entry: BreakpointEntry, path: str | None, line: int | None) -> bool:
    """Whether the last stop is at the temporary ``entry``: it names it, or the top frame
    (``path``, ``line``) is its line."""
    stop = session.last_stop
    if stop is not None and entry.adapter_id is not None and entry.adapter_id in stop.hit_breakpoint_ids:
        return True
    return path == entry.path and line == (entry.actual_line or entry.line)


def name_stop(session: Session, stood: BreakpointEntry, *, keep: bool = False) -> None:
    """The last stop is where the user's breakpoint ``stood`` stops (dapcli decided it in its
    place): the stop names it, by the adapter's id it has again (``keep``: beside the ids the
    stop named already)."""
    if session.last_stop is not None and stood.adapter_id is not None:
        kept = session.last_stop.hit_breakpoint_ids if keep else []
        session.last_stop.hit_breakpoint_ids = [*kept, stood.adapter_id]
