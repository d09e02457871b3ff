"""The adapter registry: every adapter family dapcli knows, and which one runs a program.

A family is an :class:`AdapterSpec` subclass listed in :data:`FAMILIES`. ``--adapter NAME``
picks one by name or alias; otherwise the program's kind decides (``.py`` → python, …).
"""

from __future__ import annotations

import os

from dapcli.adapters.base import AdapterSpec
from dapcli.adapters.bashdap import BashAdapter
from dapcli.adapters.config import apply_config
from dapcli.adapters.debugpy.adapter import DebugpyAdapter
from dapcli.adapters.delve import DelveAdapter
from dapcli.adapters.jsdebug import JsDebugAdapter
from dapcli.adapters.native.codelldb import CodeLldbAdapter
from dapcli.adapters.native.gdb import GdbAdapter
from dapcli.adapters.native.lldb import LldbAdapter
from dapcli.adapters.ruby import RubyAdapter
from dapcli.errors import UsageError

__all__ = ["FAMILIES", "adapter_for", "all_adapters", "by_name", "describe_all"]

#: Adapter families in detection order. Each entry is a zero-argument factory.
FAMILIES: list[type[AdapterSpec]] = [
    DebugpyAdapter,
    DelveAdapter,  # .go, Go packages, and executables built by Go (before the native families)
    JsDebugAdapter,  # .js/.mjs/.cjs
    BashAdapter,  # .sh/.bash, and scripts that start #!/bin/bash
    RubyAdapter,  # .rb (rdbg)
    LldbAdapter,  # native: ELF/Mach-O programs (lldb first, gdb when lldb is absent)
    GdbAdapter,
    CodeLldbAdapter,
]


def all_adapters(cwd: str | None = None) -> list[AdapterSpec]:
    """A fresh instance of every family, with the user's and ``cwd``'s project adapter files
    applied (:mod:`dapcli.adapters.config`; UsageError when one is invalid)."""
    return apply_config([family() for family in FAMILIES], cwd)


def describe_all(cwd: str | None = None) -> list[dict[str, object]]:
    """Every family as the ``adapters`` verb reports it (snake_case keys of ``AdapterInfo``):
    found or not, path, version, install hint, the adapters file that changes it, a warning.
    Also read by the one-shot fast path, which must not import the verb table."""
    found = []
    for spec in all_adapters(cwd):
        path = spec.find()
        entry = getattr(spec, "entry", None)  # set by an adapters file (dapcli.adapters.config)
        found.append({
            "name": spec.name, "aliases": list(spec.aliases), "description": spec.description,
            "found": path is not None, "path": path, "version": spec.version() if path else None,
            "install_hint": None if path else spec.missing_hint(), "extensions": list(spec.extensions),
            "config_file": entry.file if entry else None, "warning": spec.warning,
        })
    return found


def by_name(name: str, cwd: str | None = None) -> AdapterSpec:
    """The family called ``name`` (or one of its aliases). Raises UsageError listing the names."""
    wanted = name.lower()
    specs = all_adapters(cwd)
    for spec in specs:
        if wanted == spec.name or wanted in spec.aliases:
            return spec
    names = ", ".join(spec.name for spec in specs)
    raise UsageError(f"unknown adapter: {name}", f"choose one of: {names} (see `dapcli adapters`)")


def adapter_for(program: str | None, explicit: str | None = None, cwd: str | None = None) -> AdapterSpec:
    """The adapter for ``program`` or for ``explicit``.

    Raises:
        UsageError: an unknown adapter name, or a program whose kind is not recognised.
    """
    if explicit:
        return by_name(explicit, cwd)
    specs = all_adapters(cwd)
    if program is None:
        return next((spec for spec in specs if spec.name == "python"), DebugpyAdapter())
    for spec in specs:
        if spec.handles(program):
            return spec
    for spec in specs:  # none installed: the family whose install hint the user should read
        if spec.kind_default and spec.of_kind(program):
            return spec
    if os.path.splitext(program)[1] == "":
        return DebugpyAdapter()
    names = ", ".join(spec.name for spec in specs)
    raise UsageError(f"cannot tell which debugger runs {program}", f"pass --adapter ({names})")
