"""The breakpoint grammar given with ``launch``/``attach`` (``-b``), in one place.

A breakpoint is written the way gdb reads it::

    LOCATION [if CONDITION] [hit HIT] [log MESSAGE]

``LOCATION`` is ``FILE:LINE``, ``LINE`` (the current file) or a function name (``Cart.total``);
``CONDITION`` is an expression in the program's language; ``HIT`` a hit count (``3``, ``>=3``,
``%4``, ``== 2``: the adapter's syntax); ``MESSAGE`` is logged instead of stopping, ``{expr}``
interpolated. The clauses come in that order, each at most once; ``log`` takes the rest of the
text. Structured callers (MCP, recipes) give the same fields as an object:
``{path, line, condition, hitCondition, logMessage}`` or ``{function, condition, hitCondition}``.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic.alias_generators import to_camel

from dapcli.errors import UsageError

__all__ = ["BREAK_HELP", "GRAMMAR", "LaunchBreakpoint", "check_structured", "parse_spec", "spec_fields"]

#: The grammar in one line, as ``--help``, errors and the MCP description show it.
GRAMMAR = "FILE:LINE or FUNCTION, then optional clauses in this order: if CONDITION, hit N|>=N|%N, log MESSAGE"
#: The help of ``-b``/``breakpoints`` on launch and attach (CLI, REPL, MCP schema).
BREAK_HELP = ("FILE:LINE|FUNCTION, then optional: if COND, hit N|>=N|%N, log MSG. "
              "Or {path,line,condition,hitCondition,logMessage}|{function}")
EXAMPLES = "e.g. -b 'cart.py:17 if i == 2', -b 'cart.py:17 hit >=3', -b 'cart.py:17 log total={total}', -b Cart.total"

_SPEC = re.compile(
    r"^(?P<location>.+?:\d+|\S+)"  # a path may hold spaces when a line number ends it
    r"(?:\s+if\s+(?P<condition>.+?))?"
    r"(?:\s+hit\s+(?P<hit>(?:==|>=|<=|[<>%=])?\s*\d+))?"
    r"(?:\s+log\s+(?P<log>.+))?\s*$",
    re.DOTALL,
)


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


def parse_spec(text: str) -> tuple[str, dict[str, str]]:
    """Split ``text`` into its location and clauses: ``("cart.py:17", {"condition": "i == 2"})``.

    Raises:
        UsageError: the text does not follow :data:`GRAMMAR` (the message shows a right one).
    """
    found = _SPEC.match(text.strip())
    if found is None or not text.strip() or any(
        found.group(k) is not None and not found.group(k).strip() for k in ("condition", "log")
    ):
        raise UsageError(f"bad breakpoint {text!r}: write {GRAMMAR}", EXAMPLES)
    clauses = {
        "condition": found.group("condition"), "hit_condition": found.group("hit"),
        "log_message": found.group("log"),
    }
    location = found.group("location")
    if location in ("if", "hit", "log"):
        raise UsageError(f"bad breakpoint {text!r}: it starts with {location!r}, not a location", EXAMPLES)
    return location, {k: re.sub(r"\s+", " ", v.strip()) if k == "hit_condition" else v.strip()
                      for k, v in clauses.items() if v is not None}


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
                         'keys: path, line, condition, hitCondition, logMessage, function; e.g. '
                         '{"path": "cart.py", "line": 17, "condition": "i == 2"}') from None
    if model.function and (model.path or model.line):
        raise UsageError("a breakpoint has a function or a path and line, not both",
                         'e.g. {"function": "Cart.total"} or {"path": "cart.py", "line": 17}')
    if model.function:
        location = model.function
    elif model.path and model.line is not None:
        location = f"{model.path}:{model.line}"
    else:
        raise UsageError("a breakpoint needs path and line, or function",
                         'e.g. {"path": "cart.py", "line": 17, "condition": "i == 2"}')
    clauses = {k: v for k, v in (("condition", model.condition), ("hit_condition", model.hit_condition),
                                 ("log_message", model.log_message)) if v is not None}
    return location, clauses
