"""Breakpoint verbs: add, list, delete, clear (DAP ``setBreakpoints``,
``setFunctionBreakpoints``; the engine always re-sends a source's full set)."""

from __future__ import annotations

import contextlib
import os
import re
from typing import Annotated, Any

from dapcli.engine import persist
from dapcli.engine.anchors import cut
from dapcli.engine.breakpoints import BreakpointBook, BreakpointEntry, bound_text, taken_error
from dapcli.engine.reach import nearest_file
from dapcli.engine.session import Session
from dapcli.errors import DapcliError, PreconditionError, UsageError
from dapcli.files import is_number
from dapcli.verbs.breakpoints.args import HIT_CONDITION_HELP, check_hit_condition, check_references, past_end
from dapcli.verbs.breakpoints.databook import clear_data_breakpoints
from dapcli.verbs.breakpoints.match import (
    FOLDED_LOG,
    LINE_FOR_FUNCTION,
    check_condition,
    known_breakpoints,
    matching,
    refuse_log_point,
    resolve_function,
    unannounced,
)
from dapcli.verbs.breakpoints.reasons import absent_file_note
from dapcli.verbs.breakpoints.spec import parse_spec
from dapcli.verbs.breakpoints.statements import check_expect, place_statement, split_at
from dapcli.verbs.context import VerbContext
from dapcli.verbs.models import BreakpointResult, BreakpointsResult, BreakpointView
from dapcli.verbs.registry import Param, verb
from dapcli.verbs.shared.programfile import file_kind, program_source

__all__ = ["at_form", "inline_clauses", "parse_location", "place", "view"]

_INLINE = re.compile(r"\s(?:if|hit|log)\s")
#: Said when breakpoints followed an edit made while the program runs: it still runs the old code.
OLD_CODE = "the program started before the edit and runs the old code; `dapcli restart` runs the new one"


def inline_clauses(location: str, condition: str | None, hit_condition: str | None,
                   log_message: str | None) -> tuple[str, str | None, str | None, str | None]:
    """``break add 'cart.py:17 if i == 2'``: the ``-b`` grammar (:mod:`dapcli.verbs.breakpoints.spec`) read
    here too, so that both ways of writing a breakpoint work; ``(location, condition,
    hit_condition, log_message)``.

    Raises:
        UsageError: a clause given both inline and as an option, or a bad hit count.
    """
    if not _INLINE.search(location):
        return location, condition, hit_condition, log_message
    place, clauses = parse_spec(location)
    given = {"condition": condition, "hit_condition": hit_condition, "log_message": log_message}
    for key, value in clauses.items():
        if given[key] is not None:
            option = "--" + key.replace("_", "-")
            raise UsageError(f"{option} given twice: in {location!r} and as {option}", "give it once")
        given[key] = value
    if given["hit_condition"] is not None:
        try:
            check_hit_condition(given["hit_condition"])
        except ValueError as exc:
            raise UsageError(f"bad hit count in {location!r}: {exc}", "e.g. hit 3, hit >=3, hit %4") from None
    return place, given["condition"], given["hit_condition"], given["log_message"]


def parse_location(ctx: VerbContext, location: str, session: Session | None, *,
                   pending_ok: bool = False, default_path: str | None = None) -> dict[str, Any]:
    """``FILE:LINE`` → a source breakpoint; ``LINE`` → in the current stop's file (before the
    first stop: ``default_path``, the program's own source file at a launch, as gdb's ``break
    LINE`` means main's file); anything else → a function breakpoint.

    A file that is not here raises UsageError, unless ``pending_ok`` (a breakpoint: the adapter
    decides, it may be pending until the code loads): then the fields carry a ``warning``. A
    line below 1, or past the end of a file that is here, is always refused (as gdb does).
    """
    location = location.strip()
    path_part, sep, line_part = location.rpartition(":")
    if not sep and _is_number(location):
        path_part, line_part = _current_path(session, default_path), location
    elif sep and not _is_number(line_part) and (os.path.isfile(ctx.resolve(path_part)) or "." in path_part
                                                  or os.sep in path_part or not path_part):
        raise UsageError(f"bad line {line_part!r} in {location!r}", "write FILE:LINE with a line number from 1")
    if _is_number(line_part) and (sep or _is_number(location)):
        if len(line_part) > 9:
            raise UsageError(f"line {line_part[:12]}… is not a line of any file", "pick a line in the file")
        line = int(line_part)
        if line < 1:
            raise UsageError(f"line {line} is not a line of any file (lines count from 1)", "pick a line in the file")
        path = _beside_program(ctx.resolve(path_part), path_part, default_path)
        if not os.path.exists(path) and (problem := extra_number_problem(location, path_part)):
            raise UsageError(problem, "write FILE:LINE, e.g. prog.py:12")
        if not os.path.exists(path) and any(ord(c) < 32 or c == "\x7f" for c in path_part):
            raise UsageError(f"no such file: {path_part!r} (its name holds a control character)",
                             "check the path (a pasted newline?)")
        if not os.path.exists(path) and pending_ok and path_part:
            near = nearest_file(path, [ctx.cwd, *([os.path.dirname(default_path)] if default_path else [])])
            note = absent_file_note(path_part, path) + (f" (did you mean {os.path.relpath(near, ctx.cwd)}?)"
                                                        if near else "")
            return {"path": path, "line": line, "warning": note}
        if not os.path.isfile(path):
            kind = file_kind(path) if path_part else None
            if kind is not None:
                raise UsageError(f"{path_part} is {kind}, not a source file", "give FILE:LINE of a source file")
            raise UsageError(f"no such file: {path_part or '(none)'} (looked at {path})",
                             "give FILE:LINE relative to your directory")
        beyond = past_end(path, line, path_part or path)  # as gdb: "Line 999 out of range"
        if beyond is not None:
            raise UsageError(beyond, f"pick a line in the file (`dapcli list {path_part or path}:1`)")
        return {"path": path, "line": line}
    if not location or any(c.isspace() for c in location):
        raise UsageError(f"bad breakpoint location {location!r}", "write FILE:LINE, LINE, or a function name")
    return {"function": location}


