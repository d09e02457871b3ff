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

__all__ = ["DEBUGGER_CATEGORIES", "is_log_message"]

#: Categories of the debugger's own text: left out of ``output`` and stop states unless asked
#: for (``output --category console``). ``log`` is cdt-gdb-adapter's echo of gdb commands.
DEBUGGER_CATEGORIES = frozenset({"console", "log"})

_PLACEHOLDER = re.compile(r"\{+[^{}]*\}+")  # `{{x}}` (an escaped brace, or a set) is one hole


def _pattern(template: str) -> re.Pattern[str]:
    """A log message template (``x is {x}``) as a regex; a placeholder matches any text, and
    also itself (gdb via cdt-gdb-adapter does not substitute them)."""
    parts = _PLACEHOLDER.split(template)
    holes = _PLACEHOLDER.findall(template)
    regex = re.escape(parts[0])
    for hole, part in zip(holes, parts[1:], strict=True):
        regex += f"(?:.*?|{re.escape(hole)})" + re.escape(part)
    return re.compile(rf"^(?:> \[Go \d+\]: )?{regex}\r?\n?$", re.DOTALL)


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
    return any(_pattern(template).match(text) for template in templates if template)
