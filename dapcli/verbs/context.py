"""What a verb receives besides its arguments: the sessions and the caller's working directory."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field

from dapcli.engine.manager import SessionManager
from dapcli.engine.session import Session
from dapcli.verbs.models import SessionInfo

__all__ = ["VerbContext"]


@dataclass
class VerbContext:
    """``session_name`` is the session the call addresses; ``cwd`` is the caller's directory
    (paths a user types are relative to it, wherever the verb runs)."""

    manager: SessionManager
    session_name: str
    cwd: str = field(default_factory=os.getcwd)
    list_hosted: Callable[[], list[SessionInfo]] | None = None

    def session(self) -> Session:
        """The addressed session. Raises SessionError listing the sessions that exist."""
        return self.manager.get(self.session_name)

    def resolve(self, path: str) -> str:
        """``path`` made absolute against the caller's ``cwd`` (``~`` expanded)."""
        return os.path.normpath(os.path.join(self.cwd, os.path.expanduser(path)))
