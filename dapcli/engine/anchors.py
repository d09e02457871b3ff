"""Breakpoints that follow their statement when the file is edited.

A line breakpoint remembers an :class:`Anchor`: the statement's text (trimmed), the nearest
non-blank lines above and below it, and a :class:`Stamp` of the file (mtime, size, digest of its
text). Before a source's breakpoints are sent (``setBreakpoints``), the book compares the stamp
with the file: when the text changed, :func:`relocate` finds the statement again. Among the
lines whose trimmed text equals it, the one whose neighbours still match wins, then the one
nearest the old line (then the earlier one). No such line: the breakpoint keeps its line and is
*stale*. Lines are those of :func:`dapcli.engine.sourcefiles.read_lines` (split at ``\\n``,
``\\r\\n``, ``\\r`` only); every pass is linear in the file's length.

Statement addressing (:func:`find_statement`) reads the same lines: trimmed equality first, then
a unique substring.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, replace

from dapcli.engine.sourcefiles import MAX_LINE_TEXT, read_lines
from dapcli.errors import DapcliError, UsageError

__all__ = [
    "Anchor", "Stamp", "cut", "find_statement", "kinship", "lines_of", "relocate", "stamp_of", "surroundings",
    "take", "telling",
]

#: Longest statement text shown in a note (characters; a cut is marked with …).
SHOWN = 80
#: Most candidates an ambiguous statement's refusal lists.
MAX_CANDIDATES = 20


@dataclass(frozen=True)
class Stamp:
    """What the file was when an anchor was taken: ``mtime_ns``, ``size`` (bytes) and a
    sha256 of its lines (``digest``; a touch without an edit keeps it)."""

    mtime_ns: int
    size: int
    digest: str


@dataclass(frozen=True)
class Anchor:
    """A statement: its 1-based ``line`` when taken, its trimmed ``text`` (at most
    MAX_LINE_TEXT characters), the trimmed nearest non-blank lines ``before`` and ``after``
    it ("" at the file's edge), and the file's ``stamp`` then (None: unknown, compare always)."""

    line: int
    text: str
    before: str
    after: str
    stamp: Stamp | None


def cut(text: str, limit: int = SHOWN) -> str:
    """``text`` at most ``limit`` characters, a cut marked with ``…``."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _trim(line: str) -> str:
    return line[:MAX_LINE_TEXT].strip()


def _digest(lines: list[str]) -> str:
    hasher = hashlib.sha256()
    for line in lines:
        hasher.update(line.encode("utf-8", "surrogatepass"))
        hasher.update(b"\n")
    return hasher.hexdigest()


def lines_of(path: str) -> list[str] | None:
    """The file's lines (the engine's reader), or None when it cannot be read."""
    try:
        return read_lines(path)
    except DapcliError:
        return None


def stamp_of(path: str, lines: list[str] | None = None) -> Stamp | None:
    """The file's stamp now (reads it unless ``lines`` are given); None when unreadable."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    lines = lines if lines is not None else lines_of(path)
    return None if lines is None else Stamp(info.st_mtime_ns, info.st_size, _digest(lines))


def unchanged(path: str, stamp: Stamp | None) -> bool:
    """True when the file's mtime and size are still those of ``stamp`` (no read)."""
    if stamp is None:
        return False
    try:
        info = os.stat(path)
    except OSError:
        return False
    return (info.st_mtime_ns, info.st_size) == (stamp.mtime_ns, stamp.size)


def surroundings(lines: list[str], line: int) -> tuple[str, str]:
    """The trimmed nearest non-blank lines above and below ``line`` (1-based)."""
    before = after = ""
    for index in range(line - 2, -1, -1):
        if _trim(lines[index]):
            before = _trim(lines[index])
            break
    for index in range(line, len(lines)):
        if _trim(lines[index]):
            after = _trim(lines[index])
            break
    return before, after


def take(path: str, line: int, lines: list[str] | None = None) -> Anchor | None:
    """The anchor of ``path``:``line`` now; a blank line anchors on the next statement below
    it (where adapters bind it). None when the file cannot be read or the line is outside it."""
    lines = lines if lines is not None else lines_of(path)
    if lines is None or not 0 < line <= len(lines):
        return None
    at = line
    while at <= len(lines) and not _trim(lines[at - 1]):
        at += 1
    if at > len(lines):
        at = line
    before, after = surroundings(lines, at)
    return Anchor(at, _trim(lines[at - 1]), before, after, stamp_of(path, lines))


def relocate(anchor: Anchor, lines: list[str]) -> int | None:
    """The line (1-based) where ``anchor``'s statement is in ``lines``: among the lines whose
    trimmed text equals it, the most matching neighbours first, then the nearest to the old
    line, then the earlier; None when no line holds it (or it was blank: nothing to follow)."""
    if not anchor.text:
        return None
    best: tuple[int, int, int] | None = None
    previous = ""  # the nearest non-blank line above the current one, kept as we go (linear)
    found: list[tuple[int, str]] = []
    for number, raw in enumerate(lines, 1):
        text = _trim(raw)
        if text == anchor.text:
            found.append((number, previous))
        if text:
            previous = text
    if not found:
        return None
    for number, before in found:
        _, after = surroundings(lines, number) if telling(anchor.after) else ("", "")
        score = (before == anchor.before and telling(before)) + (after == anchor.after and telling(after))
        key = (-score, abs(number - anchor.line), number)
        if best is None or key < best:
            best = key
    assert best is not None
    return best[2]


def telling(neighbour: str) -> bool:
    """A neighbour that tells places apart: one with a letter or digit (not ``}``, ``)``, ``*/``)."""
    return any(c.isalnum() for c in neighbour)


def kinship(anchor: Anchor, lines: list[str], line: int) -> int:
    """How many of ``anchor``'s telling neighbours (0-2) are still around ``line``."""
    before, after = surroundings(lines, line)
    return (before == anchor.before and telling(before)) + (after == anchor.after and telling(after))


def moved_to(anchor: Anchor, path: str, line: int, lines: list[str]) -> Anchor:
    """``anchor`` taken again at ``line`` of the new ``lines`` (its neighbours and stamp now)."""
    before, after = surroundings(lines, line)
    return Anchor(line, _trim(lines[line - 1]), before, after, stamp_of(path, lines))


def restamped(anchor: Anchor, path: str, lines: list[str]) -> Anchor:
    """``anchor`` with the file's stamp now (a stale one keeps its text, to follow it later)."""
    return replace(anchor, stamp=stamp_of(path, lines))


def find_statement(path: str, statement: str, near_line: int | None = None, *, shown: str | None = None) -> int:
    """The line (1-based) of ``path`` that holds ``statement``: the lines whose trimmed text
    equals it, else those that contain it; of several, the one nearest ``near_line`` when given
    (ties refused), else refused.

    Raises:
        UsageError: the file cannot be read, no line holds it, or several do (the message lists
            every candidate as ``line: text``).
    """
    wanted = statement.strip()
    name = shown or os.path.basename(path)
    if not wanted:
        raise UsageError("the statement is empty", "give the text of the line, e.g. --at 'total += price'")
    lines = read_lines(path)
    equal = [n for n, raw in enumerate(lines, 1) if _trim(raw) == wanted]
    candidates = equal or [n for n, raw in enumerate(lines, 1) if wanted in raw]
    if not candidates:
        raise UsageError(f"no line of {name} holds {cut(wanted)!r}",
                         f"check the text (`dapcli list {name}`), or give FILE:LINE")
    if len(candidates) > 1 and near_line is not None:
        ranked = sorted(candidates, key=lambda n: abs(n - near_line))
        if abs(ranked[0] - near_line) != abs(ranked[1] - near_line):
            return ranked[0]
    if len(candidates) > 1:
        listed = "; ".join(f"{n}: {cut(_trim(lines[n - 1]))}" for n in candidates[:MAX_CANDIDATES])
        more = f" (and {len(candidates) - MAX_CANDIDATES} more)" if len(candidates) > MAX_CANDIDATES else ""
        how = "equal" if equal else "contain"
        raise UsageError(f"{len(candidates)} lines of {name} {how} {cut(wanted)!r}: {listed}{more}",
                         "give more of the statement, a nearLine (--near-line N), or FILE:LINE")
    return candidates[0]


def context(lines: list[str], line: int, around: int = 1) -> str:
    """``line`` and ``around`` lines each side as ``N: text`` (the line marked with ``>``),
    joined by ``; ``."""
    start, end = max(1, line - around), min(len(lines), line + around)
    return "; ".join(f"{'>' if n == line else ''}{n}: {cut(_trim(lines[n - 1]))}" for n in range(start, end + 1))
