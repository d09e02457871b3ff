"""Breakpoints typed before there is a session (gdb's pending breakpoints): ``b tests/x.py:12``
at a fresh prompt is kept, listed by ``break list``, deleted by ``delete``/``break clear``, and
set when ``launch`` or ``test`` starts the session (their ``breakpoints`` argument, first, so
that they keep their numbers)."""

from __future__ import annotations

import os
from typing import Any

from dapcli.errors import UsageError
from dapcli.files import is_number
from dapcli.verbs import models as m
from dapcli.verbs.breakpoints.spec import spec_fields

__all__ = ["KEPT", "STARTS", "VERBS_KEPT", "Pending"]

#: The breakpoint verbs that work on the kept list while there is no session.
VERBS_KEPT = ("setBreakpoint", "listBreakpoints", "removeBreakpoint", "clearBreakpoints")
#: The verbs that start a session and take the kept breakpoints.
STARTS = ("launch", "debugTest")
#: What a kept breakpoint says.
KEPT = "kept until `launch` or `test` starts the session"
_CLAUSES = {"condition": "condition", "hitCondition": "hitCondition", "logMessage": "logMessage",
            "nearLine": "nearLine", "expect": "expect"}


class Pending:
    """The breakpoints kept for the next session: number → ``launch``'s structured breakpoint."""

    def __init__(self) -> None:
        self.items: dict[int, dict[str, Any]] = {}

    def handle(self, verb: str, args: dict[str, Any], cwd: str) -> m.Result:
        """Run a breakpoint verb of :data:`VERBS_KEPT` on the kept list. Raises UsageError (a
        bare line number, a bad breakpoint, a number that names no kept breakpoint)."""
        if verb == "setBreakpoint":
            return self.add(args, cwd)
        if verb == "removeBreakpoint":
            doomed = [self.number(str(reference), cwd) for reference in args.get("ids") or []]
            if not doomed:
                raise UsageError("name the breakpoints to delete (numbers or FILE:LINE)", "`break list` shows them")
        elif verb == "clearBreakpoints":
            where = os.path.join(cwd, str(args["path"])) if args.get("path") else None
            doomed = [n for n, item in self.items.items() if where is None or item.get("path") == where]
        else:
            doomed = []
        for number in doomed:
            del self.items[number]
        return m.BreakpointsResult(breakpoints=[self.view(n) for n in self.items], removed=doomed or None)

    def add(self, args: dict[str, Any], cwd: str) -> m.BreakpointResult:
        """Keep ``setBreakpoint``'s ``args`` as a breakpoint of the next session."""
        location = str(args.get("location", "")).strip()
        clauses = {key: args[name] for name, key in _CLAUSES.items() if args.get(name) is not None}
        statement = args.get("statement")
        if statement is not None:
            item: dict[str, Any] = {"path": os.path.join(cwd, location), "statement": statement, **clauses}
        elif "@" in location:  # FILE@TEXT: launch reads the text form itself
            if clauses:
                raise UsageError("before the session starts, FILE@TEXT takes no other options",
                                 "write b FILE --at TEXT --condition …, or set it once the session runs")
            item = {"text": location}
        else:
            file_part, sep, line = location.rpartition(":")
            if not sep and location.isascii() and location.isdigit():
                raise UsageError("a bare line number needs a current file (there is none before the session starts)",
                                 "write FILE:LINE")
            if sep and line.isascii() and line.isdigit() and file_part:
                item = {"path": os.path.join(cwd, file_part), "line": int(line), **clauses}
            else:
                item = {"function": location, **clauses}
        if "text" not in item:
            spec_fields(item)  # a bad breakpoint is refused now, not when the session starts
        taken = next((n for n, kept in self.items.items() if kept == item), None)
        if taken is not None:
            raise UsageError(f"breakpoint {taken} is kept there already", "`break list` shows them")
        number = max(self.items, default=0) + 1
        self.items[number] = item
        return m.BreakpointResult(**self.view(number).model_dump())

    def number(self, reference: str, cwd: str) -> int:
        """The number of the kept breakpoint ``reference`` names (its number, or FILE:LINE).
        Raises UsageError."""
        file_part, _, line = reference.rpartition(":")
        for number, item in self.items.items():
            if reference == str(number) or (is_number(line) and item.get("line") == int(line)
                                            and item.get("path") == os.path.join(cwd, file_part)):
                return number
        known = ", ".join(map(str, self.items)) or "none"
        raise UsageError(f"no breakpoint {reference!r} (kept breakpoints: {known})", "`break list` shows them")

    def view(self, number: int) -> m.BreakpointView:
        item = self.items[number]
        if "text" in item:
            path, _, statement = item["text"].partition("@")
            return m.BreakpointView(id=number, path=path, verified=False, statement=statement, warning=KEPT)
        return m.BreakpointView(id=number, path=item.get("path"), line=item.get("line"), function=item.get("function"),
                                condition=item.get("condition"), hit_condition=item.get("hitCondition"),
                                log_message=item.get("logMessage"), statement=item.get("statement"),
                                verified=False, warning=KEPT)

    def merged(self, args: dict[str, Any]) -> dict[str, Any]:
        """``launch``/``debugTest`` ``args`` with the kept breakpoints first."""
        if not self.items:
            return args
        kept = [item.get("text", item) for item in self.items.values()]
        return {**args, "breakpoints": [*kept, *(args.get("breakpoints") or [])]}

    def clear(self) -> None:
        """The session started with them: they are its breakpoints now."""
        self.items.clear()
