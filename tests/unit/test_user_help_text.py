"""Help for users never shows what the docstrings say to programmers: no ``Raises …`` sentence,
no exception class, no Sphinx role, no doubled backquotes, in every verb's CLI ``--help``, REPL
``help`` and MCP description (all made from :attr:`VerbSpec.prose` and ``summary``)."""

from __future__ import annotations

import re

from dapcli.verbs import VERBS
from dapcli.verbs.registry import user_text

_FOR_PROGRAMMERS = re.compile(r"\bRaises\b|\bArgs:|\bReturns:|\b[A-Z]\w*Error\b|:(?:func|meth|class|data|attr):|``")


def test_no_verb_help_speaks_to_programmers() -> None:
    found = []
    for name, spec in VERBS.items():
        texts = [spec.prose, spec.summary, *(p.meta.help or "" for p in spec.params)]
        found += [f"{name}: {m.group(0)!r} in {text[:100]!r}"
                  for text in texts for m in _FOR_PROGRAMMERS.finditer(text)]
    assert not found, "\n".join(found)


def test_user_text_drops_programmer_sentences_only() -> None:
    assert user_text("Show the names. Raises UsageError when nothing matches. Paged by ``start``.") == \
        "Show the names. Paged by `start`."
    assert user_text("Raises:\n    UsageError: bad.\n    RequestError: worse.") == ""
    assert user_text("See :func:`~dapcli.verbs.x.resolve` for how; e.g. `a`.") == "See `resolve` for how; e.g. `a`."
