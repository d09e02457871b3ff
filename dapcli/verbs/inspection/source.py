"""Inspection verbs of text: source (lines around the current line or a FILE:LINE) and output
(the program's output, from a ring buffer). Both read-only."""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import Callable
from typing import Annotated

from dapcli.calls import call
from dapcli.engine.chatter import DEBUGGER_CATEGORIES
from dapcli.engine.output import OutputChunk
from dapcli.engine.sources import frame_source_lines
from dapcli.errors import UsageError
from dapcli.files import is_number
from dapcli.verbs.context import VerbContext
from dapcli.verbs.models import (
    Frame,
    OutputChunkView,
    OutputResult,
    SourceResult,
)
from dapcli.verbs.registry import Param, verb
from dapcli.verbs.shared.frameindex import selected_index
from dapcli.verbs.shared.frames import (
    breakpoint_lines,
    frames,
    read_source,
)


@verb(group="inspection", needs="session", read_only=True, cli=("list",), aliases=("l", "source"))
async def source(
    ctx: VerbContext,
    location: Annotated[str | None, Param(help="FILE, FILE:LINE, LINE or lines A:B, A,B, FILE:A,B "
                                               "(default: the current line)",
                                          complete="location", positional=True)] = None,
    context: Annotated[int, Param(help="lines to show before and after")] = 5,
) -> SourceResult:
    """Show source lines around the current line or a FILE:LINE.

    A range shows lines START to END (``113:126``, gdb's ``113,126``, ``FILE:113,126``;
    ``context`` is then unused)."""
    session = ctx.session()
    frame = await _current_frame(session)
    current = frame.line if frame else None
    path, line, reference = (frame.path, frame.line, frame.source_reference) if frame else \
        (session.current_path, None, None)
    until = None
    span = _line_range(location or "", ctx.resolve)
    if span is not None:
        file_part, line, until = span
        if file_part is not None:
            path, reference = ctx.resolve(file_part), None
        if until < line:
            raise UsageError(f"bad line range {location!r}: {until} comes before {line}",
                             "write START:END or START,END with START <= END")
        if line < 1:
            raise UsageError(f"line {line} is not a line of any file (lines count from 1)", "pick a line in the file")
    elif location:
        file_part, sep, line_part = location.rpartition(":")
        whole_file = os.path.exists(ctx.resolve(location))  # a file named ``notes:12`` is that file
        if sep and not file_part and not whole_file:
            raise UsageError(f"bad location {location!r}: no file before the colon",
                             "write FILE:LINE, or LINE for the current file")
        if sep and not whole_file and not is_number(line_part) and os.path.isfile(ctx.resolve(file_part)):
            raise UsageError(f"bad line {line_part!r} in {location!r}", "write FILE:LINE with a line number from 1")
        if is_number(location):
            line = int(location)
        elif sep and is_number(line_part):
            path, line, reference = ctx.resolve(file_part), int(line_part), None
        elif sep and file_part and re.fullmatch(r"\s*[-+]?\d+\s*", line_part) and not os.path.exists(location):
            raise UsageError(f"bad line {line_part!r} in {location!r}", "write FILE:LINE with a line number from 1")
        else:
            path, line, reference = ctx.resolve(location), context + 1, None
        if line is not None and line < 1:
            raise UsageError(f"line {line} is not a line of any file (lines count from 1)", "pick a line in the file")
    if frame is None and (path is None or line is None):
        raise UsageError("no current location", "give FILE:LINE, or stop the program first")
    from_frame = frame is not None and path == frame.path and reference == frame.source_reference
    if from_frame:  # the frame's file, the adapter's text, or one line saying there is none
        text = await frame_source_lines(session, path, reference, frame.name if frame else None,
                                        frame.line if frame else None)
    else:
        text = None
    lines = read_source(path or "", line or 1, context, current=current if from_frame else None,
                        breakpoints=breakpoint_lines(session, path) if path else set(), lines=text, until=until)
    if not lines and location and line and line > 1 and path:
        raise UsageError(f"{os.path.basename(path)}: line {line} is past the end of the file",
                         "pick a line in the file")
    return SourceResult(path=path or (frame.source_name if frame else None) or "", current_line=current
                        if from_frame else None, lines=lines)


