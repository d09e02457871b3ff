"""The full typer application: verb commands plus repl, serve-mcp, run, completion.

:func:`parse` turns a command line into an :class:`Invocation` without running anything (the
session host uses it on forwarded command lines); :mod:`dapcli.frontends.cli.inprocess` runs
what it returns when no session host can take the command (launch, no session yet, help, errors).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import sys
import threading
from dataclasses import dataclass
from typing import Annotated, Any

import typer

from dapcli import __version__
from dapcli.frontends.cli.argwords import command_index
from dapcli.frontends.cli.commands import Invocation, add_verb_commands

__all__ = ["Finished", "build_app", "debug_requested", "parse"]


@dataclass
class Finished:
    """A command line that needed no verb call (help, a usage error, a local command)."""

    exit_code: int
    stdout: str = ""
    stderr: str = ""


@dataclass
class GlobalOptions:
    session: str | None = None
    json: bool = False
    debug: bool = False
    redact: bool = False


_SINK: list[Invocation] = []
_GLOBALS = GlobalOptions()


def _version(value: bool) -> None:
    if value:
        print(f"dapcli {__version__}")
        raise typer.Exit(0)


def build_app(only: str | None = None) -> typer.Typer:
    """The app; ``only`` (a verb whose command is one word): the global options and that
    verb's command alone (see :func:`parse`)."""
    app = typer.Typer(
        name="dapcli", no_args_is_help=True, add_completion=True, pretty_exceptions_enable=False,
        context_settings={"help_option_names": ["-h", "--help"]},
        help="Debug Python (and more) from the shell, a REPL, YAML recipes or an AI agent, over the Debug "
             "Adapter Protocol. Start with: dapcli launch PROGRAM --break FILE:LINE",
    )

    @app.callback()
    def main(
        session: Annotated[str | None, typer.Option("--session", "-S", envvar="DAPCLI_SESSION",
                                                    help="session name (default: default)")] = None,
        json_output: Annotated[bool, typer.Option("--json", help="print results as JSON")] = False,
        debug: Annotated[bool, typer.Option("--debug", help="show tracebacks of internal errors")] = False,
        redact: Annotated[bool, typer.Option(
            "--redact", help="hide values that look secret (passwords, tokens, keys), as serve-mcp does; "
                             "also for repl and run")] = False,
        trust_project: Annotated[bool, typer.Option(
            "--trust-project", help="run the adapter commands of the project's .dapcli/adapters.yaml "
                                    "(else asked at a terminal, refused elsewhere)")] = False,
        version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                              help="show the version")] = False,
    ) -> None:
        _GLOBALS.session, _GLOBALS.json, _GLOBALS.debug, _GLOBALS.redact = session, json_output, debug, redact
        if trust_project:
            from dapcli.dispatch.consent import trust_project as trust_this_project

            trust_this_project(os.getcwd())

    add_verb_commands(app, _SINK, only)
    if only is None:
        _add_local_commands(app)
    return app


