"""A breakpoint condition the debugger could not evaluate, said with the stop it caused.

lldb-dap and CodeLLDB stop at a breakpoint whose condition fails to parse (``nosuch > 1``) and
say why only on their console (``Couldn't parse conditional expression:`` then clang's
diagnosis): the stop looked like the condition held. The reason is now a warning of the stop,
and the breakpoint's entry says it from then on (``break list``: its condition could not be
evaluated), not only "verified". (Delve reports a condition that cannot be evaluated as an
``exception`` stop with the text, and refuses one that does not parse when it is set, as gdb
does; debugpy's is compiled before it is sent, see ``AdapterSpec.condition_error``.)
"""

from __future__ import annotations

import re

from dapcli.engine.chatter import DEBUGGER_CATEGORIES
from dapcli.engine.diagnosis import diagnosis
from dapcli.engine.session import Session
from dapcli.errors import DapcliError, RequestError

__all__ = ["condition_errors", "failed_conditions"]

_FAILED = re.compile(r"(?:error: )?stopped due to an error evaluating condition of breakpoint ([\d.]+): *([^\n]*)\n?")
_PARSE = re.compile(r"^\s*Couldn't parse conditional expression:\s*")
_BROKEN = "its condition could not be evaluated"


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


def _flag(session: Session, warnings: list[str]) -> list[str]:
    """Note on each breakpoint whose condition ``warnings`` name that it could not be
    evaluated (once; ``break list`` and ``--json`` show it); returns ``warnings``."""
    for entry in session.book.entries.values():
        said = next((w for w in warnings if entry.condition
                     and w.partition(" could not be evaluated")[0].removeprefix("the condition ").strip('"')
                     == entry.condition), None)
        if said is None or (entry.warning and _BROKEN in entry.warning):
            continue
        note = f"{_BROKEN}: {said.rpartition('so the breakpoint stopped: ')[2]} (the debugger stops at every hit)"
        entry.warning = "; ".join(w for w in (entry.warning, note) if w)
    return warnings


async def failed_conditions(session: Session, since: int, frame_id: int | None = None) -> list[str]:
    """:func:`condition_errors`; when the debugger's text has not said anything (CodeLLDB may
    send it after the ``stopped`` event), and the stop is at a breakpoint of the user's with a
    condition, on an adapter that stops when a condition fails (``stops_on_failed_condition``):
    the condition is evaluated in the stopped frame (DAP ``evaluate``, context ``watch``) and an
    error the adapter answers is the warning. ``frame_id``: the stopped thread's top frame when
    the caller has read it (lldb-dap may answer an empty ``stackTrace`` right after the stop).
    Never raises."""
    warnings = condition_errors(session, since)
    stop = session.last_stop
    if warnings or stop is None or stop.reason != "breakpoint" or stop.thread_id is None \
            or not getattr(session.adapter, "stops_on_failed_condition", False):
        return _flag(session, warnings)
    hit = set(stop.hit_breakpoint_ids)
    conditions = [e.condition for e in session.book.entries.values() if e.condition and e.adapter_id in hit]
    if not conditions:
        return _flag(session, warnings)
    try:
        if frame_id is None:
            trace = await session.request("stackTrace", {"threadId": stop.thread_id, "startFrame": 0, "levels": 1})
            frames = getattr(trace, "stackFrames", None) or []
            if not frames:
                return _flag(session, warnings)
            frame_id = frames[0].id
        for condition in conditions:
            try:
                await session.request("evaluate", {"expression": condition, "frameId": frame_id,
                                                   "context": "watch"}, timeout=5.0)
            except RequestError as exc:
                warnings.append(f"the condition {condition} could not be evaluated, so the breakpoint stopped: "
                                f"{exc.message}")
    except DapcliError:
        pass
    return _flag(session, warnings)
