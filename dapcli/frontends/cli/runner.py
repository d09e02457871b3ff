"""Running a parsed command: on the client (launch/attach start a host; other verbs call it)
and inside the session host (forwarded command lines); rendering results and errors as text."""

from __future__ import annotations

import asyncio
import io
import json
import os
import sys
import traceback
from collections.abc import Awaitable, Callable
from typing import Any

from dapcli.dispatch.redacting import redacting
from dapcli.errors import DapcliError
from dapcli.frontends.cli.app import Finished, debug_requested, parse
from dapcli.frontends.cli.commands import Invocation
from dapcli.verbs import VERBS
from dapcli.verbs.models import Result

__all__ = ["error_text", "handle_argv", "host_command", "redacted_line", "result_text", "run_client", "terminal"]


def terminal() -> dict[str, Any]:
    """How the client's stdout renders: tty, colour (off for pipes, NO_COLOR, TERM=dumb), width."""
    tty = sys.stdout.isatty()
    color = tty and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"
    width = os.get_terminal_size().columns if tty else int(os.environ.get("COLUMNS", "120"))
    return {"tty": tty, "color": color, "width": width}


def result_text(result: Result, as_json: bool, term: dict[str, Any], cwd: str) -> str:
    """``result`` as the user sees it: JSON (``--json``) or the rich rendering; references to
    verbs in its texts (:mod:`dapcli.calls`) said as command lines."""
    from dapcli.verbs.shared.phrasing import CLI, phrase_all

    phrase_all(result, CLI)
    if as_json:
        from dapcli.escapes import json_text

        return json_text(json.dumps(result.to_json(), indent=2, ensure_ascii=False)) + "\n"
    note = redacted_line(result.redacted) if result.redacted else ""
    # rich and the renderers: imported here (a session host imports them while its launch waits)
    from rich.console import Console

    from dapcli.render import render

    buffer = io.StringIO()
    console = Console(
        file=buffer, force_terminal=bool(term.get("color")), no_color=not term.get("color"),
        width=int(term.get("width") or 120), highlight=False, emoji=False, soft_wrap=not term.get("tty"),
    )
    console.print(render(result, cwd))
    return buffer.getvalue() + note


def redacted_line(count: int) -> str:
    """What the CLI prints after a result of which ``count`` values were redacted (``--redact``)."""
    said = "value redacted: it looks" if count == 1 else "values redacted: they look"
    return f"({count} {said} secret; run without --redact to see them)\n"


def error_text(exc: BaseException, debug: bool, as_json: bool = False) -> tuple[str, int]:
    """One line (plus a hint line) for a DapcliError; a traceback only with ``--debug``."""
    from dapcli.render.safe import escape

    if isinstance(exc, DapcliError):
        from dapcli.calls import phrase
        from dapcli.verbs.shared.phrasing import CLI

        exc.message, exc.hint = phrase(exc.message, CLI), phrase(exc.hint, CLI)
        if as_json:
            return json.dumps({"schemaVersion": 1, "error": exc.to_dict()}) + "\n", exc.exit_code
        text = f"error: {escape(exc.message)}\n" + (f"hint: {escape(exc.hint)}\n" if exc.hint else "")
        code = exc.exit_code
    else:
        text = (f"internal error: {type(exc).__name__}: {escape(str(exc))}\n"
                "hint: run with --debug and report the traceback\n")
        code = 1
    if debug and code == 1:  # only an internal error has a traceback worth reading
        text = "".join(traceback.format_exception(exc)) + text
    return text, code


def host_command(name: str) -> list[str]:
    """The argv that starts a session host for ``name``."""
    from dapcli.dispatch.spawn import host_command as command

    return command(name)


