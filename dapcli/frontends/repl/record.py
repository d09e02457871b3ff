"""Recording a REPL session as a recipe.

The REPL keeps the ``(verb, args, result)`` of every verb call of the user that succeeded
since the last ``launch`` (the calls a replay needs to reach the same stops). ``record start
FILE`` (or ``--record FILE``) names the file; ``record stop`` (or leaving the REPL) hands the
calls to the recipe package's ``Recorder``, imported only then::

    recorder = Recorder(cwd=...)
    recorder.add(verb, args, result)      # in order; a launch starts the recipe over
    recorder.save(path)                   # writes the recipe YAML
"""

from __future__ import annotations

import os
from typing import Any

from dapcli.errors import UsageError
from dapcli.verbs.models import Result

__all__ = ["Recording"]

Step = tuple[str, dict[str, Any], Result]
#: Most calls kept (the oldest after a launch are dropped first).
MAX_STEPS = 10_000


class Recording:
    """The calls since the last launch, and the file a recording goes to (``path``)."""

    def __init__(self, cwd: str | None = None) -> None:
        self.cwd = cwd or os.getcwd()
        self.path: str | None = None
        self.steps: list[Step] = []
        self._starting: int | None = None

    @property
    def active(self) -> bool:
        return self.path is not None

    def start(self, path: str) -> None:
        """Record into ``path`` (relative to the REPL's directory). Raises UsageError when a
        recording is already on."""
        if self.path is not None:
            raise UsageError(f"already recording into {self.path}", "`record stop` saves it first")
        full = os.path.join(self.cwd, os.path.expanduser(path))
        if os.path.isdir(full) or os.path.islink(full) or not os.path.isdir(os.path.dirname(full) or "."):
            problem = "is a directory" if os.path.isdir(full) and not os.path.islink(full) \
                else "is a symbolic link" if os.path.islink(full) else "is in no existing folder"
            raise UsageError(f"cannot record into {path}: it {problem}", "give the path of a new or regular file")
        self.path = full

    def starting(self) -> None:
        """A ``launch`` begins: what is typed to the program while it runs to its first stop is
        recorded before the launch's result arrives, and belongs to the new recording."""
        self._starting = len(self.steps)

    def add(self, verb: str, args: dict[str, Any], result: Result) -> None:
        if verb == "launch":
            typed = [s for s in self.steps[self._starting or 0:] if s[0] == "input"] \
                if self._starting is not None else []
            self.steps, self._starting = [(verb, dict(args), result), *typed], None
            return
        self.steps.append((verb, dict(args), result))
        del self.steps[1:-MAX_STEPS]

    def stop(self) -> tuple[str, int]:
        """Save the recipe; return its path and how many steps it holds (the launch is its
        ``target``, not a step; calls a recipe does not replay are left out). Raises UsageError when
        not recording, or when the recipe package is missing or refuses (recording stays on)."""
        if self.path is None:
            raise UsageError("not recording", "start with `record start FILE`")
        try:
            from dapcli.dispatch.recorder import Recorder  # lazy: only when saving
        except ImportError as exc:
            raise UsageError(f"cannot save a recipe: the recipe package is not available ({exc})",
                             "the calls are kept; try `record stop` again later") from None
        recorder = Recorder(cwd=self.cwd)
        for verb, args, result in self.steps:
            recorder.add(verb, args, result)
        try:
            recorder.save(self.path)
        except UsageError as exc:  # the calls are kept: another file can take them
            self.path = None
            raise UsageError(f"recording not saved: {exc.message}",
                             "the calls are kept: `record start OTHER_FILE`, then `record stop`") from None
        path, self.path = self.path, None
        return path, len(recorder.calls)
