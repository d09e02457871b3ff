"""Finding breakpoints by what the user typed: an id, a FILE:LINE (as set, or where the adapter
moved it), or a function name."""

from __future__ import annotations

import os
from typing import Any

from dapcli.engine.anchors import cut
from dapcli.engine.breakpoints import BreakpointEntry, bound_text
from dapcli.engine.fnconditions import REFUSED
from dapcli.engine.session import Session
from dapcli.errors import PreconditionError, UsageError
from dapcli.verbs.breakpoints.reasons import joined
from dapcli.verbs.context import VerbContext

__all__ = [
    "FOLDED_LOG",
    "LINE_FOR_FUNCTION",
    "anchor_warnings",
    "bound_note",
    "check_condition",
    "emulated_warnings",
    "known_breakpoints",
    "launch_warnings",
    "matching",
    "moved_warnings",
    "pending_warnings",
    "resolve_function",
    "unannounced",
    "unannounced_warnings",
]


def matching(ctx: VerbContext, session: Session, references: list[str]) -> list[int]:
    """The ids of the breakpoints that ``references`` name, each once, in order.

    Raises:
        UsageError: a reference names no breakpoint (the message lists the ones there are).
    """
    found: list[int] = []
    for reference in references:
        ids = _match(ctx, session, reference.strip())
        if not ids:
            raise UsageError(f"no breakpoint {reference!r} (breakpoints: {known_breakpoints(session)})",
                             "name an id, FILE:LINE or function from `dapcli break list`")
        found += [i for i in ids if i not in found]
    return found


def _match(ctx: VerbContext, session: Session, reference: str) -> list[int]:
    entries = list(session.book.entries.values())
    if reference.isascii() and reference.isdigit():
        return [int(reference)] if int(reference) in session.book.entries else []
    file_part, sep, line_part = reference.rpartition(":")
    if sep and line_part.isascii() and line_part.isdigit() and file_part:
        line = int(line_part)
        at_line = [e for e in entries if line in (e.line, e.actual_line) and e.path is not None]
        path = ctx.resolve(file_part)
        exact = [e.id for e in at_line if e.path == path]
        return exact or [e.id for e in at_line if _same_file(e, file_part)]
    return [e.id for e in entries if e.function == reference]


def _same_file(entry: BreakpointEntry, typed: str) -> bool:
    """``typed`` (as written, relative to some other directory) names the entry's file."""
    path = entry.path or ""
    return os.path.basename(path) == os.path.basename(typed) and path.endswith(os.sep + typed.lstrip("./"))


def known_breakpoints(session: Session) -> str:
    """The breakpoints there are, as ``1 (prog.py:19), 2 (main)``; ``none`` when there are none."""
    shown = []
    for entry in session.book.entries.values():
        where = entry.function or f"{os.path.basename(entry.path or '?')}:{entry.actual_line or entry.line}"
        shown.append(f"{entry.id} ({where})")
    return ", ".join(shown) or "none"


def resolve_function(session: Session, fields: dict[str, Any]) -> dict[str, Any]:
    """``fields`` of a function breakpoint, resolved to the function's file and line when the
    adapter cannot find it by name itself; marked ``unresolved`` with a warning when the
    program's files define no such function (debugpy "verifies" any name)."""
    name = fields.get("function")
    roots = _program_roots(session)
    if not name or not roots:
        return fields
    found = session.adapter.resolve_function(name, roots)
    if isinstance(found, tuple):
        return {**fields, "path": found[0], "line": found[1]}
    if isinstance(found, str):
        return {**fields, "unresolved": True, "warning": found}
    return fields


