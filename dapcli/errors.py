"""The one exception tree of dapcli. Every error has a message, a hint and an exit code.

::

    DapcliError (exit 1: internal bug)
    ├── UsageError (2): bad arguments, a missing file, an invalid recipe
    ├── SessionError (3): no such session, or its host is gone
    ├── PreconditionError (4): wrong session state, or a capability the adapter lacks
    ├── AdapterError (5): adapter missing, or it refused a request
    │   ├── RequestError (5): a DAP response with ``success: false`` (carries the adapter's text)
    │   └── UntrustedProjectError (5): a project's adapters.yaml command, not consented to
    ├── ConnectionLostError (6): the adapter or host connection ended
    │   └── ProtocolError (6): the peer broke the DAP framing, or answered with another request's response
    ├── DapTimeoutError (7): a bounded wait expired
    └── CheckFailedError (8): a recipe ``expect`` did not hold

Foreign exceptions are mapped once at each edge (transports in ``protocol``, the host socket in
``dispatch``); frontends convert these in exactly one place each.
This module is imported on the one-shot hot path: stdlib only.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the hot path)
if TYPE_CHECKING:
    from typing import Any


__all__ = [
    "AdapterError",
    "CheckFailedError",
    "ConnectionLostError",
    "DapTimeoutError",
    "DapcliError",
    "PreconditionError",
    "ProtocolError",
    "RequestError",
    "SessionError",
    "UntrustedProjectError",
    "UsageError",
    "echo",
    "error_from_dict",
]

#: Longest piece of the user's input (a name, a path) that an error message repeats.
ECHO_CHARS = 160
#: Longest line of a message (and hint) an error carries: a safety net behind :func:`echo`,
#: above the bounds of adapter texts (the cut is in the middle, marked).
MAX_MESSAGE = 8000


def echo(text: str, limit: int = ECHO_CHARS) -> str:
    """``text`` (a name or path the user gave) as an error message repeats it: at most ``limit``
    characters, cut in the middle with a marker saying how many were left out."""
    if len(text) <= limit:
        return text
    keep = max(limit // 2 - 1, 1)
    return f"{text[:keep]}…[{len(text) - 2 * keep} characters]…{text[-keep:]}"



def _bounded(text: str) -> str:
    if len(text) <= MAX_MESSAGE:
        return text
    return "\n".join(echo(line, MAX_MESSAGE) for line in text.split("\n"))


class DapcliError(Exception):
    """Base of every dapcli error: ``message`` (one line), ``hint`` (what to do), ``exit_code``."""

    exit_code = 1
    kind = "internal"

    def __init__(self, message: str, hint: str = "") -> None:
        # a long name echoed whole would make a screenful of one line: each line is bounded, its
        # middle cut (a line's end may be the adapter's last words; a recipe lists a line a problem)
        message, hint = _bounded(message), _bounded(hint)
        super().__init__(message)
        self.message = message
        self.hint = hint

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape used by the host RPC, ``--json`` and MCP: kind, message, hint, exitCode."""
        return {"kind": self.kind, "message": self.message, "hint": self.hint, "exitCode": self.exit_code}

    def __str__(self) -> str:
        return self.message


class UsageError(DapcliError):
    exit_code = 2
    kind = "usage"


class SessionError(DapcliError):
    exit_code = 3
    kind = "session"


class PreconditionError(DapcliError):
    exit_code = 4
    kind = "precondition"


class AdapterError(DapcliError):
    exit_code = 5
    kind = "adapter"


class RequestError(AdapterError):
    """The adapter answered ``success: false``; ``command`` is the DAP request that failed."""

    kind = "request"

    def __init__(self, message: str, hint: str = "", command: str = "") -> None:
        super().__init__(message, hint)
        self.command = command


class UntrustedProjectError(AdapterError):
    """A project's ``.dapcli/adapters.yaml`` would run a command nobody agreed to run."""

    kind = "untrusted-project"


class ConnectionLostError(DapcliError):
    exit_code = 6
    kind = "connection"


class ProtocolError(ConnectionLostError):
    kind = "protocol"


class DapTimeoutError(DapcliError):
    exit_code = 7
    kind = "timeout"


class CheckFailedError(DapcliError):
    exit_code = 8
    kind = "check"


_KINDS: dict[str, type[DapcliError]] = {
    cls.kind: cls
    for cls in (
        DapcliError, UsageError, SessionError, PreconditionError, AdapterError, RequestError, UntrustedProjectError,
        ConnectionLostError, ProtocolError, DapTimeoutError, CheckFailedError,
    )
}


def error_from_dict(data: dict[str, Any]) -> DapcliError:
    """Rebuild an error sent by a session host (the inverse of :meth:`DapcliError.to_dict`)."""
    cls = _KINDS.get(str(data.get("kind")), DapcliError)
    return cls(str(data.get("message", "unknown error")), str(data.get("hint", "")))
