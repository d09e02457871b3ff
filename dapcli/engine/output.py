"""Bounded ring buffer of the debuggee's output (DAP ``output`` events), by category.

Two lanes, each with its own bound: the program's output (``stdout``, ``stderr``, log points,
everything but the debugger's own categories) and the debugger's console text (``console``,
``log``: banners, echoed commands, cdt-gdb-adapter's echo of every request dapcli makes at a
hit). Chatter never evicts the program's output: 10,000 emulated log-point hits on gdb keep all
10,000 log lines although gdb echoes several console lines per hit.

A line is never split by another stream's text: an unfinished line of a category (``print``
writes its text and its newline apart, and debugpy reads the program's pipe apart from the log
points pydevd sends) is held until its newline comes, and everything that arrives meanwhile is
filed first. What is held is filed as it is when anyone reads the buffer (a prompt with no
newline is shown at once), or when it reaches :data:`MAX_OPEN_LINE` characters.
"""

from __future__ import annotations

import collections
import heapq
import time
from dataclasses import dataclass

from dapcli.engine.chatter import DEBUGGER_CATEGORIES as _DEBUGGER

__all__ = ["CHUNK_OVERHEAD", "MAX_CHUNK_CHARS", "OutputBuffer", "OutputChunk"]

#: Categories that are adapter chatter, never the program's output (DAP ``output`` event).
NOISE_CATEGORIES = frozenset({"telemetry"})
#: Bytes a chunk counts for beyond its text, so that a flood of tiny chunks stays bounded in
#: memory by the byte bound rather than by a count of chunks.
CHUNK_OVERHEAD = 64
#: Longest chunk kept whole (characters): a longer one keeps its first and last halves around a
#: marker saying how many characters were cut, so one huge line cannot fill the buffer.
MAX_CHUNK_CHARS = 1024 * 1024
#: Longest unfinished line held back (characters) before it is filed without its end.
MAX_OPEN_LINE = MAX_CHUNK_CHARS


def cap_chunk(text: str, limit: int = MAX_CHUNK_CHARS) -> tuple[str, int]:
    """``text`` at most about ``limit`` characters: its head and tail around a marker, and the
    number of characters cut (0 when it was kept whole)."""
    if len(text) <= limit:
        return text, 0
    half = limit // 2
    cut = len(text) - 2 * half
    return f"{text[:half]}\n[… {cut} characters of this chunk were cut when it was buffered …]\n{text[-half:]}", cut


class _Held:
    """An unfinished line of one category: its pieces as they came (joined once, when it is
    filed), their length (characters) and ``start`` (UNIX seconds, when its first piece came)."""

    __slots__ = ("length", "pieces", "start")

    def __init__(self, start: float, first: str = "") -> None:
        self.start = start
        self.pieces: list[str] = [first] if first else []
        self.length = len(first)

    def add(self, piece: str) -> None:
        self.pieces.append(piece)
        self.length += len(piece)

    def text(self) -> str:
        return "".join(self.pieces)


@dataclass(frozen=True, slots=True)
class OutputChunk:
    """One ``output`` event: ``seq`` (1-based, increasing), DAP ``category``, ``output`` text,
    ``time`` (UNIX seconds)."""

    seq: int
    category: str
    output: str
    time: float


class _Lane:
    """One bounded deque of chunks: at most ``max_bytes`` (text plus :data:`CHUNK_OVERHEAD` a
    chunk), oldest dropped; the newest chunk is always kept."""

    def __init__(self, max_bytes: int) -> None:
        self.chunks: collections.deque[OutputChunk] = collections.deque()
        self.max_bytes = max_bytes
        self.bytes = 0
        self.dropped = 0
        self.dropped_bytes = 0
        self.last_dropped_seq = 0

    def add(self, chunk: OutputChunk) -> None:
        self.chunks.append(chunk)
        self.bytes += len(chunk.output) + CHUNK_OVERHEAD
        while self.bytes > self.max_bytes and len(self.chunks) > 1:
            old = self.chunks.popleft()
            self.bytes -= len(old.output) + CHUNK_OVERHEAD
            self.dropped += 1
            self.last_dropped_seq = old.seq
            self.dropped_bytes += len(old.output.encode("utf-8", "surrogatepass"))


