"""Does a program's source read its stdin? For the hint after a program that ended quietly on an
empty stdin: ``for line in sys.stdin`` (or ``sys.stdin.read()``, a Go ``bufio.Scanner`` on
``os.Stdin``, node's ``process.stdin``) meets end-of-file at once and raises nothing, so only
the source says that the program wanted input (Python's ``input()`` raises ``EOFError``, which
the stop itself shows)."""

from __future__ import annotations

import re
from pathlib import Path

from dapcli.files import read_regular_text, split_lines

__all__ = ["stdin_read"]

#: Reads of stdin, per source suffix.
_READS = {
    ".py": re.compile(r"\bsys\.stdin\b|\bfileinput\.input\(|(?<![\w.])input\("),
    ".go": re.compile(r"\bos\.Stdin\b"),
    ".js": re.compile(r"\bprocess\.stdin\b"),
    ".mjs": re.compile(r"\bprocess\.stdin\b"),
    ".cjs": re.compile(r"\bprocess\.stdin\b"),
    ".ts": re.compile(r"\bprocess\.stdin\b"),
}
#: Most of a source read to look (bytes).
_MOST = 1 << 20


def stdin_read(program: str | None) -> str | None:
    """The first read of stdin in the source file ``program`` (e.g. ``sys.stdin``), or None:
    no such read, not a source file dapcli knows, or unreadable."""
    if not program:
        return None
    pattern = _READS.get(Path(program).suffix)
    if pattern is None:
        return None
    text = read_regular_text(program, _MOST, whole=False)  # never a FIFO: it would block
    if text is None:
        return None
    code = "\n".join(line for line in split_lines(text) if not line.lstrip().startswith(("#", "//")))
    found = pattern.search(code)
    return found.group(0).rstrip("(") if found else None