def run_client(invocation: Invocation, debug: bool = False) -> int:
    """Run a verb from this process: start a host for launch/attach, then call it."""
    from dapcli.dispatch import remote, sessionfile, spawn
    from dapcli.dispatch.local import LocalDispatcher
    from dapcli.dispatch.router import hosted_sessions

    term, cwd = terminal(), os.getcwd()
    try:
        name = sessionfile.session_name(invocation.session)
        spec = VERBS[invocation.verb]
        if spec.needs == "none" and not spec.executes:
            # needs no session (sessions, adapters): run here
            local = LocalDispatcher(list_hosted=hosted_sessions)
            result: Result = asyncio.run(local.call(invocation.verb, invocation.args, name, cwd))
        else:
            if invocation.verb in ("launch", "attach", "debugTest"):
                from dapcli.dispatch.consent import confirm_project

                confirm_project(cwd)
                spawn.start_host(name, host_command(name))  # first: it clears a finished session's files
                if invocation.args.get("stdin") == "-":
                    invocation.args["stdin"] = _save_stdin(sessionfile.path_for(name))
            with remote.connect(name) as client:
                if invocation.extras.get("follow"):
                    return _follow_client(client, invocation, cwd)
                data = client.call(invocation.verb, invocation.args, cwd)
            result = VERBS[invocation.verb].result_model.model_validate(data)
        if invocation.redact:
            from dapcli.verbs.shared.redact import redact_result

            result = redact_result(result)
        _write(sys.stdout, result_text(result, invocation.json, term, cwd))
        if invocation.extras.get("record"):
            from dapcli.dispatch.testrecord import write_test_recipe

            _write(sys.stderr, write_test_recipe(invocation.extras["record"], invocation.args, result, cwd) + "\n")
        return _exit_code(result, invocation.verb)
    except DapcliError as exc:
        text, code = error_text(exc, debug, invocation.json)
        _write(sys.stderr, text)
        return code


def _save_stdin(session_path: str) -> str:
    """``--stdin -``: what this command reads on its stdin, kept in a private file beside the
    session file (the program, run by the session host, reads that; ``restart`` reads it again)."""
    from dapcli.files import save_stdin

    path = session_path.removesuffix(".json") + ".stdin"
    save_stdin(path, sys.stdin.buffer)
    return path


def _exit_code(result: Result, verb: str | None = None) -> int:
    """0, except a ``doctor`` that found a failing check (4: a precondition is not met), and a
    ``test`` run that ended without a failure stop: the runner's exit code."""
    if verb == "debugTest" and getattr(result, "status", None) in ("exited", "terminated"):
        return int(getattr(result, "exit_code", None) or 0)
    return 4 if getattr(result, "ok", True) is False else 0


def _follow_args(args: dict[str, Any]) -> dict[str, Any]:
    """``output --follow``'s arguments for each read: every chunk after the last one read, whole
    (a page cut to the newest 256 KiB, or a chunk cut at 64 KiB, would lose text unmarked)."""
    return {**args, "wait": 1.0, "all": True, "raw": True}


#: What a follower says on stderr when the program stops (it would wait in silence).
STOPPED_NOTE = ("… the program is stopped: it writes nothing more until it runs on (`dapcli continue` in another "
                "terminal); Ctrl-C ends --follow\n")


def _cut_note(dropped: int, dropped_bytes: int) -> str:
    """The line a follower writes on stderr where the buffer dropped output before it was read."""
    return (f"… output cut here: the buffer dropped chunks before they were read ({dropped} chunks, "
            f"{dropped_bytes} bytes dropped so far)\n")


class _Follower:
    """What ``output --follow`` writes for each page it reads (one place for the CLI's two paths,
    in the client and inside the session host): where the buffer dropped text before it was read,
    a line left open by the last page ends there (never joined to a later line), then the cut
    note on stderr; the page's text; a note when the program stops. A list of (text, stream)."""

    def __init__(self, tail: bool, as_json: bool) -> None:
        self.tail, self.as_json = tail, as_json
        self.open_line = False  # the last text written ended inside a line
        self.stopped = False

    def page(self, cut: bool, dropped: int, dropped_bytes: int, chunks: list[str],
             status: str) -> list[tuple[str, str]]:
        from dapcli.render.safe import escape

        writes: list[tuple[str, str]] = []
        if cut and not self.tail:  # a tail leaves out the earlier lines on purpose
            if self.open_line:  # the rest of that line was dropped: it ends here, not joined to a later line
                writes.append(("\n", "out"))
                self.open_line = False
            writes.append((_cut_note(dropped, dropped_bytes), "err"))
        self.tail = False
        text = "".join(chunks)  # one write a page
        if text:
            writes.append((text if self.as_json else escape(text), "out"))
            self.open_line = not text.endswith("\n")
        if status == "stopped" and not self.stopped:
            writes.append((STOPPED_NOTE, "err"))
        self.stopped = status == "stopped"
        return writes


