"""The program's stdin: ``input`` types to the terminal dapcli runs the program in."""

from __future__ import annotations

import time
from typing import Annotated

from dapcli.engine.session import SessionState
from dapcli.errors import PreconditionError
from dapcli.verbs.context import VerbContext
from dapcli.verbs.models import InputResult
from dapcli.verbs.registry import Param, verb
from dapcli.verbs.shared.stop.stopstate import stop_state

__all__ = ["input_"]

NO_TERMINAL_HINT = ("launch with --terminal (debugpy, lldb-dap) to type to the program, "
                    "or give its input up front with --stdin FILE")


@verb(group="execution", name="input", needs="alive", concurrent=True)
async def input_(
    ctx: VerbContext,
    text: Annotated[str, Param(help="text to type (a newline is added)", positional=True)] = "",
    no_newline: Annotated[bool, Param(help="add no newline")] = False,
    eof: Annotated[bool, Param(help="then close stdin")] = False,
    wait: Annotated[float, Param(help="seconds to wait for the stop the input leads to (0: return at once); "
                                      "ends early when the program reads again")] = 30.0,
) -> InputResult:
    """Type a line to the program's stdin (its terminal).

    Writes to the pseudo-terminal that dapcli started the program in (DAP ``runInTerminal``).
    When the program runs, waits as the execution verbs do for the stop or exit the input leads
    to and returns it in ``stop`` (``running`` when the program reads again or ``wait`` s
    pass); when it is stopped, returns at once (it reads the text once resumed).
    """
    started = time.perf_counter()
    session = ctx.session()
    if session.terminal is None:
        raise PreconditionError(f"session '{session.name}': the program has no terminal of dapcli's", NO_TERMINAL_HINT)
    running = session.state is SessionState.RUNNING
    data = text if no_newline or (eof and not text) else text + "\n"
    sent = session.terminal.write(data, eof=eof)
    stop = None
    if running and wait > 0:
        await session.wait(wait)
        stop = await stop_state(session, output_seq=None, started=started)
    return InputResult(session=session.name, sent=sent, eof=eof, stop=stop)


