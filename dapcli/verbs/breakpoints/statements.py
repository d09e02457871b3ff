"""Breakpoints by statement and expected content, in one place for every frontend.

* ``break add FILE --at 'TEXT'`` (MCP/recipes ``statement``, optional ``nearLine``; ``-b
  'FILE@TEXT'`` at launch; REPL ``b FILE@TEXT``): the line whose trimmed text is TEXT, else the
  one line that contains it; several are refused with every candidate ``line: text``.
* ``break add FILE:LINE --expect 'TEXT'`` (MCP ``expect``; recipe breakpoints ``expectText``):
  refused unless LINE holds TEXT, showing the real line and its neighbours.

The ``@`` spelling: ``FILE@TEXT`` takes TEXT to the end; ``FILE@'TEXT'`` (or ``"TEXT"``) may be
followed by the usual clauses (``if``, ``hit``, ``log``). It is read only where FILE is a file
here (a Go module path ``mod@v1.2.3/x.go:10`` stays a path), so no ``-b`` that worked before
changes meaning.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from dapcli.engine.anchors import context, cut, find_statement, lines_of
from dapcli.errors import UsageError

__all__ = ["check_expect", "place_statement", "split_at"]

_QUOTES = ("'", '"')


def split_at(text: str, is_file: Callable[[str], bool]) -> tuple[str, str, str] | None:
    """``cart.py@total += price`` → ``("cart.py", "total += price", "")``; with a quoted text,
    the rest after it (clauses) is the third part. None when no ``@`` follows a file here.

    Raises:
        UsageError: a quoted text without its closing quote.
    """
    start = 0
    while (at := text.find("@", start)) != -1:
        start = at + 1
        head, rest = text[:at].strip(), text[at + 1:]
        if not head or not is_file(head):
            continue
        body = rest.strip()
        if body[:1] in _QUOTES:
            close = body.rfind(body[0])
            if close == 0:
                raise UsageError(f"bad breakpoint {text!r}: the statement's closing {body[0]} is missing",
                                 f"e.g. -b \"{head}@'total += price' if i == 2\"")
            return head, body[1:close], body[close + 1:].strip()
        return head, body, ""
    return None


def place_statement(resolve: Callable[[str], str], file_text: str, statement: str,
                    near_line: int | None = None) -> dict[str, Any]:
    """``{"path", "line"}`` of ``statement`` in ``file_text`` (``FILE``, or ``FILE:N``: near line
    N unless ``near_line`` is given).

    Raises:
        UsageError: not a file here, no line holds it, or several do (every candidate listed).
    """
    name, sep, number = file_text.strip().rpartition(":")
    if sep and number.isascii() and number.isdigit() and name:
        near_line = near_line if near_line is not None else int(number)
    else:
        name = file_text.strip()
    path = resolve(name)
    if not os.path.isfile(path):
        raise UsageError(f"no such file: {name or '(none)'} (looked at {path})",
                         "a statement is found in a file here: give FILE --at 'TEXT'")
    return {"path": path, "line": find_statement(path, statement, near_line, shown=name)}


def check_expect(path: str, line: int, expect: str, shown: str) -> None:
    """Refuse ``shown``:``line`` unless it holds ``expect`` (trimmed equality or a substring).

    Raises:
        UsageError: the line reads otherwise (the message shows it with its neighbours; the
            hint names where the text is, when it is elsewhere).
    """
    wanted = expect.strip()
    lines = lines_of(path)
    if not wanted or lines is None or not 0 < line <= len(lines):
        if not wanted:
            raise UsageError("the expected text is empty", "give the text the line holds, e.g. --expect 'total +='")
        raise UsageError(f"cannot check {shown}:{line} against {cut(wanted)!r}: the file is not here or is shorter",
                         "give a line of a file here")
    text = lines[line - 1]
    if wanted in text:
        return
    elsewhere = [n for n, raw in enumerate(lines, 1) if wanted in raw]
    hint = (f"{cut(wanted)!r} is at line {', '.join(map(str, elsewhere[:5]))}; or set it by its statement "
            "(--at, or statement)" if elsewhere else "check the line (`dapcli list FILE:LINE`)")
    raise UsageError(f"{shown}:{line} does not hold {cut(wanted)!r}: {context(lines, line)}", hint)
