"""One directory, two spellings: a symlinked checkout (``~/proj`` → ``/data/proj``, macOS
``/tmp`` → ``/private/tmp``, a bind mount).

A compiler records the directory it was given or the shell's logical ``$PWD`` (gcc, clang and
``go build`` prefer ``$PWD``), while dapcli makes typed paths absolute against the physical
working directory, and a user may type either spelling. gdb and debugpy compare real paths; lldb
(lldb-dap, CodeLLDB) and Delve compare the text, so a breakpoint in the other spelling stays
pending forever. :func:`binary_spelling` reads the spelling the executable uses for a source
directory from the executable itself (its debug strings or Go's file table), so that the session
can map it (:class:`~dapcli.engine.pathmap.PathMapping`, remote = the binary's spelling, local =
the user's): breakpoints go out in the binary's spelling and frames come back in the user's.
"""

from __future__ import annotations

import asyncio
import contextlib
import mmap
import os
import re

from dapcli.engine.pathmap import PathMapper, PathMapping
from dapcli.files import read_regular

__all__ = ["BinarySpellings", "binary_spelling", "executable_of"]

#: An absolute path stored as a string of its own (debug info, Go's file table).
_PATH = re.compile(rb"(?<=\0)/[^\0\n]{1,1024}(?=\0)")
#: Binaries larger than this are not scanned (bytes), and at most this many paths are looked at.
_MAX_SCAN = 1 << 28
_MAX_LOOKS = 50_000


class BinarySpellings:
    """A session's source directories as its executable spells them, added to its path mapper
    (each directory looked up once, off the event loop)."""

    def __init__(self, mapper: PathMapper) -> None:
        self.mapper = mapper
        #: The start request's arguments, the program and an attached pid (set at start).
        self.arguments: dict[str, object] = {}
        self.program: str | None = None
        self.process_id: int | None = None
        self._looked: set[str] = set()

    async def before_send(self, key: str) -> None:
        """Before ``setBreakpoints`` for the source ``key``: map its directory when the
        executable spells it differently. Never raises."""
        directory = os.path.dirname(key)
        if key == "<functions>" or not os.path.isabs(key) or key in self._looked:
            return
        if self.mapper.to_remote(key) != key:
            return  # a mapping covers it (the user's, or one found for this directory)
        self._looked.add(key)
        binary = executable_of(self.arguments, self.program, self.process_id)
        if binary is None:
            return
        spelled = await asyncio.to_thread(binary_spelling, binary, directory, os.path.basename(key))
        if spelled is not None:
            self.mapper.mappings.append(PathMapping(spelled, directory))


def executable_of(arguments: dict[str, object], program: str | None, process_id: int | None) -> str | None:
    """The executable whose debug info the adapter reads: Delve's build ``output``, the
    launched or given ``program``, or ``/proc/PID/exe`` of an attached process; None when none
    is a regular file here (a Python or JavaScript program is no executable with debug info)."""
    candidates = [arguments.get("output"), program]
    if process_id is not None:
        candidates.append(f"/proc/{process_id}/exe")
    for candidate in candidates:
        if isinstance(candidate, str) and candidate and os.path.isfile(candidate) and _is_binary(candidate):
            return candidate
    return None


def binary_spelling(binary: str, directory: str, file_name: str | None = None) -> str | None:
    """How ``binary`` spells ``directory`` when it spells it differently (another path to the
    same directory, e.g. through a symlink); None when it uses ``directory`` itself, or no
    spelling of it at all, or (``file_name`` given) names no such file. Never raises."""
    try:
        wanted = os.stat(directory)
    except OSError:
        return None
    with contextlib.suppress(OSError, ValueError), open(binary, "rb") as handle, \
            mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as data:
        if data.find(directory.encode() + b"\0") >= 0 or data.find(directory.encode() + b"/") >= 0:
            return None  # the binary knows this spelling: nothing to map
        if len(data) > _MAX_SCAN or (file_name and data.find(file_name.encode() + b"\0") < 0
                                     and data.find(b"/" + file_name.encode()) < 0):
            return None  # too big to scan, or that file is not one of this binary's sources
        looked: set[bytes] = set()
        for found in _PATH.finditer(data):
            text = found.group()
            for candidate in (text, text.rpartition(b"/")[0]):  # a directory, or a file's (Go)
                if candidate in looked or len(looked) > _MAX_LOOKS:
                    continue
                looked.add(candidate)
                if _same(candidate, wanted):
                    return candidate.decode("utf-8", "replace")
    return None


def _same(path: bytes, wanted: os.stat_result) -> bool:
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return False
    return (found.st_dev, found.st_ino) == (wanted.st_dev, wanted.st_ino)


def _is_binary(path: str) -> bool:
    return read_regular(path, 4, whole=False) in (b"\x7fELF", b"\xcf\xfa\xed\xfe", b"\xce\xfa\xed\xfe")
