"""Execution verbs: continue, next, stepIn, stepOut, pause. Each blocks until the program stops
or exits (or ``timeout`` passes: then the result says ``running``, not an error)."""

from __future__ import annotations

import time
from typing import Annotated

from dapcli.protocol import types as t
from dapcli.verbs.context import VerbContext
from dapcli.verbs.execution.pauseinput import pause_at_input
from dapcli.verbs.models import StopState
from dapcli.verbs.registry import Param, verb
from dapcli.verbs.shared.frames import current_thread_id
from dapcli.verbs.shared.params import ThreadId, Timeout
from dapcli.verbs.shared.stop.resume import resume
from dapcli.verbs.shared.stop.stopstate import stop_state


@verb(group="execution", name="continue", needs="stopped", executes=True, cli=("continue",), aliases=("c", "cont"))
async def continue_(ctx: VerbContext, thread_id: ThreadId = None, timeout: Timeout = 30.0) -> StopState:
    """Resume the program until the next stop or its exit (DAP ``continue``)."""
    thread = current_thread_id(ctx.session(), thread_id)
    return await resume(ctx, "continue", t.ContinueArguments(threadId=thread), timeout)


@verb(group="execution", needs="stopped", executes=True, aliases=("n",))
async def next(ctx: VerbContext, thread_id: ThreadId = None, timeout: Timeout = 30.0) -> StopState:
    """Step over one line (DAP ``next``)."""
    thread = current_thread_id(ctx.session(), thread_id)
    return await resume(ctx, "next", t.NextArguments(threadId=thread), timeout)


@verb(group="execution", name="stepIn", needs="stopped", executes=True, cli=("step",), aliases=("s", "step-in"))
async def step_in(ctx: VerbContext, thread_id: ThreadId = None, timeout: Timeout = 30.0) -> StopState:
    """Step into the call on this line (DAP ``stepIn``)."""
    thread = current_thread_id(ctx.session(), thread_id)
    return await resume(ctx, "stepIn", t.StepInArguments(threadId=thread), timeout)


@verb(group="execution", name="stepOut", needs="stopped", executes=True, cli=("finish",), aliases=("step-out",))
async def step_out(ctx: VerbContext, thread_id: ThreadId = None, timeout: Timeout = 30.0) -> StopState:
    """Run until the current function returns (DAP ``stepOut``)."""
    # the stop state's returnValue: what the function returned, where the adapter tells it
    from dapcli.verbs.execution.returnvalue import before_step_out, return_value

    session = ctx.session()
    thread = current_thread_id(session, thread_id)
    before = await before_step_out(session, thread)
    state = await resume(ctx, "stepOut", t.StepOutArguments(threadId=thread), timeout)
    state.return_value = await return_value(session, state, before)
    return state


@verb(group="execution", needs="alive", executes=True, concurrent=True)
async def pause(
    ctx: VerbContext,
    thread_id: Annotated[int | None, Param(help="thread to pause (default: all/first)", complete="thread")] = None,
    timeout: Annotated[float, Param(help="seconds to wait for the stop")] = 5.0,
) -> StopState:
    """Interrupt the running program (DAP ``pause``).

    Works while another call is blocked in ``continue``.
    """
    started = time.perf_counter()
    session = ctx.session()
    generation = session.generation
    await session.pause(thread_id)
    await session.wait_for_change(generation, timeout)
    return pause_at_input(session, await stop_state(session, output_seq=None, started=started))
