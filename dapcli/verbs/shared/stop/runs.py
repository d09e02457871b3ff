"""``test --until-fail N``: a test run that ended passing is followed by the next run (a new
session each, started by what the ``debugTest`` verb left in the run), whichever verb waited for
its end (``debugTest`` itself, ``continue`` and the steps, ``wait``)."""

from __future__ import annotations

from dapcli.engine.session import Session
from dapcli.verbs.models import StopState

__all__ = ["later_runs"]


async def later_runs(session: Session, state: StopState, timeout: float) -> StopState:
    """``state`` of ``session``, or, while its run ended passing and runs are left, the stop state
    of the next run (each waited for at most ``timeout`` s): a failure, a breakpoint, a run that
    is still running, or the end of the last run."""
    while (run := session.test_run) is not None and run.again is not None and run.runs_left(session) \
            and not session.ended_by_shutdown:  # `stop` ends the runs
        session, state = await run.again(session, timeout)
    return state
