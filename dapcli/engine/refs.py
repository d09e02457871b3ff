"""The ``variablesReference`` values an adapter gave out, by the stop they belong to.

References are valid only until the program resumes, and adapters reuse the numbers: debugpy
and Delve (which renumbers from 1000 at every stop) answer an old number with the children of
whatever has it now. :class:`ReferenceLog` remembers, per number, the stop (``generation``) at
which an answer last carried it, so a number from an earlier stop is refused instead of being
expanded into another object's children.
"""

from __future__ import annotations

from typing import Any

__all__ = ["MAX_REFERENCES", "ReferenceLog"]

#: Numbers kept before those of older stops are forgotten.
MAX_REFERENCES = 50_000


class ReferenceLog:
    """``variablesReference`` → the generation (stop) at which the adapter last gave it out."""

    def __init__(self) -> None:
        self.seen: dict[int, int] = {}

    def observe(self, generation: int, body: Any) -> None:
        """Record the references in a response ``body`` (``variables``, ``scopes``, ``evaluate``,
        ``setVariable``, ``setExpression``; typed or a plain dict). Never raises."""
        for item in _items(body):
            reference = item.get("variablesReference") if isinstance(item, dict) else \
                getattr(item, "variablesReference", None)
            if isinstance(reference, int) and reference > 0:
                self.seen[reference] = generation
        if len(self.seen) > MAX_REFERENCES:
            self.seen = {r: g for r, g in self.seen.items() if g >= generation}

    def stale(self, reference: int, generation: int) -> bool:
        """True when ``reference`` was given out at an earlier stop and not at this one (a
        number never seen is not judged: it may come from the raw ``dap`` verb)."""
        given = self.seen.get(reference)
        return given is not None and given != generation


def _items(body: Any) -> list[Any]:
    if body is None:
        return []
    if isinstance(body, dict):
        return [body, *(body.get("variables") or []), *(body.get("scopes") or [])]
    return [body, *(getattr(body, "variables", None) or []), *(getattr(body, "scopes", None) or [])]