def extra_number_problem(location: str, path_part: str) -> str | None:
    """Why ``location`` (``prog.py:12:3:4``) is no location: its file part (``prog.py:12:3``,
    not a file here) ends in ``:NUMBER``, so a column or a second line was given; or None."""
    head, sep, tail = path_part.rpartition(":")
    if not (sep and head and _is_number(tail)):
        return None
    shown = location if len(location) <= 80 else location[:80] + "…"
    return f"bad breakpoint location {shown!r}: a location is FILE:LINE with one line number (no column)"


_is_number = is_number  # ASCII digits only (``str.isdigit`` also accepts superscripts such as ²)


def _current_path(session: Session | None, default_path: str | None = None) -> str:
    if session is not None and session.current_path:
        return session.current_path
    if default_path:
        return default_path
    raise UsageError("a bare line number needs a current file (there is none before the first stop)",
                     "write FILE:LINE")


def view(entry: BreakpointEntry, book: BreakpointBook | None = None) -> BreakpointView:
    """``entry`` as the verbs show it; with its ``book``: the parts dapcli emulates."""
    return BreakpointView(
        emulated=(book.emulated(entry) or None) if book is not None else None,
        id=entry.id, path=entry.path, line=entry.line, function=entry.function, condition=entry.condition,
        hit_condition=entry.hit_condition, log_message=entry.log_message, verified=entry.verified,
        actual_line=entry.actual_line, message=entry.message,
        warning="; ".join(w for w in (entry.warning, FOLDED_LOG if book is not None and book.log_folded(entry)
                                      else None, LINE_FOR_FUNCTION if entry.function and entry.path else None)
                          if w) or None,
        actual_path=entry.actual_path if entry.actual_path != entry.path else None,
        statement=cut(entry.anchor.text) if entry.anchor is not None and not entry.function else None,
        bound_text=cut(bound) if (bound := bound_text(entry)) else None, stale=entry.stale or None,
    )


def at_form(ctx: VerbContext, text: str) -> tuple[str, str, dict[str, str]] | None:
    """``FILE@TEXT`` (or ``FILE@'TEXT' if …``): ``(FILE, TEXT, clauses)``; None when ``text``
    is not that form (see :mod:`dapcli.verbs.breakpoints.statements`).

    Raises:
        UsageError: a quoted text without its end, or clauses after it that are not the grammar.
    """
    if "@" not in text:
        return None
    found = split_at(text, lambda name: os.path.isfile(ctx.resolve(name.rpartition(":")[0] if _has_line(name)
                                                                   else name)))
    if found is None:
        return None
    file_text, statement, rest = found
    return file_text, statement, parse_spec(f"{file_text}:1 {rest}")[1] if rest else {}


