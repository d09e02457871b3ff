"""Breakpoint conditions in JavaScript for js-debug, which takes one part of a breakpoint only.

js-debug 1.105 reads a ``SourceBreakpoint`` as its ``condition`` if it has one, else as its
``logMessage``, else as its ``hitCondition`` (``getConditionFor``): a log point with a condition
stopped like a plain breakpoint and logged nothing, a log point's hit condition was ignored (it
logged at every hit), and so was a hit condition beside a condition. So dapcli folds the other
parts into the one condition, which V8 evaluates at each hit without a stop: a count of the hits
where the user's condition holds (in ``globalThis.__dapcli_hits``), and the message written with
``console.log`` as js-debug's own log points write it (``console.log("text %O", value), false``).
"""

from __future__ import annotations

import json

from dapcli.adapters.hits import parse_hit

__all__ = ["counted", "hit_counter", "log_condition"]

_STORE = "(globalThis.__dapcli_hits || (globalThis.__dapcli_hits = {}))"


def hit_counter(condition: str, name: str) -> str | None:
    """A JavaScript expression that counts the hits in ``globalThis.__dapcli_hits[name]`` and is
    true when dapcli's hit ``condition`` is met; None outside the grammar."""
    parsed = parse_hit(condition)
    if parsed is None:
        return None
    operator, number = parsed
    key = json.dumps(name)
    count = f"({_STORE}[{key}] = ({_STORE}[{key}] || 0) + 1)"
    if operator == "%":
        return f"{count} % {number} === 0" if number > 0 else "false"
    return f"{count} {'===' if operator == '==' else operator} {number}"


def counted(condition: str, counter: str) -> str:
    """The user's ``condition``, then the ``counter`` only where it holds (its own lines: a ``//``
    comment in it ends there)."""
    return f"(\n{condition}\n) && ({counter})"


def _placeholders(message: str) -> list[tuple[int, int]]:
    """The ``{expression}`` places of ``message`` as (index of ``{``, index of its ``}``), braces
    inside an expression balanced (``{({a: i})}``), as js-debug reads them; one pass."""
    found, depth, start = [], 0, 0
    for index, char in enumerate(message):
        if char == "{":
            start = index if depth == 0 else start
            depth += 1
        elif char == "}" and depth:
            depth -= 1
            if depth == 0 and index > start + 1:
                found.append((start, index))
    return found


def log_condition(message: str, condition: str | None) -> str | None:
    """A condition that writes ``message`` (each ``{expression}`` as ``console.log``'s ``%O``
    shows it; one that throws as ``<its message>``) where ``condition`` holds, and never holds
    itself. None without a ``condition``: js-debug's own ``logMessage`` does it then."""
    if condition is None:
        return None
    parts, values, last = [], [], 0
    for start, end in _placeholders(message):
        parts += [message[last:start].replace("%", "%%"), "%O"]
        values.append(f"(() => {{ try {{ return (\n{message[start + 1:end].strip()}\n); }} "
                      "catch (e) { return '<' + (e && e.message || e) + '>'; } })()")
        last = end + 1
    parts.append(message[last:].replace("%", "%%"))
    write = f"console.log({', '.join([json.dumps(''.join(parts)), *values])})"
    return f"(\n{condition}\n) && ({write}, false)"
