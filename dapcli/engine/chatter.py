"""Telling the program's output from the debugger's own text.

Adapters send their console text (banners, echoed commands, stop reports) as ``output`` events
too, some of it under ``stdout``/``stderr``. The adapter families relabel what they recognise
as ``console`` (``AdapterSpec.output_category``); this module holds what is common to all:
which categories are the debugger's, and log-point messages, which lldb-dap and gdb send as
``console`` although they are the user's output (debugpy and Delve send them as ``stdout``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["DEBUGGER_CATEGORIES", "has_literal", "is_log_message"]

#: Categories of the debugger's own text: left out of ``output`` and stop states unless asked
#: for (``output --category console``). ``log`` is cdt-gdb-adapter's echo of gdb commands.
DEBUGGER_CATEGORIES = frozenset({"console", "log"})

_PLACEHOLDER = re.compile(r"\{+[^{}]*\}+")  # `{{x}}` (an escaped brace, or a set) is one hole


_GO_PREFIX = re.compile(r"> \[Go \d+\]: ")  # Delve's prefix of a log point's line


def _fills(parts: list[str], text: str) -> bool:
    """Whether ``text`` is the template split into literal ``parts`` with any text in each hole
    (a hole also matches itself: gdb via cdt-gdb-adapter does not substitute them).

    Linear in ``len(text)``: the first part must begin the text and the last end it; the parts
    between are found leftmost, in order (for holes that match any text, the leftmost place of
    each part is always a right one)."""
    if len(parts) == 1:
        return text == parts[0]
    first, last = parts[0], parts[-1]
    if len(text) < len(first) + len(last) or not text.startswith(first) or not text.endswith(last):
        return False
    position, end = len(first), len(text) - len(last)
    for part in parts[1:-1]:
        found = text.find(part, position, end)
        if found < 0:
            return False
        position = found + len(part)
    return True


def _matches(template: str, text: str) -> bool:
    parts = _PLACEHOLDER.split(template)
    body = text[:-1] if text.endswith("\n") else text
    body = body[:-1] if body.endswith("\r") else body
    prefix = _GO_PREFIX.match(body)
    return _fills(parts, body) or (prefix is not None and _fills(parts, body[prefix.end():]))


def has_literal(template: str) -> bool:
    """Whether a log-point template has text of its own beyond its placeholders (``{i}`` alone
    matches any line, so no line can be told to be it)."""
    return bool(_PLACEHOLDER.sub("", template).strip())


#: The debuggers' own console lines, never a log message even when a template made only of
#: placeholders (``{i}``) would match anything: lldb-dap's and CodeLLDB's process reports, their
#: echoed commands, cdt-gdb-adapter's banner lines.
_NEVER_LOG = re.compile(
    r"^(?:Process \d+ (?:exited|launched|stopped|resuming|detached)\b|Process exited with code -?\d+\.?\s*$"
    r"|Launching: |Launched process \d+ |Running (?:pre|post)?RunCommands|Running initCommands"
    r"|\(lldb\) |Console is in '"
    r"|Stop reason: |\[Inferior \d+ \(process \d+\))"
)


def is_log_message(text: str, templates: Iterable[str]) -> bool:
    """True when ``text`` is one of the log-point ``templates`` filled in (never one of the
    debuggers' own reports, see :data:`_NEVER_LOG`)."""
    if _NEVER_LOG.match(text):
        return False
    return any(_matches(template, text) for template in templates if template)
