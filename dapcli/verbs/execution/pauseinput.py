"""A pause that waits for the program's input: debugpy cannot interrupt a thread blocked in a
read (``input()``), so the pause takes effect only once a line is read; ``pause`` says so."""

from __future__ import annotations

from dapcli.engine.session import Session
from dapcli.verbs.models import StopState

__all__ = ["PAUSE_AT_INPUT", "pause_at_input"]

#: Said when a pause has not taken effect while the program sleeps reading its terminal
#: (debugpy cannot interrupt a thread blocked in ``input()``).
PAUSE_AT_INPUT = ("the program is waiting for input on its terminal and the pause has not taken effect: it stops "
                  "once it has read a line (type one with `dapcli input TEXT`, or end it with `dapcli stop`)")


def pause_at_input(session: Session, state: StopState) -> StopState:
    """``state`` with :data:`PAUSE_AT_INPUT` among its warnings when a pause is pending while
    the program sleeps reading dapcli's terminal."""
    if state.pause_pending and session.terminal is not None and session.terminal.reading():
        state.warnings = [w for w in state.warnings or [] if not w.startswith("the program waits for input")]
        state.warnings.append(PAUSE_AT_INPUT)
    return state
