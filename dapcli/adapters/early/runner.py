"""Runs early start, for ``launch`` and for ``test``: what the one-shot client tells the session
host to start while it imports (:func:`early_argument`), and what the host starts then
(:func:`start`). Standard library only on the client's side.

A family that can start early names its *starter* module in ``AdapterSpec.early_start``
(:data:`STARTERS` lists them, in the registry's order; a test keeps them equal). A starter is
standard library only at import and has:

* ``KEYS``: what a hint may name of it (the host's last argument);
* ``named(chosen) -> key | None``: ``--adapter CHOSEN`` names one of its families;
* ``runs(program) -> key | None``: it surely runs ``program`` (an absolute path);
* ``command(key) -> (argv, env | None) | None``: its adapter's command (None: not installed);
* ``launches(program) -> key | None``: a plain launch of ``program`` can be said to its adapter
  early (:mod:`dapcli.adapters.early.launch`); ``family(key)``: the AdapterSpec that speaks then;
* optionally ``test_plan(words, flags, cwd)``, ``start_test(plan)`` and ``discard_test()``: a
  test run started early (``dapcli test``).
"""

from __future__ import annotations

import importlib
import json
import os

from dapcli.adapters.early import process as early_process

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the one-shot client's hot path)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from types import ModuleType
    from typing import Any

__all__ = ["LAUNCH_PREFIX", "STARTERS", "TEST_PREFIX", "discard", "early_argument", "hint", "plan", "start",
           "test_hint"]

#: The starters of the families that start early, in the registry's order (``early_start``).
STARTERS = ("dapcli.adapters.debugpy.early", "dapcli.adapters.gotestearly", "dapcli.adapters.native.early")
#: The host's last argument for a test run started early: this prefix, then its JSON plan.
TEST_PREFIX = "test:"
#: The host's last argument for an early launch: this prefix, then the JSON of :func:`plan`
#: (:data:`dapcli.adapters.early.launch.PREFIX`, imported by the host only; a test keeps them equal).
LAUNCH_PREFIX = "launch:"
#: Options that choose the adapter (or its command) some other way: no early start with them.
_CHOOSERS = ("--adapter-config", "--config", "--core")
#: Largest source file read to check a breakpoint's line (bytes).
_MAX_SOURCE = 4 * 1024 * 1024
_BREAK_FLAGS = ("-b", "--break")


def _starters() -> Iterator[ModuleType]:
    """The starters, each imported only when the one before did not decide."""
    for name in STARTERS:
        yield importlib.import_module(name)


def _starter(key: str) -> ModuleType | None:
    return next((starter for starter in _starters() if key in starter.KEYS), None)


# -- the one-shot client -------------------------------------------------------------------------
def early_argument(command: str, argv: list[str], words: list[str], flags: dict[str, dict[str, object]],
                   cwd: str) -> str | None:
    """What the host of ``argv`` (the command ``command``, followed by ``words``) may start while it
    imports, as its last argument; None when the command line does not make it certain.
    ``flags``: the command's flags from the CLI shape (which of them take a value)."""
    if command == "test":
        run = test_hint(words, flags, cwd)
        return TEST_PREFIX + json.dumps(run) if run else None
    if command != "launch":
        return None
    planned = plan(words, cwd)
    if planned is not None:
        return LAUNCH_PREFIX + json.dumps(planned)
    return hint(argv, flags, cwd)


def hint(argv: list[str], flags: dict[str, dict[str, object]], cwd: str) -> str | None:
    """The key of the adapter that ``argv`` (``launch …``) surely starts (a starter's ``KEYS``:
    ``"debugpy"``; ``"lldb"`` or ``"gdb"`` for ``--adapter lldb``/``gdb``; ``"native"`` for a
    native executable not built by Go), else None. ``flags``: the ``launch`` command's flags from
    the CLI shape (which of them take a value)."""
    words = argv[argv.index("launch") + 1:] if "launch" in argv else []
    program = adapter = None
    index = 0
    while index < len(words):
        word = words[index]
        if word == "--":
            break
        if word.startswith("--"):
            key, has_value, value = word.partition("=")
            if key in _CHOOSERS:
                return None
            takes = bool(flags.get(key, {}).get("value"))
            if takes and not has_value:
                index += 1
                value = words[index] if index < len(words) else ""
            if key == "--adapter":
                adapter = value
        elif word.startswith("-") and len(word) > 1:
            takes = bool(flags.get(word, {}).get("value"))
            index += 1 if takes else 0
        elif program is None:
            program = word
        index += 1
    name = None
    if adapter:
        name = next((key for starter in _starters() if (key := starter.named(adapter.lower()))), None)
    elif program:
        path = os.path.join(cwd, program)
        name = next((key for starter in _starters() if (key := starter.runs(path))), None)
    if name is None or early_process.adapters_file(cwd):
        return None
    return name


