"""A dispatcher whose results have their secrets redacted: how a frontend applies its policy.

The MCP server wraps its dispatcher in one (unless ``serve-mcp --show-secrets``); the CLI and
the REPL do with ``--redact``. The mechanism is :func:`dapcli.verbs.shared.redact.redact_result`;
the arguments sent to a verb, and so to the adapter, are never changed (``set`` of a value that
looks secret still sets it). Every other attribute is the wrapped dispatcher's.
"""

from __future__ import annotations

import re
from typing import Any

from dapcli.errors import AdapterError, DapcliError
from dapcli.verbs.models import Result
from dapcli.verbs.shared.redact import redact_result, redact_text, secret_name
from dapcli.verbs.shared.redact.text import redact_quoted

__all__ = ["RedactingDispatcher", "redacting"]


class RedactingDispatcher:
    """``call`` as the wrapped dispatcher's, its result redacted; anything else delegated."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    async def call(self, verb: str, args: dict[str, Any] | None, session: str = "default",
                   cwd: str | None = None) -> Result:
        """The wrapped dispatcher's result of ``verb``, with values that look secret replaced.
        Raises the wrapped ``call``'s errors, with the secrets found in their message and hint
        replaced too (``int(password)``: the adapter's ``ValueError`` quotes the value)."""
        try:
            result = await self.inner.call(verb, args, session, cwd)
        except DapcliError as exc:
            quoted = isinstance(exc, AdapterError)  # the adapter's error may quote the value; dapcli's never does
            exc.message = _redacted(exc.message, args, quoted=quoted)
            exc.hint = _redacted(exc.hint, args, quoted=False) if exc.hint else exc.hint
            raise
        return redact_result(result)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def _redacted(text: str, args: dict[str, Any] | None, *, quoted: bool) -> str:
    """An error's ``text`` with its secrets replaced; when ``quoted`` (the adapter's own error
    text) and the expression or variable it is about has a secret name, every quoted value too
    but the names the user wrote and Python's type names (``can only concatenate str (not "int")``
    keeps its meaning)."""
    named = [value for key in ("expression", "name") if isinstance(value := (args or {}).get(key), str)]
    if quoted and any(secret_name(name) for name in named):
        text = redact_quoted(text, "the name looks secret", keep=_words(named))[0]
    return redact_text(text)[0]


#: Python's builtin type names, which errors quote (never a secret).
_TYPES = frozenset({"str", "int", "float", "bytes", "bool", "list", "dict", "tuple", "set", "NoneType", "complex",
                    "bytearray", "frozenset", "object", "type", "function", "module"})


def _words(expressions: list[str]) -> frozenset[str]:
    """The identifiers the user wrote (``getattr(cfg, password)``: ``getattr``, ``cfg``…) and the
    type names: quoted in an error, they are the user's own words, not a value."""
    words = set(_TYPES)
    for expression in expressions:
        words.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", expression[:10_000]))
    return frozenset(words)


def redacting(dispatcher: Any, redact: bool) -> Any:
    """``dispatcher`` wrapped in a :class:`RedactingDispatcher` when ``redact``, else itself."""
    return RedactingDispatcher(dispatcher) if redact else dispatcher
