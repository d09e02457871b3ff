"""How debugpy's adapter is started: its command line and environment. Standard library only
(the one-shot client reads it to name the adapter a session host may start early)."""

from __future__ import annotations

import os
import sys

__all__ = ["COMMAND", "EVALUATION_TIMEOUTS", "EVAL_INTERRUPT_SECONDS", "NODELAY_DIR", "adapter_env"]

#: The adapter as the family starts it with dapcli's own interpreter. ``-P``: the adapter runs in
#: the user's directory, which must not be on its ``sys.path``.
COMMAND = [sys.executable, "-P", "-m", "debugpy.adapter"]
#: dapcli's sitecustomize for debugpy's processes (see ``debugpy_nodelay/sitecustomize.py``).
NODELAY_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "debugpy_nodelay")

#: Seconds after which pydevd itself interrupts an ``evaluate`` that has not returned (a
#: KeyboardInterrupt in the stopped thread: a call that blocks on a lock, an event or a sleep gives
#: up and the stop answers again); its long warning comes only after that. Not set when the user
#: set it (``--env PYDEVD_INTERRUPT_THREAD_TIMEOUT=0`` turns it off). pydevd has no such timeout
#: for the ``__repr__`` it runs for each value it lists: dapcli's sitecustomize in the program
#: (:data:`NODELAY_DIR`) puts pydevd's own interrupt on each of them (``DAPCLI_REPR_TIMEOUT``).
EVAL_INTERRUPT_SECONDS = 10
EVALUATION_TIMEOUTS = {"PYDEVD_INTERRUPT_THREAD_TIMEOUT": str(EVAL_INTERRUPT_SECONDS),
                       "PYDEVD_WARN_EVALUATION_TIMEOUT": str(3 * EVAL_INTERRUPT_SECONDS)}


def adapter_env() -> dict[str, str]:
    """The environment of debugpy's adapter (and so of its launcher): :data:`NODELAY_DIR` first
    on ``PYTHONPATH``, which spares them debugpy's description of every installed package."""
    existing = os.environ.get("PYTHONPATH", "")
    return {**os.environ, "PYTHONPATH": NODELAY_DIR + (os.pathsep + existing if existing else "")}
