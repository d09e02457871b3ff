"""The program's stdin: ``input`` types to the terminal dapcli runs the program in."""

from __future__ import annotations

from typing import Annotated

from dapcli.engine.session import Session
from dapcli.errors import PreconditionError
from dapcli.verbs.context import VerbContext
from dapcli.verbs.models import InputResult, StopState
from dapcli.verbs.registry import Param, verb
from dapcli.verbs.shared.stop.stdinread import stdin_read

__all__ = ["input_", "stdin_hint"]

NO_TERMINAL_HINT = ("launch with --terminal (debugpy, lldb-dap) to type to the program, "
                    "or give its input up front with --stdin FILE")


@verb(group="execution", name="input", needs="alive", concurrent=True)
async def input_(
    ctx: VerbContext,
    text: Annotated[str, Param(help="text to type (a newline is added)", positional=True)] = "",
    no_newline: Annotated[bool, Param(help="add no newline")] = False,
    eof: Annotated[bool, Param(help="then close stdin")] = False,
) -> InputResult:
    """Type a line to the program's stdin (its terminal).

    Writes to the pseudo-terminal that dapcli started the program in (DAP ``runInTerminal``);
    returns at once: ``wait`` or ``output`` shows what the program did with it.
    """
    session = ctx.session()
    if session.terminal is None:
        raise PreconditionError(f"session '{session.name}': the program has no terminal of dapcli's", NO_TERMINAL_HINT)
    data = text if no_newline or (eof and not text) else text + "\n"
    sent = session.terminal.write(data, eof=eof)
    return InputResult(session=session.name, sent=sent, eof=eof)


def stdin_hint(session: Session, state: StopState) -> str | None:
    """A hint for a stop or exit caused by reading stdin that dapcli gives nothing (Python's
    ``EOFError``), or for a program still running that waits for input on dapcli's terminal:
    how to give the program its input. None when that is not what happened."""
    if session.terminal is not None and session.terminal.has_stdin:
        if session.terminal.waiting_for_input and state.status == "running":
            return "the program waits for input on its terminal: type it with `dapcli input TEXT`"
        return None
    texts = [c.output for c in state.output or [] if c.category == "stderr"]
    if state.exception is not None:
        texts.append(f"{state.exception.exception_id} {state.exception.type_name or ''}")
    if not any("EOFError" in text for text in texts):
        return _quiet_end_hint(session, state)
    return ("the program read stdin and found it empty: give its input with --stdin FILE, or launch with "
            "--terminal and type it with `dapcli input TEXT`")


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
    return (f"the program's stdin was empty (its source reads {read}): give its input with --stdin FILE, or "
            "launch with --terminal and type it with `dapcli input TEXT`")
