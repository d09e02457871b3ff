"""Value history: ``trace FILE:LINE EXPR…`` collects values at every hit of a line without
stopping there (hit-and-continue on a temporary breakpoint, always removed)."""

from __future__ import annotations

import contextlib
import time
from typing import Annotated

from dapcli.engine.breakpoints import BreakpointEntry
from dapcli.engine.diagnosis import diagnosis
from dapcli.engine.session import Session, SessionState
from dapcli.errors import DapcliError, UsageError
from dapcli.protocol import types as t
from dapcli.verbs.bounds import not_blank
from dapcli.verbs.breakpoints import parse_location
from dapcli.verbs.context import VerbContext
from dapcli.verbs.models import TraceHit, TraceResult
from dapcli.verbs.registry import Param, verb
from dapcli.verbs.views import MAX_VALUE, _cut, current_thread_id, stop_state


def _at_entry(session: Session, entry: BreakpointEntry, path: str | None, line: int | None) -> bool:
    stop = session.last_stop
    if stop is not None and entry.adapter_id is not None and entry.adapter_id in stop.hit_breakpoint_ids:
        return True
    return path == entry.path and line == (entry.actual_line or entry.line)


async def _values(session: Session, thread_id: int, expressions: list[str]) -> tuple[dict[str, str], dict[str, str],
                                                                                        str | None, int | None]:
    body = await session.request("stackTrace", t.StackTraceArguments(threadId=thread_id, levels=1),
                                 t.StackTraceResponse)
    frame = body.stackFrames[0] if body.stackFrames else None
    values: dict[str, str] = {}
    errors: dict[str, str] = {}
    for expression in expressions:
        try:
            result = await session.request(
                "evaluate", t.EvaluateArguments(expression=expression, frameId=frame.id if frame else None,
                                                context="watch"), t.EvaluateResponse)
            values[expression] = _cut(result.result, MAX_VALUE)[0]
        except DapcliError as exc:
            errors[expression] = diagnosis(exc.message)
    path = frame.source.path if frame and frame.source else None
    return values, errors, path, frame.line if frame else None


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

    Ends at ``limit`` hits (then the program is stopped there), at another stop (a breakpoint or
    exception: reported in ``stop``), at the program's exit, or after ``timeout`` seconds.
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
    try:
        await session.sync_breakpoints(entry.key)
        while len(hits) < limit:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            thread = current_thread_id(session, None)
            await session.resume("continue", t.ContinueArguments(threadId=thread), timeout=remaining)
            if session.state is not SessionState.STOPPED:
                break
            thread = current_thread_id(session, None)
            values, errors, path, line = await _values(session, thread, expressions)
            if not _at_entry(session, entry, path, line):
                break  # another breakpoint or an exception: leave the program stopped there
            hits.append(TraceHit(hit=len(hits) + 1, thread_id=thread, values=values, errors=errors or None))
    finally:
        session.book.entries.pop(entry.id, None)
        if not session.ended:
            with contextlib.suppress(DapcliError):
                await session.sync_breakpoints(entry.key)
    stop = await stop_state(session, output_seq=None, started=started, locals_count=0)
    return TraceResult(path=entry.path or "", line=entry.actual_line or entry.line or 0, expressions=expressions,
                       hits=hits, limit_reached=len(hits) >= limit, stop=stop)
