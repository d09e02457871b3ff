"""Handles that live for one stop: ``variablesReference`` and ``frameId`` numbers, and what is
known of them at this stop.

References and frame ids are valid only until the program resumes, and adapters reuse the
numbers: Delve renumbers from 1000 at every stop, gdb (cdt) hands out its numbers again, debugpy
and lldb-dap reuse theirs — an old number would silently show or change another value.
:class:`HandleTable` is the one place that knows which stop a number belongs to. Every request
goes through it (:meth:`~dapcli.engine.core.SessionCore.request`): the numbers an answer carries
are replaced by dapcli's own, which are never given out twice in a session, and the numbers of a
request are turned back into the adapter's — or refused, with one line that says to list again,
when they are from an earlier stop. What verbs learn about this stop's handles (which frame a
scope belongs to, which scopes hold locals, how many children a value or scope has, where a frame
sits in its stack, the top of each thread's stack, source text) is kept on :class:`StopHandles`,
which is new at every stop: no other module keeps its own copy across stops.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from typing import Any

from dapcli.calls import call
from dapcli.errors import UsageError

__all__ = ["HandleTable", "StopHandles", "may_change_values"]

#: Requests whose answer carries ``variablesReference`` numbers (the body's, its variables', its scopes').
_REFERENCE_ANSWERS = frozenset({"variables", "scopes", "evaluate", "setVariable", "setExpression"})
#: Requests that change the program's values at a stop whatever sends them (an ``evaluate`` in
#: context ``repl`` or none too: a debugger command, a statement; the ``evaluate`` verb says so itself).
_WRITES = frozenset({"setVariable", "setExpression", "writeMemory"})
#: What may change a value in an expression: an assignment (``=``, ``+=``, ``<<=``; not ``==``,
#: ``!=``, ``<=``, ``>=``, ``=>``), ``++``/``--``, or a call (a name, ``)`` or ``]`` before ``(``).
_CHANGES = re.compile(r"<<=|>>=|(?<![=!<>])=(?![=>])|\+\+|--|[\w\])]\s*\(")


def may_change_values(expression: str, pattern: str | None = None) -> bool:
    """True when evaluating ``expression`` may change a value of the program (one linear pass;
    a string literal that holds ``=`` counts too: a change is assumed when unsure); ``pattern``:
    the adapter's own (``AdapterSpec.evaluate_changes``) instead of the usual one."""
    return (_CHANGES if pattern is None else re.compile(pattern)).search(expression) is not None


@dataclass
class StopHandles:
    """What is known of one stop's handles (dapcli's numbers); :meth:`HandleTable.at` makes a
    new one at every stop, so nothing here outlives the stop it describes."""

    generation: int
    #: frameId → (threadId, index in its stack): Delve gives new ids at every ``stackTrace``.
    frame_positions: dict[int, tuple[int, int]] = field(default_factory=dict)
    #: A scope's variablesReference → the frameId whose ``scopes`` answer gave it.
    scope_frames: dict[int, int] = field(default_factory=dict)
    #: A value's variablesReference → the frameId it was read in (its scope's, its evaluation's).
    value_frames: dict[int, int] = field(default_factory=dict)
    #: The references of frames' locals scopes among those.
    locals_scopes: set[int] = field(default_factory=set)
    #: variablesReference → (namedVariables, indexedVariables) of a structured value.
    sizes: dict[int, tuple[int, int]] = field(default_factory=dict)
    #: sourceReference → its lines (DAP ``source``).
    sources: dict[int, list[str]] = field(default_factory=dict)
    #: threadId → the top of its stack as answered at this stop (DAP ``StackFrame``s from frame 0,
    #: the adapter's ``totalFrames``, the ``levels`` asked): later pages within it are not asked again.
    stacks: dict[int, tuple[list[Any], int | None, int]] = field(default_factory=dict)
    #: Frames whose locals held the adapter's return values (``AdapterSpec.return_value_local``):
    #: forgotten there before the program runs on (``return_value_clear``).
    return_frames: set[int] = field(default_factory=set)
    #: A verb may have changed a value at this stop (``setVariable``, an assigning ``evaluate``).
    changed: bool = False
    #: The references numbered below this one were given out before a value last changed at this stop.
    changed_below: int = 0
    #: The user chose a frame at this stop (``frame``, ``up``, ``down``, ``thread``): a later view
    #: of the stop (``status``, ``wait``) keeps it selected.
    frame_chosen: bool = False


