"""What a stop or an exit says when the program wanted input that dapcli did not give it: how to
give the program its stdin (``--stdin FILE``, or ``--terminal`` and the ``input`` verb)."""

from __future__ import annotations

from dapcli.calls import call, option
from dapcli.engine.session import Session
from dapcli.verbs.models import StopState
from dapcli.verbs.shared.stop.stdinread import stdin_read

__all__ = ["stdin_hint"]


def stdin_hint(session: Session, state: StopState) -> str | None:
    """A hint for a stop or exit caused by reading stdin that dapcli gives nothing (Python's
    ``EOFError``), or for a program still running that waits for input on dapcli's terminal:
    how to give the program its input. None when that is not what happened."""
    if session.terminal is not None and session.terminal.has_stdin:
        if session.terminal.waiting_for_input and state.status == "running":
            return f"the program waits for input on its terminal: type it with {_INPUT}"
        return None
    texts = [c.output for c in state.output or [] if c.category == "stderr"]
    if state.exception is not None:
        texts.append(f"{state.exception.exception_id} {state.exception.type_name or ''}")
    if not any("EOFError" in text for text in texts):
        return _quiet_end_hint(session, state)
    return f"the program read stdin and found it empty: {_GIVE_INPUT}"


def _quiet_end_hint(session: Session, state: StopState) -> str | None:
    """A hint for a program that ended after reading an empty stdin without an error (``for
    line in sys.stdin``): dapcli gave it no stdin, and its source reads stdin."""
    options = session.launch_options
    if state.status != "exited" or session.request_kind != "launch" or options is None or options.module:
        return None
    if session.terminal is not None or options.stdin is not None:
        return None
    read = stdin_read(options.program)
    if read is None:
        return None
    # what this run shows: its stdin was empty; that it read it, only its source suggests (a
    # restart with other arguments may take a path that never reads it): say it as a condition
    return f"this run's stdin was empty and the program's source reads {read}: if it wanted input, {_GIVE_INPUT}"


#: Typing to the program (each frontend says it its way: ``dapcli input TEXT``, MCP's ``more``).
_INPUT = call("input", text="TEXT")
_GIVE_INPUT = (f"give its input with {option('launch', 'stdin', 'FILE')}, or launch with "
               f"{option('launch', 'terminal')} and type it with {_INPUT}")
