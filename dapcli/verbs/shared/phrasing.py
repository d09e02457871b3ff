"""The command line's and the REPL's words for the verb references in hints
(:mod:`dapcli.calls`), read from the verb table: ``dapcli input TEXT`` and ``input TEXT``;
``--terminal``. :func:`phrase_all` phrases every text of a result in place (a frontend's one
place for results)."""

from __future__ import annotations

import shlex
from contextvars import ContextVar
from typing import Any

from pydantic import BaseModel

from dapcli.calls import OPEN, phrase
from dapcli.verbs.registry import VERBS, ParamSpec

__all__ = ["CLI", "PHRASING", "REPL", "CommandWords", "phrase_all", "said"]


class CommandWords:
    """Verb references as command words: ``prefix`` + the verb's CLI words + its arguments
    (positionals in order, then ``--flag value``, ``--flag`` / ``--no-flag`` for booleans)."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def call(self, verb: str, args: dict[str, Any]) -> str:
        spec = VERBS.get(verb)
        if spec is None:
            return f"`{self.prefix}{verb}`"
        words = [*spec.cli_path]
        for param in spec.params:
            if param.alias in args or param.name in args:
                words += _words(param, args.get(param.alias, args.get(param.name)))
        return f"`{self.prefix}{' '.join(words)}`"

    def option(self, verb: str, name: str, value: Any) -> str:
        spec = VERBS.get(verb)
        param = next((p for p in spec.params if name in (p.alias, p.name)), None) if spec else None
        if param is None:
            return f"--{name}"
        return " ".join(_words(param, value))


def _words(param: ParamSpec, value: Any) -> list[str]:
    values = value if isinstance(value, list) else [value]
    if param.meta.positional:
        return [_word(v) for v in values]
    if isinstance(value, bool):
        return [f"--{param.flag}" if value else f"--no-{param.flag}"]
    return [word for v in values for word in (f"--{param.flag}", _word(v))]


def _word(value: Any) -> str:
    text = str(value)
    return text if text.isupper() else shlex.quote(text)  # a placeholder (TEXT, FILE) stays as it is


CLI = CommandWords("dapcli ")
REPL = CommandWords("")
#: The phrasing of the frontend that renders now (the REPL sets its own around a rendering).
PHRASING: ContextVar[Any] = ContextVar("PHRASING", default=CLI)


def said(text: str) -> str:
    """``text`` (a renderer's own words, with references to verbs) phrased for the frontend
    that renders (:data:`PHRASING`)."""
    return phrase(text, PHRASING.get())


def phrase_all(value: Any, phrasing: Any) -> Any:
    """Every text in ``value`` (a result model, its lists and dicts; in place) phrased by
    ``phrasing``; returns ``value`` (a text: the phrased text)."""
    if isinstance(value, str):
        return phrase(value, phrasing) if OPEN in value else value
    if isinstance(value, BaseModel):
        for name in type(value).model_fields:
            item = getattr(value, name)
            phrased = phrase_all(item, phrasing)
            if phrased is not item:
                object.__setattr__(value, name, phrased)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            phrased = phrase_all(item, phrasing)
            if phrased is not item:
                value[index] = phrased
    elif isinstance(value, dict):
        for key, item in value.items():
            phrased = phrase_all(item, phrasing)
            if phrased is not item:
                value[key] = phrased
    return value