class OutputBuffer:
    """The program's output, at most ``max_bytes`` of it, and the debugger's console text, at
    most ``console_bytes``, each counted as text plus :data:`CHUNK_OVERHEAD` bytes a chunk
    (oldest dropped first, in its own lane).

    ``seq`` numbers keep increasing across both lanes, so a reader can ask for what came after
    a mark even when older chunks were dropped (``dropped`` counts the program's;
    ``console_dropped`` the debugger's).
    """

    def __init__(self, max_bytes: int = 8 * 1024 * 1024, console_bytes: int = 1024 * 1024) -> None:
        self._program = _Lane(max_bytes)
        self._console = _Lane(console_bytes)
        self._seq = 0
        self._cut_chars = 0
        self._open: dict[str, _Held] = {}  # category -> its unfinished line

    def start_after(self, seq: int) -> None:
        """Number this (empty) buffer's chunks after ``seq``: a session that follows another one
        (``restart``, the next run of ``test --until-fail``), so that a reader holding the old
        session's mark (``output --since``) gets the new output, not only what passes that mark."""
        self._seq = max(self._seq, seq)

    @property
    def last_seq(self) -> int:
        """The newest chunk's ``seq`` (what is held of an unfinished line is filed first, so
        that it counts as before this mark)."""
        self._file_open()
        return self._seq

    @property
    def dropped(self) -> int:
        """Chunks of the program's output dropped from the buffer so far."""
        return self._program.dropped

    @property
    def dropped_bytes(self) -> int:
        """UTF-8 bytes of the program's output in the chunks dropped so far."""
        return self._program.dropped_bytes

    def dropped_after(self, seq: int) -> bool:
        """True when a chunk of the program's output newer than ``seq`` was dropped."""
        return self._program.last_dropped_seq > seq

    @property
    def cut_chars(self) -> int:
        """Characters cut from chunks longer than :data:`MAX_CHUNK_CHARS` when they were buffered."""
        return self._cut_chars

    @property
    def console_dropped(self) -> int:
        """Chunks of the debugger's console text dropped so far."""
        return self._console.dropped

    def append(self, category: str, text: str, *, whole: bool = False) -> bool:
        """Add an ``output`` event's text: whole lines are filed as a chunk (capped by
        :func:`cap_chunk`), an unfinished last line is held until its end comes (see the module's
        doc); ``whole`` text (a log point's line) is filed at once, apart from what is held.
        False when nothing was taken (telemetry, empty text)."""
        if not text or category in NOISE_CATEGORIES:
            return False
        now = time.time()
        if whole:
            self._file(category, text, now)
            return True
        end = text.rfind("\n") + 1
        held = self._open.pop(category, None)
        if end == 0:  # no line ends here: held on (pieces kept apart, so a line sent a byte at a time stays linear)
            held = held or _Held(now)
            held.add(text)
            if held.length < MAX_OPEN_LINE:
                self._open[category] = held
            else:
                self._file(category, held.text(), held.start)
            return True
        filed, when = (held.text() + text[:end], held.start) if held is not None else (text[:end], now)
        rest = text[end:]
        if len(rest) >= MAX_OPEN_LINE:
            filed, rest = filed + rest, ""
        self._file(category, filed, when)
        if rest:
            self._open[category] = _Held(now, rest)
        return True

    def _file(self, category: str, text: str, when: float) -> None:
        text, cut = cap_chunk(text)
        self._cut_chars += cut
        self._seq += 1
        chunk = OutputChunk(self._seq, category, text, when)
        (self._console if category in _DEBUGGER else self._program).add(chunk)

    def _file_open(self) -> None:
        """File every held unfinished line as it is, oldest first."""
        if self._open:
            held = sorted(self._open.items(), key=lambda item: item[1].start)
            self._open.clear()
            for category, line in held:
                self._file(category, line.text(), line.start)

    def _lanes(self, categories: set[str] | None) -> list[collections.deque[OutputChunk]]:
        if not categories:
            return [self._program.chunks, self._console.chunks]
        lanes = []
        if categories - _DEBUGGER:
            lanes.append(self._program.chunks)
        if categories & _DEBUGGER:
            lanes.append(self._console.chunks)
        return lanes

    def since(self, seq: int, categories: set[str] | None = None) -> list[OutputChunk]:
        """Chunks with ``seq`` greater than ``seq`` in order, optionally of the given categories
        (held unfinished lines are filed first)."""
        self._file_open()
        picked = [[c for c in _after(lane, seq) if not categories or c.category in categories]
                  for lane in self._lanes(categories)]
        return picked[0] if len(picked) == 1 else list(heapq.merge(*picked, key=lambda c: c.seq))

    def tail(self, count: int, categories: set[str] | None = None) -> list[OutputChunk]:
        """The last ``count`` chunks (optionally of the given categories)."""
        chunks = self.since(0, categories)
        return chunks[-count:] if count > 0 else []


def _after(lane: collections.deque[OutputChunk], seq: int) -> list[OutputChunk]:
    """The chunks of ``lane`` after ``seq``, found from the newest end (a reader's mark is
    usually recent, so the cost follows what it reads, not the buffer's size)."""
    if not lane or lane[-1].seq <= seq:
        return []
    if lane[0].seq > seq:
        return list(lane)
    found = []
    for chunk in reversed(lane):
        if chunk.seq <= seq:
            break
        found.append(chunk)
    found.reverse()
    return found
