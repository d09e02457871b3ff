"""An evaluated expression whose function call stopped: the program is put back, the
evaluation fails saying why.

``eval 'add(1, 2)'`` with a breakpoint in ``add`` (or ``eval 'crash()'``, which faults): the
debugger runs the function in the program, and it stops there. lldb returns the program to its
state before the evaluation by itself; gdb does for a signal (``set unwindonsignal on``) but stays
inside the function at a breakpoint, and cdt-gdb-adapter answers the ``evaluate`` with an empty
value and no ``stopped`` event: the session would show the old stop while gdb stands in ``add``.
The family says what stopped the call (:meth:`~dapcli.adapters.base.AdapterSpec.call_stop`, read
from what the debugger said during the request) and how to pop it (its
:attr:`~dapcli.adapters.base.AdapterSpec.call_frames_command` and ``call_return_command``, sent with
its command request): dapcli pops the call, and the ``evaluate`` fails with what happened.
"""

from __future__ import annotations

from typing import Any

from dapcli.calls import call
from dapcli.errors import DapcliError, RequestError

__all__ = ["check_call"]


async def check_call(session: Any, thread_id: int | None, expression: str) -> None:
    """After an ``evaluate`` of ``expression`` in thread ``thread_id``: when a function it called
    stopped, pop that call (the debugger's frames up to its own call frame) and raise
    RequestError saying what stopped it and that the program is where it was; else return.

    ``session``: the engine's session (``adapter``, ``book``, ``request``)."""
    adapter = session.adapter
    stopped = adapter.call_stop()
    if stopped is None:
        return
    words, adapter_id = stopped
    if adapter_id is not None:
        ours = [e.id for e in session.book.entries.values() if e.adapter_id == adapter_id]
        words = f"breakpoint {ours[0]}" if ours else f"a breakpoint ({adapter.name}'s {adapter_id})"
    what = f"stopped at {words}" if adapter_id is not None or words == "a breakpoint" else f"received {words}"
    shown = " ".join(expression.split())
    shown = shown if len(shown) <= 60 else shown[:60] + "…"
    request, frames, back = adapter.log_point_request, adapter.call_frames_command, adapter.call_return_command
    if not (request and frames and back and thread_id is not None):
        raise RequestError(f"evaluating `{shown}` called a function that {what}: the program may be inside that "
                           "call", f"{call('console', command='bt')} shows where; {call('restart')} starts over",
                           "evaluate")
    popped = None
    try:
        listed = await session.request(request, {"command": frames.format(thread=thread_id)})
        found = adapter.called_frame(listed)
        if found is not None:
            await session.request(request, {"command": back.format(thread=thread_id, frame=found[0])})
            popped = found[1]
    except DapcliError as exc:
        raise RequestError(f"evaluating `{shown}` called a function that {what}, and {adapter.name} could not "
                           f"return from it ({exc.message}): the program is inside that call",
                           f"{call('console', command='bt')} shows where; {call('restart')} starts over",
                           "evaluate") from None
    inside = f" (in {popped})" if popped else ""
    hint = ("a breakpoint in a function the expression calls stops the call: delete it, or evaluate without "
            "the call") if what.startswith("stopped") else "the function faults when called so: check its arguments"
    raise RequestError(f"evaluating `{shown}` called a function that {what}{inside}; {adapter.name} abandoned "
                       "the call: the program is back where it stopped", hint, "evaluate")
