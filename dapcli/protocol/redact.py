"""Keeping secrets out of traces and error messages, in time linear in the text's length.

Environment values (a launch's ``env``), values of keys that name a secret (``adapterAccessToken``,
``…token``, ``…secret``, ``password``) and command-line tokens (debugpy's
``--adapter-access-token X``, also quoted inside an adapter's error text) become ``<redacted>``.

An adapter's text can be of any length (an exception whose message is 200,000 characters), so
every text is cut to a bound *before* it is searched (:func:`cut_text`, :data:`TEXT_LIMIT` for
what a user reads, :data:`TRACE_TEXT_LIMIT` for the DAP trace), and the search itself never
backtracks over a run of characters: a key is found as one whole word (``[\\w-]+``, each character
read once), then only the few characters after it are matched.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["REDACTED", "TEXT_LIMIT", "TRACE_TEXT_LIMIT", "cut_text", "redact_cut", "redact_message",
           "redact_text"]

REDACTED = "<redacted>"
#: Longest adapter text (an error message) shown to a user, in characters.
TEXT_LIMIT = 4000
#: Longest string of a message written to the DAP trace, in characters: the trace is where a
#: text cut for the user can be read whole.
TRACE_TEXT_LIMIT = 1 << 20
#: How to read what :func:`cut_text` left out of an adapter's text.
SEE_ALL = "DAPCLI_TRACE=FILE records the whole text"
TRACE_CUT = "cut in the trace"

_SECRET_KEY = re.compile(r"token|secret|passw(?:or)?d|api_?key|credential", re.IGNORECASE)
_ENV_KEYS = frozenset({"env", "environment"})
_FLAG_WORDS = ("token", "secret", "password")  # in a --flag (as written: lower case)
_KEY_ENDS = ("token", "secret", "password")  # a key's last word, first letter of either case
#: A word of a flag or key: matched once from its first character to its last (no backtracking).
_WORD = re.compile(r"[\w-]+")
_VALUE = r"""([^\s'",}\]]+)"""
#: After ``--adapter-access-token``: ``=X``, `` X``, ``', 'X``.
_AFTER_FLAG = re.compile(r"""['"]?(?:=|,?\s*)['"]?""" + _VALUE)
#: After ``adapterAccessToken``: ``": "X``, ``=X``.
_AFTER_KEY = re.compile(r"""['"]?\s*[:=]\s*['"]?""" + _VALUE)


def cut_text(text: str, limit: int = TEXT_LIMIT, see: str = SEE_ALL) -> str:
    """``text`` cut to ``limit`` characters, with a marker saying how many more there were and
    ``see`` (how to read them); ``text`` itself when it is not longer."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… [{see}; {len(text) - limit:,} more characters]"


def redact_text(text: str) -> str:
    """``text`` with the values after token/secret/password flags and keys replaced.

    Linear in ``len(text)``: each word is read once, and a value is replaced in one step."""
    parts: list[str] = []
    done = 0
    for word in _WORD.finditer(text):
        if word.start() < done:  # inside a value already replaced
            continue
        value = _value_after(text, word)
        if value is not None:
            parts += [text[done:value[0]], REDACTED]
            done = value[1]
    if not parts:
        return text
    parts.append(text[done:])
    return "".join(parts)


def _value_after(text: str, word: re.Match[str]) -> tuple[int, int] | None:
    """Where the secret value after ``word`` is (start, end), if ``word`` is a secret's flag or key."""
    found = word.group()
    dashes = found.find("--")
    if dashes >= 0 and any(name in found[dashes + 2:] for name in _FLAG_WORDS):
        after = _AFTER_FLAG.match(text, word.end())
        if after is not None:
            return after.span(1)
    last = found.rsplit("-", 1)[-1]
    if any(last[-len(end):].lower() == end and last[-len(end) + 1:] == end[1:]
           for end in _KEY_ENDS if len(last) >= len(end)):
        after = _AFTER_KEY.match(text, word.end())
        if after is not None:
            return after.span(1)
    return None


def _is_flag(text: str) -> bool:
    """``--adapter-access-token`` (any case): a whole flag word naming a secret."""
    return text.startswith("--") and _WORD.fullmatch(text) is not None and \
        any(name in text[2:].lower() for name in _FLAG_WORDS)


def redact_message(message: Any, *, limit: int = TRACE_TEXT_LIMIT, _key: str = "") -> Any:
    """A copy of a DAP message (JSON value) with env values and secrets replaced; strings
    anywhere else are cut to ``limit`` characters and redacted (:func:`redact_cut`)."""
    if isinstance(message, dict):
        if _key.lower() in _ENV_KEYS:
            return {cut_text(str(name), limit): REDACTED for name in message}
        return {key: (REDACTED if _SECRET_KEY.search(str(key)[:limit]) and isinstance(value, str | int)
                      else redact_message(value, limit=limit, _key=str(key)))
                for key, value in message.items()}
    if isinstance(message, list):
        if _key.lower() in _ENV_KEYS:  # ["NAME=value", …]
            return [cut_text(item.split("=", 1)[0], limit) + "=" + REDACTED if isinstance(item, str) else REDACTED
                    for item in message]
        items = [redact_message(item, limit=limit) for item in message]
        for index, item in enumerate(message[:-1]):  # ["--adapter-access-token", "X"]
            if isinstance(item, str) and _is_flag(item):
                items[index + 1] = REDACTED
        return items
    if isinstance(message, str):
        return redact_cut(message, limit, TRACE_CUT)
    return message


def redact_cut(text: str, limit: int = TEXT_LIMIT, see: str = SEE_ALL) -> str:
    """``text`` cut to ``limit`` characters first, then redacted, then marked as cut (see
    :func:`cut_text`): the work is bounded however long ``text`` is."""
    if len(text) <= limit:
        return redact_text(text)
    return redact_text(text[:limit]) + cut_text(text, limit, see)[limit:]
