"""The values that decide a stop, read whole so that no view cuts away the cause.

A stop's locals are cut short in text (a line of them must fit an agent's budget), and the cut
used to hide exactly what made the program stop: the differing rows of a failed ``assert``, the
misspelled key of a ``KeyError`` next to the keys that exist, the value a breakpoint's condition
tested. :func:`add_deciding` reads those values again, each in full up to
:data:`DECIDING_CHARS` characters (the cut marked), into the stop state's ``deciding``:

* a breakpoint with a condition: each plain name in the condition (``row.total``, ``p->len``);
* a watchpoint's stop: each watched expression (gdb's "New value"), from the breakpoint verbs;
* a Python exception (debugpy): the statement at the stop, parsed; for a failed ``assert``, its
  operands (and the statement itself as the description when debugpy has none: ``exception: no
  description``); for a ``KeyError``, the keys of each container subscripted there and the key;
  for an ``IndexError``, each container's length; else the plain names of the statement.

Only side-effect-free expressions are evaluated (names, attributes, subscripts by a name or a
literal): no call the user did not make runs. One ``evaluate`` per value (DAP ``evaluate``,
context ``clipboard`` where the adapter lifts its own cuts with it).
"""

from __future__ import annotations

import ast
import builtins
import re
import textwrap
from collections.abc import Callable

from dapcli.engine.session import Session
from dapcli.engine.sourcefiles import read_lines
from dapcli.errors import DapcliError, UsageError
from dapcli.protocol import types as t
from dapcli.verbs.models import StopState, VariableView
from dapcli.verbs.shared.values.fullvalue import adapter_mark, full_context, full_repr
from dapcli.verbs.shared.values.variables import cut_value

__all__ = ["DECIDING_CHARS", "MAX_DECIDING", "add_deciding", "condition_names", "on_deciding", "statement_at"]

#: Longest deciding value kept (characters); a longer one is cut and says how much is left out.
DECIDING_CHARS = 1000
#: The longest text of a deciding value that debugpy is asked for whole (characters): then cut to
#: :data:`DECIDING_CHARS`; a longer one is shown as debugpy cut it.
DECIDING_FETCH = 100_000
#: Most deciding values per stop.
MAX_DECIDING = 4
#: Seconds one deciding value may take.
DECIDING_TIMEOUT = 5.0
#: What debugpy says for an exception without a message (a bare ``assert``).
_NO_DESCRIPTION = {"", "exception: no description", "AssertionError"}
#: Lines read to find the end of the statement at the stop.
_STATEMENT_LINES = 12
#: A plain name in a condition of another language (C, Go, JavaScript): ``a.b``, ``p->len``, ``v[2]``.
_NAME = re.compile(r"(?<![\w.$])[A-Za-z_$][\w$]*(?:(?:\.|->)[A-Za-z_$][\w$]*|\[\w+\])*(?!\s*\()")
_NOT_NAMES = frozenset({"true", "false", "nil", "null", "NULL", "undefined", "None", "True", "False", "and", "or",
                        "not", "len", "sizeof", "typeof", "instanceof", "in", "is", "this"})


#: What else decides a stop: ``(shown, evaluated)`` pairs from a verb family (the watched
#: expressions at a watchpoint stop, ``breakpoints/watchscope.py``); the stop state knows no family.
DecidingProvider = Callable[[Session, StopState], list[tuple[str, str]]]
_providers: list[DecidingProvider] = []


def on_deciding(provider: DecidingProvider) -> None:
    """Add ``provider`` to what :func:`add_deciding` asks at every stop."""
    _providers.append(provider)


async def add_deciding(session: Session, state: StopState) -> None:
    """Fill ``state.deciding`` (and a bare ``assert``'s description) at a stop; never raises."""
    if state.status != "stopped" or state.location is None or not state.frames:
        return
    frame_id = state.frames[0].id
    python = getattr(session.adapter, "name", "") == "python"
    wanted: list[tuple[str, str]] = []  # (what is shown, what is evaluated)
    if state.reason == "exception" and python and state.location.path:
        wanted += _exception_expressions(state, statement_at(state.location.path, state.location.line))
    for provider in _providers:
        wanted += provider(session, state)
    for number in state.hit_breakpoint_ids or []:
        entry = session.book.entries.get(number)
        if entry is not None and entry.condition:
            wanted += [(name, name) for name in condition_names(entry.condition, python=python)]
    views: list[VariableView] = []
    for shown, expression in dict.fromkeys(wanted):
        if len(views) >= MAX_DECIDING:
            break
        value = await _evaluate(session, expression, frame_id)
        if value is not None:
            text, left_out = cut_value(value, DECIDING_CHARS)
            note = adapter_mark(value, 0, getattr(session.adapter, "name", ""))  # then no count of dapcli's cut
            views.append(VariableView(name=shown, value=text, value_truncated=(left_out or None) if note is None
                                      else None, value_cut_by_adapter=note))
    state.deciding = views or None


