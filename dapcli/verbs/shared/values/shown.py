"""A name for a variable that the adapter sent without one, and a string value with its
control characters written as escapes.

js-debug lists a variable with its tabs and newlines as they are (``'tab<TAB>here'``, a ``Map``
key ``b<LF>``, a function's source lines), while its ``evaluate`` writes them escaped
(``'tab\\there'``, ``Map(1) {b\\n => 2}``, ``ƒ f() {\\n …}``): a tab shown as spaces, a newline
that breaks the row. dapcli writes them as its ``evaluate`` does, as the other adapters already do.

Delve lists the value a pointer points to as a single child named ``""`` (``evaluateName``
``(*pp)`` or ``(*(pp))``), which a tree, a table or a JSON reader shows as a blank. dapcli shows
it as the Go expression for it, ``*pp``, made from the child's ``evaluateName``; the adapter's
own (empty) name is what ``setVariable`` still receives (the set path works on the adapter's
variables).
"""

from __future__ import annotations

import re

__all__ = ["escaped_string", "shown_name"]

#: Control characters and how JavaScript writes them in a string literal.
_ESCAPES = {"\t": "\\t", "\n": "\\n", "\r": "\\r", "\b": "\\b", "\f": "\\f", "\v": "\\v"}
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\t\n\r]")

#: A field reached through a pointer, ``(*(list)).Next`` or ``(*list).Next``: Go selects fields
#: through pointers, so it is ``list.Next``.
_THROUGH = re.compile(r"\(\*\(?([\w.]+)\)?\)\.")
#: Needs no parentheses after ``*`` (``*a.b[1]`` is ``*(a.b[1])`` in Go).
_PLAIN = re.compile(r"[\w.\[\]]+")


def _unwrap(text: str) -> str:
    """``text`` without parentheses that enclose all of it: ``((x))`` → ``x``."""
    while text.startswith("(") and text.endswith(")") and _closes_at_end(text):
        text = text[1:-1].strip()
    return text


def _closes_at_end(text: str) -> bool:
    depth = 0
    for index, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0:
            return index == len(text) - 1
    return False


def _go_expression(text: str) -> str:
    while True:
        shorter = _THROUGH.sub(r"\1.", text)
        if shorter == text:
            return text
        text = shorter


def shown_name(name: str, evaluate_name: str | None) -> str:
    """``name``, or when it is empty a name made from ``evaluate_name``: ``(*(pp))`` → ``*pp``,
    ``(*(*(list)).Next)`` → ``*list.Next``; any other expression as it is; ``*`` when there is
    none (Delve names nothing else with an empty string)."""
    if name:
        return name
    if not evaluate_name:
        return "*"
    whole = _unwrap(evaluate_name.strip())
    if not whole.startswith("*"):
        return evaluate_name
    inner = _unwrap(_go_expression(whole[1:].strip()))
    return f"*{inner}" if _PLAIN.fullmatch(inner) else f"*({inner})"


def escaped_string(value: str, type_name: str | None, adapter: str) -> str:
    """``value`` as listed by js-debug with its control characters escaped (``\\t``, ``\\n``,
    ``\\x1b``) as its ``evaluate`` writes them: inside a ``string``'s quotes (``'…'``) and anywhere
    in any other value (an object's preview, a ``Symbol``'s description, a function's source);
    any other adapter's value as it is."""
    if adapter != "node" or not _CONTROL.search(value):
        return value
    if type_name == "string" and len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"`":
        return value[0] + _CONTROL.sub(_escape, value[1:-1]) + value[-1]
    return _CONTROL.sub(_escape, value)


def _escape(found: re.Match[str]) -> str:
    char = found.group(0)
    return _ESCAPES.get(char) or f"\\x{ord(char):02x}"
