"""Where the command word is on a ``dapcli`` command line, past the leading global options.

Shared by the one-shot entry point (:mod:`dapcli.frontends.cli.fast`) and the typer app
(:mod:`dapcli.frontends.cli.app`). It imports nothing: it is on the hot path.
"""

from __future__ import annotations

__all__ = ["GLOBAL_WITH_VALUE", "command_index"]

#: Global options that take a value (the session name).
GLOBAL_WITH_VALUE = frozenset({"--session", "-S"})


def command_index(argv: list[str]) -> tuple[str | None, int | None]:
    """The session named by leading global options, and where the command word is (None:
    an option that is not global comes first, or there is no command)."""
    session = None
    index = 0
    while index < len(argv):
        word = argv[index]
        if word in GLOBAL_WITH_VALUE and index + 1 < len(argv):
            session = argv[index + 1]
            index += 2
        elif word.startswith("--session="):
            session = word.split("=", 1)[1]
            index += 1
        elif word in ("--json", "--debug", "--trust-project", "--redact"):
            index += 1
        elif word.startswith("-"):
            return session, None
        else:
            return session, index
    return session, None
