"""Value history: ``trace FILE:LINE EXPR…`` collects values at every hit of a line without
stopping there (hit-and-continue on a temporary breakpoint, always removed)."""

from __future__ import annotations

import time
from typing import Annotated

from dapcli.engine.breakpoints import BreakpointEntry
from dapcli.engine.diagnosis import diagnosis
from dapcli.engine.session import Session, SessionState
from dapcli.engine.standin import StandIn, at_temporary, hold, name_stop, release
from dapcli.errors import DapcliError, UsageError
from dapcli.protocol import types as t
from dapcli.verbs.breakpoints.breakpoints import parse_location
from dapcli.verbs.context import VerbContext
from dapcli.verbs.models import TraceHit, TraceResult
from dapcli.verbs.registry import Param, verb
from dapcli.verbs.shared import frameindex
from dapcli.verbs.shared.bounds import not_blank
from dapcli.verbs.shared.frames import current_thread_id
from dapcli.verbs.shared.stop.stopstate import stop_state
from dapcli.verbs.shared.values.preview import preview_value
from dapcli.verbs.shared.values.variables import MAX_VALUE, cut_value


async def _values(session: Session, thread_id: int, expressions: list[str]) -> tuple[
        dict[str, str], dict[str, str], dict[str, int], t.StackFrame | None]:
    """Each expression's value in the top frame of ``thread_id`` as every verb shows it (a C
    struct previewed, cut at :data:`MAX_VALUE` with the count of what was left out), or its error."""
    body = await session.request("stackTrace", t.StackTraceArguments(threadId=thread_id, levels=1),
                                 t.StackTraceResponse)
    frame = body.stackFrames[0] if body.stackFrames else None
    if frame is not None:
        frameindex.place(session, frame.id, thread_id, 0)  # where gdb prints a value
    values: dict[str, str] = {}
    errors: dict[str, str] = {}
    cut: dict[str, int] = {}
    for expression in expressions:
        try:
            result = await session.request(
                "evaluate", t.EvaluateArguments(expression=expression, frameId=frame.id if frame else None,
                                                context="watch"), t.EvaluateResponse)
            shown = await preview_value(session, result.result, result.type, result.variablesReference,
                                        expression=expression, frame_id=frame.id if frame else None)
            values[expression], left_out = cut_value(shown, MAX_VALUE)
            if left_out:
                cut[expression] = left_out
        except DapcliError as exc:
            errors[expression] = diagnosis(exc.message)
    return values, errors, cut, frame


@verb(group="execution", needs="stopped", executes=True)
async def trace(
    ctx: VerbContext,
    location: Annotated[str, Param(help="FILE:LINE whose hits to record", complete="location", positional=True)],
    expressions: Annotated[list[str], Param(help="expressions to record at each hit", complete="expression",
                                            positional=True, check=not_blank, example=["x"])],
    limit: Annotated[int, Param(help="stop tracing after this many hits")] = 100,
    timeout: Annotated[float, Param(help="seconds to trace at most; the result says what was reached")] = 60.0,
) -> TraceResult:
    """Record values at each hit of a line without stopping (value history).

    Ends at ``limit`` hits (then the program is stopped there), at another stop (a breakpoint,
    also one of yours on this line whose condition and hit count say stop, or an exception:
    reported in ``stop``), at the program's exit, or after ``timeout`` seconds. A log point on
    this line still logs.
    """
    started = time.perf_counter()
    session = ctx.session()
    fields = parse_location(ctx, location, session)
    if "path" not in fields or not expressions:
        raise UsageError("trace needs FILE:LINE and at least one expression", "e.g. `dapcli trace app.py:12 total i`")
    if limit < 1:
        raise UsageError("--limit must be at least 1")
    entry = session.book.new_entry(**fields, temporary=True)
    hits: list[TraceHit] = []
    deadline = time.monotonic() + timeout
    covered = session.book.cover(entry)
    stand_in: StandIn | None = None
    stood: BreakpointEntry | None = None
    try:
        await hold(session, entry, covered)
        stand_in = StandIn(session, covered)
        while len(hits) < limit:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            thread = current_thread_id(session, None)
            await session.resume("continue", t.ContinueArguments(threadId=thread), timeout=remaining)
            if session.state is not SessionState.STOPPED:
                break
            thread = current_thread_id(session, None)
            values, errors, cut, frame = await _values(session, thread, expressions)
            path = frame.source.path if frame and frame.source else None
            if not at_temporary(session, entry, path, frame.line if frame else None):
                break  # another breakpoint or an exception: leave the program stopped there
            hits.append(TraceHit(hit=len(hits) + 1, thread_id=thread, values=values, errors=errors or None,
                                 cut=cut or None))
            frame_id = frame.id if frame else None
            stood = await stand_in.hit(thread, frame_id) or await stand_in.named(entry, frame_id)
            if stood is not None:
                break  # a breakpoint of the user's on this line stops here
    finally:
        if stand_in is not None:
            stand_in.done()
        await release(session, entry, covered)
    if stood is not None:
        name_stop(session, stood)
    stop = await stop_state(session, output_seq=None, started=started, locals_count=0)
    return TraceResult(path=entry.path or "", line=entry.actual_line or entry.line or 0, expressions=expressions,
                       hits=hits, limit_reached=len(hits) >= limit, stop=stop)
