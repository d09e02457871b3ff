"""The program's stdin: ``input`` types to the terminal dapcli runs the program in."""

from __future__ import annotations

from typing import Annotated

from dapcli.errors import PreconditionError
from dapcli.verbs.context import VerbContext
from dapcli.verbs.models import InputResult
from dapcli.verbs.registry import Param, verb

__all__ = ["input_"]

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