def place(ctx: VerbContext, session: Session | None, location: str, statement: str | None,
          near_line: int | None, expect: str | None, *, default_path: str | None = None) -> dict[str, Any]:
    """The fields of a breakpoint at ``location`` (``FILE:LINE``, ``LINE``, a function, or
    ``FILE`` with ``statement``), checked against ``expect``.

    Raises:
        UsageError: see :func:`parse_location`, :func:`~dapcli.verbs.breakpoints.statements.place_statement`
            and :func:`~dapcli.verbs.breakpoints.statements.check_expect`.
    """
    if statement is not None:
        fields = place_statement(ctx.resolve, location, statement, near_line)
    else:
        if near_line is not None:
            raise UsageError("nearLine goes with a statement", "give --at 'TEXT' --near-line N, or FILE:LINE")
        fields = parse_location(ctx, location, session, pending_ok=True, default_path=default_path)
    if expect is not None:
        if "line" not in fields or "function" in fields:
            raise UsageError("expect checks a line: give FILE:LINE", "e.g. break add cart.py:17 --expect 'total +='")
        shown = location.strip().rpartition(":")[0] if _has_line(location.strip()) else location.strip()
        check_expect(fields["path"], fields["line"], expect, shown or os.path.basename(fields["path"]))
    return fields


def _beside_program(path: str, typed: str, program: str | None) -> str:
    """``path`` (``typed`` resolved in the working directory); when no such file is there but
    ``program`` (the launched source file) has one of that relative name beside it, that one:
    ``dapcli launch src/app.py -b util.py:3`` means src/util.py, as pdb (the script's folder is on
    ``sys.path``) and gdb (a source file is found by its trailing name) read it."""
    if os.path.exists(path) or not program or not typed or os.path.isabs(typed):
        return path
    beside = os.path.join(os.path.dirname(program), typed)
    return os.path.normpath(beside) if os.path.isfile(beside) else path


def _has_line(text: str) -> bool:
    return _is_number(text.rpartition(":")[2]) and ":" in text


@verb(group="breakpoints", name="setBreakpoint", needs="alive", cli=("break", "add"), aliases=("b", "break"))
async def set_breakpoint(
    ctx: VerbContext,
    location: Annotated[str, Param(help="FILE:LINE, LINE (current file) or a function name", complete="location",
                                   positional=True)],
    condition: Annotated[str | None, Param(help="stop only when this expression is true",
                                           complete="expression")] = None,
    hit_condition: Annotated[str | None, Param(help=HIT_CONDITION_HELP, check=check_hit_condition,
                                               example=">=3")] = None,
    log_message: Annotated[str | None, Param(help="log this text ({expr} interpolated) instead of stopping")] = None,
    statement: Annotated[str | None, Param(help="set it on the line whose statement is this text (LOCATION is "
                                                "the FILE)", flag="at")] = None,
    near_line: Annotated[int | None, Param(help="with --at: of several such lines, the nearest to this one")
                         ] = None,
    expect: Annotated[str | None, Param(help="refuse unless the line holds this text")] = None,
) -> BreakpointResult:
    """Add a breakpoint (line, conditional, hit-count, logpoint or function).

    Sends the file's full ``setBreakpoints`` list (or ``setFunctionBreakpoints``) and reports
    whether the adapter verified it and on which line (``requested 16, bound to 17: <text>``
    when it moved it). ``statement`` (``--at``, or ``FILE@TEXT``) finds the line by its text;
    ``expect`` refuses a line that does not hold the text. A file that is not here or a part the
    adapter does not announce is sent anyway, with a ``warning``; a line past the end of a file
    that is here, an ambiguous statement or an expect mismatch are refused.
    """
    session = ctx.session()
    form = at_form(ctx, location) if statement is None else None
    if form is not None:
        location, statement, quoted = form
        given = {"condition": condition, "hit_condition": hit_condition, "log_message": log_message}
        for key in quoted:
            if given[key] is not None:
                raise UsageError(f"--{key.replace('_', '-')} given twice: in the breakpoint and as an option",
                                 "give it once")
        condition, hit_condition, log_message = (quoted.get(k, given[k]) for k in given)
    elif statement is None:
        location, condition, hit_condition, log_message = inline_clauses(location, condition, hit_condition,
                                                                         log_message)
    check_condition(session, condition, location)
    refuse_log_point(session, log_message, location)
    fields = resolve_function(session, place(ctx, session, location, statement, near_line, expect))
    if "path" not in fields and not session.supports("supportsFunctionBreakpoints"):
        raise PreconditionError(
            f"{session.adapter.name} has no function breakpoints (supportsFunctionBreakpoints)", "use FILE:LINE",
        )
    parts = {"condition": condition, "hit_condition": hit_condition, "log_message": log_message}
    note = unannounced(session, parts)
    if note:
        fields["warning"] = "; ".join(w for w in (fields.get("warning"), note) if w)
    entry = session.book.new_entry(
        **fields, condition=condition, hit_condition=hit_condition, log_message=log_message
    )
    try:
        deferred = await session.sync_breakpoints(entry.key)
        if deferred:
            entry.warning = "; ".join(w for w in (entry.warning, deferred) if w)
        _refuse_moved_onto_another(session, entry)
    except DapcliError:
        del session.book.entries[entry.id]
        await _resync(session, entry.key)
        raise
    persist.save(session)
    notes = [n for n in session.book.drain_notices() if not n.startswith(f"breakpoint {entry.id} ")]
    if notes:
        notes.append(OLD_CODE)
    return BreakpointResult(**view(entry, session.book).model_dump(), notes=notes or None)


