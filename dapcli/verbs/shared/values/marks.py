"""debugpy's mark of the levels it left out: its ``SafeRepr`` writes what is nested deeper than
2 levels as ``[...]``, ``{...}`` or ``(...)`` (Python's own mark of a cycle), and the note that
says so with the mark the value shows. Standard library only: the renderers read it too."""

from __future__ import annotations

import re

from dapcli.verbs.shared.values.brackets import outside_quotes

__all__ = ["NESTED_NOTE", "nested_markers", "nested_note", "once_said"]

#: debugpy's SafeRepr writes what is nested deeper than 2 levels as ``[...]`` — Python's own mark
#: of a cycle: ``[[0, [...]], …]`` for ``[[0, [0, [0]]], …]``; one less deep is a cycle.
NESTED_CUT = re.compile(r"\[\.\.\.\]|\{\.\.\.\}|\(\.\.\.\)")
#: How deep SafeRepr writes collections before it writes ``[...]`` for the deeper levels.
SAFEREPR_LEVELS = 2
#: How the note on a value whose deeper levels debugpy left out begins (the markers follow).
NESTED_NOTE = "debugpy writes what is nested deeper than 2 levels as "


def nested_note(markers: list[str]) -> str:
    """``debugpy writes what is nested deeper than 2 levels as {...}``, naming the ``markers``
    that the value shows (``[...]``, ``{...}``, ``(...)``)."""
    return NESTED_NOTE + (" and ".join(markers) if markers else "[...]")


def nested_markers(value: str) -> list[str]:
    """The marks (``[...]``, ``{...}``, ``(...)``, in the order first seen) by which debugpy left
    out deeper levels of ``value``: each inside at least :data:`SAFEREPR_LEVELS` brackets. One
    less deep is Python's mark of a cycle, where no level was left out. One pass; brackets inside
    quoted strings do not count. Empty when there is none."""
    if NESTED_CUT.search(value) is None:
        return []
    found: list[str] = []
    for index, char, depth in outside_quotes(value):
        if char in "[{(" and depth >= SAFEREPR_LEVELS:
            mark = value[index:index + 5]
            if mark in ("[...]", "{...}", "(...)") and mark not in found:
                found.append(mark)
    return found


def once_said(note: str, value: str, said_marks: list[str] | None) -> bool:
    """True when ``note`` is debugpy's nesting note and every mark the ``value`` shows
    (``{...}``, ``[...]``) was explained already by a row above it (``said_marks``, which
    this extends); a tree says it once, not on each level."""
    if said_marks is None or not note.startswith(NESTED_NOTE):
        return False
    marks = nested_markers(value)
    if said_marks and all(mark in said_marks for mark in marks):
        return True
    said_marks.extend(mark for mark in marks if mark not in said_marks)
    return False
