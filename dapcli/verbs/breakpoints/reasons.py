"""Why a breakpoint is pending, in the adapter's words and dapcli's, said once.

dapcli's note for a breakpoint in a file that is not on this machine (:func:`absent_file_note`)
restates what most adapters already answer (debugpy: "Breakpoint in file that does not exist.").
:func:`reasons` keeps the adapter's sentence and only what dapcli adds to it (where it looked,
and that the breakpoint was sent anyway).
"""

from __future__ import annotations

import re

__all__ = ["absent_file_note", "joined", "reasons"]

_NOT_HERE = " is not on this machine "
#: The adapter's message already says the file is missing.
_ABSENT = re.compile(r"does not exist|doesn't exist|not found|no such file|no source file|cannot find|could not find"
                     r"|unknown file", re.IGNORECASE)


def absent_file_note(shown: str, path: str) -> str:
    """dapcli's note for a breakpoint at ``shown`` (as typed) whose file ``path`` (absolute) is
    not on this machine: it is sent to the adapter anyway."""
    return (f"{shown}{_NOT_HERE}(looked at {path}); "
            "sent anyway: it may exist where the program runs, or load later")


def reasons(message: str | None, warning: str | None) -> tuple[str, str]:
    """``(adapter's message, dapcli's note)`` to show side by side: the adapter's ``message``
    (its ``Breakpoint.message``) without a trailing period, and dapcli's ``warning``. When both
    say the file is missing, dapcli's clause is dropped and where it looked follows the adapter's
    words: ``("Breakpoint in file that does not exist (looked at /abs/x.py)", "sent anyway: …")``.
    Either may be ""."""
    said = (message or "").strip().rstrip(".")
    note = (warning or "").strip()
    if said and _NOT_HERE in note and _ABSENT.search(said):
        head, _, rest = note.partition(_NOT_HERE)
        looked, sep, after = rest.partition("); ")
        if "; " not in head and looked.startswith("(looked at ") and sep:  # the note starts with that clause
            path = looked.removeprefix("(looked at ")
            said, note = (said if path in said else f"{said} {looked})"), after
    return said, note


def joined(message: str | None, warning: str | None) -> str:
    """:func:`reasons` as one line: ``"MESSAGE; NOTE"`` (either part alone, or "")."""
    return "; ".join(part for part in reasons(message, warning) if part)
