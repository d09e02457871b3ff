"""References to verbs inside hints, phrased by each frontend in its own language.

A hint that tells the user what to do next names a verb: "type it with ``dapcli input TEXT``"
on the command line is ``more {"verb": "input", "arguments": {"text": "TEXT"}}`` over MCP and
``input TEXT`` in the REPL. Producers (verbs, the engine, errors) never write one frontend's
words: they write :func:`call` (a verb and its arguments, camelCase as in JSON) or :func:`option`
(one parameter of a verb, e.g. ``launch``'s ``terminal``) into the text, and each frontend
phrases the text once, at its one place for results and errors, with :func:`phrase` and its own
:class:`Phrasing` (the CLI's and the REPL's are in :mod:`dapcli.verbs.shared.phrasing`, MCP's in the
MCP frontend).

A reference travels inside the text as a small token (``⟦input {"text":"TEXT"}⟧``), so that it
survives every boundary a hint crosses (the session host's JSON, ``--json``, recipes) without a
second field. This module is on the one-shot hot path: stdlib only.
"""

from __future__ import annotations

import json
import re

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the hot path)
if TYPE_CHECKING:
    from typing import Any, Protocol

    class Phrasing(Protocol):
        """How one frontend says a reference: a verb called with ``args``, or one parameter."""

        def call(self, verb: str, args: dict[str, Any]) -> str: ...

        def option(self, verb: str, name: str, value: Any) -> str: ...

__all__ = ["CLOSE", "OPEN", "call", "option", "phrase"]

OPEN, CLOSE = "\u27e6", "\u27e7"
#: A token: ``⟦VERB JSON⟧`` (a call) or ``⟦VERB.PARAM JSON⟧`` (a parameter and its value).
_TOKEN = re.compile(OPEN + r"([A-Za-z]+)(?:\.([A-Za-z]+))? ([^" + OPEN + CLOSE + r"]*)" + CLOSE)


def call(verb: str, /, **args: Any) -> str:
    """A reference to calling ``verb`` (its table name, e.g. ``input``, ``listBreakpoints``) with
    ``args`` (camelCase; a placeholder such as ``"TEXT"`` stays as written)."""
    return f"{OPEN}{verb} {json.dumps(args, separators=(',', ':'), ensure_ascii=False)}{CLOSE}"


def option(verb: str, name: str, value: Any = True) -> str:
    """A reference to ``verb``'s parameter ``name`` (camelCase) set to ``value``: the CLI's
    ``--terminal``, MCP's ``terminal: true``."""
    return f"{OPEN}{verb}.{name} {json.dumps(value, ensure_ascii=False)}{CLOSE}"


def phrase(text: str, phrasing: Phrasing) -> str:
    """``text`` with every reference phrased by ``phrasing`` (one pass; text without a token is
    returned as it is). A token that does not parse stays as written."""
    if OPEN not in text:
        return text

    def one(found: re.Match[str]) -> str:
        verb, name, payload = found.group(1), found.group(2), found.group(3)
        try:
            value = json.loads(payload)
        except ValueError:
            return found.group(0)
        if name is not None:
            return phrasing.option(verb, name, value)
        return phrasing.call(verb, value) if isinstance(value, dict) else found.group(0)

    return _TOKEN.sub(one, text)