def _line_range(location: str, resolve: Callable[[str], str]) -> tuple[str | None, int, int] | None:
    """(file or None, start, end) of a line range: ``START:END``, ``START,END``, ``FILE:START,END``
    or ``FILE:START:END``; None for any other location (and for ``FILE:LINE`` whose FILE, colon
    and all, is an existing file)."""
    found = _RANGE.fullmatch(location.strip())
    if found is None:
        return None
    file_part, start, end = found.group("file"), int(found.group("start")), int(found.group("end"))
    if found.group("sep") == ":" and os.path.exists(resolve(location.rpartition(":")[0])):
        return None  # a file named like ``113`` or ``notes:12``: FILE:LINE as before
    return file_part or None, start, end


#: A line range: an optional ``FILE:``, then START, ``:`` or ``,``, END.
_RANGE = re.compile(r"(?:(?P<file>.+?):)?(?P<start>\d+)\s*(?P<sep>[:,])\s*(?P<end>\d+)")


async def _current_frame(session: object) -> Frame | None:
    from dapcli.engine.session import Session, SessionState

    assert isinstance(session, Session)
    if session.state is not SessionState.STOPPED or session.selected_thread_id is None:
        return None
    index = selected_index(session, session.selected_thread_id)  # not by id: Delve renumbers frames
    views, _ = await frames(session, session.selected_thread_id, levels=max(20, index + 1))
    return next((view for view in views if view.index == index), views[0] if views else None)


#: Longest output chunk shown without ``raw`` (characters).
MAX_CHUNK_TEXT = 65536


