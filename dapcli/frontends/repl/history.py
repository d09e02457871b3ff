"""The REPL's command history on disk, degrading to memory: a history file that is a directory,
a symbolic link (to ``/dev/full``, ``/dev/zero``: an endless read), a device, larger than
:data:`MAX_HISTORY_BYTES`, unreadable, unwritable or on a full disk costs the history (one
warning), never the REPL."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterable

from prompt_toolkit.history import FileHistory, History, InMemoryHistory

from dapcli.frontends.repl.toolbar import history_path

__all__ = ["MAX_HISTORY_BYTES", "SafeFileHistory", "open_history"]

#: Largest history file read (bytes); checked with ``lstat`` before it is opened.
MAX_HISTORY_BYTES = 8 * 1024 * 1024


class SafeFileHistory(FileHistory):
    """:class:`FileHistory` that turns into an in-memory history at its first OSError."""

    def __init__(self, filename: str, warn: Callable[[str], None]) -> None:
        super().__init__(filename)
        self._warn = warn
        self._broken = False

    def _fail(self, exc: OSError) -> None:
        if not self._broken:
            self._broken = True
            self._warn(f"history disabled: {self.filename}: {exc.strerror or exc} (commands are kept for "
                       "this session only)")

    def load_history_strings(self) -> Iterable[str]:
        if self._broken:
            return []
        problem = _unusable(str(self.filename))
        if problem:  # /dev/full behind a link reads zeros for ever
            self._broken = True
            self._warn(f"history disabled: {self.filename}: {problem} (commands are kept for this session only)")
            return []
        try:
            return list(super().load_history_strings())
        except OSError as exc:
            self._fail(exc)
            return []

    def store_string(self, string: str) -> None:
        if self._broken:
            return
        try:
            super().store_string(string)
        except OSError as exc:
            self._fail(exc)


def open_history(warn: Callable[[str], None]) -> History:
    """The history file (``history_path()``) or, when its folder cannot be made, memory only."""
    try:
        path = history_path()
    except OSError as exc:
        warn(f"history disabled: {exc.strerror or exc} (commands are kept for this session only)")
        return InMemoryHistory()
    problem = _unusable(str(path))
    if problem:
        warn(f"history disabled: {path}: {problem} (commands are kept for this session only)")
        return InMemoryHistory()
    _private(str(path))
    return SafeFileHistory(str(path), warn)


def _unusable(path: str) -> str | None:
    """Why the history file at ``path`` must not be read (a link, not a regular file, too
    large), or None (also when it does not exist yet)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return exc.strerror or str(exc)
    if stat.S_ISLNK(info.st_mode):
        return "is a symbolic link (dapcli does not follow one)"
    if not stat.S_ISREG(info.st_mode):
        return "is not a regular file"
    if info.st_size > MAX_HISTORY_BYTES:
        return f"too large ({info.st_size} bytes; at most {MAX_HISTORY_BYTES})"
    return None


def _private(path: str) -> None:
    """Create the history file 0600 (what you evaluate may hold secrets; prompt_toolkit creates it
    with the umask's mode) and make an existing one 0600; a symlink is not followed."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW, 0o600)
    except OSError:
        return  # the history itself reports what is wrong, once
    try:
        if os.fstat(fd).st_uid == os.getuid():
            os.fchmod(fd, 0o600)
    finally:
        os.close(fd)
