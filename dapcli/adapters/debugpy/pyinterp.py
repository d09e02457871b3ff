"""Which interpreter runs a Python debuggee (standard library only: the one-shot client's test
hint uses it too, see :mod:`dapcli.adapters.debugpy.testhint`)."""

from __future__ import annotations

import os
import shutil
import sys

from dapcli.errors import UsageError

__all__ = ["find_python"]


def find_python(explicit: str | None, cwd: str) -> str:
    """The interpreter for a Python debuggee: ``explicit``, else the active or project venv
    (``$VIRTUAL_ENV``, ``.venv``/``venv`` in ``cwd``), else ``python3`` on PATH.

    Raises:
        UsageError: ``explicit`` is not an executable file.
    """
    if explicit:
        found = shutil.which(explicit) or (explicit if os.access(explicit, os.X_OK) else None)
        if not found or os.path.isdir(found):
            raise UsageError(f"python interpreter not found: {explicit}", "give a path to a python executable")
        return os.path.abspath(found)
    candidates = []
    if os.environ.get("VIRTUAL_ENV"):
        candidates.append(os.path.join(os.environ["VIRTUAL_ENV"], "bin", "python"))
    candidates += [os.path.join(cwd, ".venv", "bin", "python"), os.path.join(cwd, "venv", "bin", "python")]
    for candidate in candidates:
        if os.access(candidate, os.X_OK):
            return str(candidate)
    return shutil.which("python3") or sys.executable
