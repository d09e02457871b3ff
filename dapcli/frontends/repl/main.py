"""Starting the REPL: pick launch / join / empty, then run the loop under asyncio."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from typing import Any

from rich.text import Text

from dapcli.dispatch import sessionfile
from dapcli.dispatch.consent import confirm_project
from dapcli.dispatch.router import RoutingDispatcher
from dapcli.errors import DapcliError, UsageError
from dapcli.frontends.repl.app import Repl

#: Most of a stdin file the REPL reads as its commands (bytes).
MAX_SCRIPT_BYTES = 16 * 1024 * 1024

__all__ = ["launch_args", "run", "start"]


def launch_args(program: str, args: list[str], breakpoints: list[str], python: str | None) -> dict[str, Any]:
    """The ``launch`` verb's args for ``dapcli repl PROGRAM``: stop at entry unless breakpoints
    were given (then run to the first one)."""
    found: dict[str, Any] = {"program": program, "stopOnEntry": not breakpoints}
    if args:
        found["args"] = list(args)
    if breakpoints:
        found["breakpoints"] = list(breakpoints)
    if python:
        found["python"] = python
    return found


async def start(repl: Repl, program: str | None, args: list[str], breakpoints: list[str],
                python: str | None, test: list[str] | None = None) -> None:
    """Launch ``program`` (or the ``test`` run), or join the hosted session, or say how to begin."""
    name = repl.state.session
    if test:
        await repl.run_verb("debugTest", {"selectors": list(test), **({"python": python} if python else {})})
    elif program is not None:
        await repl.run_verb("launch", launch_args(program, args, breakpoints, python))
    elif repl.state.hosted:
        status = await repl.call("status", {}, record=False)
        repl.show(Text(f"Joined session '{name}'; leaving keeps it running.", style="bold"))
        repl.show_result(status)
        repl.state.output_seq = getattr(status, "output_chunks", 0)
        await repl.quiet("listBreakpoints", {})
    else:
        repl.show(Text("No program yet: `launch PROGRAM` or `attach HOST:PORT` starts one; `help` lists the "
                       "commands."))


async def _main(program: str | None, args: list[str], session: str, breakpoints: list[str],
                record: str | None, python: str | None, test: list[str]) -> int:
    dispatcher = RoutingDispatcher(publish=True)  # others (an agent, one-shot commands) may join ours
    with contextlib.ExitStack() as stack:
        return await _run(dispatcher, _file_input(stack), program, args, session, breakpoints, record, python, test)


def _file_input(stack: contextlib.ExitStack) -> Any:
    """A prompt_toolkit input for a stdin that is a file (``dapcli repl < commands.txt``): such a
    stdin cannot be watched for input (epoll refuses regular files and devices), and the REPL
    read nothing and left; its lines are fed through a pipe input instead. None otherwise."""
    import stat

    try:
        mode = os.fstat(0).st_mode
    except OSError:
        return None
    if os.isatty(0) or not (stat.S_ISREG(mode) or stat.S_ISCHR(mode) or stat.S_ISBLK(mode)):
        return None
    from prompt_toolkit.input import create_pipe_input

    text = sys.stdin.buffer.read(MAX_SCRIPT_BYTES).decode("utf-8", "replace")
    pipe = stack.enter_context(create_pipe_input())
    pipe.send_text(text if not text or text.endswith("\n") else text + "\n")
    pipe.close()
    return pipe


async def _run(dispatcher: RoutingDispatcher, input: Any, program: str | None, args: list[str], session: str,
               breakpoints: list[str], record: str | None, python: str | None, test: list[str]) -> int:
    try:
        repl = Repl(dispatcher, session, input=input)
        if (program is not None or test) and repl.state.hosted:
            raise UsageError(f"session '{session}' is already served by a session host",
                             f"join it with `dapcli repl --session {session}`, or pick another name with --session")
        if record:
            repl.recording.start(record)
        return await repl.run(lambda: start(repl, program, args, breakpoints, python, test))
    finally:
        await dispatcher.close()


def run(program: str | None, args: list[str], session: str, breakpoints: list[str], record: str | None,
        python: str | None, test: list[str] | None = None) -> int:
    """Run the REPL; a startup error (bad session name, busy name) is one line and exit code."""
    try:
        sessionfile.session_name(session)
        confirm_project()  # a project's adapters file: announce, and ask before it runs anything
        return asyncio.run(_main(program, args, session, breakpoints, record, python, list(test or [])))
    except DapcliError as exc:
        sys.stderr.write(f"error: {exc.message}\n" + (f"hint: {exc.hint}\n" if exc.hint else ""))
        return exc.exit_code
    except KeyboardInterrupt:  # before the prompt took over Ctrl-C
        return 130