def _add_local_commands(app: typer.Typer) -> None:
    app.command("repl", rich_help_panel="Frontends")(_repl_command())

    @app.command("serve-mcp", rich_help_panel="Frontends")
    def serve_mcp(
        transport: Annotated[str, typer.Option(help="stdio or streamable-http")] = "stdio",
        port: Annotated[int, typer.Option(help="port for streamable-http (bound to 127.0.0.1)")] = 8765,
        host: Annotated[str, typer.Option(help="address for streamable-http: loopback only, unless "
                                                "--allow-remote-listen")] = "127.0.0.1",
        allow_remote_listen: Annotated[bool, typer.Option(
            "--allow-remote-listen", help="let streamable-http listen on a non-loopback HOST (other machines "
                                          "can reach it)")] = False,
        token_file: Annotated[str | None, typer.Option(
            "--token-file", help="streamable-http: bearer token to require, read from this 0600 file")] = None,
        no_auth: Annotated[bool, typer.Option(
            "--no-auth", help="streamable-http: require no token (unsafe: any local user gets in)")] = False,
        output_schemas: Annotated[bool, typer.Option("--output-schemas",
                                                     help="declare each tool's result schema in tools/list")] = False,
        show_secrets: Annotated[bool, typer.Option(
            "--show-secrets", help="show values that look secret (passwords, tokens, keys): redacted by default, "
                                   "as tool results go to a model provider")] = False,
    ) -> None:
        """Serve the verbs as MCP tools (stdio by default) for AI agents."""
        _local("serve-mcp", transport=transport, port=port, host=host, allow_remote_listen=allow_remote_listen,
               token_file=token_file, no_auth=no_auth, output_schemas=output_schemas, show_secrets=show_secrets)

    @app.command("run", rich_help_panel="Frontends")
    def run_recipes(
        files: Annotated[list[str] | None, typer.Argument(help="recipe files (YAML)")] = None,
        json_lines: Annotated[bool, typer.Option("--json", help="transcript as JSON lines")] = False,
        junit: Annotated[str | None, typer.Option("--junit", help="write JUnit XML here")] = None,
        keep_going: Annotated[bool, typer.Option("--keep-going", help="run every check even after a failure")] = False,
        var: Annotated[list[str] | None, typer.Option("--var", help="k=v recipe variable; repeatable")] = None,
        timeout: Annotated[float | None, typer.Option(
            "--timeout", help="seconds each step may wait for a stop (launch and build are bounded apart)")] = None,
        schema: Annotated[bool, typer.Option("--schema", help="print the recipe format's JSON Schema")] = False,
    ) -> None:
        """Replay YAML recipes and check what they see (exit 8 on a failed check)."""
        _local("run", files=files or [], json_lines=json_lines, junit=junit, keep_going=keep_going,
               var=var or [], timeout=timeout, schema=schema)

    @app.command("version", rich_help_panel="Frontends")
    def version() -> None:
        """Print the version (same as --version)."""
        _local("version")

    @app.command("completion", rich_help_panel="Frontends")
    def completion(shell: Annotated[str, typer.Argument(help="bash, zsh or fish")]) -> None:
        """Print the shell completion script (also shipped in completions/)."""
        _local("completion", shell=shell)


def _repl_command() -> Any:
    """``dapcli repl [PROGRAM] [launch options] [-- ARGS]``: the ``launch`` verb's options, from
    the verb table (as ``dapcli launch`` takes them), plus ``--record`` and ``--test``."""
    import inspect

    from dapcli.frontends.cli.commands import verb_parameters
    from dapcli.verbs import VERBS

    spec = VERBS["launch"]
    params = []
    for prm in verb_parameters(spec):
        if prm.name == "json_output":
            continue
        if prm.name == "stop_on_entry":  # unset: stop at entry unless breakpoints are given
            meta = prm.annotation.__metadata__
            prm = prm.replace(default=None, annotation=Annotated[bool | None, *meta])
        params.append(prm)
    params += [
        inspect.Parameter("record", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=Annotated[
            str | None, typer.Option("--record", help="save the session as a recipe")]),
        inspect.Parameter("test", inspect.Parameter.KEYWORD_ONLY, default=None, annotation=Annotated[
            list[str] | None, typer.Option("--test", help="debug these tests instead of a program (as `dapcli "
                                                          "test`); repeatable")]),
    ]

    def repl(**kwargs: Any) -> None:
        options: dict[str, Any] = {}
        for p in spec.params:
            value = kwargs.get(p.name)
            if value is None or (p.is_list and not value) or (value == p.default and p.name != "stop_on_entry"):
                continue
            options[p.alias] = list(value) if p.is_list else value
        program, args = options.pop("program", None), options.pop("args", [])
        breakpoints, python = options.pop("breakpoints", []), options.pop("python", None)
        _local("repl", program=program, args=args, session=kwargs.get("session_name"), breakpoints=breakpoints,
               record=kwargs.get("record"), python=python, test=kwargs.get("test") or [], options=options)

    repl.__doc__ = ("Interactive debugger prompt (gdb/pdb-style aliases, completion, history); PROGRAM and "
                    "the options are `dapcli launch`'s.")
    repl.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    repl.__annotations__ = {prm.name: prm.annotation for prm in params}
    return repl


