"""debugpy's early start (its starter, see :mod:`dapcli.adapters.early.runner`): its adapter for a
``.py`` program or ``--adapter python``, a plain launch of an existing ``.py`` file, and a test
run (:mod:`.testhint` plans it, :mod:`.earlytest` starts it). Standard library only at import."""

from __future__ import annotations

import os

from dapcli.adapters.debugpy.command import COMMAND, adapter_env

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the one-shot client's hot path)
if TYPE_CHECKING:
    from dapcli.adapters.debugpy.adapter import DebugpyAdapter

__all__ = ["KEYS", "command", "discard_test", "family", "launches", "named", "runs", "start_test", "test_plan"]

KEYS = ("debugpy",)
#: ``DebugpyAdapter.name`` and its aliases (a test keeps them equal).
NAMES = ("python", "debugpy", "py")


def named(chosen: str) -> str | None:
    """``"debugpy"`` when ``--adapter CHOSEN`` names this family."""
    return "debugpy" if chosen in NAMES else None


def runs(program: str) -> str | None:
    """``"debugpy"`` for a Python program."""
    return "debugpy" if program.endswith((".py", ".pyw")) else None


def command(key: str) -> tuple[list[str], dict[str, str] | None] | None:
    """The adapter's argv and environment, as :meth:`DebugpyAdapter.start` runs them."""
    return (COMMAND, adapter_env()) if key == "debugpy" else None


def launches(program: str) -> str | None:
    """``"debugpy"`` when a plain launch of ``program`` can be said early: an existing ``.py`` file."""
    return "debugpy" if program.endswith(".py") and os.path.isfile(program) else None


def family(key: str) -> DebugpyAdapter | None:
    """The family that speaks for an early launch."""
    from dapcli.adapters.debugpy.adapter import DebugpyAdapter

    return DebugpyAdapter() if key == "debugpy" else None


def test_plan(words: list[str], flags: dict[str, dict[str, object]], cwd: str) -> dict[str, object] | None:
    """The run ``dapcli test WORDS…`` surely launches (see :func:`.testhint.hint`)."""
    from dapcli.adapters.debugpy.testhint import hint

    return hint(words, flags, cwd)


def start_test(plan: dict[str, object] | None) -> None:
    """Start the run ``plan`` and the adapter it attaches with; with no plan, the adapter alone."""
    if plan is None:
        from dapcli.adapters.early.process import spawn

        spawn(COMMAND, adapter_env())
        return
    from dapcli.adapters.debugpy import earlytest

    earlytest.start(plan)  # the run first (its start is the longer), then the adapter it attaches with


def discard_test() -> None:
    """Kill the run started early, unless it was taken."""
    from dapcli.adapters.debugpy import earlytest

    earlytest.discard()
