"""The command line's and the REPL's words for the verb references in hints
(:mod:`dapcli.calls`), read from the verb table: ``dapcli input TEXT`` and ``input TEXT``;
``--terminal``. :func:`phrase_all` phrases every text of a result in place (a frontend's one
place for results)."""

from __future__ import annotations

import re
import shlex
from contextvars import ContextVar
from typing import Any

from pydantic import BaseModel

from dapcli.calls import OPEN, call, phrase
from dapcli.verbs.registry import VERBS, ParamSpec, VerbSpec

__all__ = ["CLI", "PHRASING", "REPL", "CommandWords", "as_references", "phrase_all", "phrase_text", "said"]


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


#: A command line in a hint, as hints said it before references existed: `` `dapcli VERB ARGS` ``.
_COMMAND = re.compile(r"`dapcli ([^`\n]{1,400})`")
_LEGACY = "`dapcli "
#: Fields of results that hold the program's own text or values, never a hint: their command
#: lines are the program's words, left as they are.
_DATA_FIELDS = frozenset({"value", "result", "output", "evaluateName", "evaluate_name", "type"})


def _by_words() -> dict[tuple[str, ...], VerbSpec]:
    """Each verb by its CLI words, and by its aliases (``condition`` is ``break edit``)."""
    table = {(alias,): spec for spec in VERBS.values() for alias in spec.aliases}
    table.update({spec.cli_path: spec for spec in VERBS.values()})
    return table


def _as_call(words: list[str]) -> str | None:
    """``words`` (a command line without ``dapcli``) as a reference (:func:`dapcli.calls.call`),
    or None when any word is not one of the verb's parameters (left as written)."""
    table = _by_words()
    spec = table.get(tuple(words[:2])) if len(words) > 1 else None
    rest = words[2:]
    if spec is None:
        spec, rest = table.get(tuple(words[:1])), words[1:]
    if spec is None:
        return None
    by_flag = {p.flag: p for p in spec.params}
    by_short = {p.meta.short.lstrip("-"): p for p in spec.params if p.meta.short}
    positionals = [p for p in spec.params if p.meta.positional]
    args: dict[str, object] = {}
    index = 0
    while index < len(rest):
        word = rest[index]
        index += 1
        if word.startswith("-") and len(word) > 1 and not word[1:2].isdigit():
            name = word.lstrip("-")
            negated = name.startswith("no-") and name[3:] in by_flag
            param = by_flag.get(name[3:] if negated else name) or by_short.get(name)
            if param is None:
                return None
            if param.base_type is bool:
                args[param.alias] = not negated
                continue
            if index >= len(rest):
                return None
            value, index = _typed(param, rest[index]), index + 1
            args[param.alias] = [*args.get(param.alias, []), value] if param.is_list else value  # type: ignore[list-item]
            continue
        if not positionals:
            return None
        param = positionals[0]
        if param.is_list:
            args[param.alias] = [*args.get(param.alias, []), _typed(param, word)]  # type: ignore[list-item]
        else:
            args[param.alias] = _typed(param, word)
            positionals.pop(0)
    return call(spec.name, **args)


def _typed(param: ParamSpec, word: str) -> object:
    """A command-line word as the JSON value of ``param`` (``3`` for a number); a placeholder
    (``ID``) or anything else stays text."""
    kind = param.base_type
    if kind is int or kind is float:
        try:
            return kind(word)
        except ValueError:
            return word
    return word


def as_references(text: str) -> str:
    """``text`` with every `` `dapcli VERB ARGS` `` that names a verb and its parameters made a
    reference (:mod:`dapcli.calls`), so that another frontend says it in its own words; one that
    does not parse (an unknown word, a shell pipe) stays as written. Linear in ``len(text)``."""
    if _LEGACY not in text:
        return text

    def one(found: re.Match[str]) -> str:
        try:
            words = shlex.split(found.group(1))
        except ValueError:
            return found.group(0)
        if any(word in ("|", "&&", ";", ">") for word in words):
            return found.group(0)
        return _as_call(words) or found.group(0)

    return _COMMAND.sub(one, text)


def phrase_text(text: str, phrasing: object) -> str:
    """``text`` phrased by ``phrasing``: its references, and (for any frontend but the command
    line) its command lines written as the CLI's (:func:`as_references`)."""
    if phrasing is not CLI:
        text = as_references(text)
    return phrase(text, phrasing) if OPEN in text else text


def said(text: str) -> str:
    """``text`` (a renderer's own words, with references to verbs) phrased for the frontend
    that renders (:data:`PHRASING`)."""
    return phrase_text(text, PHRASING.get())


def phrase_all(value: Any, phrasing: Any) -> Any:
    """Every text in ``value`` (a result model, its lists and dicts; in place) phrased by
    ``phrasing`` (:func:`phrase_text`; the program's own text in :data:`_DATA_FIELDS` only for
    its references); returns ``value`` (a text: the phrased text)."""
    return _phrase_all(value, phrasing, legacy=phrasing is not CLI)


def _phrase_all(value: Any, phrasing: Any, *, legacy: bool) -> Any:
    if isinstance(value, str):
        if legacy and _LEGACY in value:
            value = as_references(value)
        return phrase(value, phrasing) if OPEN in value else value
    if isinstance(value, BaseModel):
        for name in type(value).model_fields:
            item = getattr(value, name)
            phrased = _phrase_all(item, phrasing, legacy=legacy and name not in _DATA_FIELDS)
            if phrased is not item:
                object.__setattr__(value, name, phrased)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            phrased = _phrase_all(item, phrasing, legacy=legacy)
            if phrased is not item:
                value[index] = phrased
    elif isinstance(value, dict):
        for key, item in value.items():
            phrased = _phrase_all(item, phrasing, legacy=legacy and key not in _DATA_FIELDS)
            if phrased is not item:
                value[key] = phrased
    return value
