"""Python (debugpy): every thread's wait, read by one evaluation in the program.

debugpy runs an ``evaluate`` without ``frameId`` on its own command thread: it answers while
every thread of the program is blocked in C code and no ``pause`` lands. The code it runs
(:mod:`.pyprobe`, sent as text) only reads frames, locals and locks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from dapcli.engine.session import Session
from dapcli.errors import DapcliError
from dapcli.protocol import types as t
from dapcli.verbs.inspection.hang.common import Wait, place
from dapcli.verbs.models.hang import HangThread

__all__ = ["HOW", "python_waits"]

HOW = "read by one evaluation in the program (debugpy runs it on its own thread; it only reads frames and locks)"
#: How long the evaluation may take (s): debugpy's command thread looks for work every ~0.5 s.
PROBE_TIMEOUT = 15.0
#: (kernel state letter) → the thread's state: asleep in a system call, running, stopped by a signal.
_PROC_STATES = {"S": "blocked", "D": "blocked", "R": "running", "t": "stopped", "T": "stopped"}


def _expression() -> str:
    source = Path(__file__).with_name("pyprobe.py").read_text(encoding="utf-8")
    return f"(lambda ns: exec({source!r}, ns) or ns['out'])({{'__name__': 'dapcli_hang'}})"


async def python_waits(session: Session, listed: list[t.Thread]) -> tuple[list[Wait], list[str]]:
    """One :class:`Wait` per thread of the program (DAP ``evaluate`` without ``frameId``), and a
    note for threads that cannot be told apart from the adapter's list (same name, no id).

    Raises:
        DapcliError: the adapter refused or did not answer the evaluation."""
    body = await session.request("evaluate", t.EvaluateArguments(expression=_expression(), context="repl"),
                                 t.EvaluateResponse, timeout=PROBE_TIMEOUT)
    try:
        found = json.loads(body.result)["threads"]
    except (ValueError, KeyError, TypeError):
        raise DapcliError(f"the program's threads could not be read: {body.result[:300]}") from None
    names: dict[str, list[int]] = {}
    for thread in listed:
        names.setdefault(thread.name, []).append(thread.id)
    idents = {entry["ident"]: _dap_id(entry, names) for entry in found}
    unmatched = [entry["name"] for entry in found if idents[entry["ident"]] is None]
    notes = [f"not listed: {len(unmatched)} thread(s) the adapter lists under a name others share "
             f"({', '.join(sorted(set(unmatched))[:10])})"] if unmatched else []
    return [_wait(entry, idents) for entry in found if idents[entry["ident"]] is not None], notes


def _dap_id(entry: dict[str, Any], names: dict[str, list[int]]) -> int | None:
    """The id debugpy gives the thread (read from its internals), else the one DAP thread of its name."""
    if isinstance(entry.get("dapId"), int):
        return int(entry["dapId"])
    same = names.get(entry["name"], [])
    return same[0] if len(same) == 1 else None


def _wait(entry: dict[str, Any], idents: dict[int, int | None]) -> Wait:
    thread_id = idents[entry["ident"]]
    assert thread_id is not None
    suspended = bool(entry.get("suspended"))
    state = "stopped" if suspended else _PROC_STATES.get(entry.get("proc") or "", "unknown")
    thread = HangThread(id=thread_id, name=entry["name"], state=state)
    place(thread, [(path, line, name) for path, line, name in entry["frames"]])
    waits = entry.get("waitsOn") if state == "blocked" else None
    thread.blocked_in = entry.get("blockedIn") if state == "blocked" else None
    wait = Wait(thread=thread, holds=[(str(h["id"]), h["text"]) for h in entry.get("holds", [])])
    if waits is None:
        return wait
    thread.waits_on = waits["text"]
    if waits["kind"] == "thread":
        wait.joins = idents.get(waits["thread"])
    elif waits["kind"] == "lock":
        wait.key = str(waits["id"])
        wait.owner = idents.get(waits["owner"]) if waits.get("owner") else None
    return wait
