"""The adapter process a session host starts while it imports.

A session host imports the engine and the verb table (~0.7 s of CPU) before it can parse the
``launch`` it was started for; the adapter's own start-up (``python -m debugpy.adapter``,
~0.2 s; lldb-dap's, ~0.1-0.5 s until it answers ``initialize``) can run meanwhile. The one-shot
client names the adapter when the command line makes it certain (:func:`dapcli.adapters.early.runner.hint`);
the host starts it first thing (:func:`spawn`), and the family's ``start()`` adopts it when it
would have started the very same command, with the same environment and working directory
(:func:`take`); any other early adapter is killed then. An adapter nobody takes is killed when
the session's adapter starts (the engine calls :func:`discard`), when the host ends, and at the
latest :data:`UNCLAIMED_S` seconds later. A host killed outright takes its early adapter with
it: the adapter reads EOF on its stdin (the host held the only write end) and exits. Standard
library only; no family is known here.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess

from dapcli.adapters.early.slot import EarlySlot

__all__ = ["adapters_file", "discard", "kill", "open_adapter", "spawn", "take"]

#: An adapter started early and not taken within this many seconds is killed.
UNCLAIMED_S = 60.0

#: (argv, environment, working directory, process) of the adapter started early.
_early = EarlySlot(lambda early: kill(early[3]))


def adapters_file(cwd: str) -> bool:
    """An adapters file could change how a family starts: no guessing then."""
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


def open_adapter(argv: list[str], env: dict[str, str] | None) -> subprocess.Popen[bytes]:
    """Start ``argv`` (environment ``env``, None: this process's) in its own process group,
    with pipes, as a family starts its adapter. Raises OSError."""
    return subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True, env=env)


def spawn(argv: list[str], env: dict[str, str] | None = None) -> None:
    """Start the adapter ``argv`` (see :func:`open_adapter`) and hold it until a family takes
    it; never raises (the family starts it itself then)."""
    with contextlib.suppress(OSError):
        process = open_adapter(argv, env)
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
    """End an adapter started early (its process group) and close its pipes."""
    with contextlib.suppress(OSError):
        os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(OSError, subprocess.TimeoutExpired):
        process.wait(5)
    for stream in (process.stdin, process.stdout, process.stderr):
        with contextlib.suppress(OSError):
            if stream is not None:
                stream.close()
