"""``dapcli repl``: an interactive debugger prompt on the verb table (prompt-toolkit + rich).

Importing this package is cheap; prompt-toolkit loads when :func:`main` runs.
"""

from __future__ import annotations

from typing import Any

__all__ = ["main"]


def main(program: str | None = None, args: list[str] = [], session: str = "default",  # noqa: B006
         breakpoints: list[str] = [], record: str | None = None, python: str | None = None,  # noqa: B006
         test: list[str] | None = None, options: dict[str, Any] | None = None, redact: bool = False) -> int:
    """Run the REPL until ``quit`` or end of input; return the exit code.

    With ``program``: launch it in-process (stopped at entry, or at the first of
    ``breakpoints``). Without: join ``session`` if a session host serves it, else start an
    empty prompt where ``launch``/``attach`` work. ``record``: save the session as a recipe.
    ``test``: debug these tests instead (``dapcli test SELECTOR…``). ``options``: more of the
    ``launch`` verb's arguments (JSON-shaped: ``cwd``, ``env``, ``stopOnEntry``, ``settings``…).
    ``redact`` (``dapcli repl --redact``): values that look secret are hidden.
    """
    from dapcli.frontends.repl.main import run

    return run(program, list(args), session, list(breakpoints), record, python, list(test or []), options,
               redact=redact)
