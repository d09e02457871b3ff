"""The ``dapcli`` entry point and its hot path.

A one-shot verb against a live session must feel instant, so this module imports only the
standard library plus ``dapcli.errors``, :mod:`~dapcli.frontends.cli.argwords` and
``dapcli.dispatch.{sessionfile,remote,spawn}``: it
forwards the command line to the warm session host, which parses, runs and renders it.
``launch``/``attach`` start a host and hand it the command line the same way; help, version,
completion, ``sessions`` and "no such session" are answered from the generated ``shape.json``
(:mod:`dapcli.frontends.cli.quick`); ``serve-mcp`` starts the MCP server directly. Anything
else (frontends, usage errors, verbs that need no session) goes to the full typer app
(:mod:`dapcli.frontends.cli.inprocess`).
"""

from __future__ import annotations

import os
import sys

from dapcli.frontends.cli.argwords import GLOBAL_WITH_VALUE, command_index

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the hot path)
if TYPE_CHECKING:
    from dapcli.errors import DapcliError

#: Commands that never go to a running host.
#: (Verbs that need no session, plus the frontends; a test keeps this in step with the verb table.)
LOCAL = frozenset({"launch", "attach", "test", "sessions", "adapters", "configs", "doctor", "repl", "serve-mcp", "run",
                   "completion", "help", "version"})
#: Commands that start a session host and hand it their command line.
STARTS_HOST = frozenset({"launch", "attach", "test"})


def _split(argv: list[str]) -> tuple[str | None, str | None]:
    """The session named by leading global options, and the command word."""
    session, index = command_index(argv)
    return session, None if index is None else argv[index]


def _session_after(argv: list[str]) -> str | None:
    for index, word in enumerate(argv):
        if word in GLOBAL_WITH_VALUE and index + 1 < len(argv):
            return argv[index + 1]
        if word.startswith("--session="):
            return word.split("=", 1)[1]
    return None


def _forward(argv: list[str], command: str, session: str | None) -> int | None:
    from dapcli.dispatch import remote, sessionfile
    from dapcli.errors import DapcliError

    try:
        name = sessionfile.session_name(session or _session_after(argv))
        if command in STARTS_HOST:
            from dapcli.dispatch import spawn

            _confirm_project(argv)
            staged = _stage_stdin(argv, sessionfile.path_for(name))
            # first: it clears a finished session's files
            try:  # what the host starts early is worked out while its interpreter starts
                spawn.start_host(name, spawn.host_command(name), early=lambda: next(iter(_prestart(argv, command)), ""))
            except KeyboardInterrupt:  # start_host ended the host it started: there is no session
                _err("interrupted: the session was not started (its host is ended)\n")
                return 130
            argv = _stdin_to_file(argv, sessionfile.path_for(name), staged)
        elif sessionfile.read(name) is None and not (command in ("stop", "kill") and _started_meanwhile(name)):
            from dapcli.frontends.cli import quick

            code = quick.answer(argv)  # help of a bare group
            if code is not None or quick.resolve(argv) is None:
                return code  # answered, or not a command: the full app says so
            raise sessionfile.unknown_session(name)
        elif command == "kill" and (done := _force_kill(name)) is not None:
            _out(done)
            return 0
        client = remote.connect(name)
    except DapcliError as exc:
        if "--help" in argv or "-h" in argv:
            return None
        # a corrupt session file or a dead host: connect() cleaned up its files, so only this
        # error can still say what happened
        _report(exc, argv)
        return exc.exit_code
    tty = sys.stdout.isatty()
    term = {
        "tty": tty,
        "color": tty and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb",
        "width": os.get_terminal_size().columns if tty else int(os.environ.get("COLUMNS", "120")),
    }
    try:
        return client.run_argv(argv, os.getcwd(), term, _out, _err)
    except DapcliError as exc:
        _report(exc, argv)
        return exc.exit_code
    finally:
        client.close()


def _started_meanwhile(name: str) -> bool:
    """``stop``/``kill`` while a launch of ``name`` is still starting (it holds ``NAME.lock``):
    wait (bounded) for that start, then say whether the session is there now."""
    from dapcli.dispatch import sessionfile, spawn
    from dapcli.files import locked

    lock = os.path.join(sessionfile.runtime_dir(), f"{name}.lock")
    if not os.path.exists(lock):
        return False
    try:
        with locked(lock, spawn.START_TIMEOUT + 10):
            pass
    except (TimeoutError, OSError):
        return False
    return sessionfile.read(name) is not None


def _force_kill(name: str) -> str | None:
    """``dapcli kill`` of a session whose host is stopped or hung (:mod:`dapcli.dispatch.forcekill`)."""
    from dapcli.dispatch.forcekill import end_unresponsive

    return end_unresponsive(name)


