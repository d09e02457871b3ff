"""Starting the REPL: pick launch / join / empty, then run the loop under asyncio."""

from __future__ import annotations

import asyncio
import sys
from typing import Any

from rich.text import Text

from dapcli.dispatch import sessionfile
from dapcli.dispatch.consent import confirm_project
from dapcli.dispatch.redacting import redacting
from dapcli.dispatch.router import RoutingDispatcher
from dapcli.errors import DapcliError, UsageError
from dapcli.frontends.repl.app import Repl

__all__ = ["launch_args", "run", "start"]


def launch_args(program: str | None, args: list[str], breakpoints: list[str], python: str | None,
                options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The ``launch`` verb's args for ``dapcli repl PROGRAM [launch options]``: stop at entry
    unless breakpoints were given (then run to the first one) or ``stopOnEntry`` is in ``options``."""
    found: dict[str, Any] = {"stopOnEntry": not breakpoints, **(options or {})}
    if program is not None:
        found["program"] = program
    if args:
        found["args"] = list(args)
    if breakpoints:
        found["breakpoints"] = list(breakpoints)
    if python:
        found["python"] = python
    return found


async def start(repl: Repl, program: str | None, args: list[str], breakpoints: list[str],
                python: str | None, test: list[str] | None = None, options: dict[str, Any] | None = None) -> None:
    """Launch ``program`` (or the ``test`` run), or join the hosted session, or say how to begin."""
    name = repl.state.session
    if test:
        await repl.run_verb("debugTest", {"selectors": list(test), **({"python": python} if python else {})})
    elif program is not None or (options or {}).get("module"):
        await repl.run_verb("launch", launch_args(program, args, breakpoints, python, options))
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
                record: str | None, python: str | None, test: list[str], options: dict[str, Any],
                redact: bool = False) -> int:
    dispatcher = RoutingDispatcher(publish=True)  # others (an agent, one-shot commands) may join ours
    from dapcli.frontends.repl.plainread import PlainReader, stdin_is_plain

    plain = PlainReader() if stdin_is_plain() else None  # a pipe or a file: read plainly (plainread.py)
    return await _run(dispatcher, None, program, args, session, breakpoints, record, python, test, plain, options,
                      redact)


async def _run(dispatcher: RoutingDispatcher, input: Any, program: str | None, args: list[str], session: str,
               breakpoints: list[str], record: str | None, python: str | None, test: list[str],
               plain: Any = None, options: dict[str, Any] | None = None, redact: bool = False) -> int:
    try:
        repl = Repl(redacting(dispatcher, redact), session, input=input, plain=plain)
        if (program is not None or test or (options or {}).get("module")) and repl.state.hosted:
            raise UsageError(f"session '{session}' is already served by a session host",
                             f"join it with `dapcli repl --session {session}`, or pick another name with --session")
        if record:
            repl.recording.start(record)
        return await repl.run(lambda: start(repl, program, args, breakpoints, python, test, options))
    finally:
        await dispatcher.close()


def run(program: str | None, args: list[str], session: str, breakpoints: list[str], record: str | None,
        python: str | None, test: list[str] | None = None, options: dict[str, Any] | None = None,
        redact: bool = False) -> int:
    """Run the REPL; a startup error (bad session name, busy name) is one line and exit code.
    ``redact``: results have their values that look secret hidden (``dapcli repl --redact``)."""
    try:
        sessionfile.session_name(session)
        confirm_project()  # a project's adapters file: announce, and ask before it runs anything
        return asyncio.run(_main(program, args, session, breakpoints, record, python, list(test or []),
                                 dict(options or {}), redact))
    except DapcliError as exc:
        sys.stderr.write(f"error: {exc.message}\n" + (f"hint: {exc.hint}\n" if exc.hint else ""))
        return exc.exit_code
    except KeyboardInterrupt:  # before the prompt took over Ctrl-C
        return 130
