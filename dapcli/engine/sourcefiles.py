"""Reading a user's source files safely: regular files only, bounded in size (a FIFO, a device
or a multi-GB file must never hang or exhaust the session host)."""

from __future__ import annotations

import os
import stat

from dapcli.errors import UsageError
from dapcli.files import split_source_lines

__all__ = ["MAX_LINE_TEXT", "MAX_SOURCE_BYTES", "read_lines"]

#: Largest source file read for listings and breakpoint checks (bytes).
MAX_SOURCE_BYTES = 32 * 1024 * 1024
#: Longest source line kept (characters), e.g. for re-anchoring saved breakpoints.
MAX_LINE_TEXT = 1000


def read_lines(path: str) -> list[str]:
    """The lines of a regular text file (UTF-8, undecodable bytes replaced), without newlines;
    lines end where the file's language counts them (:func:`~dapcli.files.split_source_lines`: at
    ``\\n``, ``\\r\\n`` and ``\\r``; Go, Rust and Ruby only at ``\\n``).

    Raises:
        UsageError: not a regular file, unreadable, or over :data:`MAX_SOURCE_BYTES`.
    """
    try:
        info = os.stat(path)
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    if not stat.S_ISREG(info.st_mode):
        raise UsageError(f"{path} is not a regular file", "give a source file")
    if info.st_size > MAX_SOURCE_BYTES:
        raise UsageError(f"{path} is too large to read as source ({info.st_size} bytes)",
                         f"dapcli reads source files up to {MAX_SOURCE_BYTES // (1024 * 1024)} MB")
    try:
        # newline="": the text as it is (universal newlines would end a Go line at a lone \r)
        with open(path, encoding="utf-8", errors="replace", newline="") as handle:
            return split_source_lines(handle.read(MAX_SOURCE_BYTES), path)
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