def _cut_chunk(text: str, limit: int = MAX_CHUNK_TEXT) -> str:
    """``text`` shown in about ``limit`` characters: whole when it fits; else its head and its
    tail (about half each, what the program printed last always among them) around a marker
    that says how many characters it leaves out and how to see them (``output --raw``).

    Cuts fall at line ends where a line end is near: the marker then takes the place of the
    whole lines it hides, on its own line; a cut inside a line keeps the marker inside that
    line, so no line is split in two or joined to another. One pass, linear in the text's length."""
    if len(text) <= limit:
        return text
    half = limit // 2
    head_end = text.rfind("\n", half // 2, half) + 1 or half  # after a line end in the head's second half
    tail_start = len(text) - half
    line_start = text.find("\n", tail_start - 1, tail_start + half // 2) + 1
    if 0 < line_start < len(text):  # at a line start in the tail's first half (not the final line end)
        tail_start = line_start
    ends = text.count("\n", head_end, tail_start)
    lines = f" ({ends:,} line{'s' if ends != 1 else ''})" if ends else ""
    marker = f"… [{tail_start - head_end:,} characters{lines} of this chunk not shown: " \
             f"{call('output', raw=True)}] …"
    if text[tail_start - 1] == "\n":
        marker += "\n"  # the tail starts a line: the marker stands in for the lines it hides
    return text[:head_end] + marker + text[tail_start:]


def _last_lines(chunks: list[OutputChunkView], count: int) -> list[OutputChunkView]:
    """The chunks that hold the last ``count`` lines of text (the first one cut at a line
    start): ``print("a", 1)`` may arrive as several chunks, but a user counts lines."""
    if count <= 0:
        return []
    text = "".join(c.output for c in chunks)
    cut, end = 0, len(text) - 1  # a final newline ends the last line
    for _ in range(count):  # one search a line, not a Python step a character (seconds on 8 MiB)
        found = text.rfind("\n", 0, end)
        if found < 0:
            cut = 0
            break
        cut, end = found + 1, found
    kept: list[OutputChunkView] = []
    offset = 0
    for chunk in chunks:
        end = offset + len(chunk.output)
        if end > cut:
            kept.append(chunk if offset >= cut else chunk.model_copy(update={"output": chunk.output[cut - offset:]}))
        offset = end
    return kept


def one_or_many(value: object) -> object:
    """A category given as one name (``"all"``) as the list of it; anything else unchanged."""
    return [value] if isinstance(value, str) else value


@verb(group="inspection", needs="session", read_only=True, concurrent=True)
async def output(
    ctx: VerbContext,
    tail: Annotated[int | None, Param(help="only the last N lines")] = None,
    since: Annotated[int | None, Param(help="only chunks after this seq (nextSeq of a previous call)")] = None,
    category: Annotated[list[str], Param(help="stdout, stderr, console (the debugger's), all: one name or a list "
                                              "(default: stdout, stderr)",
                                         check=one_or_many, accepts=str | list[str])] = [],  # noqa: B006
    wait: Annotated[float, Param(help="seconds to wait for new output")] = 0.0,
    raw: Annotated[bool, Param(help="chunks in full (else cut at 64 KiB)")] = False,
    all: Annotated[bool, Param(help="every chunk (else the last 256 KiB)")]
    = False,
) -> OutputResult:
    """Show the program's output (DAP ``output`` events, from a ring buffer).

    ``category`` is one name (``"stdout"``, ``"all"``) or a list of them (``["stdout", "stderr"]``).
    Without ``all`` at most 262144 characters of the newest chunks are given;
    ``omitted`` and ``omittedBytes`` count what was left out, ``dropped`` and ``droppedBytes``
    what the ring buffer dropped to stay bounded."""
    session = ctx.session()
    categories = set(category) - {"all"} or None
    program_only = not category  # the debugger's console text only when asked for
    if categories and not categories <= _CATEGORIES:
        _check_categories(categories, {c.category for c in session.output.since(0)})

    def found(start: int) -> list[OutputChunk]:
        chunks = session.output.since(start, categories)
        return [c for c in chunks if c.category not in DEBUGGER_CATEGORIES] if program_only else chunks

    start = since if since is not None else 0
    if wait > 0 and not found(start) and not session.ended:
        deadline = asyncio.get_running_loop().time() + wait
        while not found(start) and not session.ended:
            if asyncio.get_running_loop().time() >= deadline:
                break
            await asyncio.sleep(0.05)
    chunks = found(start)
    views = [OutputChunkView(seq=c.seq, category=c.category, output=c.output) for c in chunks]
    if tail is not None:  # lines counted in the text as the program wrote it, before any cut for display
        views = _last_lines(views, tail)
    if not raw:
        views = [view if len(view.output) <= MAX_CHUNK_TEXT
                 else view.model_copy(update={"output": _cut_chunk(view.output)}) for view in views]
    omitted = 0 if all else _bound(views)
    first = len(chunks) - len(views)  # `tail` keeps the last chunks: views[i] is chunks[first + i]
    omitted_bytes = sum(len(c.output.encode("utf-8", "surrogatepass")) for c in chunks[first:first + omitted])
    return OutputResult(
        chunks=views[omitted:] if omitted else views, omitted=omitted, omitted_bytes=omitted_bytes,
        next_seq=session.output.last_seq, dropped=session.output.dropped,
        dropped_bytes=session.output.dropped_bytes, cut=session.output.dropped_after(start),
        status=session.state.value, exit_code=session.exit_code,
    )


#: DAP's ``OutputEvent`` categories (the spec's, and ``log`` of some adapters); others are an adapter's own.
_CATEGORIES = frozenset({"stdout", "stderr", "console", "important", "telemetry", "log"})


def _check_categories(asked: set[str], seen: set[str]) -> None:
    """Raise UsageError for a category neither DAP's nor seen in this session (``stdotu``): it
    would show "(no output yet)" however much output there is."""
    import difflib

    unknown = sorted(asked - _CATEGORIES - seen)
    if unknown:
        close = difflib.get_close_matches(unknown[0], sorted(_CATEGORIES | seen), n=1)
        raise UsageError(f"no output category {unknown[0]!r}" + (f" (did you mean {close[0]!r}?)" if close else ""),
                         "categories: stdout, stderr, console (the debugger's), all"
                         + (f"; this session also has {', '.join(sorted(seen - _CATEGORIES))}"
                            if seen - _CATEGORIES else ""))


#: Most characters of output the ``output`` verb gives without ``all`` (the newest kept).
MAX_DISPLAY_CHARS = 256 * 1024


def _bound(views: list[OutputChunkView], limit: int = MAX_DISPLAY_CHARS) -> int:
    """How many leading chunks to leave out so that the rest hold at most ``limit`` characters
    (the newest chunk is always kept)."""
    size, keep = 0, 0
    for view in reversed(views):
        size += len(view.output)
        if size > limit and keep:
            break
        keep += 1
    return len(views) - keep
