"""What to type when a command group is given a word that is none of its subcommands
(``watch total``, ``break main.go:23``): the group's subcommands and the line that works.
Shared by the one-shot CLI and the REPL (``prefix`` is ``dapcli `` or empty).
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable

__all__ = ["group_hint"]


def group_hint(prefix: str, group: str, word: str, subcommands: Iterable[str], *, quote: bool = True) -> str:
    """One line: ``watch`` takes add, delete, list; then, for ``watch``, both meanings of
    gdb's word (a watch expression, a data watchpoint), for a group with ``add`` the ``add``
    line. ``word``: what was typed after the group (quoted as the shell needs, if ``quote``)."""
    names = sorted(subcommands)
    typed = shlex.quote(word) if quote else word
    text = f"`{prefix}{group}` takes a subcommand: {', '.join(names)}"
    if group == "watch":
        return (f"{text}. A watch expression (shown at every stop): `{prefix}watch add {typed}`; a data "
                f"watchpoint (gdb's watch: stop when it changes): `{prefix}watchpoint add {typed}`")
    if "add" in names:
        return f"{text}; to add one: `{prefix}{group} add {typed}`"
    return text
