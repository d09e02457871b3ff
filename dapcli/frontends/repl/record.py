"""Recording a REPL session as a recipe: the REPL keeps the ``(verb, args, result)`` of every
verb the user ran; saving hands them to the recipe package's ``Recorder``, imported only then.

The seam expected of ``dapcli.frontends.recipe.record.Recorder``::

    recorder = Recorder()
    recorder.add(verb: str, args: dict, result: Result)   # once per step, in order
    recorder.save(path: str)                              # writes the recipe YAML
"""

from __future__ import annotations

import os
from typing import Any

from dapcli.errors import UsageError
from dapcli.verbs.models import Result

__all__ = ["Recording"]

Step = tuple[str, dict[str, Any], Result]


class Recording:
    """The steps recorded since ``start``; ``path`` is where ``stop`` saves them."""

    def __init__(self) -> None:
        self.path: str | None = None
        self.steps: list[Step] = []

    @property
    def active(self) -> bool:
        return self.path is not None

    def start(self, path: str, cwd: str) -> None:
        """Start recording into ``path`` (relative to ``cwd``). Raises UsageError when a
        recording is already on."""
        if self.path is not None:
            raise UsageError(f"already recording into {self.path}", "`record stop` saves it first")
        self.path = os.path.join(cwd, os.path.expanduser(path))
        self.steps = []

    def add(self, verb: str, args: dict[str, Any], result: Result) -> None:
        if self.path is not None:
            self.steps.append((verb, dict(args), result))

    def stop(self) -> tuple[str, int]:
        """Save the recipe; return its path and step count. Raises UsageError when nothing is
        being recorded or the recipe package is not available (the steps are kept then)."""
        if self.path is None:
            raise UsageError("not recording", "start with `record start FILE`")
        try:
            from dapcli.frontends.recipe.record import Recorder  # lazy: only when saving
        except ImportError as exc:
            raise UsageError(f"cannot save a recipe yet: the recipe package is not available ({exc})",
                             "the steps are kept; try `record stop` again once it is installed") from None
        recorder = Recorder()
        for verb, args, result in self.steps:
            recorder.add(verb, args, result)
        recorder.save(self.path)
        path, count = self.path, len(self.steps)
        self.path, self.steps = None, []
        return path, count