def check_condition(session: Session, condition: str | None, where: str) -> None:
    """Refuse a breakpoint ``condition`` that the adapter's language cannot parse, before it is
    sent (debugpy would print a SyntaxError at every pass; see ``AdapterSpec.condition_error``).
    ``where``: the breakpoint as the user wrote it.

    Raises:
        UsageError: the condition does not parse (the message says why).
    """
    if not condition:
        return
    why = session.adapter.condition_error(condition)
    if why is not None:
        raise UsageError(f"the condition {condition!r} of {where} does not parse: {why}",
                         "write it as an expression of the program's language, "
                         f"e.g. `{session.adapter.condition_example}`")


def _program_roots(session: Session) -> list[str]:
    options = session.launch_options
    if options is None:
        return []
    roots = [os.path.dirname(options.program)] if options.program else []
    return [*roots, options.cwd] if options.cwd and options.cwd not in roots else roots


def pending_warnings(session: Session) -> list[str]:
    """One line per breakpoint the adapter has not verified (pending), with its words and
    dapcli's own note: a launch goes on, and says so."""
    lines = []
    for entry in session.book.entries.values():
        if entry.verified:
            continue
        where = entry.function or f"{entry.path}:{entry.line}"
        why = joined(entry.message, entry.warning)
        lines.append(f"breakpoint {entry.id} at {where} is pending (not verified)" + (f": {why}" if why else ""))
    return lines


def refused_conditions(session: Session) -> list[str]:
    """One line per breakpoint whose condition the debugger refused (it stops at every hit):
    a launch says so (see ``engine/fnconditions.py``)."""
    return [f"breakpoint {e.id} at {e.function or f'{e.path}:{e.line}'}: {e.warning}"
            for e in session.book.entries.values() if e.verified and e.warning and REFUSED in e.warning]


def moved_warnings(session: Session) -> list[str]:
    """One line per verified breakpoint that the adapter put on another line than asked (a
    blank line or a comment → the next line with code), ``breakpoint 1 at cart.py: requested
    16, bound to 17: total += price``: a launch says so, as ``break add`` does."""
    return [bound_note(e) for e in session.book.entries.values()
            if e.verified and e.path and e.line and e.actual_line and e.actual_line != e.line]


def bound_note(entry: BreakpointEntry) -> str:
    """``breakpoint 1 at cart.py: requested 16, bound to 17: total += price``."""
    text = bound_text(entry)
    return (f"breakpoint {entry.id} at {os.path.basename(entry.path or '')}: requested {entry.line}, bound to "
            f"{entry.actual_line}" + (f": {cut(text)}" if text else ""))


def anchor_warnings(session: Session) -> list[str]:
    """What following edited files did since last told (moved, stale), then the adapter's moves."""
    return [*session.book.drain_notices(), *moved_warnings(session)]


#: What each optional part of a breakpoint needs the adapter to announce (fields of a request
#: the adapter does implement: harmless to send). A function breakpoint is another request,
#: which an adapter may not survive: it is refused up front (see set_breakpoint).
_CAPABILITIES = (
    ("condition", "supportsConditionalBreakpoints"), ("hit_condition", "supportsHitConditionalBreakpoints"),
    ("log_message", "supportsLogPoints"),
)


def unclosed_brace(message: str) -> int | None:
    """The index of the first ``{`` of ``message`` that no ``}`` closes (nested braces counted),
    None when every one is closed. One linear pass."""
    depth, start = 0, None
    for index, char in enumerate(message):
        if char == "{":
            if depth == 0:
                start = index
            depth += 1
        elif char == "}" and depth:
            depth -= 1
    return start if depth else None


def refuse_log_point(session: Session, log_message: str | None, location: str) -> None:
    """Refuse a log point where the adapter would stop at it as at a plain breakpoint and dapcli
    cannot write its message (:attr:`~dapcli.adapters.base.AdapterSpec.stops_at_log_points`).
    Raises PreconditionError; UsageError for a message whose ``{`` is never closed (every
    adapter would log its own parse error at each pass, in the program's output)."""
    unclosed = unclosed_brace(log_message or "")
    if unclosed is not None:
        shown = log_message if len(log_message or "") <= 60 else f"{(log_message or '')[:60]}…"
        raise UsageError(f"log message {shown!r}: the {{ at character {unclosed + 1} is never closed",
                         "an expression goes inside {…}, e.g. 'total is {total}'")
    if log_message is not None and session.adapter.stops_at_log_points:
        raise PreconditionError(
            f"{session.adapter.name} has no log points (supportsLogPoints): {location} would stop at every pass",
            "set a plain breakpoint and eval there, or have the program print the value")


