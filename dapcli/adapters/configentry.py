"""One adapter of an adapters file (:mod:`dapcli.adapters.config`), in a module of its own:
a dataclass, imported only when such a file exists."""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from typing import Any

__all__ = ["AdapterEntry"]


@dataclass
class AdapterEntry:
    """One adapter of a configuration file (``scope`` is ``user`` or ``project``)."""

    name: str
    file: str
    line: int
    scope: str
    command: list[str] | None = None
    #: Where ``command`` was set (a project entry may keep the user file's command).
    command_file: str = ""
    command_line: int = 0
    command_scope: str = ""
    transport: str | None = None
    extensions: tuple[str, ...] | None = None
    launch: dict[str, Any] = field(default_factory=dict)
    description: str | None = None

    @property
    def where(self) -> str:
        return f"{self.command_file}:{self.command_line}" if self.command_file else f"{self.file}:{self.line}"

    def command_warning(self, builtin: bool) -> str | None:
        """The report owed for a project file that chooses what to run (None otherwise)."""
        if self.command_scope != "project" or not self.command:
            return None
        what = f"replaces the command of the built-in adapter '{self.name}'" if builtin else \
            f"defines the adapter '{self.name}'"
        return f"{self.where}: this project's file {what}: it runs `{shlex.join(self.command)}`"