def _local(name: str, **kwargs: Any) -> None:
    """Record a frontend command; :func:`run` starts it after parsing (never in a host)."""
    _SINK.append(Invocation(":" + name, kwargs))


_APP: typer.Typer | None = None
_COMMAND: Any = None
_ONE: dict[str, Any] = {}
_BUILD = threading.Lock()  # the full app (a session host builds it in a thread, see warmup.py)
_BUILD_ONE = threading.Lock()


def get_app() -> typer.Typer:
    global _APP
    with _BUILD:
        if _APP is None:
            _APP = build_app()
        return _APP


def get_command() -> Any:
    """The click command of the app, built once (every verb's command: ~50-100 ms of CPU)."""
    global _COMMAND
    if _COMMAND is None:
        app = get_app()
        with _BUILD:
            if _COMMAND is None:
                _COMMAND = typer.main.get_command(app)
    return _COMMAND


def _command_for(argv: list[str]) -> Any:
    """The full command once built; before that, for a command line naming a verb by its path
    (``launch``, ``break add``: what a session host is handed), a command of the global options
    and that verb alone (~5 ms, once per verb): the same parse, without building every verb's
    command (~100 ms) first."""
    if _COMMAND is not None:
        return _COMMAND
    from dapcli.verbs import VERBS

    index = command_index(argv)[1]
    words = tuple(argv[index:index + 2]) if index is not None else ()
    verb = next((spec.name for spec in VERBS.values() if spec.cli_path in (words[:1], words)), None)
    if verb is None:
        return get_command()
    with _BUILD_ONE:
        if verb not in _ONE:
            _ONE[verb] = typer.main.get_command(build_app(only=verb))
        return _ONE[verb]


def parse(argv: list[str]) -> Invocation | Finished:
    """Parse ``argv`` without side effects beyond help/usage text (captured, not printed)."""
    argv = _gdb_words(list(argv))
    command = _command_for(argv)
    argv, runner_args = _runner_args(hoist_global_flags(list(argv)))
    argv = _join_clauses(argv)
    _SINK.clear()
    _GLOBALS.session, _GLOBALS.json, _GLOBALS.debug, _GLOBALS.redact = None, False, False, False
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = _main(command, argv)
    if _SINK and code == 0:
        invocation = _SINK[-1]
        invocation.json = invocation.json or _GLOBALS.json
        invocation.session = invocation.session or _GLOBALS.session
        invocation.redact = invocation.redact or _GLOBALS.redact
        if invocation.verb in (":repl", ":run"):  # frontends started here take the policy as an option
            invocation.args["redact"] = invocation.redact
        if runner_args:
            invocation.args["runnerArgs"] = [*invocation.args.get("runnerArgs", []), *runner_args]
        return invocation
    return Finished(code, out.getvalue(), err.getvalue())


def _main(command: Any, argv: list[str], again: bool = True) -> int:
    """Run click on ``argv`` (output goes to the caller's redirected streams); a value that
    starts with ``-`` is read once more after a ``--`` (:mod:`~dapcli.frontends.cli.dashvalue`)."""
    from dapcli.frontends.cli.dashvalue import retry_argv

    try:
        returned = command.main(args=list(argv), prog_name="dapcli", standalone_mode=False)
        return returned if isinstance(returned, int) else 0
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except Exception as exc:
        if not hasattr(exc, "format_message"):  # not one of click's usage errors
            raise
        retry = retry_argv(exc, argv) if again else None
        if retry is not None:
            _SINK.clear()
            return _main(command, retry, again=False)
        return _usage_error(exc, "--json" in argv)


def _gdb_words(argv: list[str]) -> list[str]:
    """``dapcli info breakpoints``, ``dapcli set var n = 3`` (gdb's words, as the REPL takes them): see
    :mod:`~dapcli.frontends.cli.gdbwords`."""
    from dapcli.frontends.cli.gdbwords import join_set_words, rewrite_info

    index = command_index(argv)[1]
    return join_set_words(rewrite_info(argv, index), index)


