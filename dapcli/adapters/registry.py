"""The adapter registry: every adapter family dapcli knows, and which one runs a program.

A family is an :class:`AdapterSpec` subclass listed in :data:`FAMILIES`. ``--adapter NAME``
picks one by name or alias; otherwise the program's kind decides (``.py`` → python, …).
"""

from __future__ import annotations

import os

from dapcli.adapters.base import AdapterSpec
from dapcli.adapters.debugpy import DebugpyAdapter
from dapcli.errors import UsageError

__all__ = ["FAMILIES", "adapter_for", "all_adapters", "by_name"]

#: Adapter families in detection order. Each entry is a zero-argument factory.
FAMILIES: list[type[AdapterSpec]] = [DebugpyAdapter]


def all_adapters() -> list[AdapterSpec]:
    """A fresh instance of every family."""
    return [family() for family in FAMILIES]


def by_name(name: str) -> AdapterSpec:
    """The family called ``name`` (or one of its aliases). Raises UsageError listing the names."""
    wanted = name.lower()
    for family in FAMILIES:
        if wanted == family.name or wanted in family.aliases:
            return family()
    names = ", ".join(f.name for f in FAMILIES)
    raise UsageError(f"unknown adapter: {name}", f"choose one of: {names} (see `dapcli adapters`)")


def adapter_for(program: str | None, explicit: str | None = None) -> AdapterSpec:
    """The adapter for ``program`` or for ``explicit``.

    Raises:
        UsageError: an unknown adapter name, or a program whose kind is not recognised.
    """
    if explicit:
        return by_name(explicit)
    if program is None:
        return DebugpyAdapter()
    for family in FAMILIES:
        spec = family()
        if spec.handles(program):
            return spec
    if os.path.splitext(program)[1] == "":
        return DebugpyAdapter()
    names = ", ".join(f.name for f in FAMILIES)
    raise UsageError(f"cannot tell which debugger runs {program}", f"pass --adapter ({names})")
