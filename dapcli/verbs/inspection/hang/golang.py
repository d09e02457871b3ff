"""Go (Delve): what each goroutine waits in (a channel, a select, a sync.Mutex, a WaitGroup, a
sleep), read from its frames in the runtime; the runtime's own deadlock report.

Go's ``sync.Mutex`` does not record which goroutine holds it, so its holder is never named
(and no cycle is claimed through one); when every goroutine is asleep the runtime says so itself
(``fatal error: all goroutines are asleep - deadlock!``), which Delve stops on."""

from __future__ import annotations

import re

from dapcli.engine.session import Session
from dapcli.errors import DapcliError
from dapcli.protocol import types as t
from dapcli.verbs.inspection.hang.stacks import Stack

__all__ = ["RUNTIME_DEADLOCK", "go_call_name", "go_waits", "runtime_report"]

RUNTIME_DEADLOCK = "all goroutines are asleep - deadlock!"
#: The runtime's and sync's functions by the operation the user's line performs.
_OPERATIONS = {
    "runtime.chanrecv1": "channel receive", "runtime.chanrecv2": "channel receive",
    "runtime.chansend1": "channel send", "runtime.selectgo": "select", "runtime.block": "select {} (for ever)",
}
_METHOD = re.compile(r"\(\*(\w+)\)")
_LOCK = re.compile(r"([A-Za-z_][\w.\[\]]*)\.(R?Lock)\(\s*\)")
_RECEIVE = re.compile(r"<-\s*([A-Za-z_][\w.\[\]]*)")
_SEND = re.compile(r"([A-Za-z_][\w.\[\]]*)\s*<-")
_NUMBER = re.compile(r"-?(?:0x[0-9a-fA-F]+|\d+)")
NO_OWNER = "(unknown: a Go sync.Mutex does not record its holder)"


def go_call_name(name: str) -> str:
    """``sync.(*Mutex).Lock`` → ``sync.Mutex.Lock``; ``runtime.chanrecv1`` → ``channel receive``."""
    return _OPERATIONS.get(name) or _METHOD.sub(r"\1", name)


async def _evaluate(session: Session, expression: str, frame_id: int) -> str | None:
    try:
        body = await session.request("evaluate", t.EvaluateArguments(expression=expression, frameId=frame_id,
                                                                     context="watch"), t.EvaluateResponse)
    except DapcliError:
        return None
    return body.result


async def go_waits(session: Session, stacks: list[Stack]) -> list[str]:
    """Name each goroutine's wait (and the mutex or channel, evaluated in its user frame); drop
    the runtime's own goroutines (no frame of the user's code) from ``stacks`` and return a
    note that says so."""
    own = [s for s in stacks if s.user is None and s.frames]
    for stack in own:
        stacks.remove(stack)
    for stack in stacks:
        thread, frame_id = stack.wait.thread, stack.frame_id_of(stack.user)
        if stack.user is None or stack.user == 0 or frame_id is None:
            continue
        thread.blocked_in = go_call_name(stack.frames[stack.user - 1].name)
        text = thread.text or ""
        lock = _LOCK.search(text) if thread.blocked_in.startswith("sync.") else None
        if lock is not None:
            address = await _evaluate(session, session.adapter.address_expression.format(lock.group(1)), frame_id)
            found = _NUMBER.match((address or "").strip())  # Delve: "5660808 = 0x566088"
            if found is None:
                continue
            key = f"{int(found.group(0), 0):#x}"
            thread.waits_on = f"{thread.blocked_in.rsplit('.', 1)[0]} {lock.group(1)} at {key}"
            state = _NUMBER.match((await _evaluate(session, f"{lock.group(1)}.state", frame_id) or "").strip())
            if state is not None and thread.blocked_in == "sync.Mutex.Lock":  # sync: bit 0 locked, waiters << 3
                value = int(state.group(0), 0)
                waiting = value >> 3
                thread.waits_on += (f" ({'locked' if value & 1 else 'unlocked'}, {waiting} "
                                    f"waiter{'s' if waiting != 1 else ''})")
            stack.wait.key, stack.wait.no_owner_reason = key, NO_OWNER
            continue
        channel = _RECEIVE.search(text) if "receive" in thread.blocked_in else \
            _SEND.search(text) if "send" in thread.blocked_in else None
        if channel is not None:
            value = await _evaluate(session, channel.group(1), frame_id)
            thread.waits_on = f"channel {channel.group(1)}" + (f" ({value})" if value else "")
    if not own:
        return []
    ids = ", ".join(str(s.wait.thread.id) for s in own)
    return [f"{len(own)} goroutine{'s' if len(own) != 1 else ''} of the Go runtime ({ids}) have no frame of "
            "your code: not listed"]


def runtime_report(session: Session) -> str | None:
    """The runtime's ``fatal error: all goroutines are asleep - deadlock!`` when Delve stopped on
    it, or the program printed it (it ended, or runs on after the stop); else None."""
    stop = session.last_stop
    if stop is not None and RUNTIME_DEADLOCK in (stop.text or "") + (stop.description or ""):
        return f"fatal error: {RUNTIME_DEADLOCK}"
    for chunk in session.output.since(0):
        if RUNTIME_DEADLOCK in chunk.output:
            return f"fatal error: {RUNTIME_DEADLOCK}"
    return None
