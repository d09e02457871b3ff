"""Bounded ring buffer of the debuggee's output (DAP ``output`` events), by category."""

from __future__ import annotations

import collections
import time
from dataclasses import dataclass

__all__ = ["OutputBuffer", "OutputChunk"]

#: Categories that are adapter chatter, never the program's output (DAP ``output`` event).
NOISE_CATEGORIES = frozenset({"telemetry"})


@dataclass(frozen=True, slots=True)
class OutputChunk:
    """One ``output`` event: ``seq`` (1-based, increasing), DAP ``category``, ``output`` text,
    ``time`` (UNIX seconds)."""

    seq: int
    category: str
    output: str
    time: float


class OutputBuffer:
    """Keeps the last ``max_chunks`` chunks and at most ``max_bytes`` of text (oldest dropped).

    ``seq`` numbers keep increasing, so a reader can ask for what came after a mark even when
    older chunks were dropped (``dropped`` counts them).
    """

    def __init__(self, max_chunks: int = 20_000, max_bytes: int = 4 * 1024 * 1024) -> None:
        self._chunks: collections.deque[OutputChunk] = collections.deque()
        self._max_chunks = max_chunks
        self._max_bytes = max_bytes
        self._bytes = 0
        self._seq = 0
        self.dropped = 0

    @property
    def last_seq(self) -> int:
        return self._seq

    def append(self, category: str, text: str) -> OutputChunk | None:
        """Add a chunk; telemetry and empty text are ignored (returns None)."""
        if not text or category in NOISE_CATEGORIES:
            return None
        self._seq += 1
        chunk = OutputChunk(self._seq, category, text, time.time())
        self._chunks.append(chunk)
        self._bytes += len(text)
        while len(self._chunks) > self._max_chunks or (self._bytes > self._max_bytes and len(self._chunks) > 1):
            old = self._chunks.popleft()
            self._bytes -= len(old.output)
            self.dropped += 1
        return chunk

    def since(self, seq: int, categories: set[str] | None = None) -> list[OutputChunk]:
        """Chunks with ``seq`` greater than ``seq``, optionally of the given categories."""
        return [c for c in self._chunks if c.seq > seq and (not categories or c.category in categories)]

    def tail(self, count: int, categories: set[str] | None = None) -> list[OutputChunk]:
        """The last ``count`` chunks (optionally of the given categories)."""
        chunks = [c for c in self._chunks if not categories or c.category in categories]
        return chunks[-count:] if count > 0 else []
