"""``dapcli run FILE...``: validate every recipe, run them one after another, report.

Exit codes: 0 when every check held; 2 when a recipe is invalid, in which case nothing is
started at all; when the launch, the build or a step failed with an error, that error's own
exit code (as the same command exits on the command line: 5 for a missing adapter, 7 for a
timeout…; the first error's, which wins over a failed check); else 8 when a check failed.
"""

from __future__ import annotations

import asyncio
import os
import sys
from typing import Any, TextIO

from dapcli.errors import CheckFailedError, UsageError
from dapcli.frontends.recipe.junit import write_junit
from dapcli.frontends.recipe.model import Recipe, RecipeOutcome
from dapcli.frontends.recipe.runner import Dispatcher, RecipeRun
from dapcli.frontends.recipe.transcript import JsonLinesReporter, Reporter, TextReporter
from dapcli.frontends.recipe.validate import load_recipe
from dapcli.frontends.recipe.variables import NAME
from dapcli.verbs.shared.bounds import check_timeout

__all__ = ["check_writable", "parse_vars", "run_recipes", "run_recipes_async"]


def parse_vars(pairs: list[str]) -> dict[str, str]:
    """``["k=v", …]`` (``--var``) as a mapping. Raises UsageError for a malformed pair."""
    found = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not NAME.match(name):
            raise UsageError(f"bad --var {pair!r}", "write it as NAME=VALUE (NAME: letters, digits, _)")
        found[name] = value
    return found


def run_recipes(
    paths: list[str], *, json_lines: bool = False, junit: str | None = None, keep_going: bool = False,
    variables: dict[str, str] | None = None, timeout: float | None = None, out: TextIO | None = None,
    dispatcher: Dispatcher | None = None, redact: bool = False,
) -> int:
    """Validate and run the recipes at ``paths``; write the transcript to ``out`` (default
    stdout) as text or JSON lines, and JUnit XML to ``junit``. Returns the exit code.

    ``redact`` (``dapcli --redact run``): values that look secret are hidden in every step's
    result, so in the transcript, the JUnit XML and what the checks see.

    ``variables`` are ``--var`` values (they override the recipe's ``variables:``);
    ``timeout`` is the seconds each step may wait for a stop (launch and build may take
    longer); ``dispatcher`` defaults to a fresh in-process
    :class:`~dapcli.dispatch.local.LocalDispatcher`.
    """
    return asyncio.run(run_recipes_async(
        paths, json_lines=json_lines, junit=junit, keep_going=keep_going, variables=variables, timeout=timeout,
        out=out, dispatcher=dispatcher, redact=redact,
    ))


async def run_recipes_async(
    paths: list[str], *, json_lines: bool = False, junit: str | None = None, keep_going: bool = False,
    variables: dict[str, str] | None = None, timeout: float | None = None, out: TextIO | None = None,
    dispatcher: Dispatcher | None = None, redact: bool = False,
) -> int:
    """:func:`run_recipes` for callers that already run an event loop (the REPL, MCP).

    Raises:
        UsageError: ``junit`` cannot be written, or ``timeout`` is not a finite number of seconds
            in (0, 3600] (checked before anything runs).
    """
    check_timeout(timeout)
    if junit:
        check_writable(junit, "--junit")
    stream = out or sys.stdout
    # a recipe refused by validation is told on stderr (JSON lines keep every record on one stream)
    reporter: Reporter = JsonLinesReporter(stream) if json_lines else \
        TextReporter(stream, errors=sys.stderr if out is None else None)
    recipes, outcomes = _load_all(paths, variables or {}, reporter)
    if not paths or any(o.invalid for o in outcomes):
        code = UsageError.exit_code
        reporter.summary(outcomes, code)
        if junit:
            write_junit(outcomes, junit)
        return code
    if dispatcher is None:
        from dapcli.dispatch.local import LocalDispatcher

        dispatcher = LocalDispatcher()
    if redact:
        from dapcli.dispatch.redacting import RedactingDispatcher

        dispatcher = RedactingDispatcher(dispatcher)
    for index, recipe in enumerate(recipes, start=1):
        run = RecipeRun(recipe, dispatcher, reporter, session=f"recipe-{os.getpid()}-{index}",
                        keep_going=keep_going, timeout=timeout)
        outcomes.append(await run.run())
    code = _exit_code(outcomes)
    reporter.summary(outcomes, code)
    if junit:
        write_junit(outcomes, junit)
    return code


def _exit_code(outcomes: list[RecipeOutcome]) -> int:
    """The exit code of a run: the first recipe error's own code (an error says nothing about the
    bug, so it wins over a failed check), else 8 when a check failed, else 0."""
    codes = [o.exit_code for o in outcomes]
    return next((c for c in codes if c not in (0, CheckFailedError.exit_code)), max(codes, default=0))


def check_writable(path: str, what: str) -> None:
    """Raises UsageError (one line) unless a file can be written at ``path``."""
    if "\x00" in path:
        raise UsageError(f"{what} {path!r}: a path cannot contain a NUL byte")
    if os.path.islink(path):
        raise UsageError(f"{what} {path}: is a symbolic link; dapcli does not write through one",
                         "give the path of a regular file (or remove the link)")
    if os.path.isdir(path):
        raise UsageError(f"{what} {path}: is a directory", "give a file name, e.g. report.xml")
    parent = os.path.dirname(os.path.abspath(path))
    while not os.path.lexists(parent):  # missing folders are created when the file is written
        parent = os.path.dirname(parent)
    if not os.path.isdir(parent):
        raise UsageError(f"{what} {path}: {parent} is not a directory", "choose another path")
    if not os.access(path if os.path.exists(path) else parent, os.W_OK):
        raise UsageError(f"{what} {path}: not writable", "choose a path you can write")


def _load_all(paths: list[str], variables: dict[str, Any],
              reporter: Reporter) -> tuple[list[Recipe], list[RecipeOutcome]]:
    """Every recipe validated; outcomes only for the invalid ones."""
    if not paths:
        reporter.invalid("", UsageError("no recipe files given", "dapcli run FILE.yaml [FILE.yaml…]"))
    recipes, invalid = [], []
    for path in paths:
        try:
            recipes.append(load_recipe(path, variables, display=path))
        except UsageError as exc:
            reporter.invalid(path, exc)
            name = os.path.splitext(os.path.basename(path))[0]
            invalid.append(RecipeOutcome(path=path, name=name, invalid=exc.message))
    return recipes, invalid
