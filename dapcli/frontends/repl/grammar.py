"""The REPL's command grammar, generated from the verb table.

Every verb is reachable by its CLI words (``break add``), its canonical name (``stackTrace``)
and its aliases (``bt``); extra names (``info threads``) come from :mod:`.aliases`. Arguments
are shell words: positionals in order, ``--flag value`` / ``--flag=value``, ``--no-flag`` for
booleans, repeatable list flags, ``--`` ends the options. The result of :func:`parse_args` is
the verb's JSON-shaped arguments (camelCase keys), the same object a recipe or MCP call holds.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, get_args

from dapcli.errors import UsageError
from dapcli.files import split_words
from dapcli.verbs import VERBS, validate_args
from dapcli.verbs.registry import ParamSpec, VerbSpec

__all__ = ["Grammar", "metavar", "parse_args", "split", "usage"]

_NEGATIVE_NUMBER = re.compile(r"^-\d+(\.\d+)?$")
_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def split(line: str) -> list[str]:
    """Shell words of ``line``. Raises UsageError for an unclosed quote."""
    try:
        return split_words(line)  # linear: shlex is quadratic in a word's length
    except ValueError as exc:
        raise UsageError(f"cannot read this line: {exc}", "close the quote, or escape it with \\") from None


def metavar(p: ParamSpec) -> str:
    """The placeholder for a parameter's value: ``LOCATION``, ``THREAD_ID``, ``watch|repl``."""
    choices = get_args(p.base_type)
    if choices and not p.meta.positional:
        return "|".join(map(str, choices))
    return p.flag.upper().replace("-", "_")


def _option(p: ParamSpec) -> str:
    if p.base_type is bool:
        return f"--[no-]{p.flag}"
    names = f"--{p.flag}" + (f"|{p.meta.short}" if p.meta.short else "")
    return f"{names} {metavar(p)}"


def usage(spec: VerbSpec, words: Iterable[str] | None = None) -> str:
    """One line: the command words, positionals, then options (``[...]`` when optional)."""
    parts = [" ".join(words or spec.cli_path)]
    for p in spec.params:
        if not p.meta.positional:
            continue
        text = metavar(p) + ("..." if p.is_list else "")
        parts.append(text if p.required else f"[{text}]")
    for p in spec.params:
        if p.meta.positional:
            continue
        text = _option(p)
        parts.append((text if p.required else f"[{text}]") + ("..." if p.is_list else ""))
    return " ".join(parts)


def _convert(spec: VerbSpec, p: ParamSpec, text: str) -> Any:
    kind = p.base_type
    try:
        if kind is int:
            return int(text)
        if kind is float:
            return float(text)
    except ValueError:
        noun = "a whole number" if kind is int else "a number"
        raise UsageError(f"{spec.name}: {metavar(p)} must be {noun}, not {text!r}", f"usage: {usage(spec)}") from None
    if kind is bool:
        return _bool(spec, p, text)
    choices = get_args(kind)
    if choices and text not in choices:
        raise UsageError(f"{spec.name}: {metavar(p)} is one of {', '.join(map(str, choices))}, not {text!r}",
                         f"usage: {usage(spec)}")
    return text


def _bool(spec: VerbSpec, p: ParamSpec, text: str) -> bool:
    if text.lower() in _TRUE:
        return True
    if text.lower() in _FALSE:
        return False
    raise UsageError(f"{spec.name}: --{p.flag} is on or off, not {text!r}", f"usage: {usage(spec)}")


