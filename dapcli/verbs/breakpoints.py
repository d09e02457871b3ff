"""Breakpoint verbs: add, list, delete, clear (DAP ``setBreakpoints``,
``setFunctionBreakpoints``; the engine always re-sends a source's full set)."""

from __future__ import annotations

import contextlib
import os
from typing import Annotated, Any

from dapcli.engine import persist
from dapcli.engine.breakpoints import BreakpointEntry
from dapcli.engine.session import Session
from dapcli.engine.sourcefiles import read_lines
from dapcli.errors import DapcliError, PreconditionError, UsageError
from dapcli.verbs.context import VerbContext
from dapcli.verbs.models import BreakpointResult, BreakpointsResult, BreakpointView
from dapcli.verbs.registry import Param, verb

__all__ = ["parse_location", "view"]


def parse_location(ctx: VerbContext, location: str, session: Session | None) -> dict[str, Any]:
    """``FILE:LINE`` → a source breakpoint; ``LINE`` → in the current stop's file; anything
    else → a function breakpoint. Raises UsageError for a missing file or a line past its end."""
    location = location.strip()
    path_part, sep, line_part = location.rpartition(":")
    if not sep and _is_number(location):
        path_part, line_part = _current_path(session), location
    elif sep and not _is_number(line_part) and (os.path.isfile(ctx.resolve(path_part)) or "." in path_part
                                                  or os.sep in path_part or not path_part):
        raise UsageError(f"bad line {line_part!r} in {location!r}", "write FILE:LINE with a line number from 1")
    if _is_number(line_part) and (sep or _is_number(location)):
        if len(line_part) > 9:
            raise UsageError(f"line {line_part[:12]}… is not a line of any file", "pick a line in the file")
        line = int(line_part)
        path = ctx.resolve(path_part)
        if not os.path.isfile(path):
            raise UsageError(f"no such file: {path_part or '(none)'} (looked at {path})",
                             "give FILE:LINE relative to your directory")
        count = len(read_lines(path))
        if line < 1 or line > count:
            raise UsageError(f"{path_part} has {count} lines; line {line} is outside it", "pick a line in the file")
        return {"path": path, "line": line}
    if not location or any(c.isspace() for c in location):
        raise UsageError(f"bad breakpoint location {location!r}", "write FILE:LINE, LINE, or a function name")
    return {"function": location}


def _is_number(text: str) -> bool:
    """ASCII digits only (``str.isdigit`` also accepts superscripts such as ²)."""
    return text.isascii() and text.isdigit()


def _current_path(session: Session | None) -> str:
    if session is not None and session.current_path:
        return session.current_path
    raise UsageError("a bare line number needs a current file", "write FILE:LINE")


def view(entry: BreakpointEntry) -> BreakpointView:
    return BreakpointView(
        id=entry.id, path=entry.path, line=entry.line, function=entry.function, condition=entry.condition,
        hit_condition=entry.hit_condition, log_message=entry.log_message, verified=entry.verified,
        actual_line=entry.actual_line, message=entry.message,
    )


@verb(group="breakpoints", name="setBreakpoint", needs="alive", cli=("break", "add"), aliases=("b", "break"))
async def set_breakpoint(
    ctx: VerbContext,
    location: Annotated[str, Param(help="FILE:LINE, LINE (current file) or a function name", complete="location",
                                   positional=True)],
    condition: Annotated[str | None, Param(help="stop only when this expression is true",
                                           complete="expression")] = None,
    hit_condition: Annotated[str | None, Param(help="stop on this hit count (adapter syntax, e.g. 3 or >=3)")] = None,
    log_message: Annotated[str | None, Param(help="log this text ({expr} interpolated) instead of stopping")] = None,
) -> BreakpointResult:
    """Add a breakpoint (line, conditional, hit-count, logpoint or function).

    Sends the file's full ``setBreakpoints`` list (or ``setFunctionBreakpoints``) and reports
    whether the adapter verified it and on which line.
    """
    session = ctx.session()
    fields = parse_location(ctx, location, session)
    if "function" in fields and not session.supports("supportsFunctionBreakpoints"):
        raise PreconditionError(
            f"{session.adapter.name} has no function breakpoints (supportsFunctionBreakpoints)",
            "use FILE:LINE",
        )
    for name, capability in (
        ("condition", "supportsConditionalBreakpoints"), ("hit_condition", "supportsHitConditionalBreakpoints"),
        ("log_message", "supportsLogPoints"),
    ):
        if locals()[name] is not None and not session.supports(capability):
            raise PreconditionError(f"{session.adapter.name} does not support {name.replace('_', ' ')}s ({capability})")
    entry = session.book.new_entry(
        **fields, condition=condition, hit_condition=hit_condition, log_message=log_message
    )
    try:
        await session.sync_breakpoints(entry.key)
    except DapcliError:
        del session.book.entries[entry.id]
        await _resync(session, entry.key)
        raise
    persist.save(session)
    return BreakpointResult(**view(entry).model_dump())


async def _resync(session: Session, key: str) -> None:
    with contextlib.suppress(DapcliError):
        await session.sync_breakpoints(key)


@verb(group="breakpoints", name="listBreakpoints", needs="session", read_only=True, cli=("break", "list"),
      aliases=("info-breakpoints",))
async def list_breakpoints(ctx: VerbContext) -> BreakpointsResult:
    """List breakpoints: verified or not, actual line, adapter message."""
    session = ctx.session()
    return BreakpointsResult(breakpoints=[view(e) for e in session.book.entries.values()])


@verb(group="breakpoints", name="removeBreakpoint", needs="alive", cli=("break", "delete"),
      aliases=("delete",))
async def remove_breakpoint(
    ctx: VerbContext,
    ids: Annotated[list[int], Param(help="breakpoint ids to delete (see break list)", complete="breakpoint",
                                    positional=True)],
) -> BreakpointsResult:
    """Delete breakpoints by id; the rest of each file's set is re-sent."""
    session = ctx.session()
    if not ids:
        raise UsageError("name the breakpoint ids to delete", "see `dapcli break list`; `break clear` deletes all")
    ids = list(dict.fromkeys(ids))  # `break delete 2 2` deletes 2 once
    missing = [i for i in ids if i not in session.book.entries]
    if missing:
        known = ", ".join(str(i) for i in session.book.entries) or "none"
        raise UsageError(f"no breakpoint {', '.join(map(str, missing))} (breakpoints: {known})")
    keys = {session.book.entries[i].key for i in ids}
    for i in ids:
        del session.book.entries[i]
    for key in sorted(keys):
        await session.sync_breakpoints(key)
    persist.save(session)
    return BreakpointsResult(breakpoints=[view(e) for e in session.book.entries.values()], removed=list(ids))


@verb(group="breakpoints", name="clearBreakpoints", needs="alive", cli=("break", "clear"))
async def clear_breakpoints(
    ctx: VerbContext,
    path: Annotated[str | None, Param(help="only this file's breakpoints", complete="path", positional=True)] = None,
) -> BreakpointsResult:
    """Delete every breakpoint (or every one in a file)."""
    session = ctx.session()
    target = ctx.resolve(path) if path else None
    doomed = [e for e in session.book.entries.values() if target is None or e.path == target]
    keys = {e.key for e in doomed}
    for entry in doomed:
        del session.book.entries[entry.id]
    for key in sorted(keys):
        await session.sync_breakpoints(key)
    persist.save(session)
    return BreakpointsResult(breakpoints=[view(e) for e in session.book.entries.values()],
                             removed=[e.id for e in doomed])
