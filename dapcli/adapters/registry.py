"""Choose the adapter family for a program or an explicit ``--adapter`` name."""

from __future__ import annotations

from pathlib import Path

from dapcli.adapters.base import AdapterSpec
from dapcli.adapters.debugpy import DebugpyAdapter
from dapcli.errors import UsageError

__all__ = ["ADAPTER_NAMES", "adapter_for"]

ADAPTER_NAMES = ("python",)
_ALIASES = {"python": "python", "debugpy": "python", "py": "python"}


def adapter_for(program: str | None, explicit: str | None = None) -> AdapterSpec:
    """The adapter for ``program`` (by extension) or for ``explicit`` (``python``/``debugpy``).

    Raises:
        UsageError: an unknown adapter name, or a program whose kind is not recognised.
    """
    if explicit:
        key = _ALIASES.get(explicit.lower())
        if key is None:
            raise UsageError(
                f"unknown adapter: {explicit}", f"choose one of: {', '.join(ADAPTER_NAMES)}"
            )
        return DebugpyAdapter()
    if program is None or Path(program).suffix in (".py", ".pyw", ""):
        return DebugpyAdapter()
    raise UsageError(
        f"cannot tell which debugger runs {program}",
        f"pass --adapter ({', '.join(ADAPTER_NAMES)})",
    )
