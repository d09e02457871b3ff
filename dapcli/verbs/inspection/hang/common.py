"""What every language's analysis shares: a thread's wait as seen, the holders it can prove,
and the deadlock cycle those waits form."""

from __future__ import annotations

from dataclasses import dataclass, field

from dapcli.engine.sourcefiles import read_lines
from dapcli.engine.userframes import user_frame_index
from dapcli.errors import DapcliError
from dapcli.verbs.models.hang import DeadlockEdge, HangThread

__all__ = ["UNKNOWN_HOLDER", "Wait", "deadlock_cycle", "line_text", "place", "resolve_holders"]

#: What ``holder`` says when nothing the runtime or the frames show tells who holds it.
UNKNOWN_HOLDER = "(unknown)"
#: Longest source text shown for a thread's line.
MAX_TEXT = 200


@dataclass
class Wait:
    """One thread's wait as an analysis saw it.

    ``key``: the identity of what it waits on (an object id, a mutex address), None when it
    waits on nothing a holder can have; ``owner``: the thread id the runtime names as its
    holder (an RLock's owner, a pthread mutex's ``__owner``); ``holds``: (key, text) of what it
    is proven to hold; ``joins``: the thread id it waits to end (a join)."""

    thread: HangThread
    key: str | None = None
    owner: int | None = None
    joins: int | None = None
    holds: list[tuple[str, str]] = field(default_factory=list)
    #: What is known of the holder when no listed thread is proven to hold it (said instead of
    #: "(unknown)"): Go's sync.Mutex records none; a mutex's owner is a kernel thread id not listed.
    no_owner_reason: str | None = None


def line_text(path: str | None, line: int | None) -> str | None:
    """The stripped source text of ``path``:``line`` (None when it cannot be read), cut at
    :data:`MAX_TEXT` characters with a marker."""
    if not path or not line:
        return None
    try:
        lines = read_lines(path)
    except DapcliError:
        return None
    if not 0 < line <= len(lines):
        return None
    text = lines[line - 1].strip()
    return text if len(text) <= MAX_TEXT else f"{text[:MAX_TEXT]}… (+{len(text) - MAX_TEXT} chars)"


def place(thread: HangThread, frames: list[tuple[str | None, int | None, str | None]]) -> int | None:
    """Set ``thread``'s location to its innermost frame of the user's own code (``frames``:
    (path, line, function) from the top down) and return that frame's index; None (and the
    innermost frame shown) when no frame is the user's."""
    index = user_frame_index(frames)
    chosen = frames[index if index is not None else 0] if frames else None
    if chosen is not None:
        thread.path, thread.line, thread.function = chosen
        thread.text = line_text(chosen[0], chosen[1])
    return index


def resolve_holders(waits: list[Wait]) -> None:
    """Fill each waiting thread's ``held_by``/``holder`` and everyone's ``holds``: the owner
    the runtime names, else the one thread proven to hold it; ``(unknown)`` otherwise."""
    holders: dict[str, list[int]] = {}
    for wait in waits:
        for key, _text in wait.holds:
            holders.setdefault(key, []).append(wait.thread.id)
        if wait.holds:
            wait.thread.holds = [text for _, text in wait.holds]
    for wait in waits:
        thread = wait.thread
        if wait.joins is not None:
            thread.joins = wait.joins
        elif wait.key is not None:
            proven = holders.get(wait.key, [])
            if wait.owner is not None:
                thread.held_by = wait.owner
            elif len(proven) == 1:
                thread.held_by = proven[0]
            else:
                thread.holder = wait.no_owner_reason or UNKNOWN_HOLDER


def deadlock_cycle(waits: list[Wait]) -> list[DeadlockEdge] | None:
    """The cycle of blocked threads each waiting on what the next one holds (or for it to end),
    from the first thread that leads into one; None when the waits form no cycle. Only threads
    in state ``blocked`` count: a running thread may still release what it holds."""
    after = {w.thread.id: w.thread.held_by if w.thread.held_by is not None else w.thread.joins for w in waits
             if w.thread.state == "blocked"}
    by_id = {w.thread.id: w for w in waits if after.get(w.thread.id) is not None}
    for start in by_id:
        seen: list[int] = []
        current: int | None = start
        while current is not None and current in by_id and current not in seen:
            seen.append(current)
            current = after[current]
        if current is not None and current in seen:
            cycle = seen[seen.index(current):]
            return [DeadlockEdge(thread_id=tid, thread_name=by_id[tid].thread.name,
                                 waits_on=by_id[tid].thread.waits_on or "?", held_by=after[tid] or 0)
                    for tid in cycle]
    return None
