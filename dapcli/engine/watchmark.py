"""The mark every process a dapcli process starts carries, so that its watchdog finds them all.

A debuggee may start a daemon (double fork and ``setsid``): re-parented to init at once, it is in
no process tree the watchdog could walk. But it keeps its environment: each process that owns a
watchdog puts a fresh token into :data:`MARK` of its own environment before it starts an adapter,
so that the adapter, the debuggee and everything they start carry it, and its watchdog kills every
process of this user whose environment holds the token. Tokens of outer dapcli processes (a
dapcli run inside a debuggee) are kept, so the outer watchdog finds the inner processes too.

Standard library only: a session host calls :func:`own_mark` before its site packages are set up.
"""

from __future__ import annotations

import os

__all__ = ["MARK", "own_mark", "tokens"]

#: The environment variable that holds the marks, separated by spaces (innermost last).
MARK = "DAPCLI_WATCH"
#: At most this many marks are kept (dapcli inside dapcli inside …).
_DEPTH = 8

_mine: str | None = None


def tokens(value: str | None) -> list[str]:
    """The marks in an environment value of :data:`MARK` (empty for None or "")."""
    return (value or "").split()


def own_mark() -> str:
    """This process's token, put into ``os.environ[MARK]`` on the first call (after the inherited
    ones), so that every process started afterwards carries it."""
    global _mine
    if _mine is None:
        _mine = os.urandom(8).hex()  # secrets.token_hex(8), without importing secrets (hmac, base64, re):
        # this runs before a session host starts its adapter
    inherited = tokens(os.environ.get(MARK))
    if _mine not in inherited:  # first call, or someone cleared our environment since
        os.environ[MARK] = " ".join([*inherited, _mine][-_DEPTH:])
    return _mine