class _Counter:
    """dapcli's numbers of one kind, shared by the sessions of the process (a session's runs after
    ``restart``, its subprocess sessions ``NAME.N``, any other), so that none is given twice;
    and which session was given which (``starts``/``owners``: the first number of each run of
    numbers one session was given in a row)."""

    def __init__(self) -> None:
        self.next = 1
        self._starts: list[int] = []
        self._owners: list[str] = []

    def take(self, owner: str) -> int:
        """A new number, given to session ``owner``."""
        if not self._owners or self._owners[-1] != owner:
            self._starts.append(self.next)
            self._owners.append(owner)
        self.next += 1
        return self.next - 1

    def owner(self, number: int) -> str | None:
        """The session that was given ``number``; None for a number never given."""
        if not 0 < number < self.next:
            return None
        index = bisect.bisect_right(self._starts, number) - 1
        return self._owners[index] if index >= 0 else None


#: The process's counters, one per kind: a session made anew under an old name (``stop`` then
#: ``launch`` over MCP or in the REPL) numbers on too, and no two sessions share a number.
_COUNTERS = {"variablesReference": _Counter(), "frameId": _Counter()}


class _Numbers:
    """One kind of handle: dapcli's number ↔ the adapter's, for the current stop only. dapcli's
    numbers count up through the session tree, so any number of this session that this stop did
    not give out is from an earlier stop; the refusal names ``verb``, the one that lists them."""

    def __init__(self, kind: str, noun: str, verb: str, owner: str = "", counter: _Counter | None = None) -> None:
        self.kind, self.noun, self.verb, self.owner = kind, noun, verb, owner
        self.counter = counter if counter is not None else _COUNTERS[kind]
        self.generation = -1
        self._ours: dict[int, int] = {}  # adapter's → ours
        self._theirs: dict[int, int] = {}  # ours → adapter's

    @property
    def next(self) -> int:
        """The number the next one given out will have (every number below it was given)."""
        return self.counter.next

    def _at(self, generation: int) -> bool:
        """Move on to stop ``generation``; False when it is older than the current one."""
        if generation > self.generation:
            self.generation, self._ours, self._theirs = generation, {}, {}
        return generation == self.generation

    def give(self, generation: int, number: int) -> int:
        """dapcli's number for the adapter's ``number`` at stop ``generation`` (the same one each
        time the adapter gives that number at this stop; an answer that arrives after the program
        ran again gets a number that is already stale)."""
        if not self._at(generation):
            return self.counter.take(self.owner)
        ours = self._ours.get(number)
        if ours is None:
            ours = self._ours[number] = self.counter.take(self.owner)
            self._theirs[ours] = number
        return ours

    def take(self, generation: int, number: int) -> int:
        """The adapter's number for dapcli's ``number``.

        Raises:
            UsageError: it was given out at an earlier stop, to another session, or never.
        """
        theirs = self._theirs.get(number) if self._at(generation) else None
        if theirs is not None:
            return theirs
        owner = self.counter.owner(number)
        if owner is not None and owner != self.owner:
            raise UsageError(f"{self.kind} {number} is of session '{owner}', not of '{self.owner}'; list this "
                             f"session's {self.noun} with {call(self.verb)}",
                             f"{self.kind} numbers are valid only in the session that gave them")
        if owner is not None:
            raise UsageError(f"{self.kind} {number} is from an earlier stop (the program has run since); "
                             f"list the {self.noun} again with {call(self.verb)}",
                             f"{self.kind} numbers are valid only at the stop that gave them")
        if self.kind == "frameId":
            raise UsageError(f"no frame with frameId {number} at this stop",
                             "frame ids change at every stop: take one from `dapcli stack`")
        raise UsageError(f"no {self.kind} {number} at this stop", f"list the {self.noun} to get one")

    def renumber(self) -> None:
        """Give the adapter's numbers new numbers of ours from now on (the old ones still reach
        the adapter's): after a change, a number listed again is told apart from the old one."""
        self._ours = {}

    def sharing(self, owner: str) -> _Numbers:
        """A new table of this kind for session ``owner`` (a new run of this one, or a subprocess
        session): no stop yet, numbered from the same counter, so that a number of the old run
        or of another session is refused, never taken for one of its own."""
        return _Numbers(self.kind, self.noun, self.verb, owner, self.counter)

    def known(self, generation: int, number: int) -> bool:
        """True when ``number`` was given out at stop ``generation``."""
        return self._at(generation) and number in self._theirs


