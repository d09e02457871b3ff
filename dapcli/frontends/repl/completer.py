"""Completion for the prompt, from cached state only (never a round trip while typing):
command names, flags, file paths, FILE:LINE, breakpoint/thread/frame ids, display numbers and
the variable names of the selected frame."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator
from typing import get_args

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from dapcli.frontends.repl.aliases import COMMANDS, SETTINGS, command_named
from dapcli.frontends.repl.grammar import Grammar
from dapcli.frontends.repl.state import ReplState
from dapcli.verbs.registry import ParamSpec, VerbSpec

__all__ = ["ReplCompleter"]

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")
#: What the first argument of a REPL command is.
_FIRST_ARG = {
    "break_": "location", "tbreak": "location", "until": "location", "list_": "location",
    "print_": "expression", "pp": "expression", "display": "expression", "undisplay": "display",
    "help": "command", "info": "info",
}
#: REPL commands that take the flags of a verb.
_FLAGS_OF = {"break_": "setBreakpoint", "tbreak": "setBreakpoint", "until": "until", "list_": "source"}
_INFO = ["breakpoints", "display", "frame", "locals", "threads"]
#: Kinds for parameters whose verb does not say (``Param(complete=...)`` is preferred).
_FALLBACK = {("removeWatch", "ids"): "watch"}


class ReplCompleter(Completer):
    """Completes a command line; an exception is passed to ``on_error``, never raised."""

    def __init__(self, grammar: Grammar, state: ReplState,
                 on_error: Callable[[BaseException], None] | None = None,
                 cwd: Callable[[], str] = os.getcwd) -> None:
        self.grammar = grammar
        self.state = state
        self.on_error = on_error
        self.cwd = cwd

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        try:
            yield from self._complete(document.text_before_cursor)
        except Exception as exc:  # a completer must never break the prompt
            if self.on_error is not None:
                self.on_error(exc)

    # -- dispatch --------------------------------------------------------------------------------
    def _complete(self, text: str) -> Iterator[Completion]:
        parts = text.split()
        current = "" if not parts or text[-1].isspace() else parts[-1]
        words = parts if not current else parts[:-1]
        if not words:
            yield from self._commands(current)
            return
        first = words[0]
        command = command_named(first)
        if command is not None and not (len(words) > 1 and self.grammar.is_path(first, words[1])):
            if len(words) == 1 and command.handler != "info":
                yield from _matching(self.grammar.subcommands(first), current)
            yield from self._repl_command(command.handler, words, current, text)
            return
        if len(words) == 1 and self.grammar.subcommands(first):
            yield from _matching(self.grammar.subcommands(first), current)
            return
        found = self.grammar.resolve(words)
        if found is not None:
            spec, used = found
            yield from self._verb(spec, words[len(used):], current, text)

    def _commands(self, current: str) -> Iterator[Completion]:
        names = set(self.grammar.first_words()) | {n for c in COMMANDS for n in c.names}
        for name in sorted(names):
            if name.startswith(current) and name != "?":
                command = command_named(name)
                meta = command.summary if command else self._verb_summary(name)
                yield Completion(name, -len(current), display_meta=meta)

    def _verb_summary(self, name: str) -> str:
        found = self.grammar.resolve([name])
        return found[0].summary if found else ""

    def _repl_command(self, handler: str, words: list[str], current: str, text: str) -> Iterator[Completion]:
        args = words[1:]
        verb = self.grammar.verbs.get(_FLAGS_OF.get(handler, ""))
        if current.startswith("-") and verb is not None:
            yield from self._flags(verb, args, current)
        elif handler in ("break_", "tbreak") and "if" in args:
            yield from self._kind("expression", current, text)
        elif handler == "record":
            if not args:
                yield from _matching(["start", "stop"], current)
            elif args[0] == "start":
                yield from self._kind("path", current, text)
        elif handler == "set_":
            if not args:
                yield from _matching(list(SETTINGS), current)
                yield from self._kind("variable", current, text)
            elif args[0] in SETTINGS:
                yield from _matching(["on", "off"], current)
        elif handler in _FIRST_ARG and (not args or _FIRST_ARG[handler] in ("expression", "display")):
            yield from self._kind(_FIRST_ARG[handler], current, text)

    def _verb(self, spec: VerbSpec, args: list[str], current: str, text: str) -> Iterator[Completion]:
        if current.startswith("-"):
            yield from self._flags(spec, args, current)
            return
        by_flag = {p.flag: p for p in spec.params}
        flag = by_flag.get(args[-1][2:]) if args and args[-1].startswith("--") else None
        if flag is not None and flag.base_type is not bool:
            yield from self._value(spec, flag, current, text)
            return
        positional = _positional_at(spec, args)
        if positional is not None:
            yield from self._value(spec, positional, current, text)

    def _flags(self, spec: VerbSpec, args: list[str], current: str) -> Iterator[Completion]:
        given = {a.lstrip("-").partition("=")[0] for a in args if a.startswith("--")}
        for p in spec.params:
            if p.flag in given and not p.is_list:
                continue
            flags = [f"--{p.flag}", f"--no-{p.flag}"] if p.base_type is bool else [f"--{p.flag}"]
            for flag in flags:
                if flag.startswith(current):
                    yield Completion(flag, -len(current), display_meta=p.meta.help)

    def _value(self, spec: VerbSpec, p: ParamSpec, current: str, text: str) -> Iterator[Completion]:
        choices = get_args(p.base_type)
        kind = p.meta.complete or _FALLBACK.get((spec.name, p.name))
        if choices:
            yield from _matching([str(c) for c in choices], current)
        elif kind:
            yield from self._kind(kind, current, text)

    # -- kinds of values -------------------------------------------------------------------------
    def _kind(self, kind: str, current: str, text: str) -> Iterator[Completion]:
        state = self.state
        if kind in ("expression", "variable"):
            fragment = _IDENTIFIER.search(text)
            start = fragment.group(0) if fragment and not text[-1:].isspace() else ""
            if fragment and fragment.start() > 0 and text[fragment.start() - 1] == ".":
                return
            yield from _matching(sorted(state.locals), start)
        elif kind == "path":
            yield from self._paths(current, locations=False)
        elif kind == "location":
            if ":" not in current:
                yield from self._paths(current, locations=True)
        elif kind == "breakpoint":
            yield from _numbered(state.breakpoint_ids(), current)
        elif kind == "thread":
            yield from _numbered(state.thread_ids(), current)
        elif kind == "frame":
            yield from _numbered({f.id: f"#{f.index} {f.name}" for f in state.frames}, current)
        elif kind == "frame-index":
            yield from _numbered({f.index: f"#{f.index} {f.name}" for f in state.frames}, current)
        elif kind in ("display", "watch"):
            yield from _numbered(state.watch_ids(), current)
        elif kind == "command":
            yield from self._commands(current)
        elif kind == "info":
            yield from _matching(_INFO, current)

    def _paths(self, current: str, locations: bool) -> Iterator[Completion]:
        folder, _, stem = current.rpartition("/")
        base = os.path.join(self.cwd(), os.path.expanduser(folder or "."))
        try:
            entries = sorted(os.scandir(base), key=lambda e: e.name)
        except OSError:
            return
        prefix = f"{folder}/" if folder or current.startswith("/") else ""
        for entry in entries:
            if not entry.name.startswith(stem) or (entry.name.startswith(".") and not stem.startswith(".")):
                continue
            if entry.is_dir():
                yield Completion(prefix + entry.name + "/", -len(current), display=entry.name + "/")
            else:
                suffix = ":" if locations else ""
                yield Completion(prefix + entry.name + suffix, -len(current), display=entry.name)


def _positional_at(spec: VerbSpec, args: list[str]) -> ParamSpec | None:
    """The positional parameter the next word fills (flags and their values skipped)."""
    by_flag = {p.flag: p for p in spec.params}
    count, skip = 0, False
    for arg in args:
        if skip:
            skip = False
        elif arg.startswith("--"):
            p = by_flag.get(arg[2:])
            skip = p is not None and p.base_type is not bool and "=" not in arg
        else:
            count += 1
    positionals = [p for p in spec.params if p.meta.positional]
    for index, p in enumerate(positionals):
        if p.is_list or index == count:
            return p
    return None


def _matching(options: list[str], current: str) -> Iterator[Completion]:
    for option in options:
        if option.startswith(current):
            yield Completion(option, -len(current))


def _numbered(items: dict[int, str], current: str) -> Iterator[Completion]:
    for number, meta in sorted(items.items()):
        if str(number).startswith(current):
            yield Completion(str(number), -len(current), display_meta=meta)
