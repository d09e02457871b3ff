"""A dispatcher whose results have their secrets redacted: how a frontend applies its policy.

The MCP server wraps its dispatcher in one (unless ``serve-mcp --show-secrets``); the CLI and
the REPL do with ``--redact``. The mechanism is :func:`dapcli.verbs.shared.redact.redact_result`;
the arguments sent to a verb, and so to the adapter, are never changed (``set`` of a value that
looks secret still sets it). Every other attribute is the wrapped dispatcher's.
"""

from __future__ import annotations

from typing import Any

from dapcli.verbs.models import Result
from dapcli.verbs.shared.redact import redact_result

__all__ = ["RedactingDispatcher", "redacting"]


class RedactingDispatcher:
    """``call`` as the wrapped dispatcher's, its result redacted; anything else delegated."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    async def call(self, verb: str, args: dict[str, Any] | None, session: str = "default",
                   cwd: str | None = None) -> Result:
        """The wrapped dispatcher's result of ``verb``, with values that look secret replaced
        (same errors as the wrapped ``call``)."""
        return redact_result(await self.inner.call(verb, args, session, cwd))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def redacting(dispatcher: Any, redact: bool) -> Any:
    """``dispatcher`` wrapped in a :class:`RedactingDispatcher` when ``redact``, else itself."""
    return RedactingDispatcher(dispatcher) if redact else dispatcher
