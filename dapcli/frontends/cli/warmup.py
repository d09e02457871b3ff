"""What a session host prepares in a thread while its first command (a launch) waits on the
adapter and the program's start.

The host parses that command with a command of its verb alone (:func:`app._command_for`) and
renders nothing before the program stops, so the rest of the app is not on the launch's path:
the renderers (rich), the typer command of every verb (for the commands forwarded later), and
the validators of the DAP messages and results of a first stop (pydantic builds each on first
use). Each step is small and gives the interpreter lock back before the next, so the launch
(network, adapter) is served between steps. Nothing here changes what any command does: every
step is what the first command to need it would otherwise do itself.
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

    def full_command() -> object:
        from dapcli.frontends.cli.app import get_command

        return get_command()

    return [rich, *stop_validators(), launch_result, full_command]


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
