"""Watch (display) expressions: evaluated in the selected frame at every stop; a value that
differs from the previous stop's is marked ``changed``."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Watch", "WatchList"]


@dataclass
class Watch:
    """``id`` is stable for the session; ``value``/``error`` are from the last evaluation."""

    id: int
    expression: str
    value: str | None = None
    error: str | None = None
    previous: str | None = None
    changed: bool = False

    def record(self, value: str | None, error: str | None) -> None:
        """Store a new evaluation; ``changed`` when a value differs from the last value seen."""
        self.changed = value is not None and self.value is not None and value != self.value
        if self.value is not None:
            self.previous = self.value
        self.value, self.error = value, error


class WatchList:
    def __init__(self) -> None:
        self.items: dict[int, Watch] = {}
        self._next = 1

    def add(self, expression: str) -> Watch:
        watch = Watch(self._next, expression)
        self.items[watch.id] = watch
        self._next += 1
        return watch

    def remove(self, ids: list[int]) -> list[int]:
        """Remove the ``ids`` that exist; return them."""
        gone = [i for i in ids if i in self.items]
        for i in gone:
            del self.items[i]
        return gone
