"""Consent to run what a project's ``.dapcli/adapters.yaml`` says to run.

A project file can name any command as an adapter; cloning a repository must not be enough to
run it. Such a command runs only when the user agreed: ``--trust-project`` (which sets
``DAPCLI_TRUST_PROJECT=1`` for the processes dapcli starts), the variable itself, or a yes at a
terminal prompt (CLI, REPL, recipes). Otherwise starting the adapter raises
:class:`UntrustedProjectError`, in every frontend (MCP included). Stdlib only.
"""

from __future__ import annotations

import os

from dapcli.errors import UntrustedProjectError

__all__ = ["TRUST_ENV", "require_trust", "trust", "trusted"]

TRUST_ENV = "DAPCLI_TRUST_PROJECT"


def trusted() -> bool:
    """True when the user agreed to run the commands of project adapter files."""
    return os.environ.get(TRUST_ENV, "").lower() in ("1", "yes", "true")


def require_trust(warning: str) -> None:
    """Raise :class:`UntrustedProjectError` (announcing ``warning``) unless :func:`trusted`."""
    if not trusted():
        raise UntrustedProjectError(f"{warning}; refusing to run it without your consent",
                                    f"if you trust this project, pass --trust-project or set {TRUST_ENV}=1")


def trust() -> None:
    """Agree, for this process and the ones it starts."""
    os.environ[TRUST_ENV] = "1"
