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

from dataclasses import dataclass, field
from typing import Any

from dapcli.errors import UsageError

__all__ = ["HandleTable", "StopHandles"]

#: Requests whose answer carries ``variablesReference`` numbers (the body's, its variables', its scopes').
_REFERENCE_ANSWERS = frozenset({"variables", "scopes", "evaluate", "setVariable", "setExpression"})


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
    #: A verb may have changed a value at this stop (``setVariable``, an assigning ``evaluate``).
    changed: bool = False


class _Numbers:
    """One kind of handle: dapcli's number ↔ the adapter's, for the current stop only. dapcli's
    numbers count up through the session, so any number below :attr:`next` that this stop did
    not give out is from an earlier stop."""

    def __init__(self, kind: str, noun: str) -> None:
        self.kind, self.noun = kind, noun
        self.next = 1
        self.generation = -1
        self._ours: dict[int, int] = {}  # adapter's → ours
        self._theirs: dict[int, int] = {}  # ours → adapter's

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
            self.next += 1
            return self.next - 1
        ours = self._ours.get(number)
        if ours is None:
            ours = self._ours[number] = self.next
            self._theirs[ours] = number
            self.next += 1
        return ours

    def take(self, generation: int, number: int) -> int:
        """The adapter's number for dapcli's ``number``.

        Raises:
            UsageError: it was given out at an earlier stop, or never.
        """
        theirs = self._theirs.get(number) if self._at(generation) else None
        if theirs is not None:
            return theirs
        if 0 < number < self.next:
            raise UsageError(f"{self.kind} {number} is from an earlier stop (the program has run since); "
                             f"list the {self.noun} again", f"{self.kind} numbers are valid only at the stop that "
                             "gave them")
        if self.kind == "frameId":
            raise UsageError(f"no frame with frameId {number} at this stop",
                             "frame ids change at every stop: take one from `dapcli stack`")
        raise UsageError(f"no {self.kind} {number} at this stop", f"list the {self.noun} to get one")

    def known(self, generation: int, number: int) -> bool:
        """True when ``number`` was given out at stop ``generation``."""
        return self._at(generation) and number in self._theirs


class HandleTable:
    """The session's handles: dapcli's ``variablesReference`` and ``frameId`` numbers by stop,
    and the :class:`StopHandles` of the current stop."""

    def __init__(self) -> None:
        self.references = _Numbers("variablesReference", "variables")
        self.frames = _Numbers("frameId", "frames")
        self._stop = StopHandles(-1)

    def at(self, generation: int) -> StopHandles:
        """What is known of stop ``generation``'s handles (empty at a new stop)."""
        if self._stop.generation != generation:
            self._stop = StopHandles(generation)
        return self._stop

    def check_reference(self, generation: int, reference: int) -> None:
        """Raise UsageError unless ``reference`` (> 0) was given out at stop ``generation``."""
        if reference > 0:
            self.references.take(generation, reference)

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
