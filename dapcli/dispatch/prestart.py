"""What the one-shot client and the session host use of early start
(:mod:`dapcli.adapters.early.runner`): the host's last argument, told by the client, names what
the host starts while it imports; no family is known here. Standard library only.
"""

from __future__ import annotations

from dapcli.adapters.early import runner

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["discard", "early_argument", "start"]


def early_argument(command: str, argv: list[str], words: list[str], flags: dict[str, dict[str, object]],
                   cwd: str) -> str | None:
    """What the host of the command line ``argv`` may start while it imports (see
    :func:`dapcli.adapters.early.runner.early_argument`), or None."""
    return runner.early_argument(command, argv, words, flags, cwd)


def start(what: str, process: Any = None) -> None:
    """Start what the one-shot client's ``what`` names; never raises. ``process``: the adapter of
    an early launch, started already (:mod:`dapcli.dispatch.hostboot`)."""
    runner.start(what, process, _watchdog)


def _watchdog() -> Any:
    """The host's watchdog: its sessions use the same one."""
    from dapcli.engine.processes import shared_watchdog

    return shared_watchdog()


def discard() -> None:
    """Kill whatever was started early and not taken."""
    runner.discard()
