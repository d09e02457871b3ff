"""Whether the interpreter of a Python test run has its runner (pytest), asked before anything
starts: without it the run would fail inside the debugger with a traceback."""

from __future__ import annotations

import contextlib
import importlib.util
import os
import signal
import subprocess
import sys

from dapcli.errors import PreconditionError

__all__ = ["require_module"]

_PROBE = "import importlib.util, sys; sys.exit(0 if importlib.util.find_spec(sys.argv[1]) else 3)"
_TIMEOUT = 10.0  # seconds an interpreter may take to answer


def require_module(python: str, module: str, cwd: str) -> None:
    """Check that ``python`` (run in ``cwd``) can import ``module``.

    Raises:
        PreconditionError: it cannot (``pytest is not installed for /path/python: pip install
            pytest (or --python PATH)``). An interpreter that does not answer is left to the
            launch, which reports it.
    """
    own = _same_interpreter(python, sys.executable)
    if own and importlib.util.find_spec(module) is not None:
        return  # dapcli's own interpreter has it: no need to start it to ask
    try:
        probe = subprocess.Popen([python, "-c", _PROBE, module], cwd=cwd, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError:
        return  # the launch says why the interpreter does not run
    try:
        code = probe.wait(timeout=_TIMEOUT)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(OSError):
            os.killpg(probe.pid, signal.SIGKILL)
        probe.wait()
        return
    if code == 3:
        raise PreconditionError(f"{module} is not installed for {python}",
                                f"pip install {module} (or --python PATH)")


def _same_interpreter(python: str, executable: str) -> bool:
    """Whether ``python`` is ``executable`` with the same packages: the same file in the same
    directory (a venv's ``python`` and ``python3``). Not the same file alone: a venv's python is a
    symlink to the base interpreter, which has other packages (a venv is found from the path run)."""
    first, second = os.path.abspath(python), os.path.abspath(executable)
    if first == second:
        return True
    try:
        return os.path.dirname(first) == os.path.dirname(second) and os.path.samefile(first, second)
    except OSError:
        return False
