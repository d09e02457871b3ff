"""The display list (gdb's ``display``): expressions evaluated through the ``evaluate`` verb and
shown at every stop."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from rich.text import Text

from dapcli.errors import DapcliError, UsageError
from dapcli.verbs import models as m

__all__ = ["DisplayList"]

Call = Callable[[str, dict[str, Any]], Awaitable[m.Result]]


class DisplayList:
    """Numbered expressions (1, 2, …); numbers are never reused within a REPL."""

    def __init__(self) -> None:
        self.items: dict[int, str] = {}
        self._next = 1

    def add(self, expression: str) -> int:
        number = self._next
        self._next += 1
        self.items[number] = expression
        return number

    def remove(self, numbers: list[int]) -> list[int]:
        """Drop displays ``numbers`` (every one when empty); return those dropped.
        Raises UsageError naming a number that is not shown."""
        if not numbers:
            dropped = list(self.items)
            self.items.clear()
            return dropped
        missing = [n for n in numbers if n not in self.items]
        if missing:
            known = ", ".join(map(str, self.items)) or "none"
            raise UsageError(f"no display {', '.join(map(str, missing))} (displays: {known})")
        for number in numbers:
            del self.items[number]
        return numbers

    def listing(self) -> Text:
        if not self.items:
            return Text("No displays. Add one with: display EXPR")
        return Text("\n".join(f"{n}: {expr}" for n, expr in self.items.items()))

    async def show(self, call: Call, frame_id: int | None = None) -> list[Text]:
        """Evaluate every display (in ``frame_id`` or the selected frame); one line each. An
        expression that fails shows its error and stays in the list."""
        lines = []
        for number, expression in list(self.items.items()):
            args: dict[str, Any] = {"expression": expression}
            if frame_id is not None:
                args["frameId"] = frame_id
            try:
                result = await call("evaluate", args)
            except DapcliError as exc:
                lines.append(Text(f"{number}: {expression} = <error: {exc.message}>"))
                continue
            value = result.result if isinstance(result, m.EvaluateResult) else "?"
            lines.append(Text(f"{number}: {expression} = {value}"))
        return lines
