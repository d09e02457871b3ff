"""Keeping secrets out of traces and error messages.

Environment values (a launch's ``env``), values of keys that name a secret (``adapterAccessToken``,
``…token``, ``…secret``, ``password``) and command-line tokens (debugpy's
``--adapter-access-token X``, also quoted inside an adapter's error text) become ``<redacted>``.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["REDACTED", "redact_message", "redact_text"]

REDACTED = "<redacted>"
_SECRET_KEY = re.compile(r"token|secret|passw(or)?d|api_?key|credential", re.IGNORECASE)
_ENV_KEYS = frozenset({"env", "environment"})
#: ``--adapter-access-token X`` / ``--server-access-token 'X'`` / ``"adapterAccessToken": "X"``
_TEXT = re.compile(
    r"""(?P<key>--[\w-]*(?:token|secret|password)[\w-]*['"]?(?:=|,?\s*)['"]?"""
    r"""|['"]?\w*(?:[Tt]oken|[Ss]ecret|[Pp]assword)['"]?\s*[:=]\s*['"]?)(?P<value>[^\s'",}\]]+)""",
)

_FLAG = re.compile(r"--[\w-]*(?:token|secret|password)[\w-]*", re.IGNORECASE)


def redact_text(text: str) -> str:
    """``text`` with the values after token/secret/password flags and keys replaced."""
    return _TEXT.sub(lambda m: m.group("key") + REDACTED, text)


def redact_message(message: Any, *, _key: str = "") -> Any:
    """A copy of a DAP message (JSON value) with env values and secrets replaced; strings
    anywhere else pass through :func:`redact_text`."""
    if isinstance(message, dict):
        if _key.lower() in _ENV_KEYS:
            return {name: REDACTED for name in message}
        return {key: (REDACTED if _SECRET_KEY.search(str(key)) and isinstance(value, str | int)
                      else redact_message(value, _key=str(key)))
                for key, value in message.items()}
    if isinstance(message, list):
        if _key.lower() in _ENV_KEYS:  # ["NAME=value", …]
            return [item.split("=", 1)[0] + "=" + REDACTED if isinstance(item, str) else REDACTED
                    for item in message]
        items = [redact_message(item) for item in message]
        for index, item in enumerate(message[:-1]):  # ["--adapter-access-token", "X"]
            if isinstance(item, str) and _FLAG.fullmatch(item):
                items[index + 1] = REDACTED
        return items
    if isinstance(message, str):
        return redact_text(message)
    return message
