"""Resume the program with an execution request and wait for its stop state: what every
execution verb does (``continue``, steps, ``until``, ``goto``, instruction steps)."""

from __future__ import annotations

import contextlib
import time

from pydantic import BaseModel

from dapcli.engine.session import Session, SessionState
from dapcli.errors import DapcliError
from dapcli.protocol import types as t
from dapcli.verbs.context import VerbContext
from dapcli.verbs.models import StopState
from dapcli.verbs.shared.frames import check_thread
from dapcli.verbs.shared.stop.refusedstep import check_refused, note_interrupted
from dapcli.verbs.shared.stop.runs import later_runs
from dapcli.verbs.shared.stop.stopstate import stop_state

__all__ = ["forget_return_values", "resume"]

#: Seconds the adapter has to forget the return values of a stop (it answers in milliseconds).
FORGET_TIMEOUT = 5.0


async def forget_return_values(session: Session) -> None:
    """Empty the adapter's record of returned values in each frame that showed one at this stop
    (``AdapterSpec.return_value_clear``: debugpy keeps ``(return) f`` among the caller's locals
    until the frame ends, so a later stop would show a value that returned long before as if it
    just had). DAP ``evaluate`` (context ``repl``) in those frames; never raises."""
    expression = session.adapter.return_value_clear
    frames, session.at_stop.return_frames = session.at_stop.return_frames, set()
    if not expression or session.state is not SessionState.STOPPED:
        return
    for frame_id in frames:
        with contextlib.suppress(DapcliError):
            await session.request("evaluate", t.EvaluateArguments(expression=expression, frameId=frame_id,
                                                                  context="repl"),
                                  t.EvaluateResponse, timeout=FORGET_TIMEOUT)


async def resume(ctx: VerbContext, command: str, arguments: BaseModel, timeout: float) -> StopState:
    """Send ``command`` (DAP ``continue``, ``next``, …) and return the stop state after it (or
    ``running`` after ``timeout`` s); a step the adapter refused or interrupted is said so."""
    started = time.perf_counter()
    session = ctx.session()
    explicit = getattr(arguments, "threadId", None)
    if explicit is not None and explicit != session.selected_thread_id:
        await check_thread(session, explicit)
    before = session.last_stop
    await forget_return_values(session)
    if not session.notice_dead_debuggee():  # killed while stopped: gdb would report a bogus stop
        await session.resume(command, arguments, timeout=timeout)
    state = await stop_state(session, output_seq=None, started=started)
    check_refused(session, command, state, before)
    note_interrupted(session.adapter.name, command, getattr(arguments, "threadId", None), state)
    return await later_runs(session, state, timeout)  # `test --until-fail`: the run passed, the next one
