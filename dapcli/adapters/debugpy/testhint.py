"""The test run ``dapcli test …`` will launch, told by the one-shot client before the session host
is up, so that the host can start it while it imports (:mod:`dapcli.adapters.debugpy.earlytest`).

Only when the command line makes it certain: a pytest or unittest run through debugpy, with no
adapters file that could change how it starts. The ``debugTest`` verb takes the early run only
when it would launch the very same command in the same directory, so a wrong hint costs CPU,
never behaviour. Standard library only (the one-shot client's hot path).
"""

from __future__ import annotations

import os

from dapcli.adapters.debugpy.earlytest import attach_arguments, boot_argv
from dapcli.adapters.debugpy.pyinterp import find_python
from dapcli.adapters.early.process import adapters_file
from dapcli.errors import DapcliError
from dapcli.files import read_regular_text

__all__ = ["BOOT", "hint"]

#: dapcli's test bootstrap (``dapcli.engine.testrun.python.BOOT``; a test keeps them equal).
BOOT = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "engine", "testrun",
                    "boot", "dapcli_testboot.py")
_PYTHON_NAMES = ("python", "debugpy", "py")
_PYTEST_FILES = ("pytest.ini", ".pytest.ini", "conftest.py")
_PYTEST_SECTIONS = {"pyproject.toml": "[tool.pytest", "setup.cfg": "[tool:pytest]", "tox.ini": "[pytest]"}
_FIRST = {"pytest": "-x", "unittest": "-f"}


def hint(words: list[str], flags: dict[str, dict[str, object]], cwd: str) -> dict[str, object] | None:
    """``{"argv": [...], "cwd": DIR, "attach": {...}}`` of the run that ``dapcli test WORDS…`` (``words``: what
    follows ``test``) launches, or None when it is not certain. ``flags``: the ``test`` command's
    flags from the CLI shape (which of them take a value)."""
    options: dict[str, str] = {}
    selectors: list[str] = []
    runner_args: list[str] = []
    first = False
    index = 0
    while index < len(words):
        word = words[index]
        if word == "--":
            runner_args += words[index + 1:]
            break
        if word.startswith("-") and len(word) > 1:
            key, has_value, value = word.partition("=")
            if key not in flags:
                return None
            if flags[key].get("value") and not has_value:
                index += 1
                if index >= len(words):
                    return None
                value = words[index]
            key = "-k" if key == "--match" else key
            if key == "--runner-args":
                runner_args.append(value)
            elif key in ("--first", "--no-first"):
                first = key == "--first"
            else:
                options[key] = value
        else:
            selectors.append(word)
        index += 1
    try:
        return _plan(selectors, runner_args, first, options, cwd)
    except (OSError, DapcliError):
        return None


def _plan(selectors: list[str], runner_args: list[str], first: bool, options: dict[str, str],
          cwd: str) -> dict[str, object] | None:
    if "--stdin" in options or "--catch" in options:  # in dapcli's terminal, or the user's filters: not early
        return None
    if "--break" in options or "-b" in options:  # breakpoints go in before the run goes on: not early
        return None
    adapter = options.get("--adapter")
    if adapter is not None and adapter.lower() not in _PYTHON_NAMES:
        return None
    work_dir = os.path.abspath(os.path.join(cwd, options["--cwd"])) if options.get("--cwd") else cwd
    if not os.path.isdir(work_dir) or adapters_file(work_dir):
        return None
    plain = [s for s in selectors if not s.startswith("-")]
    runner_args = [*[s for s in selectors if s.startswith("-")], *runner_args]
    runner = options.get("--runner") or _guess(plain, work_dir)
    if runner not in _FIRST:
        return None
    if runner == "pytest" and any(not os.path.exists(os.path.join(work_dir, s.split("::", 1)[0])) for s in plain):
        return None  # the verb refuses it before anything starts
    python = options.get("--python")
    if python and os.sep in python:
        python = os.path.normpath(os.path.join(cwd, python))
    match = ["-k", options["-k"]] if options.get("-k") else []  # as the runner puts it (see engine/testrun)
    args = [runner, *plain, *match, *([_FIRST[runner]] if first else []), *runner_args]
    return {"argv": boot_argv(find_python(python, work_dir), BOOT, args), "cwd": work_dir,
            "attach": attach_arguments(BOOT)}


def _guess(selectors: list[str], cwd: str) -> str | None:
    """``pytest`` where the verb's runner detection surely picks it; else None (not certain)."""
    if selectors:
        first = os.path.normpath(os.path.join(cwd, selectors[0].split("::", 1)[0]))
        if os.path.isfile(first) and not first.endswith(".py"):
            return None  # a test binary, a Go file, …
        if os.path.isdir(first) and any(name.endswith(".go") for name in os.listdir(first)):
            return None
        start = first if os.path.isdir(first) else os.path.dirname(first)
    else:
        if os.path.isfile(os.path.join(cwd, "go.mod")):
            return None
        start = cwd
    if any("::" in s for s in selectors) or _has_pytest_config(start):
        return "pytest"
    return None


def _has_pytest_config(directory: str) -> bool:
    while True:
        if any(os.path.isfile(os.path.join(directory, name)) for name in _PYTEST_FILES):
            return True
        for name, section in _PYTEST_SECTIONS.items():
            if section in (read_regular_text(os.path.join(directory, name), 200_000, whole=False) or ""):
                return True
        parent = os.path.dirname(directory)
        if parent == directory or os.path.isdir(os.path.join(directory, ".git")):
            return False
        directory = parent