def statement_at(path: str, line: int) -> tuple[str, ast.stmt] | None:
    """The Python statement that starts at ``line`` of ``path`` (its text and parsed node), read
    up to :data:`_STATEMENT_LINES` lines on; None when none parses there."""
    if not path.endswith(".py"):
        return None
    try:
        lines = read_lines(path)[line - 1: line - 1 + _STATEMENT_LINES]  # lines as the adapter counts them
    except UsageError:  # not a regular file, unreadable, too large
        return None
    for count in range(1, len(lines) + 1):
        text = textwrap.dedent("\n".join(lines[:count]))
        try:
            tree = ast.parse(text)
        except SyntaxError:
            continue
        if tree.body:
            return text.strip(), tree.body[0]
    return None


def condition_names(condition: str, *, python: bool) -> list[str]:
    """The plain names a breakpoint's ``condition`` tests (``rows``, ``item.price``; no call)."""
    if python:
        try:
            tree = ast.parse(condition.strip(), mode="eval")
        except SyntaxError:
            return []
        return [ast.unparse(node) for node in _plain_parts(tree.body)]
    return list(dict.fromkeys(n for n in _NAME.findall(condition) if n not in _NOT_NAMES))


def _exception_expressions(state: StopState, found: tuple[str, ast.stmt] | None) -> list[tuple[str, str]]:
    """What decides a Python exception at ``found`` (the statement at the stop)."""
    if found is None:
        return []
    text, statement = found
    kind = (state.exception.exception_id if state.exception else "").rsplit(".", 1)[-1]
    if isinstance(statement, ast.Assert):
        _describe_assert(state, ast.get_source_segment(text, statement) or text)
        test = statement.test
        if isinstance(test, ast.Compare):
            operands = [test.left, *test.comparators]
        elif isinstance(test, ast.BoolOp):
            operands = list(test.values)
        elif isinstance(test, ast.UnaryOp) and isinstance(test.operand, ast.Compare | ast.Name | ast.Attribute):
            operands = [test.operand]
        else:
            operands = [test]
        plain = [ast.unparse(node) for node in operands if _is_plain(node)]  # a call's result: pytest says it
        return [(source, source) for source in plain]
    wanted: list[tuple[str, str]] = []
    if kind in ("KeyError", "IndexError"):
        for node in ast.walk(statement):
            if isinstance(node, ast.Subscript) and _is_plain(node.value):
                container = ast.unparse(node.value)
                if kind == "KeyError":
                    wanted.append((f"{container}.keys()", f"list({container}.keys())"))
                else:
                    wanted.append((f"len({container})", f"len({container})"))
                wanted += [(key, key) for key in _plain_sources(node.slice)]
        return wanted
    return [(name, name) for name in _plain_sources(statement)]


def _describe_assert(state: StopState, text: str) -> None:
    """A bare ``assert``'s statement as its description (and its test message) where debugpy
    has none (``exception: no description``)."""
    said = text
    exception = state.exception
    if exception is not None and (exception.description or "").strip() in _NO_DESCRIPTION:
        exception.description = said
        if (exception.message or "").strip() in _NO_DESCRIPTION:
            exception.message = said
        if (state.description or "").strip() in _NO_DESCRIPTION:
            state.description = None  # the stop's own "exception: no description"
    if state.test is not None and (state.test.message or "").strip() in _NO_DESCRIPTION | {"AssertionError"}:
        state.test.message = said


def _plain_sources(node: ast.AST) -> list[str]:
    return [ast.unparse(part) for part in _plain_parts(node)]


def _plain_parts(node: ast.AST) -> list[ast.expr]:
    """The largest side-effect-free parts of ``node`` (names, attributes, subscripts), left to
    right; builtins and called names are left out."""
    if isinstance(node, ast.Name | ast.Attribute | ast.Subscript) and _is_plain(node):
        if isinstance(node, ast.Name) and hasattr(builtins, node.id):
            return []
        return [node]
    found: list[ast.expr] = []
    for child in ast.iter_child_nodes(node):
        if isinstance(node, ast.Call) and child is node.func:  # the function called is no value; its object is
            found += _plain_parts(child.value) if isinstance(child, ast.Attribute) else []
            continue
        found += _plain_parts(child)
    return found


def _is_plain(node: ast.AST) -> bool:
    """A name, attribute or subscript (by a name or literal) with no call in it."""
    if isinstance(node, ast.Name):
        return True
    if isinstance(node, ast.Attribute):
        return _is_plain(node.value)
    if isinstance(node, ast.Subscript):
        key = node.slice
        return _is_plain(node.value) and (isinstance(key, ast.Constant) or _is_plain(key))
    return False


async def _evaluate(session: Session, expression: str, frame_id: int) -> str | None:
    """``expression``'s whole value in ``frame_id`` (None when it cannot be evaluated)."""
    try:
        body = await session.request("evaluate", t.EvaluateArguments(
            expression=expression, frameId=frame_id, context=full_context(session, "watch", 0)),
            t.EvaluateResponse, timeout=DECIDING_TIMEOUT)
    except DapcliError:
        return None
    value, _ = await full_repr(session, expression, frame_id, str(body.result), limit=DECIDING_FETCH,
                               timeout=DECIDING_TIMEOUT)
    return value  # debugpy's own cut text when its whole is longer than what is kept (its mark says so)
