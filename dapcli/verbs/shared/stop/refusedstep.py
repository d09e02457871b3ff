"""A step the adapter refused but reported as a stop.

Delve 1.20 answers a ``next``/``stepIn``/``stepOut`` that it will not run with a ``stopped``
event: reason ``exception``, description ``invalid command``, text "Unable to step while the
previous step is interrupted by a breakpoint. Use 'Continue' to resume the original step
command." (a step on one goroutine stopped at a breakpoint on another). The program did not
move and threw nothing, so the verb fails with Delve's reason and what to do instead of
reporting an exception stop. The step that a breakpoint on another goroutine interrupted gets a
warning saying so at once.
"""

from __future__ import annotations

import dataclasses

from dapcli.engine.session import Session, StopRecord
from dapcli.errors import PreconditionError
from dapcli.verbs.models import StopState

__all__ = ["REFUSED", "check_refused", "note_interrupted"]

#: Delve's description of a command it refused.
REFUSED = "invalid command"


def check_refused(session: Session, command: str, state: StopState, before: StopRecord | None) -> None:
    """Raise PreconditionError when ``state`` (after ``command``) is Delve's refusal of it; the
    session's last stop is then ``before`` again (the program is where that stop left it), so
    ``status`` does not report the refusal as an exception."""
    if session.adapter.name != "go" or state.raw_reason != "exception" or state.description != REFUSED:
        return
    if before is not None:
        session.last_stop = dataclasses.replace(before, generation=session.generation)
    reason = (state.text or "").splitlines()[0] if state.text else "Delve refused it"
    hint = ("`dapcli continue` finishes the step that the breakpoint interrupted; Delve takes no other step until then"
            if "interrupted by a breakpoint" in (state.text or "") else "`dapcli status` shows where the program is")
    raise PreconditionError(f"Delve did not run {command}: {reason}", hint)


def note_interrupted(adapter: str, command: str, thread_id: int | None, state: StopState) -> None:
    """Warn in ``state`` when Delve's ``command`` (a step of ``thread_id``) ended at a breakpoint
    on another goroutine: the step is still pending there, and Delve refuses other steps."""
    if adapter != "go" or command == "continue" or state.status != "stopped" or state.reason != "breakpoint":
        return
    if thread_id is None or state.thread_id in (None, thread_id):
        return
    state.warnings = [*(state.warnings or []), (
        f"a breakpoint on goroutine {state.thread_id} interrupted the {command} of goroutine {thread_id}: "
        "`dapcli continue` finishes that step (Delve takes no other step until then)")]
