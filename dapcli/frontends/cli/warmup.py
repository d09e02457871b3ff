"""What a session host prepares in a thread while its first command (a launch) waits on the
adapter and the program's start.

The host renders nothing before the program stops, so the renderers (rich) and the validators
of the DAP messages and results of a first stop (pydantic builds each on first use) are not on
the launch's path. (Every verb's typer command is never built in a host: each forwarded command
is parsed with its own verb's command, built once; see :func:`app._command_for`.) Each step is
small and gives the interpreter lock back before the next, so the launch (network, adapter) is
served between steps. Nothing here changes what any command does: every step is what the first
command to need it would otherwise do itself.
"""

from __future__ import annotations

import importlib
import threading
import time
from collections.abc import Callable

__all__ = ["start", "steps"]

_started = False
_lock = threading.Lock()


def steps() -> list[Callable[[], object]]:
    """The warm-up, in order (each a call of a few milliseconds)."""
    from dapcli.engine.prewarm import stop_validators

    def rich() -> object:
        return importlib.import_module("dapcli.render")

    def launch_result() -> object:
        from dapcli.verbs import VERBS

        return VERBS["launch"].result_model.model_rebuild()

    return [rich, *stop_validators(), launch_result]


def start() -> None:
    """Run :func:`steps` in a daemon thread, once per process (later calls do nothing)."""
    global _started
    with _lock:
        if _started:
            return
        _started = True
    threading.Thread(target=_run, name="dapcli-warmup", daemon=True).start()


def _run() -> None:
    for step in steps():
        try:
            step()
        except Exception:  # a step that fails is done by its first user instead, who reports it
            continue
        time.sleep(0)  # the lock back to the event loop between steps
