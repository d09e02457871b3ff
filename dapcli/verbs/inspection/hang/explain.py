"""``explainHang`` (``dapcli hang``): pause what can be paused, then say where every thread
waits, on what, held by whom, and name a deadlock cycle when one is proven."""

from __future__ import annotations

from typing import Annotated

from dapcli.calls import call
from dapcli.engine.session import Session, SessionState
from dapcli.errors import DapcliError, UsageError
from dapcli.protocol import types as t
from dapcli.verbs.context import VerbContext
from dapcli.verbs.inspection.hang.common import Wait, deadlock_cycle, resolve_holders
from dapcli.verbs.inspection.hang.golang import go_waits, runtime_report
from dapcli.verbs.inspection.hang.native import pthread_waits
from dapcli.verbs.inspection.hang.python import HOW as PYTHON_HOW
from dapcli.verbs.inspection.hang.python import python_waits
from dapcli.verbs.inspection.hang.stacks import read_stacks
from dapcli.verbs.models.hang import DeadlockEdge, HangResult, HangThread
from dapcli.verbs.registry import Param, verb

__all__ = ["explain_hang"]

PauseTimeout = Annotated[float, Param(help="seconds to wait for the pause to land (then: what can be read while "
                                           "it runs)")]
#: Most threads one result shows by default (200 threads would not fit an agent's result).
MAX_THREADS = 40
MaxThreads = Annotated[int, Param(help=f"most threads shown (0: all; default {MAX_THREADS}): those of a deadlock "
                                       "first, then the blocked ones, then the rest")]
StartThread = Annotated[int, Param(help="how many threads of that order to pass over (the next page)")]


@verb(group="inspection", name="explainHang", needs="alive", concurrent=True, cli=("hang",), aliases=("deadlock",))
async def explain_hang(ctx: VerbContext, timeout: PauseTimeout = 2.0, max_threads: MaxThreads = MAX_THREADS,
                       start_thread: StartThread = 0) -> HangResult:
    """Explain a hang: where each thread waits, and any deadlock cycle.

    Pauses the program first (DAP ``pause``; it stays paused when the pause lands). Each thread
    is shown at its innermost frame of the user's own code, with the call it waits in (a lock,
    a join, a channel, a sleep, a read) and what on; a lock's holder is named only when the
    runtime or the frames prove it (an RLock's owner, a pthread mutex's owner, a ``with`` block
    the holder is inside), else ``(unknown)``.
    A deadlock is named only when those proven waits form a cycle.

    Of many threads, ``max_threads`` are shown (a deadlock's first, then the blocked ones, then
    the rest, each in the adapter's order) from ``start_thread`` on; ``totalThreads`` says how many
    there are and a note how to see the others. A negative count is refused.
    """
    if max_threads < 0 or start_thread < 0:
        raise UsageError("maxThreads and startThread are counts (0 or more)",
                         f"e.g. {call('explainHang', maxThreads=MAX_THREADS, startThread=MAX_THREADS)}")
    session = ctx.session()
    notes: list[str] = []
    paused = await _pause(session, timeout, notes)
    listed = list((await session.request("threads", None, t.ThreadsResponse)).threads)
    how = None
    kind = session.adapter.hang_kind
    waits: list[Wait] | None = None
    if kind == "python":
        try:
            waits, more = await python_waits(session, listed)
            notes, how = notes + more, PYTHON_HOW
        except DapcliError as exc:  # said, and the stacks show what they can
            notes.append(f"the threads' waits could not be read in the program: {exc.message}")
    if waits is None:
        waits = await _from_stacks(session, listed, notes)
    resolve_holders(waits)
    cycle = deadlock_cycle(waits)
    threads, note = _page([w.thread for w in waits], cycle, start_thread, max_threads, timeout)
    return HangResult(status=session.state.value, paused=session.state is SessionState.STOPPED and paused,
                      threads=threads, deadlock=cycle, notes=[*notes, *note] or None, how=how,
                      runtime_report=runtime_report(session) if kind == "go" else None,
                      total_threads=len(waits) if note else None)


def _page(threads: list[HangThread], cycle: list[DeadlockEdge] | None, start: int, limit: int,
          timeout: float) -> tuple[list[HangThread], list[str]]:
    """The threads shown: a deadlock's first, then the blocked ones, then the rest (a stable
    order), ``limit`` of them (0: all) from ``start``; and a note that says which when not all."""
    in_cycle = {edge.thread_id for edge in cycle or ()}
    ordered = sorted(threads, key=lambda th: 0 if th.id in in_cycle else 1 if th.state == "blocked" else 2)
    end = len(ordered) if limit == 0 else min(len(ordered), start + limit)
    shown = ordered[start:end]
    if start == 0 and end == len(ordered):
        return shown, []
    rest = []
    if end < len(ordered):
        rest.append(f"the next with {call('explainHang', timeout=timeout, startThread=end, maxThreads=limit)}")
    rest.append(f"all with {call('explainHang', timeout=timeout, maxThreads=0)}")
    first = f"threads {start + 1}-{end}" if shown else f"no thread (there are {len(ordered)})"
    return shown, [f"shows {first} of {len(ordered)} (a deadlock's first, then the blocked ones); see "
                   + ", ".join(rest)]


async def _from_stacks(session: Session, listed: list[t.Thread], notes: list[str]) -> list[Wait]:
    """Each thread's wait from its stack (DAP ``stackTrace``), read further per language; only
    the threads' names when the adapter reads no stack while the program runs."""
    if session.state is not SessionState.STOPPED and not session.adapter.stack_while_running:
        notes.append(f"{session.adapter.name} reads stacks only while the program is stopped")
        return [Wait(HangThread(id=th.id, name=th.name, state="running")) for th in listed]
    stacks, failed = await read_stacks(session, listed)
    notes += failed
    if session.adapter.hang_kind == "pthread":
        await pthread_waits(session, stacks)
    elif session.adapter.hang_kind == "go":
        notes += await go_waits(session, stacks)
    return [s.wait for s in stacks]


async def _pause(session: Session, timeout: float, notes: list[str]) -> bool:
    """Pause a running program (DAP ``pause``) and wait up to ``timeout`` s for the stop; True
    when it is stopped. A pause already asked for is not asked again."""
    if session.state is SessionState.STOPPED:
        return True
    if session.state is not SessionState.RUNNING:
        return False
    generation = session.generation
    if not session.pause_requested:
        try:
            await session.pause(None)
        except DapcliError as exc:
            notes.append(f"pause refused: {exc.message}")
            return False
    if session.state is SessionState.RUNNING:
        await session.wait_for_change(generation, timeout)
    if session.state is SessionState.STOPPED:
        return True
    notes.append(f"the pause did not land within {timeout:g} s: every thread may be blocked in code the "
                 f"debugger cannot interrupt; it stops when one runs again ({call('wait')} reports it)")
    return False
