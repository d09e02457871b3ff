"""Breakpoints, watches and exception filters kept per program across sessions.

One JSON file per program (by absolute path) in the state directory: ``$DAPCLI_STATE_DIR``,
else ``$XDG_STATE_HOME/dapcli``, else ``~/.local/state/dapcli`` (0700; files 0600, written
atomically under a file lock). Verbs that change breakpoints, watches or exception filters call
:func:`save`; ``launch --restore`` calls :func:`restore`, which re-anchors each breakpoint to its
statement (``engine/anchors.py``): after an edit, a breakpoint follows its statement to where it
moved (and says so); one whose statement is gone keeps its line and is marked stale; one whose
file is gone is reported and left out.

Only launched sessions are saved (an attached one has no program path to key on). The state
is the last session's: a change in a session that was not restored replaces what was saved.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import time
from typing import Any

from dapcli.engine.anchors import Anchor, Stamp
from dapcli.engine.breakpoints import BreakpointEntry
from dapcli.engine.session import Session
from dapcli.engine.sourcefiles import MAX_LINE_TEXT
from dapcli.engine.watches import Watch

__all__ = ["FORMAT", "has_breakpoint", "load", "restore", "save", "snapshot", "state_dir", "state_path"]

FORMAT = 1
LOCK_TIMEOUT = 5.0


def state_dir() -> str:
    """Where the per-program files live (not created here)."""
    explicit = os.environ.get("DAPCLI_STATE_DIR")
    if explicit:
        return os.path.abspath(os.path.expanduser(explicit))
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "dapcli")


def state_path(program: str) -> str:
    """The state file of ``program`` (an absolute path): its name plus a hash of the path."""
    digest = hashlib.sha256(os.path.abspath(program).encode("utf-8", "surrogateescape")).hexdigest()[:16]
    name = "".join(c if c.isalnum() or c in "._-" else "_" for c in os.path.basename(program))[:48]
    return os.path.join(state_dir(), f"{name}-{digest}.json")


def _program(session: Session) -> str | None:
    options = session.launch_options
    return options.program if options is not None and session.request_kind == "launch" else None


def snapshot(session: Session) -> dict[str, Any]:
    """What :func:`save` writes for ``session``."""
    filters = session.exception_filters
    return {
        "format": FORMAT,
        "program": _program(session),
        "savedAt": time.time(),
        "breakpoints": [
            {
                "id": e.id, "path": e.path, "line": e.line, "function": e.function, "condition": e.condition,
                "hitCondition": e.hit_condition, "logMessage": e.log_message,
                "lineText": e.anchor.text if e.anchor is not None else e.line_text,
                **({"anchor": _saved_anchor(e)} if e.anchor is not None else {}),
                **({"stale": True} if e.stale else {}),
            }
            for e in session.book.entries.values()
        ],
        "watches": [{"id": w.id, "expression": w.expression} for w in session.watches.items.values()],
        "exceptionFilters": None if filters is None else [
            {"filter": name, "condition": condition} for name, condition in filters
        ],
    }


def save(session: Session) -> str | None:
    """Write the breakpoints, watches and exception filters of a launched ``session`` to its
    program's state file; return a problem (one line) when that failed, else None.

    Never raises: a read-only home must not break debugging (``doctor`` reports it).
    """
    program = _program(session)
    if program is None:
        return None
    try:
        _write(state_path(program), snapshot(session))
    except (OSError, TimeoutError) as exc:
        return f"could not save breakpoints and watches: {exc}"
    return None


def _write(target: str, data: dict[str, Any]) -> None:
    from dapcli.files import locked

    folder = os.path.dirname(target)
    os.makedirs(folder, mode=0o700, exist_ok=True)
    with locked(target + ".lock", LOCK_TIMEOUT):
        tmp = f"{target}.tmp{os.getpid()}"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, indent=1)
        os.replace(tmp, target)


def load(program: str) -> dict[str, Any] | None:
    """The saved state of ``program``; None when nothing (readable) was saved."""
    from dapcli.files import locked

    target = state_path(program)
    if not os.path.exists(target):
        return None
    try:
        lock: contextlib.AbstractContextManager[object] = locked(target + ".lock", LOCK_TIMEOUT)
        if not os.access(os.path.dirname(target), os.W_OK):
            lock = contextlib.nullcontext()  # a read-only state directory: read it as it is
        with lock, open(target, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError, TimeoutError):
        return None
    return data if isinstance(data, dict) and data.get("format") == FORMAT else None


def restore(session: Session, program: str) -> list[str]:
    """Put the saved breakpoints, watches and exception filters of ``program`` into a session
    that has not started yet (ids are kept). Returns warnings for the launch result: moved
    breakpoints, lines or files that are gone, nothing saved."""
    data = load(program)
    if data is None:
        return [f"--restore: nothing saved for {os.path.basename(program)} yet"]
    warnings: list[str] = []
    book = session.book
    highest = 0
    for saved in data.get("breakpoints") or []:
        with contextlib.suppress(TypeError, ValueError, KeyError, AttributeError):  # a hand-edited file
            highest = max(highest, int(saved.get("id") or 0))
            entry = _restore_breakpoint(saved, warnings)
            if entry is not None and entry.id not in book.entries:
                book.entries[entry.id] = entry
    book._next_id = max(book._next_id, highest + 1)
    for key in {e.path for e in book.entries.values() if e.path}:
        book.follow(key)  # at once: `launch -b` compares its lines with the restored ones
    warnings.extend(book.drain_notices())
    watches = session.watches
    for saved in data.get("watches") or []:
        if isinstance(saved, dict) and isinstance(saved.get("expression"), str):
            watch_id = saved.get("id") if isinstance(saved.get("id"), int) else watches._next
            if watch_id not in watches.items:
                watches.items[watch_id] = Watch(watch_id, saved["expression"])
                watches._next = max(watches._next, watch_id + 1)
    filters = data.get("exceptionFilters")
    if isinstance(filters, list):
        session.exception_filters = [
            (str(f["filter"]), f.get("condition")) for f in filters if isinstance(f, dict) and f.get("filter")
        ]
    return warnings


def _restore_breakpoint(saved: dict[str, Any], warnings: list[str]) -> BreakpointEntry | None:
    entry_id = int(saved["id"])
    path, line = saved.get("path"), saved.get("line")
    fields = {
        "id": entry_id, "function": saved.get("function"), "condition": saved.get("condition"),
        "hit_condition": saved.get("hitCondition"), "log_message": saved.get("logMessage"),
    }
    if path is None:
        return BreakpointEntry(**fields) if fields["function"] else None
    line = int(line or 1)
    if not os.path.isfile(path):
        warnings.append(f"breakpoint {entry_id} at {os.path.basename(path)}:{line} not restored: the file is gone "
                        f"({path})")
        return None
    text = saved.get("lineText")
    anchor = _anchor(saved.get("anchor"), line, text)
    return BreakpointEntry(**fields, path=path, line=line, line_text=text, anchor=anchor,
                           stale=bool(saved.get("stale")))


def _anchor(saved: Any, line: int, text: Any) -> Anchor | None:
    """The saved anchor (an older file has only ``lineText``: no stamp, so it is compared)."""
    if not isinstance(text, str) or not text.strip():
        return None
    saved = saved if isinstance(saved, dict) else {}
    stamp = saved.get("stamp")
    try:
        known = Stamp(int(stamp["mtimeNs"]), int(stamp["size"]), str(stamp["digest"])) \
            if isinstance(stamp, dict) else None
    except (KeyError, TypeError, ValueError):
        known = None
    at = saved.get("line") if isinstance(saved.get("line"), int) else line
    return Anchor(at, text.strip()[:MAX_LINE_TEXT], str(saved.get("before") or ""), str(saved.get("after") or ""),
                  known)


def _saved_anchor(entry: BreakpointEntry) -> dict[str, Any] | None:
    anchor = entry.anchor
    if anchor is None:
        return None
    stamp = None if anchor.stamp is None else {
        "mtimeNs": anchor.stamp.mtime_ns, "size": anchor.stamp.size, "digest": anchor.stamp.digest}
    return {"line": anchor.line, "before": anchor.before, "after": anchor.after, "stamp": stamp}


def has_breakpoint(session: Session, fields: dict[str, Any]) -> bool:
    """True when the session already has a breakpoint at ``fields`` (``path``+``line``, or
    ``function``), e.g. a restored one that ``launch -b`` names again (a line holds one)."""
    return any(
        (e.path, e.line, e.function) == (fields.get("path"), fields.get("line"), fields.get("function"))
        for e in session.book.entries.values()
    )
