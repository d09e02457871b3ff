"""Starting the adapter of a ``launch`` while the session host is still importing.

A session host imports the engine and the verb table (~0.7 s of CPU) before it can parse the
``launch`` it was started for; the adapter's own start-up (``python -m debugpy.adapter``,
~0.2 s) can run meanwhile. The one-shot client names the adapter when the command line makes it
certain (:func:`hint`: a ``.py`` program, no adapter options, no adapters file); the host starts
it first thing (:func:`start`), and the family's ``start()`` adopts it when it would have started
the very same command (:func:`take`). An adapter nobody takes is killed (:func:`discard`, at the
latest :data:`UNCLAIMED_S` seconds later). Standard library only.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading

__all__ = ["adapters_file", "debugpy_adapter_env", "discard", "hint", "kill", "start", "take"]

#: The adapter a hint names, as the family starts it.
COMMANDS = {"debugpy": [sys.executable, "-m", "debugpy.adapter"]}
#: An adapter started early and not taken within this many seconds is killed.
UNCLAIMED_S = 60.0
_PYTHON_NAMES = ("python", "debugpy", "py")
#: Options that choose the adapter (or its command) some other way: no early start with them.
_CHOOSERS = ("--adapter-config", "--config", "--core")

#: dapcli's sitecustomize for debugpy's processes (see adapters/debugpy_nodelay/sitecustomize.py).
NODELAY_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "debugpy_nodelay")

_lock = threading.Lock()
_early: tuple[list[str], subprocess.Popen[bytes]] | None = None


def hint(argv: list[str], flags: dict[str, dict[str, object]], cwd: str) -> str | None:
    """``"debugpy"`` when ``argv`` (``launch …``) surely starts debugpy's adapter, else None.
    ``flags``: the ``launch`` command's flags from the CLI shape (which of them take a value)."""
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
    python = adapter.lower() in _PYTHON_NAMES if adapter else bool(program and program.endswith((".py", ".pyw")))
    if not python or adapters_file(cwd):
        return None
    return "debugpy"


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


def start(name: str) -> None:
    """Start the adapter ``name`` (a key of :data:`COMMANDS`) in its own process group, with
    pipes, as the family would; never raises (the family starts it itself then)."""
    global _early
    argv = COMMANDS.get(name)
    if argv is None:
        return
    with contextlib.suppress(OSError):
        process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   start_new_session=True, env=debugpy_adapter_env() if name == "debugpy" else None)
        with _lock:
            _early = (argv, process)
        timer = threading.Timer(UNCLAIMED_S, discard)
        timer.daemon = True
        timer.start()


def take(argv: list[str]) -> subprocess.Popen[bytes] | None:
    """The adapter started early, if it runs ``argv`` and still lives; it is the caller's now.
    An early adapter for another command is killed."""
    global _early
    with _lock:
        early, _early = _early, None
    if early is None:
        return None
    if early[0] == argv and early[1].poll() is None:
        return early[1]
    kill(early[1])
    return None


def discard() -> None:
    """Kill the adapter started early, unless it was taken."""
    global _early
    with _lock:
        early, _early = _early, None
    if early is not None:
        kill(early[1])


def kill(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(OSError):
        os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(OSError, subprocess.TimeoutExpired):
        process.wait(5)
    for stream in (process.stdin, process.stdout, process.stderr):
        with contextlib.suppress(OSError):
            if stream is not None:
                stream.close()
