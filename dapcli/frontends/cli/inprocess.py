"""Running a command line in this process, the client side: what the one-shot entry point
(:mod:`dapcli.frontends.cli.fast`) falls back to when no session host can take the command
(launch, no session yet, help, usage errors, the frontends).

It parses with the typer app (:func:`dapcli.frontends.cli.app.parse`), then prints what needed
no verb, starts a frontend command, or runs the verb (:func:`dapcli.frontends.cli.runner.run_client`).
"""

from __future__ import annotations

import os
import shlex
import sys
from typing import Any

from dapcli import __version__
from dapcli.frontends.cli.app import Finished, debug_requested, parse
from dapcli.frontends.cli.commands import Invocation

__all__ = ["main_entry", "run", "run_local"]


def run(argv: list[str]) -> int:
    """Run a command line in this process (client side)."""
    from dapcli.frontends.cli.runner import run_client

    parsed = parse(argv)
    if isinstance(parsed, Finished):
        sys.stdout.write(parsed.stdout)
        sys.stderr.write(parsed.stderr)
        return parsed.exit_code
    if parsed.verb.startswith(":"):
        return run_local(parsed)
    return run_client(parsed, debug=debug_requested(argv))


def run_local(invocation: Invocation) -> int:
    """Start a frontend command (repl, serve-mcp, run, completion) in this process."""
    kw = invocation.args
    if invocation.verb == ":repl":
        from dapcli.frontends.repl import main as repl_main

        kw["session"] = kw["session"] or invocation.session or "default"
        return int(repl_main(**kw))
    if invocation.verb == ":serve-mcp":
        from dapcli.frontends.mcp.server import main as mcp_main

        return int(mcp_main(**kw))
    if invocation.verb == ":run":
        return _run_recipes(invocation)
    if invocation.verb == ":version":
        sys.stdout.write(f"dapcli {__version__}\n")
        return 0
    from dapcli.frontends.cli.completion import script

    sys.stdout.write(script(kw["shell"]))
    return 0


def _run_recipes(invocation: Invocation) -> int:
    import json

    from dapcli.errors import DapcliError
    from dapcli.frontends.recipe import parse_vars, recipe_schema, run_recipes

    kw = dict(invocation.args)
    redact = bool(kw.pop("redact", False))
    if kw.pop("schema"):
        sys.stdout.write(json.dumps(recipe_schema(), indent=2) + "\n")
        return 0
    files = kw.pop("files")
    if not files:
        sys.stderr.write("error: name the recipe files to run\nhint: e.g. `dapcli run recipes/quickstart.yaml`; "
                         "gdb's run is `dapcli restart` (run the program again) or `dapcli launch PROGRAM`\n")
        return 2
    programs = [f for f in files if f.endswith((".py", ".go", ".c", ".cc", ".cpp", ".rs", ".js", ".mjs", ".ts", ".sh"))]
    if programs:
        sys.stderr.write(f"error: `dapcli run` replays YAML recipes; {programs[0]} is not one\nhint: to debug a "
                         f"program: `dapcli launch {shlex.quote(programs[0])}` (gdb's run; `dapcli restart` runs "
                         "it again)\n")
        return 2
    try:
        from dapcli.dispatch.consent import confirm_project

        for folder in dict.fromkeys([os.getcwd(), *(os.path.dirname(os.path.abspath(f)) for f in files)]):
            confirm_project(folder)
        variables = parse_vars(kw.pop("var"))
        return int(run_recipes(files, json_lines=kw["json_lines"] or invocation.json, junit=kw["junit"],
                               keep_going=kw["keep_going"], variables=variables, timeout=kw["timeout"],
                               redact=redact))
    except DapcliError as exc:
        sys.stderr.write(f"error: {exc.message}\n" + (f"hint: {exc.hint}\n" if exc.hint else ""))
        return exc.exit_code


def main_entry(argv: list[str] | None = None) -> Any:
    return run(sys.argv[1:] if argv is None else argv)
