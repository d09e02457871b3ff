"""``help`` and ``help COMMAND``, generated from the verb table and the REPL's alias table."""

from __future__ import annotations

import difflib

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from dapcli.errors import UsageError, echo
from dapcli.frontends.repl.aliases import COMMANDS, RENAMES, ReplCommand, command_named
from dapcli.frontends.repl.grammar import Grammar, usage
from dapcli.verbs.registry import VerbSpec

__all__ = ["all_names", "overview", "topic", "unknown_command"]

_FOOTER = ("Enter on an empty line repeats next/step/continue/finish, or continues `list`. "
           "A trailing \\ or an open bracket continues the line. `help COMMAND` shows its usage.")


def _grid() -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    return table


def _also(grammar: Grammar, spec: VerbSpec) -> str:
    names = [n for n in grammar.names_of(spec.name) if n != " ".join(spec.cli_path)]
    return f"  ({', '.join(names)})" if names else ""


def overview(grammar: Grammar) -> RenderableType:
    """Every verb by group (CLI words, summary, other names), then the REPL's own commands."""
    parts: list[RenderableType] = []
    groups: dict[str, list[VerbSpec]] = {}
    for spec in grammar.verbs.values():
        groups.setdefault(spec.group, []).append(spec)
    for group, specs in groups.items():
        table = _grid()
        for spec in specs:
            table.add_row(Text(" ".join(spec.cli_path)), Text(spec.summary) + Text(_also(grammar, spec), style="dim"))
        parts += [Text(f"{group.capitalize()}:", style="bold underline"), table, Text("")]
    table = _grid()
    for command in COMMANDS:
        table.add_row(Text(command.syntax), Text(command.summary))
    parts += [Text("REPL commands (gdb/pdb style):", style="bold underline"), table, Text(""), Text(_FOOTER)]
    return Group(*parts)


def _command_help(command: ReplCommand) -> RenderableType:
    lines = [Text(f"usage: {command.syntax}", style="bold"), Text(command.summary)]
    if len(command.names) > 1:
        lines.append(Text(f"names: {', '.join(command.names)}", style="dim"))
    if command.verbs:
        lines.append(Text(f"runs: {command.verbs}", style="dim"))
    return Group(*lines)


def verb_help(grammar: Grammar, spec: VerbSpec) -> RenderableType:
    """Usage line, the verb's docstring, its parameters and every name it has."""
    table = _grid()
    for p in spec.params:
        name = p.flag.upper().replace("-", "_") if p.meta.positional else f"--{p.flag}"
        if p.base_type is bool and not p.meta.positional:
            name = f"--[no-]{p.flag}"
        default = "" if p.required or p.default in (None, []) else f"  (default: {p.default})"
        table.add_row(Text(name), Text(p.meta.help) + Text(default, style="dim"))
    parts: list[RenderableType] = [Text(f"usage: {usage(spec)}", style="bold"), Text(spec.prose)]
    if spec.params:
        parts.append(table)
    parts.append(Text(f"names: {', '.join(grammar.names_of(spec.name))}", style="dim"))
    return Group(*parts)


def topic(grammar: Grammar, name: str) -> RenderableType:
    """Help on one command (any of its names; ``break`` shows the REPL alias and the
    ``break …`` verbs). Raises UsageError naming the closest commands."""
    words = name.split()
    parts: list[RenderableType] = []
    found = grammar.resolve(words)
    multi = found is not None and len(found[1]) > 1
    command = command_named(words[0])
    if command is not None and not multi:
        parts.append(_command_help(command))
    elif found is not None:
        parts.append(verb_help(grammar, found[0]))
    if len(words) == 1:
        for second in grammar.subcommands(words[0]):
            sub = grammar.resolve([words[0], second])
            if sub is not None and (words[0], second) not in RENAMES:
                parts.append(Text(f"{usage(sub[0])}    {sub[0].summary}"))
    if not parts:
        raise unknown_command(grammar, words[0])
    return Group(*parts)


def all_names(grammar: Grammar) -> list[str]:
    return sorted(set(grammar.first_words()) | {n for c in COMMANDS for n in c.names})


#: gdb/pdb/lldb words with no command of that name here, and what does their job.
_OTHER_DEBUGGERS = {
    "run": "`launch PROGRAM [-- ARGS]` starts a program, `restart` runs it again",
    "r": "`launch PROGRAM [-- ARGS]` starts a program, `restart` runs it again",
    "start": "`launch PROGRAM --stop-on-entry` stops at its first line",
    "file": "`launch PROGRAM` names the program and starts it",
    "detach": "`stop --detach` leaves the program running",
}


def unknown_command(grammar: Grammar, name: str, rest: str = "") -> UsageError:
    """One line naming the closest commands; for a group given none of its subcommands
    (``watch total``), its subcommands and the line that works."""
    subcommands = grammar.subcommands(name)
    if subcommands and rest.strip():
        from dapcli.verbs.shared.grouphint import group_hint

        word = rest.split(None, 1)[0]
        return UsageError(f"{name!r} has no subcommand {word!r}",
                          group_hint("", name, rest.strip(), subcommands, quote=False))
    if name in _OTHER_DEBUGGERS:
        return UsageError(f"unknown command {name!r}; {_OTHER_DEBUGGERS[name]}")
    close = difflib.get_close_matches(name, all_names(grammar), n=4, cutoff=0.6) if len(name) <= 100 else []
    tail = f"; did you mean: {', '.join(close)}?" if close else "; `help` lists the commands"
    return UsageError(f"unknown command {echo(name)!r}{tail}")  # a pasted file's line: cut in the middle
