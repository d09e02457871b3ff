"""Shell completion scripts for bash, zsh and fish (the ones shipped in ``completions/``).

The scripts call ``dapcli`` back with ``_DAPCLI_COMPLETE=complete_<shell>``, so completion of
commands, flags and values always matches the installed verb table.
"""

from __future__ import annotations

import contextlib
import io
import os

from dapcli.errors import UsageError

__all__ = ["SHELLS", "script"]

SHELLS = ("bash", "zsh", "fish")


def script(shell: str) -> str:
    """The completion script for ``shell``. Raises UsageError for another shell."""
    if shell not in SHELLS:
        raise UsageError(f"no completion for {shell!r}", f"choose one of: {', '.join(SHELLS)}")
    from dapcli.frontends.cli.app import get_command

    out = io.StringIO()
    previous = os.environ.get("_DAPCLI_COMPLETE")
    os.environ["_DAPCLI_COMPLETE"] = f"source_{shell}"
    try:
        with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
            get_command().main(args=[], prog_name="dapcli", complete_var="_DAPCLI_COMPLETE")
    finally:
        if previous is None:
            os.environ.pop("_DAPCLI_COMPLETE", None)
        else:
            os.environ["_DAPCLI_COMPLETE"] = previous
    return out.getvalue()
