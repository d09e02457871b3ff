"""Asking, at a terminal, before a project's adapters file runs its commands.

Frontends call :func:`confirm_project` before they start sessions. At a terminal (stdin and
stderr are TTYs) it announces what the project's ``.dapcli/adapters.yaml`` would run and asks;
a yes records the file's hash (trusted until it changes, in every frontend) and trusts it for
this process and the hosts it starts. Without a terminal it only announces: the adapter's start
then refuses (see :mod:`dapcli.adapters.trust`).
"""

from __future__ import annotations

import sys
from typing import TextIO

from dapcli.adapters.config import config_files
from dapcli.adapters.registry import all_adapters
from dapcli.adapters.trust import TRUST_ENV, trust, trusted
from dapcli.errors import UntrustedProjectError

__all__ = ["confirm_project", "trust", "trust_project"]


def project_files(cwd: str | None = None) -> list[str]:
    """The project adapters file that applies in ``cwd`` (none or one)."""
    return [path for scope, path in config_files(cwd) if scope == "project"]


def trust_project(cwd: str | None = None, stderr: TextIO | None = None) -> None:
    """``--trust-project``: trust the project's adapters file as it is now, for this run and the
    later ones (until it changes); a trust that cannot be recorded is said on ``stderr``."""
    problem = trust(project_files(cwd))
    stream = stderr if stderr is not None else sys.stderr
    if problem and stream is not None:
        stream.write(f"warning: {problem} (trusted for this run only)\n")


def confirm_project(cwd: str | None = None, *, stdin: TextIO | None = None, stderr: TextIO | None = None,
                    ask: bool = True) -> None:
    """Announce the project's adapter commands; at a terminal ask (``ask``) whether to run them.

    Raises:
        UntrustedProjectError: the user answered no.
        UsageError: the adapters file is invalid.
    """
    files = project_files(cwd)
    if trusted(files[0] if files else None):
        return
    warnings = [spec.warning for spec in all_adapters(cwd) if getattr(spec, "warning", None)]
    if not warnings:
        return
    stdin = stdin if stdin is not None else sys.stdin
    stderr = stderr if stderr is not None else sys.stderr
    if stderr is None:
        return
    for warning in warnings:
        stderr.write(f"warning: {warning}\n")
    interactive = ask and stdin is not None and stdin.isatty() and stderr.isatty()
    if not interactive:  # the adapter's start refuses it, saying how to agree
        stderr.flush()
        return
    stderr.write("Run the commands of this project's adapters file? [y/N] ")
    stderr.flush()
    answer = stdin.readline().strip().lower()
    if answer not in ("y", "yes"):
        raise UntrustedProjectError("refused to run the commands of this project's adapters file",
                                    f"pass --trust-project or set {TRUST_ENV}=1 if you trust it")
    trust_project(cwd, stderr)
