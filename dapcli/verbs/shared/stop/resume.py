"""Resume the program with an execution request and wait for its stop state: what every
execution verb does (``continue``, steps, ``until``, ``goto``, instruction steps)."""

from __future__ import annotations

import time

from pydantic import BaseModel

from dapcli.verbs.context import VerbContext
from dapcli.verbs.models import StopState
from dapcli.verbs.shared.frames import check_thread
from dapcli.verbs.shared.stop.refusedstep import check_refused, note_interrupted
from dapcli.verbs.shared.stop.runs import later_runs
from dapcli.verbs.shared.stop.stopstate import stop_state

__all__ = ["resume"]


async def resume(ctx: VerbContext, command: str, arguments: BaseModel, timeout: float) -> StopState:
    """Send ``command`` (DAP ``continue``, ``next``, …) and return the stop state after it (or
    ``running`` after ``timeout`` s); a step the adapter refused or interrupted is said so."""
    started = time.perf_counter()
    session = ctx.session()
    explicit = getattr(arguments, "threadId", None)
    if explicit is not None and explicit != session.selected_thread_id:
        await check_thread(session, explicit)
    before = session.last_stop
    if not session.notice_dead_debuggee():  # killed while stopped: gdb would report a bogus stop
        await session.resume(command, arguments, timeout=timeout)
    state = await stop_state(session, output_seq=None, started=started)
    check_refused(session, command, state, before)
    note_interrupted(session.adapter.name, command, getattr(arguments, "threadId", None), state)
    return await later_runs(session, state, timeout)  # `test --until-fail`: the run passed, the next one