def _follow_client(client: Any, invocation: Invocation, cwd: str) -> int:
    args = dict(invocation.args)
    follower = _Follower("tail" in args, invocation.json)
    while True:
        data = client.call("output", _follow_args(args), cwd)
        if invocation.redact:
            from dapcli.verbs.shared.redact import redact_result

            data = redact_result(VERBS["output"].result_model.model_validate(data)).to_json()
        status = str(data.get("status"))
        for text, stream in follower.page(bool(data.get("cut")), data.get("dropped", 0), data.get("droppedBytes", 0),
                                          [chunk["output"] for chunk in data["chunks"]], status):
            _write(sys.stdout if stream == "out" else sys.stderr, text)
        args["since"] = data["nextSeq"]
        args.pop("tail", None)
        if status in ("exited", "terminated"):
            return 0


def _write(stream: Any, text: str) -> None:
    stream.write(text)
    stream.flush()


async def handle_argv(server: Any, name: str, request: dict[str, Any],
                      emit: Callable[[str, str], Awaitable[None]]) -> int:
    """Parse and run a command line forwarded by a one-shot client (inside the session host)."""
    argv = [str(a) for a in request.get("argv", [])]
    term = request.get("term") or {}
    cwd = str(request.get("cwd") or os.getcwd())
    debug = debug_requested(argv)
    try:
        parsed = parse(argv)
    except Exception as exc:  # a word no verb takes (`info nosuch`): one line, the host lives on
        text, code = error_text(exc, debug, "--json" in argv)
        await emit(text, "err")
        return code
    if isinstance(parsed, Finished):
        if parsed.stdout:
            await emit(parsed.stdout, "out")
        if parsed.stderr:
            await emit(parsed.stderr, "err")
        return parsed.exit_code
    as_json = parsed.json
    try:
        spec = VERBS.get(parsed.verb)
        starts = spec is not None and spec.needs == "none" and spec.executes  # launch, attach
        if parsed.verb.startswith(":") or (starts and name in server.manager.sessions):
            raise DapcliError(f"{parsed.verb.lstrip(':')} cannot run inside a session host")
        if parsed.extras.get("follow"):
            return await _follow_host(server, name, parsed, cwd, emit)
        result = await redacting(server.dispatcher, parsed.redact).call(parsed.verb, parsed.args, name, cwd)
    except Exception as exc:
        text, code = error_text(exc, debug, as_json)
        await emit(text, "err")
        return code
    # rendered in a worker thread: a large result must not stop the host's loop from answering
    # other clients (`status`, `pause`) meanwhile
    await emit(await asyncio.to_thread(result_text, result, as_json, term, cwd), "out")
    if parsed.extras.get("record"):
        from dapcli.dispatch.testrecord import write_test_recipe

        try:
            await emit(write_test_recipe(parsed.extras["record"], parsed.args, result, cwd) + "\n", "err")
        except DapcliError as exc:
            text, code = error_text(exc, debug, as_json)
            await emit(text, "err")
            return code
    return _exit_code(result, parsed.verb)


async def _follow_host(server: Any, name: str, parsed: Invocation, cwd: str,
                       emit: Callable[[str, str], Awaitable[None]]) -> int:
    args = dict(parsed.args)
    dispatcher = redacting(server.dispatcher, parsed.redact)
    follower = _Follower("tail" in args, parsed.json)
    while True:
        result = await dispatcher.call("output", _follow_args(args), name, cwd)
        for text, stream in follower.page(bool(result.cut), result.dropped, result.dropped_bytes,
                                          [chunk.output for chunk in result.chunks], result.status):
            await emit(text, stream)
        args["since"] = result.next_seq
        args.pop("tail", None)
        if result.status in ("exited", "terminated"):
            return 0
        await asyncio.sleep(0)
