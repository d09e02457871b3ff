"""Environment entries for the debuggee: ``NAME=VALUE`` where NAME follows the POSIX rule
(letters, digits and ``_``, not starting with a digit) and VALUE is text. One check for every
frontend: the ``env`` argument of ``launch`` (CLI ``--env``, REPL, MCP, host RPC) and a
recipe's ``target.env``.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["ENV_EXAMPLE", "check_env", "env_name_problem", "pair_problem", "shown"]

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
#: What a right entry looks like (the end of every refusal).
ENV_EXAMPLE = "write NAME=VALUE with NAME of letters, digits and _, not starting with a digit, e.g. DEBUG=1"
#: Longest piece of a refused entry echoed in a message (characters).
SHOWN = 60


def shown(text: str) -> str:
    """``text`` quoted for a message, at most :data:`SHOWN` characters with the cut marked."""
    if len(text) <= SHOWN:
        return repr(text)
    return repr(text[:SHOWN]) + f"… ({len(text)} characters)"


def env_name_problem(name: str) -> str | None:
    """Why ``name`` is no environment variable name (one line), or None."""
    if _NAME.fullmatch(name):
        return None
    return f"bad environment name {shown(name)}: {ENV_EXAMPLE}"


def pair_problem(pair: str) -> str | None:
    """Why the entry ``NAME=VALUE`` is not acceptable (one line), or None."""
    name, sep, _ = pair.partition("=")
    if not sep:
        return f"bad environment entry {shown(pair)} (no =): {ENV_EXAMPLE}"
    return env_name_problem(name)


def check_env(value: Any) -> Any:
    """A ``Param(check=…)`` for ``env``: an object ``{NAME: VALUE}`` (what a JSON client writes
    first) becomes the ``["NAME=VALUE", …]`` list; each name must follow the POSIX rule and each
    value be text (``null`` and numbers are refused, not converted).

    Raises:
        ValueError: the first bad entry, named, with what to write instead.
    """
    if isinstance(value, dict):
        pairs = []
        for name, item in value.items():
            if not isinstance(item, str):
                kind = "null" if item is None else type(item).__name__
                raise ValueError(f"the value of {shown(str(name))} must be text, not {kind} "
                                 f'(write it quoted, e.g. {{"DEBUG": "1"}})')
            pairs.append(f"{name}={item}")
        value = pairs
    if isinstance(value, list):
        for pair in value:
            problem = pair_problem(pair) if isinstance(pair, str) else None
            if problem:
                raise ValueError(problem)
    return value
