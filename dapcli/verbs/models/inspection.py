"""Results of the inspection verbs: threads, stack, scopes, variables, evaluate, setVariable,
source, output."""

from __future__ import annotations

from typing import Literal

from dapcli.verbs.models.base import Model, Result
from dapcli.verbs.models.execution import Frame, OutputChunkView, SourceLine, StopState, VariableView

__all__ = [
    "PAGED_BY_DAPCLI", "EvaluateResult", "HiddenGroup", "OutputResult", "ScopeView", "ScopesResult",
    "SetVariableResult", "SourceResult", "StackResult", "ThreadView", "ThreadsResult", "VariablesResult",
    "dropped_note", "frames_shown", "groups_note", "omitted_note",
]


def dropped_note(chunks: int, size: int) -> str:
    """``N earlier chunks (M bytes) were dropped from the buffer``: what a text view says of the
    output the ring buffer dropped to stay bounded."""
    return f"{chunks} earlier chunk{'s' if chunks != 1 else ''} ({size} bytes) were dropped from the buffer"


def omitted_note(chunks: int, size: int, how: str) -> str:
    """``N earlier chunks (M bytes) not shown; HOW shows them``: what a text view says of the
    chunks the ``output`` verb left out to bound its display."""
    return f"{chunks} earlier chunk{'s' if chunks != 1 else ''} ({size} bytes) not shown; {how} shows them"


def groups_note(groups: list[HiddenGroup]) -> str:
    """``not listed: debugpy's function variables (fact, main), class variables (Node)``: what a
    text view says of the groups a listing left out (each group's names, ``…`` and the count
    when it kept only the first)."""
    parts = []
    for group in groups:
        if not group.names:
            parts.append(group.name)
            continue
        more = f", … ({group.count})" if group.count is not None and group.count > len(group.names) else ""
        parts.append(f"{group.name} ({', '.join(group.names)}{more})")
    return "not listed: debugpy's " + ", ".join(parts)


#: What a page cut by dapcli says (``pagedBy: dapcli``).
PAGED_BY_DAPCLI = "paged by dapcli: it read the children from the adapter and kept this page"


class ThreadView(Model):
    id: int
    name: str
    current: bool = False


class ThreadsResult(Result):
    """The threads the adapter listed; ``total`` is how many the program has (None: not known).
    When it listed only some (``partial``; Delve: at most 1,024 goroutines), ``note`` says how to
    see one that is not listed."""

    threads: list[ThreadView]
    partial: bool = False
    total: int | None = None
    note: str | None = None


class StackResult(Result):
    """``frames`` from index ``frames[0].index``; ``total_frames`` how many the stack has (None:
    not known; with ``total_frames_at_least``, a lower bound: the adapter counts only so far)."""

    thread_id: int
    frames: list[Frame]
    total_frames: int | None = None
    total_frames_at_least: bool = False
    #: Said when the stack is of a thread that runs (its frames have no variables yet).
    note: str | None = None


def frames_shown(result: StackResult) -> tuple[str, int | None] | None:
    """``("frames 21–40 of 10,002", 40)``: which frames a stack result shows of how many, and the
    ``start`` of the next page (None at the bottom); None when it shows the whole stack."""
    if not result.frames:
        return None
    first, last, total = result.frames[0].index, result.frames[-1].index + 1, result.total_frames
    if total is None:
        return (f"frames {first + 1}–{last}", None) if first else None
    if first == 0 and last >= total and not result.total_frames_at_least:
        return None
    of = f"at least {total:,}" if result.total_frames_at_least else f"{total:,}"
    return f"frames {first + 1}–{last} of {of}", (last if result.total_frames_at_least or total > last else None)


class ScopeView(Model):
    name: str
    variables_reference: int
    presentation_hint: str | None = None
    expensive: bool = False
    named_variables: int | None = None
    indexed_variables: int | None = None


class ScopesResult(Result):
    frame_id: int
    scopes: list[ScopeView]