class _Reader:
    """Walks the words of one command line and fills the JSON-shaped arguments."""

    def __init__(self, spec: VerbSpec, tokens: list[str]) -> None:
        self.spec = spec
        self.tokens = tokens
        self.args: dict[str, Any] = {}
        self.loose: list[str] = []
        self.by_flag = {p.flag: p for p in spec.params}
        self.by_flag.update({p.meta.short.lstrip("-"): p for p in spec.params if p.meta.short})

    def fail(self, message: str) -> UsageError:
        return UsageError(f"{self.spec.name}: {message}", f"usage: {usage(self.spec)}")

    def read(self) -> dict[str, Any]:
        index, only_positional = 0, False
        while index < len(self.tokens):
            token = self.tokens[index]
            if only_positional or not token.startswith("-") or token == "-" or _NEGATIVE_NUMBER.match(token):
                self.loose.append(token)
            elif token == "--":
                only_positional = True
            elif self.dash_value(index):  # `p -x`: the rest of the line is values (as the CLI reads it)
                only_positional = True
                continue
            else:
                index = self.option(index)
            index += 1
        self.positionals()
        missing = [p for p in self.spec.params if p.required and p.alias not in self.args]
        if missing:
            raise self.fail("missing " + ", ".join(metavar(p) for p in missing))
        return self.args

    def dash_value(self, index: int) -> bool:
        """Whether the word at ``index`` (``-x``, not an option of this verb) starts the values:
        no word from it on starts with ``--`` and the verb takes a positional text."""
        name = self.tokens[index].lstrip("-").partition("=")[0]
        if self.tokens[index].startswith("--") or name in self.by_flag:
            return False
        if any(w.startswith("--") for w in self.tokens[index:]):
            return False
        return any(p.meta.positional and p.base_type is str for p in self.spec.params)

    def option(self, index: int) -> int:
        name, eq, inline = self.tokens[index].lstrip("-").partition("=")
        p = self.by_flag.get(name)
        negated = p is None and name.startswith("no-") and name[3:] in self.by_flag
        if negated:
            p = self.by_flag[name[3:]]
        if p is None:
            raise self.fail(f"unknown option {self.tokens[index].partition('=')[0]}")
        if p.base_type is bool:
            if negated and eq:
                raise self.fail(f"--no-{p.flag} takes no value")
            self.args[p.alias] = (not negated) if not eq else _bool(self.spec, p, inline)
            return index
        if negated:
            raise self.fail(f"--{p.flag} is not on/off (--no-{p.flag} does not exist)")
        if not eq:
            index += 1
            if index >= len(self.tokens):
                raise self.fail(f"--{p.flag} needs a value ({metavar(p)})")
            inline = self.tokens[index]
        self.store(p, _convert(self.spec, p, inline))
        return index

    def store(self, p: ParamSpec, value: Any) -> None:
        if p.is_list:
            self.args.setdefault(p.alias, []).append(value)
        else:
            self.args[p.alias] = value

    def positionals(self) -> None:
        last: ParamSpec | None = None
        for p in (p for p in self.spec.params if p.meta.positional):
            if not self.loose:
                break
            if p.is_list:
                for text in self.loose:
                    self.store(p, _convert(self.spec, p, text))
                self.loose = []
            else:
                self.store(p, _convert(self.spec, p, self.loose.pop(0)))
                last = p
        if not self.loose:
            return
        if last is not None and last.base_type is str:
            # an expression or value typed without quotes: `eval a + b`
            self.args[last.alias] = " ".join([self.args[last.alias], *self.loose])
            return
        raise self.fail(f"unexpected argument {self.loose[0]!r}")


def parse_args(spec: VerbSpec, tokens: list[str]) -> dict[str, Any]:
    """The JSON-shaped arguments (camelCase keys) that ``tokens`` give ``spec``, validated by
    the verb's own model. Raises UsageError whose hint is the verb's usage line."""
    args = _Reader(spec, tokens).read()
    try:
        validate_args(spec, args)
    except UsageError as exc:
        raise UsageError(exc.message, f"usage: {usage(spec)}") from None
    return args


class Grammar:
    """Command words → verb names, longest match first.

    Precedence for one word: CLI words, then canonical names, then the verbs' aliases, then
    ``extra`` names (the REPL's own alias table), so a newer verb never loses its own name.
    """

    def __init__(self, verbs: Mapping[str, VerbSpec] | None = None,
                 extra: Mapping[tuple[str, ...], str] | None = None) -> None:
        self.verbs = dict(verbs if verbs is not None else VERBS)
        self.paths: dict[tuple[str, ...], str] = {}
        for spec in self.verbs.values():
            self.paths.setdefault(spec.cli_path, spec.name)
        for spec in self.verbs.values():
            self.paths.setdefault((spec.name,), spec.name)
        for spec in self.verbs.values():
            for alias in spec.aliases:
                self.paths.setdefault((alias,), spec.name)
        for words, name in (extra or {}).items():
            if name in self.verbs:
                self.paths.setdefault(words, name)
        self.longest = max((len(words) for words in self.paths), default=1)

    def resolve(self, tokens: list[str]) -> tuple[VerbSpec, tuple[str, ...]] | None:
        """The verb the first words of ``tokens`` name, with those words; None if none does."""
        for size in range(min(self.longest, len(tokens)), 0, -1):
            words = tuple(tokens[:size])
            name = self.paths.get(words)
            if name is not None:
                return self.verbs[name], words
        return None

    def is_path(self, first: str, second: str) -> bool:
        """True when ``first second`` are the words of a multi-word command (``break add``)."""
        return (first, second) in self.paths

    def subcommands(self, first: str) -> list[str]:
        """Second words after ``first`` (``add``, ``list``… after ``break``)."""
        return sorted({words[1] for words in self.paths if len(words) > 1 and words[0] == first})

    def first_words(self) -> list[str]:
        return sorted({words[0] for words in self.paths})

    def names_of(self, verb: str) -> list[str]:
        """Every way to type ``verb``, CLI words first."""
        return [" ".join(words) for words, name in self.paths.items() if name == verb]

    def parse(self, tokens: list[str]) -> tuple[str, dict[str, Any]] | None:
        """``(verb, args)`` for a command line's words; None when no verb is named.
        Raises UsageError (with the usage line as hint) for bad arguments."""
        found = self.resolve(tokens)
        if found is None:
            return None
        spec, words = found
        return spec.name, parse_args(spec, tokens[len(words):])