def unannounced(session: Session, parts: dict[str, Any]) -> str | None:
    """A note naming the capabilities that ``parts`` need and the adapter does not announce.
    Nothing is refused for it: adapters honour more than they announce (Delve 1.20 honours
    ``hitCondition``), so the request is sent and the adapter's answer reported."""
    missing = [capability for name, capability in _CAPABILITIES
               if parts.get(name) is not None and not session.supports(capability)
               and not _in_condition(session, name, parts[name])]
    if not missing:
        return None
    return (f"{session.adapter.name} does not announce {', '.join(missing)}; sent anyway "
            "(if it ignores it, the breakpoint behaves as a plain one)")


def _in_condition(session: Session, name: str, value: Any) -> bool:
    """Whether the breakpoint part ``name`` (``hit_condition``, ``log_message``) is folded into
    the condition the debugger evaluates itself (rdbg: a counter, a message the program writes),
    so that no field the adapter might ignore is sent for it."""
    adapter = session.adapter
    if name == "hit_condition":
        return adapter.hit_condition(str(value)) is None and adapter.hit_counter(str(value), "n") is not None
    if name == "log_message":
        return adapter.log_condition(str(value), None) is not None
    return False


def _where(entry: BreakpointEntry) -> str:
    return entry.function or f"{os.path.basename(entry.path or '')}:{entry.line}"


def unannounced_warnings(session: Session) -> list[str]:
    """One line per breakpoint with a part the adapter does not announce (Delve's hit counts):
    a launch says it, as ``break add`` does."""
    lines = []
    for entry in session.book.entries.values():
        note = unannounced(session, {"condition": entry.condition, "hit_condition": entry.hit_condition,
                                     "log_message": entry.log_message})
        if note:
            lines.append(f"breakpoint {entry.id} at {_where(entry)}: {note}")
    return lines


def emulated_warnings(session: Session) -> list[str]:
    """One line per breakpoint whose hit count or log message dapcli does in the adapter's
    place (a stop per hit): a launch says it."""
    said = {"hitCondition": "dapcli counts its hits", "logMessage": "dapcli writes its log message"}
    lines = [f"breakpoint {e.id} at {_where(e)}: emulated, {' and '.join(said[p] for p in parts)} (a stop per hit)"
             for e in session.book.entries.values() if (parts := session.book.emulated(e))]
    return lines + [f"breakpoint {e.id} at {_where(e)}: {FOLDED_LOG}" for e in session.book.entries.values()
                    if session.book.log_folded(e)] + [
        f"breakpoint {e.id} at {_where(e)}: {LINE_FOR_FUNCTION}" for e in session.book.entries.values()
        if e.function and e.path is not None]  # resolve_function placed it


#: How a log point folded into its condition (rdbg) is said to be emulated.
FOLDED_LOG = "emulated: its condition has the program write the log message (no stop)"
#: How a function breakpoint set as a line breakpoint on the function's first line (rdbg) is said.
LINE_FOR_FUNCTION = "emulated: a line breakpoint on the function's first line (no function breakpoints in the adapter)"


def launch_warnings(session: Session) -> list[str]:
    """What a launch or attach says about its breakpoints: pending, moved, a refused condition,
    a part the adapter does not announce, a part dapcli emulates."""
    return [*pending_warnings(session), *anchor_warnings(session), *refused_conditions(session),
            *unannounced_warnings(session), *emulated_warnings(session)]
