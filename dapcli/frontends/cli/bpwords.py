"""gdb's way of typing a conditional breakpoint on the command line: ``dapcli b 4 if i == 3``.

The words after the location that begin the inline grammar (``if``, ``hit``, ``log``: the one
``-b 'F:L if …'`` takes, see :mod:`dapcli.verbs.breakpoints.spec`) are joined into the location, so the
shell's split does not make them extra arguments; the REPL reads them the same way.
"""

from __future__ import annotations

__all__ = ["BREAK_WORDS", "CLAUSE_WORDS", "CONDITION_WORDS", "join_clauses"]

#: The command words of ``setBreakpoint`` (its CLI path, name and aliases).
BREAK_WORDS = (("break", "add"), ("b",), ("setBreakpoint",))
#: The command words of ``editBreakpoint`` (gdb's ``condition N EXPR``).
CONDITION_WORDS = (("break", "edit"), ("condition",), ("editBreakpoint",))
#: Words that begin an inline clause after the location.
CLAUSE_WORDS = frozenset({"if", "hit", "log"})


def join_clauses(argv: list[str], index: int | None) -> list[str]:
    """``argv`` with ``LOCATION if … [hit …] [log …]`` joined into one word, when the command
    at ``index`` adds a breakpoint; the clause runs up to the next ``--option`` (or ``--``)."""
    if index is None:
        return argv
    size = next((len(w) for w in CONDITION_WORDS if tuple(argv[index:index + len(w)]) == w), 0)
    if size:  # `condition 1 i == 3`: the words after the id are the expression
        start = index + size + 1
        end = next((i for i in range(start, len(argv)) if argv[i].startswith("--")), len(argv))
        if end - start > 1:
            return [*argv[:start], " ".join(argv[start:end]), *argv[end:]]
        return argv
    size = next((len(w) for w in BREAK_WORDS if tuple(argv[index:index + len(w)]) == w), 0)
    if not size:
        return argv
    start = index + size
    place = next((i for i in range(start, len(argv)) if not argv[i].startswith("-")), None)
    if place is None or place + 1 >= len(argv) or argv[place + 1] not in CLAUSE_WORDS:
        return argv
    if place > start and argv[place - 1].startswith("-") and "=" not in argv[place - 1] \
            and argv[place - 1] not in ("--json",):
        return argv  # the word is an option's value, not the location
    end = next((i for i in range(place + 1, len(argv)) if argv[i].startswith("--")), len(argv))
    return [*argv[:place], " ".join(argv[place:end]), *argv[end:]]