def _refuse_moved_onto_another(session: Session, entry: BreakpointEntry) -> None:
    """A line holds one breakpoint, also when the adapter moved the new one onto another's
    line (lldb-dap: a blank line → the next line with code). Raises UsageError."""
    moved = entry.actual_line if entry.actual_line != entry.line else None
    taken = session.book.occupant(entry.path, moved, besides=entry.id) if moved else None
    if taken is not None:
        raise taken_error(taken, moved, moved_from=entry.line)


async def _resync(session: Session, key: str) -> None:
    with contextlib.suppress(DapcliError):
        await session.sync_breakpoints(key)


@verb(group="breakpoints", name="listBreakpoints", needs="session", read_only=True, cli=("break", "list"),
      aliases=("info-breakpoints",))
async def list_breakpoints(ctx: VerbContext) -> BreakpointsResult:
    """List breakpoints: verified or not, actual line, adapter message."""
    session = ctx.session()
    return BreakpointsResult(breakpoints=[view(e, session.book) for e in session.book.entries.values()])


@verb(group="breakpoints", name="removeBreakpoint", needs="alive", cli=("break", "delete"),
      aliases=("delete",))
async def remove_breakpoint(
    ctx: VerbContext,
    ids: Annotated[list[str], Param(help="breakpoint ids, FILE:LINE (as set or as moved) or function names "
                                         "(see break list)", complete="breakpoint", positional=True,
                                    check=check_references, accepts=list[str | int])],
) -> BreakpointsResult:
    """Delete breakpoints by id, FILE:LINE or function name.

    The rest of each file's set is re-sent (``setBreakpoints``).
    """
    session = ctx.session()
    if not ids:
        raise UsageError("name the breakpoints to delete (ids or FILE:LINE)",
                         "see `dapcli break list`; `dapcli break clear` deletes all")
    doomed = matching(ctx, session, ids)
    return await _delete(session, doomed)


async def _delete(session: Session, doomed: list[int]) -> BreakpointsResult:
    keys = {session.book.entries[i].key for i in doomed}
    for i in doomed:
        del session.book.entries[i]
    notes = {await session.sync_breakpoints(key) for key in sorted(keys)} - {None}
    persist.save(session)
    followed = "; ".join([*news, OLD_CODE] if (news := session.book.drain_notices()) else [])
    return BreakpointsResult(breakpoints=[view(e, session.book) for e in session.book.entries.values()], removed=doomed,
                             warning="; ".join(w for w in (next(iter(notes), None), followed) if w) or None)


@verb(group="breakpoints", name="clearBreakpoints", needs="alive", cli=("break", "clear"))
async def clear_breakpoints(
    ctx: VerbContext,
    path: Annotated[str | None, Param(help="only those at LINE (of the current file), FILE:LINE, in FILE, or of "
                                           "a FUNCTION", complete="location", positional=True)] = None,
) -> BreakpointsResult:
    """Delete every breakpoint (or those at LINE, FILE:LINE, FILE, FUNCTION).

    ``LINE`` is a line of the current stop's file (before a stop: the launched source file).

    Without a location, watchpoints (data breakpoints) are deleted too, as gdb's ``delete``. A
    location that holds no breakpoint is refused (as gdb: "No breakpoint at 19."), the others kept.
    """
    session = ctx.session()
    if not path:
        result = await _delete(session, list(session.book.entries))
        result.removed_data_breakpoints = await clear_data_breakpoints(session) or None
        return result
    return await _delete(session, _at_location(ctx, session, path.strip()))


def _at_location(ctx: VerbContext, session: Session, location: str) -> list[int]:
    """The ids of the breakpoints ``clear LOCATION`` deletes (see :func:`clear_breakpoints`);
    UsageError when there are none."""
    if _is_number(location):
        file = _current_path(session, program_source(ctx, session))
        shown = os.path.relpath(file, ctx.cwd)
        location = f"{file if shown.startswith('..') else shown}:{location}"
    if _has_line(location):
        return matching(ctx, session, [location])
    target = ctx.resolve(location)
    found = [e.id for e in session.book.entries.values()
             if e.path == target or (e.function is not None and e.function == location)]
    if not found:
        raise UsageError(f"no breakpoint in {location} (breakpoints: {known_breakpoints(session)})",
                         "name a LINE, FILE:LINE, FILE or function from `dapcli break list`")
    return found
