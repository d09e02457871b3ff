"""Which commands an adapter may make dapcli run (DAP ``runInTerminal``): only its own launcher."""

from __future__ import annotations

import os
import shutil
from typing import Any

__all__ = ["own_launcher", "same_program"]


def same_program(word: str, path: str) -> bool:
    """Whether the command word ``word`` (a path, or a name looked up on ``PATH``) runs the
    executable at ``path`` (both resolved through links)."""
    found = word if os.sep in word else shutil.which(word)
    target = path if os.sep in path else shutil.which(path)
    if not found or not target:
        return False
    return os.path.realpath(found) == os.path.realpath(target)


def own_launcher(argv: list[str], launch: dict[str, Any], executable: str | None, name: str) -> str | None:
    """None when ``argv[0]`` is the adapter's ``executable`` or the runtime the ``launch``
    request named (``runtimeExecutable``, ``python``); else why it is refused (one line)."""
    runtime = launch.get("runtimeExecutable") or launch.get("python")
    runtime = runtime[0] if isinstance(runtime, list) and runtime else runtime
    allowed = [path for path in (executable, runtime) if isinstance(path, str) and path]
    if argv and any(same_program(argv[0], path) for path in allowed):
        return None
    return (f"the adapter asked dapcli to run {argv[0] if argv else 'nothing'!r}, which is not "
            f"{name}'s own launcher ({', '.join(allowed) or 'none known'})")
