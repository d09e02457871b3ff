"""gdb's two-word commands on the one-shot CLI, as the REPL takes them: ``dapcli info
breakpoints`` (``info locals``, ``info threads``, ``info display``…) is the verb the REPL's alias
table names (:data:`dapcli.frontends.repl.aliases.RENAMES`), typed by its CLI words."""

from __future__ import annotations

__all__ = ["rewrite_info"]


def rewrite_info(argv: list[str], index: int | None) -> list[str]:
    """``argv`` with ``info WORD`` at ``index`` replaced by the CLI words of its verb (unchanged
    when it is not one of the REPL's ``info`` commands)."""
    if index is None or argv[index:index + 1] != ["info"] or len(argv) <= index + 1:
        return argv
    from dapcli.frontends.repl.aliases import RENAMES
    from dapcli.verbs import VERBS

    verb = RENAMES.get(("info", argv[index + 1]))
    if verb is None or verb not in VERBS:
        return argv
    return [*argv[:index], *VERBS[verb].cli_path, *argv[index + 2:]]
