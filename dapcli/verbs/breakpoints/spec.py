"""The breakpoint grammar given with ``launch``/``attach`` (``-b``), in one place.

A breakpoint is written the way gdb reads it::

    LOCATION [if CONDITION] [hit HIT] [log MESSAGE]

``LOCATION`` is ``FILE:LINE``, ``LINE`` (the current file), a function name (``Cart.total``), or
``FILE@STATEMENT``: the line whose statement is that text (to the end; ``FILE@'STATEMENT'`` in
quotes may be followed by clauses; see :mod:`dapcli.verbs.breakpoints.statements`);
``CONDITION`` is an expression in the program's language; ``HIT`` a hit count (``3``, ``>=3``,
``%4``, ``== 2``: the adapter's syntax); ``MESSAGE`` is logged instead of stopping, ``{expr}``
interpolated. The clauses come in any order, each at most once (``log MSG if COND`` is
``if COND log MSG``): a clause word that was already given, or ``hit`` without a count, is part
of the clause before it (``if a if b else c``, ``if x log one if two`` logs ``one if two``).
Structured callers (MCP, recipes) give the same fields as an object:
``{path, line, condition, hitCondition, logMessage}`` or ``{function, condition, hitCondition}``;
``{path, statement, nearLine}`` instead of a line, ``expect`` to check the line's text.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic.alias_generators import to_camel

from dapcli.errors import UsageError

__all__ = ["BREAK_HELP", "GRAMMAR", "LaunchBreakpoint", "check_structured", "parse_spec", "spec_fields"]

#: The grammar in one line, as ``--help``, errors and the MCP description show it.
GRAMMAR = "FILE:LINE or FUNCTION, then optional clauses in any order: if CONDITION, hit N|>=N|%N, log MESSAGE"
#: The help of ``-b``/``breakpoints`` on launch and attach (CLI, REPL, MCP schema).
BREAK_HELP = ("FILE:LINE|FUNCTION|FILE@STATEMENT, then, any order: if COND, hit N|>=N|%N, log MSG. "
              "Or {path,line|statement,nearLine,expect,condition,hitCondition,logMessage}|{function}")
#: Breakpoint texts: the same in every frontend (the command line's ``-b``/``break add``, MCP's
#: ``breakpoints`` and ``addBreakpoint``, a recipe's ``breakpoints``).
EXAMPLES = "e.g. 'cart.py:17 if i == 2', 'cart.py:17 hit >=3', 'cart.py:17 log total={total}', 'Cart.total'"

#: A clause word between blanks (or at the end: ``F:L if`` is a clause without its text).
_WORD = re.compile(r"(?<!\S)(if|hit|log)(?=\s|$)")
#: The location before the first clause: a path may hold spaces when a line number ends it.
_LOCATIONS = (re.compile(r"\S+(?=\s+(?:if|hit|log)(?:\s|$)|$)"),
              re.compile(r".+?:\d+(?=\s+(?:if|hit|log)(?:\s|$)|$)", re.DOTALL))
_HIT = re.compile(r"(?:==|>=|<=|[<>%=])?\s*\d+")
_KEYS = {"if": "condition", "hit": "hit_condition", "log": "log_message"}


class LaunchBreakpoint(BaseModel):
    # One breakpoint as a structured caller gives it: ``path`` + ``line`` (1-based), or
    # ``function``; optional ``condition``, ``hitCondition``, ``logMessage`` (DAP
    # ``SourceBreakpoint``/``FunctionBreakpoint`` fields). No docstring: it would cost every
    # MCP client its length in the launch schema.

    model_config = ConfigDict(extra="forbid", alias_generator=to_camel, populate_by_name=True, defer_build=True,
                              strict=True)  # ``{"line": true}`` is no line 1, ``{"line": "17"}`` no line

    path: str | None = None
    line: Annotated[int, Field(ge=1)] | None = None
    function: str | None = None
    condition: str | None = None
    hit_condition: str | None = None
    log_message: str | None = None
    statement: str | None = None
    near_line: int | None = None
    expect: str | None = None


def parse_spec(text: str) -> tuple[str, dict[str, str]]:
    """Split ``text`` into its location and clauses: ``("cart.py:17", {"condition": "i == 2"})``.
    The clauses come in any order (see the module's docstring).

    Raises:
        UsageError: the text does not follow :data:`GRAMMAR` (the message shows a right one).
    """
    stripped = text.strip()
    first = stripped.split(maxsplit=1)[0] if stripped else ""
    if first in _KEYS:
        raise UsageError(f"bad breakpoint {text!r}: it starts with {first!r}, not a location", EXAMPLES)
    location = next((found.group() for pattern in _LOCATIONS if (found := pattern.match(stripped))), None)
    clauses = _clauses(stripped[len(location):]) if location else None
    if clauses is None:
        raise UsageError(f"bad breakpoint {text!r}: write {GRAMMAR}", EXAMPLES)
    return location or "", clauses


def _clauses(rest: str) -> dict[str, str] | None:
    """The clauses of ``rest`` (the text after the location), None when it does not parse."""
    parts: list[list[Any]] = []  # [word, start of its text, end of its text]
    for found in _WORD.finditer(rest):
        word = found.group(1)
        given = {p[0] for p in parts}
        if parts and (word in given or (word == "hit" and not _counts(rest, found.end()))):
            continue  # part of the clause before it
        if not parts and rest[:found.start()].strip():
            return None  # words before the first clause: not a clause
        if parts:
            parts[-1][2] = found.start()
        parts.append([word, found.end(), len(rest)])
    if not parts and rest.strip():
        return None
    clauses: dict[str, str] = {}
    for word, begin, end in parts:
        value = rest[begin:end].strip()
        if not value or (word == "hit" and not _HIT.fullmatch(value)):
            return None
        clauses[_KEYS[word]] = re.sub(r"\s+", " ", value) if word == "hit" else value
    return clauses


def _counts(rest: str, begin: int) -> bool:
    """Whether the text after a ``hit`` at ``begin`` (up to the next clause word) is a count."""
    following = _WORD.search(rest, begin)
    return bool(_HIT.fullmatch(rest[begin:following.start() if following else len(rest)].strip()))


def check_structured(value: Any) -> Any:
    """A ``Param(check=…)`` for ``breakpoints``: each object is a :class:`LaunchBreakpoint`
    (strict: ``{"line": true}`` or ``{"line": "17"}`` is refused before anything starts).

    Raises:
        ValueError: the first bad object, with its problems.
    """
    for item in value if isinstance(value, list) else []:
        if isinstance(item, dict):
            try:
                spec_fields(item)
            except UsageError as exc:  # the example of a right one goes along
                raise ValueError(f"{exc.message} ({exc.hint})" if exc.hint else exc.message) from None
    return value


def spec_fields(item: str | LaunchBreakpoint | dict[str, Any]) -> tuple[str, dict[str, str]]:
    """The location text and clauses of a text or structured breakpoint.

    Raises:
        UsageError: neither ``path`` + ``line`` nor ``function``, or both.
    """
    if isinstance(item, str):
        return parse_spec(item)
    try:
        model = item if isinstance(item, LaunchBreakpoint) else LaunchBreakpoint.model_validate(item)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'breakpoint'}: "
                             + ("unknown key" if e["type"] == "extra_forbidden" else e["msg"]) for e in exc.errors())
        shown = repr(item) if len(repr(item)) <= 80 else repr(item)[:80] + "…"
        raise UsageError(f"bad breakpoint {shown}: {problems}",
                         'keys: path, line, condition, hitCondition, logMessage, function, statement, nearLine, '
                         'expect; e.g. '
                         '{"path": "cart.py", "line": 17, "condition": "i == 2"}') from None
    if model.function and (model.path or model.line or model.statement):
        raise UsageError("a breakpoint has a function or a path and line, not both",
                         'e.g. {"function": "Cart.total"} or {"path": "cart.py", "line": 17}')
    if model.statement is not None and model.line is not None:
        raise UsageError("a breakpoint has a line or a statement, not both",
                         'e.g. {"path": "cart.py", "statement": "total += price", "nearLine": 17}')
    if model.function:
        location = model.function
    elif model.path and model.statement is not None:
        location = model.path
    elif model.path and model.line is not None:
        location = f"{model.path}:{model.line}"
    else:
        raise UsageError("a breakpoint needs path and line, or function",
                         'e.g. {"path": "cart.py", "line": 17, "condition": "i == 2"}')
    clauses = {k: v for k, v in (("condition", model.condition), ("hit_condition", model.hit_condition),
                                 ("log_message", model.log_message), ("statement", model.statement),
                                 ("near_line", model.near_line), ("expect", model.expect)) if v is not None}
    return location, clauses