def _prestart(argv: list[str], command: str) -> list[str]:
    """What the host may start while it imports (:mod:`dapcli.dispatch.prestart`: the adapter of
    a ``launch``, the run of a ``test``), as the host's last argument; [] when the command line
    does not make it certain."""
    if command not in ("launch", "test"):
        return []
    from dapcli.dispatch.prestart import early_argument
    from dapcli.frontends.cli.shape import load_shape

    flags = load_shape()["commands"][command]["flags"]
    what = early_argument(command, argv, _after_command(argv, command), flags, os.getcwd())
    return [what] if what else []


def _after_command(argv: list[str], command: str) -> list[str]:
    """The words after the command word (past the leading global options, see :func:`_split`)."""
    index = 0
    while index < len(argv) and argv[index] != command:
        index += 2 if argv[index] in GLOBAL_WITH_VALUE else 1
    return argv[index + 1:]


def _stdin_at(argv: list[str]) -> tuple[list[str], int] | None:
    """(the words before ``--`` with ``--stdin -`` spelled ``--stdin=-``, its index), or None."""
    end = argv.index("--") if "--" in argv else len(argv)
    head = argv[:end]
    if "--stdin=-" in head:
        return head, head.index("--stdin=-")
    at = next((i for i in range(len(head) - 1) if head[i] == "--stdin" and head[i + 1] == "-"), None)
    return None if at is None else ([*head[:at], "--stdin=-", *head[at + 2:]], at)


def _stage_stdin(argv: list[str], session_path: str) -> str | None:
    """``--stdin -``: what this command reads on its stdin, kept in a private file beside the
    session file (bounded: :func:`dapcli.files.save_stdin`), before any host starts, so that an
    endless stdin is refused with nothing started. Returns that file, or None."""
    if _stdin_at(argv) is None:
        return None
    from dapcli.files import save_stdin

    staged = session_path.removesuffix(".json") + ".stdin.new"
    save_stdin(staged, sys.stdin.buffer)
    return staged


def _stdin_to_file(argv: list[str], session_path: str, staged: str | None) -> list[str]:
    """The staged stdin (:func:`_stage_stdin`) moved into place once the host started (starting
    clears a finished session's files); the host (which runs the program) is told that file."""
    found = _stdin_at(argv)
    if found is None or staged is None:
        return argv
    head, at = found
    path = session_path.removesuffix(".json") + ".stdin"
    os.replace(staged, path)
    head[at] = f"--stdin={path}"
    end = argv.index("--") if "--" in argv else len(argv)
    return [*head, *argv[end:]]


def _confirm_project(argv: list[str]) -> None:
    """Before a launch: a project ``.dapcli/adapters.yaml`` is announced, and asked about at a
    terminal (:mod:`dapcli.dispatch.consent`; imported only when such a file exists)."""
    cut = argv.index("--") if "--" in argv else len(argv)
    if os.environ.get("DAPCLI_TRUST_PROJECT"):
        return
    here = os.getcwd()
    while not os.path.isfile(os.path.join(here, ".dapcli", "adapters.yaml")):
        parent = os.path.dirname(here)
        if parent == here:
            return
        here = parent
    from dapcli.dispatch.consent import confirm_project, trust_project

    if "--trust-project" in argv[:cut]:
        trust_project(os.getcwd())  # recorded here, at the user's terminal: kept until the file changes
        return
    confirm_project(os.getcwd())


def _complete(words: list[str], session: str | None) -> int:
    """``dapcli __complete KIND``: the completion scripts' words from the live session, one a line."""
    from dapcli.frontends.cli import quick

    if words:
        for word in quick.complete_words(words[0], session or os.environ.get("DAPCLI_SESSION")):
            _out(word + "\n")
    return 0


def _serve_mcp(words: list[str]) -> int | None:
    """``dapcli serve-mcp [--transport T] [--port N] [--token-file F] [--no-auth] [--output-schemas]
    [--show-secrets]``
    without typer; None for anything else (``--help``, a usage error: the full app answers)."""
    options: dict[str, str] = {}
    while words:
        word = words.pop(0)
        key, _, value = word.partition("=")
        if key in ("--output-schemas", "--no-auth", "--show-secrets") and not value:
            options[key[2:]] = "1"
            continue
        if key not in ("--transport", "--port", "--token-file") or not (value or words):
            return None
        options[key[2:]] = value or words.pop(0)
    port = options.get("port", "0")
    if not (port.isascii() and port.isdigit()):  # not ² (int() refuses it): typer's path says why
        return None
    from dapcli.frontends.mcp.server import main as serve
    from dapcli.frontends.mcp.server import port_error

    if port_error(options.get("port", "8765")):  # 99999, or more digits than int() reads
        print(port_error(options.get("port", "8765")), file=sys.stderr)
        return 2

    return int(serve(transport=options.get("transport", "stdio"), port=int(options.get("port", 8765)),
                     token_file=options.get("token-file"), no_auth="no-auth" in options,
                     output_schemas="output-schemas" in options, show_secrets="show-secrets" in options))


