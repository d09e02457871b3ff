"""gdb's two-word commands on the one-shot CLI, as the REPL takes them: ``dapcli info
breakpoints`` (``info locals``, ``info threads``, ``info display``…) is the verb the REPL's alias
table names (:data:`dapcli.frontends.repl.aliases.RENAMES`), typed by its CLI words; gdb's
``set var n = 3`` reaches the ``set`` verb as the REPL gives it (name ``var``, value ``n = 3``),
which reads gdb's spelling itself."""

from __future__ import annotations

__all__ = ["join_set_words", "rewrite_info"]

#: The CLI words of the setVariable verb.
_SET_WORDS = frozenset({"set", "set-var", "set-variable", "setVariable"})


def rewrite_info(argv: list[str], index: int | None) -> list[str]:
    """``argv`` with ``info WORD`` at ``index`` replaced by the CLI words of its verb. Raises
    UsageError naming the ``info`` words when WORD is not one of them (there is no ``info`` verb)."""
    if index is None or argv[index:index + 1] != ["info"]:
        return argv
    from dapcli.errors import UsageError
    from dapcli.frontends.repl.aliases import RENAMES
    from dapcli.verbs import VERBS

    verb = RENAMES.get(("info", argv[index + 1])) if len(argv) > index + 1 else None
    if verb is None or verb not in VERBS:
        words = "|".join(k[1] for k in RENAMES if k[0] == "info" and len(k) == 2 and RENAMES[k] in VERBS)
        what = argv[index + 1] if len(argv) > index + 1 else ""
        raise UsageError(f"info {what}: unknown" if what else "info what?", f"usage: dapcli info {words}")
    return [*argv[:index], *VERBS[verb].cli_path, *argv[index + 2:]]


def join_set_words(argv: list[str], index: int | None) -> list[str]:
    """``argv`` with gdb's ``set var NAME = VALUE`` / ``set NAME = VALUE`` at ``index`` given as
    the ``set`` verb's two arguments, as the REPL gives them: its first word, and the rest joined
    by spaces (``var``, ``n = 3``). Unchanged unless an ``=`` word follows the first word or
    the first word is ``var``/``variable`` with more than one word after it; options stay."""
    if index is None or argv[index] not in _SET_WORDS:
        return argv
    words = argv[index + 1:]
    end = next((i for i, w in enumerate(words) if w.startswith("--") or w in ("-S", "-h")), len(words))
    positional = words[:end]
    if len(positional) < 3 or not ("=" in positional[1:] or positional[0] in ("var", "variable")):
        return argv
    return [*argv[:index + 1], positional[0], " ".join(positional[1:]), *words[end:]]
