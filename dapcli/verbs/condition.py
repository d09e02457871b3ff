"""A breakpoint condition the debugger could not evaluate, said with the stop it caused.

lldb-dap and CodeLLDB stop at a breakpoint whose condition fails to parse (``nosuch > 1``) and
say why only on their console (``Couldn't parse conditional expression:`` then clang's
diagnosis): the stop looked like the condition held. The reason is now a warning of the stop.
(Delve reports the same case as an ``exception`` stop with the text; debugpy and js-debug treat
the condition as false and do not stop.)
"""

from __future__ import annotations

import re

from dapcli.engine.chatter import DEBUGGER_CATEGORIES
from dapcli.engine.diagnosis import diagnosis
from dapcli.engine.session import Session

__all__ = ["condition_errors"]

_FAILED = re.compile(r"(?:error: )?stopped due to an error evaluating condition of breakpoint ([\d.]+): *([^\n]*)\n?")
_PARSE = re.compile(r"^\s*Couldn't parse conditional expression:\s*")


def condition_errors(session: Session, since: int) -> list[str]:
    """Warnings for the debugger's text newer than ``since`` that says a breakpoint's condition
    failed (lldb's ``stopped due to an error evaluating condition of breakpoint 2.1``), with
    the adapter's diagnosis on one line."""
    text = "".join(c.output for c in session.output.since(since) if c.category in DEBUGGER_CATEGORIES)
    warnings = []
    for found in _FAILED.finditer(text):
        rest = _PARSE.sub("", text[found.end():].split("\n\n", 1)[0])
        said = diagnosis(rest) if rest.strip() else "the debugger gave no reason"
        warnings.append(f"the condition {found.group(2)} could not be evaluated, so the breakpoint stopped: {said}")
    return warnings