def _join_clauses(argv: list[str]) -> list[str]:
    """``dapcli b 4 if i == 3`` (gdb's way, unquoted): see :mod:`~dapcli.frontends.cli.bpwords`."""
    from dapcli.frontends.cli.bpwords import join_clauses

    return join_clauses(argv, command_index(argv)[1])


def _runner_args(argv: list[str]) -> tuple[list[str], list[str]]:
    """``dapcli test SELECTOR… -- RUNNER ARGS``: the words after ``--`` go to the runner, not to
    the selectors (click would merge them)."""
    if "--" not in argv or "test" not in argv[: argv.index("--")]:
        return argv, []
    cut = argv.index("--")
    return argv[:cut], argv[cut + 1:]


def _usage_error(exc: Any, as_json: bool) -> int:
    """Print click's usage error as one ``error:`` line and a ``hint:`` line (not typer's boxed
    panel); a group called without a command prints its help. Returns the exit code (2)."""
    from dapcli.frontends.cli.dashvalue import DASH_HINT, refused_dash_value

    ctx = getattr(exc, "ctx", None)
    if type(exc).__name__ == "NoArgsIsHelpError" and ctx is not None:
        sys.stdout.write(ctx.get_help() + "\n")
        return 2
    message = " ".join(str(exc.format_message()).split())
    where = ctx.command_path if ctx is not None else "dapcli"
    hint = _add_hint(ctx, message, where) or _extra_hint(ctx, message, where) or f"see `{where} --help`"
    if refused_dash_value(exc):
        hint = f"{DASH_HINT}; {hint}"
    if as_json:
        from dapcli.errors import UsageError

        sys.stderr.write(json.dumps({"schemaVersion": 1, "error": UsageError(message, hint).to_dict()}) + "\n")
    else:
        sys.stderr.write(f"error: {message}\nhint: {hint}\n")
    return int(getattr(exc, "exit_code", 2) or 2)


def _add_hint(ctx: Any, message: str, where: str) -> str | None:
    """``dapcli break main.go:23`` (gdb's way): the group has no such command but an ``add``,
    so the hint gives the line that works."""
    from dapcli.verbs.shared.grouphint import group_hint

    unknown = re.match(r"No such command '(.+)'", message)
    commands = getattr(getattr(ctx, "command", None), "commands", None) or {}
    if unknown is None or not commands or where == "dapcli":
        return None
    group = where.removeprefix("dapcli ")
    names = [name for name, command in commands.items() if not getattr(command, "hidden", False)]
    return f"{group_hint('dapcli ', group, unknown.group(1), names)} (see `{where} --help`)"


def _extra_hint(ctx: Any, message: str, where: str) -> str | None:
    """``dapcli b 4 when i == 3``: extra words after a breakpoint's location that do not begin
    a clause (``if``, ``hit``, ``log``): say to quote the spec or use ``--condition``."""
    from dapcli.frontends.cli.bpwords import BREAK_WORDS

    if not message.startswith("Got unexpected extra argument") or ctx is None:
        return None
    words = tuple(str(where).split()[1:])
    if words not in BREAK_WORDS:
        return None
    return (f"quote the whole spec (`{where} 'cart.py:17 if i == 2'`), or give the condition with "
            f"--condition (`{where} cart.py:17 --condition 'i == 2'`); clauses: if, hit, log")


#: Flags accepted anywhere on the line (before a ``--``), as if given before the command.
GLOBAL_FLAGS = ("--debug", "--trust-project", "--redact")


def hoist_global_flags(argv: list[str]) -> list[str]:
    """``argv`` with :data:`GLOBAL_FLAGS` moved to the front (``dapcli stack --debug`` works)."""
    end = argv.index("--") if "--" in argv else len(argv)
    found = [word for word in argv[:end] if word in GLOBAL_FLAGS]
    if not found:
        return list(argv)
    return [*dict.fromkeys(found), *(w for w in argv[:end] if w not in GLOBAL_FLAGS), *argv[end:]]


def debug_requested(argv: list[str]) -> bool:
    return "--debug" in argv or bool(os.environ.get("DAPCLI_DEBUG"))
