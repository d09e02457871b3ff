"""The one thing a session host started early (an adapter, a test run, a launch), held until the
session that wants it takes it; anything else is killed (:class:`EarlySlot`). Standard library only
(the one-shot client imports the modules that use it)."""

from __future__ import annotations

import threading

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the one-shot client's hot path)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

__all__ = ["EarlySlot"]


class EarlySlot:
    """Holds :attr:`item` (None: nothing held); ``kill(item)`` ends one nobody takes."""

    def __init__(self, kill: Callable[[Any], None]) -> None:
        self.item: Any = None
        self._kill = kill
        self._lock = threading.Lock()

    def put(self, item: Any, unclaimed_s: float) -> None:
        """Hold ``item`` (killing one held before); killed if not taken within ``unclaimed_s`` seconds."""
        with self._lock:
            before, self.item = self.item, item
        if before is not None:
            self._kill(before)
        timer = threading.Timer(unclaimed_s, self._expire, args=(item,))
        timer.daemon = True
        timer.start()

    def take(self, wanted: Callable[[Any], bool]) -> Any:
        """The item held, if ``wanted(item)``; it is the caller's now. Anything else held is
        killed. None when nothing (wanted) was held."""
        with self._lock:
            item, self.item = self.item, None
        if item is None:
            return None
        if wanted(item):
            return item
        self._kill(item)
        return None

    def discard(self) -> None:
        """Kill the item held, unless it was taken."""
        self.take(lambda _: False)

    def _expire(self, item: Any) -> None:
        with self._lock:
            if self.item is not item:
                return  # taken (or replaced) meanwhile
            self.item = None
        self._kill(item)