def _report(exc: DapcliError, argv: list[str]) -> None:
    """An error as the full app would print it: one line and a hint, or JSON with --json."""
    if "--json" in argv:
        import json

        _err(json.dumps({"schemaVersion": 1, "error": exc.to_dict()}) + "\n")
    else:
        _err(f"error: {exc.message}\n" + (f"hint: {exc.hint}\n" if exc.hint else ""))


def _out(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


def _err(text: str) -> None:
    sys.stderr.write(text)
    sys.stderr.flush()


def _writing_failed(exc: OSError) -> bool:
    """Whether ``exc`` is our stdout/stderr refusing a write (``dapcli status >/dev/full``)."""
    import errno

    return exc.errno in (errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG, errno.EPIPE)


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail a second time."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _ensure_streams() -> None:
    """``dapcli status >&-``: Python starts with ``sys.stdout`` None; write to /dev/null instead.
    A stream whose encoding cannot write what dapcli draws (``PYTHONIOENCODING=ascii``, ``LANG=C``
    on an old Python) writes what it cannot as escapes (``\u2502``) instead of failing mid-result."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 (for the process's life)
            continue
        if getattr(stream, "errors", "strict") != "strict":  # the user chose a handler (PYTHONIOENCODING=ascii:replace)
            continue
        try:
            "│→●…".encode(stream.encoding or "ascii")
        except (UnicodeEncodeError, LookupError):
            try:  # noqa: SIM105 (no contextlib: the one-shot CLI's hot path)
                stream.reconfigure(errors="backslashreplace")
            except (AttributeError, ValueError):  # not a TextIOWrapper: left as it is
                pass


def _sane_size() -> None:
    """``COLUMNS=²`` or ``LINES=abc``: rich reads them with ``str.isdigit`` and then ``int()``, which
    refuses ``²``; a size that is not plain ASCII digits is dropped (the terminal's own is used),
    here and in every process dapcli starts (the session host, the REPL, the MCP server)."""
    for name in ("COLUMNS", "LINES"):
        value = os.environ.get(name)
        if value is not None and not (value.isascii() and value.isdigit()):
            del os.environ[name]


def main(argv: list[str] | None = None) -> int:
    """``dapcli`` console script."""
    args = list(sys.argv[1:] if argv is None else argv)
    _ensure_streams()
    _sane_size()
    try:
        code = None
        session, command = _split(args)
        if "_DAPCLI_COMPLETE" in os.environ:  # a completion script of an older version (click's)
            from dapcli.frontends.cli.inprocess import run

            return run(args)
        if command == "__complete":
            return _complete(args[args.index(command) + 1:], session)
        if command == "serve-mcp":
            code = _serve_mcp(args[args.index(command) + 1:])
        if code is None and (command is None or command in LOCAL or "--help" in args or "-h" in args):
            from dapcli.frontends.cli import quick

            code = quick.answer(args)
        if code is None and command and (command not in LOCAL or command in STARTS_HOST):
            code = _forward(args, command, session)
        if code is None:
            from dapcli.frontends.cli.inprocess import run

            code = run(args)
        return code
    except BrokenPipeError:
        # `dapcli … | head`: the reader left; end quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except OSError as exc:
        if not _writing_failed(exc):
            if "--debug" in args or os.environ.get("DAPCLI_DEBUG"):
                raise
            _err(f"internal error: {type(exc).__name__}: {exc}\nhint: run with --debug and report the traceback\n")
            return 1
        _quiet_stdout()
        _err(f"error: cannot write output: {exc.strerror or exc}\n")
        return 1
    except KeyboardInterrupt:
        _err("interrupted: the session keeps its state (a running program keeps running); "
             "`dapcli pause` stops it, `dapcli wait` waits for its next stop\n")
        return 130
    except Exception as exc:  # an internal bug: one line unless --debug
        from dapcli.errors import DapcliError

        if isinstance(exc, DapcliError):  # e.g. a bad runtime directory met on a quick path
            _report(exc, args)
            return exc.exit_code
        if "--debug" in args or os.environ.get("DAPCLI_DEBUG"):
            raise
        _err(f"internal error: {type(exc).__name__}: {exc}\nhint: run with --debug and report the traceback\n")
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
