"""The REPL's command history on disk, degrading to memory: a history file that is a directory,
unreadable, unwritable or on a full disk costs the history (one warning), never the REPL."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from prompt_toolkit.history import FileHistory, History, InMemoryHistory

from dapcli.frontends.repl.toolbar import history_path

__all__ = ["SafeFileHistory", "open_history"]


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
    return SafeFileHistory(str(path), warn)