def plan(words: list[str], cwd: str) -> dict[str, Any] | None:
    """The early start of ``launch WORDS`` (the words after ``launch``) run from ``cwd``:
    ``{"adapter": KEY, "command": ARGV, "env": {added}, "program", "args", "cwd",
    "breakpoints": [[path, line], ...]}`` (the adapter's command line and what it adds to the
    environment, as the family starts it) with absolute paths and 1-based lines, the files
    sorted as the session sends them; None unless a starter ``launches`` the program, with at
    least one ``-b FILE:LINE`` and nothing else."""
    program: str | None = None
    locations: list[str] = []
    args: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        if word == "--":
            args = words[index + 1:]
            break
        if word in _BREAK_FLAGS and index + 1 < len(words):
            locations.append(words[index + 1])
            index += 2
            continue
        if word.startswith("--break="):
            locations.append(word.partition("=")[2])
        elif word.startswith("-") or program is not None:
            return None  # another option, or a second positional word: the verb decides
        else:
            program = word
        index += 1
    if program is None or not locations or early_process.adapters_file(cwd):
        return None
    program = os.path.normpath(os.path.join(cwd, program))
    found_starter = next(((starter, key) for starter in _starters() if (key := starter.launches(program))), None)
    if found_starter is None:
        return None
    starter, adapter = found_starter
    breakpoints: dict[str, list[int]] = {}
    for location in locations:
        found = _location(location, cwd)
        if found is None or found[1] in breakpoints.get(found[0], []):
            return None
        breakpoints.setdefault(found[0], []).append(found[1])
    command = starter.command(adapter)
    if command is None:
        return None
    argv, env = command
    added = {key: value for key, value in (env or {}).items() if os.environ.get(key) != value}
    return {"adapter": adapter, "command": argv, "env": added, "program": program, "args": args, "cwd": cwd,
            "breakpoints": [[path, line] for path in sorted(breakpoints) for line in breakpoints[path]]}


def _location(location: str, cwd: str) -> tuple[str, int] | None:
    """``FILE:LINE`` as (absolute path, line) when FILE is a regular file (reached without a
    symbolic link) that has that line; else None."""
    name, _, line_text = location.rpartition(":")
    digits = line_text.isascii() and line_text.isdigit()  # not ² (int() refuses it)
    if not name or not digits or line_text != line_text.strip() or any(c.isspace() for c in name):
        return None
    line = int(line_text)
    path = os.path.normpath(os.path.join(cwd, name))
    try:
        if line < 1 or os.path.realpath(path) != path or not os.path.isfile(path) \
                or os.path.getsize(path) > _MAX_SOURCE:
            return None
        with open(path, "rb") as handle:
            count = handle.read().count(b"\n") + 1
    except OSError:
        return None
    return (path, line) if line <= count else None


def test_hint(words: list[str], flags: dict[str, dict[str, object]], cwd: str) -> dict[str, object] | None:
    """The test run that ``dapcli test WORDS…`` (``words``: what follows ``test``) surely
    launches, as a starter plans it (``"adapter"``: its key), or None when it is not certain."""
    for starter in _starters():
        planned = starter.test_plan(words, flags, cwd) if hasattr(starter, "test_plan") else None
        if planned is not None:
            return {**planned, "adapter": starter.KEYS[0]}
    return None


# -- the session host ----------------------------------------------------------------------------
def start(what: str, process: Any = None, watchdog: Callable[[], Any] | None = None) -> None:
    """Start what the one-shot client's :func:`early_argument` ``what`` names; never raises.
    ``process``: the adapter of an early launch, started already (:mod:`dapcli.dispatch.hostboot`);
    ``watchdog()``: the host's watchdog, which an early launch registers its processes with."""
    if what.startswith(LAUNCH_PREFIX):
        _start_launch(what[len(LAUNCH_PREFIX):], process, watchdog)
    elif what.startswith(TEST_PREFIX):
        _start_test(what[len(TEST_PREFIX):])
    else:
        _spawn(what)


def _spawn(key: str) -> None:
    """Start the adapter ``key`` (a :func:`hint`) as its family would; never raises."""
    try:
        starter = _starter(key)
        found = starter.command(key) if starter is not None else None
    except Exception:  # a guess only: the family finds its adapter itself
        return
    if found is not None:
        early_process.spawn(*found)


def _start_launch(text: str, process: Any, watchdog: Callable[[], Any] | None) -> None:
    try:
        planned = json.loads(text)
    except ValueError:
        planned = None
    family = None
    host_watchdog = watchdog() if watchdog is not None and isinstance(planned, dict) else None
    try:
        key = str(planned.get("adapter")) if isinstance(planned, dict) else ""
        starter = _starter(key)
        family = starter.family(key) if starter is not None else None
        if family is not None and process is None:
            command = starter.command(key)  # type: ignore[union-attr]
            process = early_process.open_adapter(*command) if command is not None else None
    except Exception:  # a guess only: the verb starts its own adapter
        family = None
    if family is None or process is None:
        if process is not None:
            early_process.kill(process)
        return
    from dapcli.adapters.early import launch as early_launch

    early_launch.start(planned, family, process, host_watchdog)  # type: ignore[arg-type]


def _start_test(text: str) -> None:
    try:
        planned = json.loads(text)
    except ValueError:
        planned = None
    key = str(planned.get("adapter")) if isinstance(planned, dict) else ""
    starter = _starter(key) or next((s for s in _starters() if hasattr(s, "start_test")), None)
    if starter is not None:
        starter.start_test(planned if isinstance(planned, dict) else None)


def discard() -> None:
    """Kill whatever was started early and not taken."""
    for starter in _starters():
        if hasattr(starter, "discard_test"):
            starter.discard_test()
    from dapcli.adapters.early import launch as early_launch

    early_launch.discard()
    early_process.discard()