class HiddenGroup(Model):
    """One of debugpy's groups of children that a listing left out (``special variables``,
    ``function variables``, ``class variables``, ``protected variables``): how many members it
    has and the first names (for a scope; a value's groups are named only)."""

    name: str
    count: int | None = None
    names: list[str] | None = None


class VariablesResult(Result):
    """Children of ``variables_reference`` from ``start`` (0-based), at most ``count``;
    ``total`` is how many there are; ``truncated`` how many were left out."""

    variables_reference: int
    scope: str | None = None
    #: The variable whose children these are (``vars NAME --start N``), when they are not a scope's.
    parent: str | None = None
    frame_id: int | None = None
    start: int = 0
    total: int
    variables: list[VariableView]
    truncated: int | None = None
    #: The frame whose variables these are, when it is not the top one (the user's frame).
    frame_name: str | None = None
    #: How many of pytest's assertion temporaries (``@py_assert1``, …) were left out (``all`` lists them).
    hidden: int | None = None
    #: The ``filter`` these variables matched, and how many variables there were before it.
    filter: str | None = None
    unfiltered: int | None = None
    #: debugpy's groups left out (``all`` lists their members).
    hidden_groups: list[HiddenGroup] | None = None
    #: Who cut this page, when one was asked for (``start``/``count``): ``adapter`` (DAP
    #: ``variables`` with ``start``/``count``) or ``dapcli`` (every child read, this page kept).
    paged_by: Literal["adapter", "dapcli"] | None = None


class EvaluateResult(Result):
    expression: str
    result: str
    type: str | None = None
    variables_reference: int = 0
    frame_id: int | None = None
    children: list[VariableView] | None = None
    #: How many children exist beyond those shown (``--depth``), as in ``VariableView.truncated``.
    truncated: int | None = None
    value_truncated: int | None = None
    #: The adapter cut the value itself (debugpy's ``...``): says how to get it whole, if possible.
    value_cut_by_adapter: str | None = None
    #: The adapter's own text when ``result`` is a preview composed from the children (C structs
    #: and arrays on lldb-dap/gdb; see ``verbs/shared/values/preview.py``).
    adapter_value: str | None = None
    #: The stop it caused (context ``repl`` can run debugger commands that move the program).
    stop: StopState | None = None
    #: Which frame it was evaluated in, when that is not the top one (``main``, not libc's).
    frame_name: str | None = None
    #: How it was run when not as asked: a statement run in the ``repl`` context (debugpy).
    note: str | None = None


class SetVariableResult(Result):
    name: str
    value: str
    type: str | None = None
    variables_reference: int = 0
    #: What dapcli did in the adapter's place (``setVariable``: an assignment evaluated in the frame).
    emulated: list[str] | None = None

    def emulated_note(self) -> str | None:
        """What :attr:`emulated` says to a reader (``emulated: an assignment evaluated …``), or None."""
        said = {"setVariable": "an assignment evaluated in the frame (the adapter has no setVariable)"}
        return "emulated: " + "; ".join(said.get(p, p) for p in self.emulated) if self.emulated else None


class SourceResult(Result):
    path: str
    current_line: int | None = None
    lines: list[SourceLine]


class OutputResult(Result):
    """Output chunks; ``next_seq`` is what to pass as ``since`` to read only newer ones."""

    chunks: list[OutputChunkView]
    next_seq: int
    #: Chunks the ring buffer dropped (oldest first) to stay bounded, and their UTF-8 bytes.
    dropped: int = 0
    dropped_bytes: int = 0
    #: Older chunks left out of ``chunks`` to bound the display (``all`` gives them), and their bytes.
    omitted: int = 0
    omitted_bytes: int = 0
    #: True when chunks after ``since`` were dropped before this read: the text between
    #: ``since`` and the first chunk given is lost (a follower marks the cut there).
    cut: bool = False
    status: str | None = None
    exit_code: int | None = None
