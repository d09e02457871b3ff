"""The ``test`` part of a stop state in a test run (``debugTest``): the failing test, its
message and the stack from the test down; at the end, the runner's summary."""

from __future__ import annotations

from dapcli.engine.session import Session
from dapcli.engine.testrun.base import is_local_source
from dapcli.verbs.models import StopState, TestView

__all__ = ["run_view"]


def run_view(session: Session, state: StopState, running: str | None = None) -> TestView | None:
    """What the session's test run says about ``state`` (None outside a test run); ``running``:
    the id of the test the stop is in (:meth:`~dapcli.engine.testrun.base.TestRun.test_at`)."""
    run = session.test_run
    if run is None:
        return None
    view = TestView(runner=run.runner.name, failures=len(run.failures), run=run.run, runs=run.runs)
    if session.ended:
        summary = run.summary(session)
        view.summary, view.passed, view.failed = summary.text, summary.passed, summary.failed
        view.exit_code = session.exit_code
        said = f" exited with code {session.exit_code}"
        if state.signal and view.summary and view.summary.endswith(said):  # as the end's own line says
            view.summary = view.summary.removesuffix(said) + f" was killed by {state.signal}"
        if session.exit_code == 0 and summary.passed and not summary.failed:
            view.summary = f"all {summary.passed} tests passed" if summary.passed != 1 else "the 1 test passed"
        return view
    failure = run.failure_at(session.generation)
    if failure is not None:
        view.id, view.message, view.kind, view.phase = failure.test_id, failure.message, failure.kind, failure.phase
        view.stack = [f for f in state.frames or [] if is_local_source(f.path)] or None
    else:
        view.id = running  # a step or breakpoint: the test it is in, not the last failure's
    return view