class HandleTable:
    """The session's handles: dapcli's ``variablesReference`` and ``frameId`` numbers by stop,
    and the :class:`StopHandles` of the current stop."""

    def __init__(self, owner: str = "") -> None:
        """``owner``: the session's name (named in the refusal of another session's number)."""
        self.references = _Numbers("variablesReference", "variables", "variables", owner)
        self.frames = _Numbers("frameId", "frames", "stackTrace", owner)
        self._stop = StopHandles(-1)

    def sharing(self, owner: str) -> HandleTable:
        """The table of session ``owner``: a new run of this one (``restart``, each run of ``test
        --until-fail``; the same name) or one of its subprocess sessions. Its stops count from
        the start again, its numbers come from the same counters, so a number an earlier run or
        another session was given is refused, never taken for one of its own."""
        table = HandleTable(owner)
        table.references, table.frames = self.references.sharing(owner), self.frames.sharing(owner)
        return table

    def at(self, generation: int) -> StopHandles:
        """What is known of stop ``generation``'s handles (empty at a new stop)."""
        if self._stop.generation != generation:
            self._stop = StopHandles(generation)
        return self._stop

    def values_changed(self, generation: int) -> None:
        """A value may have changed at stop ``generation`` (``setVariable``, an ``evaluate`` that
        pushes onto a vector): children counts learned before are asked again, and the references
        given out so far are marked as listed before the change (see :meth:`check_reference`)."""
        stop = self.at(generation)
        stop.sizes.clear()
        stop.changed_below = self.references.next
        self.references.renumber()

    def check_reference(self, generation: int, reference: int, *, snapshot: bool = False) -> None:
        """Raise UsageError unless ``reference`` was given out at stop ``generation`` (0, which
        marks a value without children, is refused too) — and,
        with ``snapshot`` (an adapter that lists a number's values as they were when it gave it),
        after the last change of a value at that stop. For numbers a user hands in (``vars``,
        ``set``); a verb's own requests after its change are not refused."""
        if reference == 0:
            raise UsageError("variablesReference 0 has no children: DAP gives 0 to a value that has none",
                             f"omit it for the frame's locals, or expand a value whose variablesReference is not 0 "
                             f"(see {call('variables')})")
        if reference < 0:
            return
        self.references.take(generation, reference)
        if snapshot and reference < self.at(generation).changed_below:
            raise UsageError(f"variablesReference {reference} was listed before a value changed at this stop "
                             f"(set, eval) and would show the old values; list the variables again with "
                             f"{call('variables')}", "this adapter keeps the values it listed under a number")

    def check_frame(self, generation: int, frame_id: int) -> None:
        """Raise UsageError unless ``frame_id`` was given out at stop ``generation``."""
        self.frames.take(generation, frame_id)

    def outgoing(self, generation: int, arguments: Any) -> Any:
        """``arguments`` of a request with dapcli's ``variablesReference``/``frameId`` turned into
        the adapter's (a copy; a typed model or a plain dict).

        Raises:
            UsageError: a number from an earlier stop, or one never given out.
        """
        update: dict[str, int] = {}
        reference = _get(arguments, "variablesReference")
        if isinstance(reference, int) and not isinstance(reference, bool) and reference > 0:
            update["variablesReference"] = self.references.take(generation, reference)
        frame = _get(arguments, "frameId")
        if isinstance(frame, int) and not isinstance(frame, bool):
            update["frameId"] = self.frames.take(generation, frame)
        if not update:
            return arguments
        if isinstance(arguments, dict):
            return {**arguments, **update}
        return arguments.model_copy(update=update)

    def sending(self, generation: int, command: str, arguments: Any) -> None:
        """Note a request about to be sent at stop ``generation``: one that changes values makes
        what this stop knew of them stale (:meth:`StopHandles.values_changed`). Never raises."""
        if command in _WRITES or (command == "evaluate" and _get(arguments, "context") in (None, "repl")):
            self.values_changed(generation)

    def incoming(self, generation: int, command: str, body: Any) -> None:
        """Replace, in place, the adapter's numbers in the answer ``body`` to ``command`` with
        dapcli's. Never raises."""
        if body is None:
            return
        if command == "stackTrace":
            for frame in _get(body, "stackFrames") or []:
                number = _get(frame, "id")
                if isinstance(number, int):
                    _set(frame, "id", self.frames.give(generation, number))
        elif command in _REFERENCE_ANSWERS:
            for item in [body, *(_get(body, "variables") or []), *(_get(body, "scopes") or [])]:
                number = _get(item, "variablesReference")
                if isinstance(number, int) and number > 0:
                    _set(item, "variablesReference", self.references.give(generation, number))


def _get(item: Any, key: str) -> Any:
    return item.get(key) if isinstance(item, dict) else getattr(item, key, None)


def _set(item: Any, key: str, value: int) -> None:
    if isinstance(item, dict):
        item[key] = value
    else:
        setattr(item, key, value)
