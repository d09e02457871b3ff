"""Starting the adapter of a ``launch`` while the session host is still importing.

A session host imports the engine and the verb table (~0.7 s of CPU) before it can parse the
``launch`` it was started for; the adapter's own start-up (``python -m debugpy.adapter``,
~0.2 s; lldb-dap's, ~0.1-0.5 s until it answers ``initialize``) can run meanwhile. The one-shot
client names the adapter when the command line makes it certain (:func:`hint`: a ``.py`` program,
or a native executable not built by Go for lldb-dap or else gdb, no adapter options other than
``--adapter`` naming one of them, no adapters file); the host starts it
first thing (:func:`start`), and the family's ``start()`` adopts it when it would have started the
very same command, with the same environment and working directory (:func:`take`); any other
early adapter is killed then. An adapter nobody takes is killed when the session's adapter starts
(the engine calls :func:`discard`), when the host ends, and at the latest :data:`UNCLAIMED_S`
seconds later. A host killed outright takes its early adapter with it: the adapter reads EOF on
its stdin (the host held the only write end) and exits. Standard library only.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys

from dapcli.adapters.earlyslot import EarlySlot

__all__ = ["adapters_file", "debugpy_adapter_env", "discard", "hint", "kill", "start", "take"]

#: The adapter a hint names, as the family starts it (lldb-dap: found by :func:`command`).
#: ``-P``: the adapter runs in the user's directory, which must not be on its ``sys.path``.
COMMANDS = {"debugpy": [sys.executable, "-P", "-m", "debugpy.adapter"]}
#: An adapter started early and not taken within this many seconds is killed.
UNCLAIMED_S = 60.0
_PYTHON_NAMES = ("python", "debugpy", "py")
#: Options that choose the adapter (or its command) some other way: no early start with them.
_CHOOSERS = ("--adapter-config", "--config", "--core")

#: dapcli's sitecustomize for debugpy's processes (see adapters/debugpy_nodelay/sitecustomize.py).
NODELAY_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "debugpy_nodelay")

#: (argv, environment, working directory, process) of the adapter started early.
_early = EarlySlot(lambda early: kill(early[3]))


def hint(argv: list[str], flags: dict[str, dict[str, object]], cwd: str) -> str | None:
    """``"debugpy"`` when ``argv`` (``launch …``) surely starts debugpy's adapter; ``"lldb"`` or
    ``"gdb"`` for ``--adapter lldb``/``gdb``; ``"native"`` for a native executable not built by Go
    (lldb-dap, else gdb: see :func:`command`); else None. ``flags``: the ``launch`` command's
    flags from the CLI shape (which of them take a value)."""
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
    if adapter:
        name = "debugpy" if adapter.lower() in _PYTHON_NAMES else _native_family(adapter.lower())
    elif program and program.endswith((".py", ".pyw")):
        name = "debugpy"
    else:
        name = "native" if program and _native(os.path.join(cwd, program)) else None
    if name is None or adapters_file(cwd):
        return None
    return name


def _native_family(chosen: str) -> str | None:
    """``"lldb"`` or ``"gdb"`` when ``--adapter`` names that family (by name or alias), else None."""
    from dapcli.adapters.gdb import GdbAdapter
    from dapcli.adapters.lldb import LldbAdapter

    for family in (LldbAdapter, GdbAdapter):
        if chosen == family.name or chosen in family.aliases:
            return family.name
    return None


def _native(path: str) -> bool:
    """``path`` is an ELF or Mach-O executable that Delve would not take (not built by Go)."""
    from dapcli.adapters.filekind import go_build_flags, is_native_executable

    return is_native_executable(path) and go_build_flags(path) is None


def adapters_file(cwd: str) -> bool:
    """An adapters file could change how the python family starts: no guessing then."""
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    if os.path.exists(os.path.join(base, "dapcli", "adapters.yaml")):
        return True
    here = os.path.abspath(cwd)
    while True:
        if os.path.exists(os.path.join(here, ".dapcli", "adapters.yaml")):
            return True
        parent = os.path.dirname(here)
        if parent == here:
            return False
        here = parent


def debugpy_adapter_env() -> dict[str, str]:
    """The environment of debugpy's adapter (and so of its launcher): :data:`NODELAY_DIR` first
    on ``PYTHONPATH``, which spares them debugpy's description of every installed package."""
    existing = os.environ.get("PYTHONPATH", "")
    return {**os.environ, "PYTHONPATH": NODELAY_DIR + (os.pathsep + existing if existing else "")}


def command(name: str) -> tuple[list[str], dict[str, str] | None] | None:
    """The argv and environment (None: this process's) the family ``name`` starts its adapter
    with, or None when it is not installed or not one started early."""
    if name == "debugpy":
        return COMMANDS["debugpy"], debugpy_adapter_env()
    if name in ("lldb", "native"):
        from dapcli.adapters.lldb import LldbAdapter

        path = LldbAdapter().find()
        if path or name == "lldb":
            return ([path], None) if path else None
        name = "gdb"  # the registry's order for a native program: lldb-dap, else gdb
    if name == "gdb":
        from dapcli.adapters.gdb import GdbAdapter

        gdb = GdbAdapter()
        return (gdb.adapter_argv(), None) if gdb.find() else None
    return (COMMANDS[name], None) if name in COMMANDS else None


def start(name: str) -> None:
    """Start the adapter ``name`` (a :func:`hint`) in its own process group, with
    pipes, as the family would; never raises (the family starts it itself then)."""
    try:
        found = command(name)
    except Exception:  # a guess only: the family finds its adapter itself
        return
    if found is None:
        return
    argv, env = found
    with contextlib.suppress(OSError):
        process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   start_new_session=True, env=env)
        _early.put((argv, dict(os.environ) if env is None else dict(env), os.getcwd(), process), UNCLAIMED_S)


def take(argv: list[str], env: dict[str, str] | None = None, cwd: str | None = None) -> subprocess.Popen[bytes] | None:
    """The adapter started early, if it runs ``argv`` with the environment ``env`` (None: this
    process's) in ``cwd`` (None: this process's) and still lives; it is the caller's now.
    An early adapter for anything else is killed."""
    def same(early: tuple[list[str], dict[str, str], str, subprocess.Popen[bytes]]) -> bool:
        early_argv, early_env, early_cwd, process = early
        return (early_argv == argv and early_env == (dict(os.environ) if env is None else env)
                and early_cwd == (cwd or os.getcwd()) and process.poll() is None)

    early = _early.take(same)
    return early[3] if early is not None else None


def discard() -> None:
    """Kill the adapter started early, unless it was taken."""
    _early.discard()


def kill(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(OSError):
        os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(OSError, subprocess.TimeoutExpired):
        process.wait(5)
    for stream in (process.stdin, process.stdout, process.stderr):
        with contextlib.suppress(OSError):
            if stream is not None:
                stream.close()
