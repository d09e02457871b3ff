"""The REPL's gdb/pdb names: plain renames of verbs, and REPL commands with their own syntax.

This table is the one place the REPL adds names; help, completion and the README's alias table
are read from it. Verbs keep every name the verb table gives them.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["COMMANDS", "RENAMES", "SETTINGS", "ReplCommand", "command_named"]

#: Extra words that name a verb as it is (flags and positionals as the verb's own).
RENAMES: dict[tuple[str, ...], str] = {
    ("c",): "continue",
    ("cont",): "continue",
    ("n",): "next",
    ("s",): "stepIn",
    ("step",): "stepIn",
    ("finish",): "stepOut",
    ("bt",): "stackTrace",
    ("where",): "stackTrace",
    ("backtrace",): "stackTrace",
    ("delete",): "removeBreakpoint",
    ("clear",): "clearBreakpoints",
    ("info", "breakpoints"): "listBreakpoints",
    ("info", "break"): "listBreakpoints",
    ("info", "b"): "listBreakpoints",
    ("info", "threads"): "threads",
    ("info", "locals"): "variables",
    ("info", "display"): "listWatches",
    ("info", "watches"): "listWatches",
    ("info", "frame"): "selectFrame",
    ("info", "registers"): "registers",
    ("info", "watchpoints"): "listDataBreakpoints",
    ("f",): "selectFrame",
}


@dataclass(frozen=True)
class ReplCommand:
    """A command of the REPL itself: ``handler`` names its function in :mod:`.commands`;
    ``verbs`` are the verbs it calls (for help and the README)."""

    names: tuple[str, ...]
    syntax: str
    summary: str
    handler: str
    verbs: str = ""


COMMANDS: list[ReplCommand] = [
    ReplCommand(("b", "break"), "b LOCATION [if EXPR]",
                "add a breakpoint at FILE:LINE, LINE or a function; `if` adds a condition", "break_", "setBreakpoint"),
    ReplCommand(("tbreak",), "tbreak LOCATION [if EXPR]",
                "add a breakpoint that is deleted after its first hit", "tbreak", "setBreakpoint, removeBreakpoint"),
    ReplCommand(("until",), "until [LOCATION]",
                "run to LOCATION (a temporary breakpoint); without one, like next", "until", "until, next"),
    ReplCommand(("p", "print"), "p EXPR", "evaluate EXPR in the selected frame", "print_", "evaluate"),
    ReplCommand(("pp",), "pp EXPR", "evaluate EXPR and show its children (depth 1)", "pp", "evaluate --depth 1"),
    ReplCommand(("list", "l"), "list [LOCATION] [--context N]",
                "show source around the selected frame or LOCATION; Enter continues", "list_", "source"),
    ReplCommand(("display",), "display [EXPR]",
                "show EXPR at every stop (a watch); without EXPR, show the watches", "display",
                "addWatch, listWatches"),
    ReplCommand(("undisplay",), "undisplay [N...]", "stop showing watches N (all without N)", "undisplay",
                "removeWatch"),
    ReplCommand(("info",), "info breakpoints|threads|locals|display|frame|registers|watchpoints",
                "breakpoints, threads, local variables, watches, the selected frame, registers or watchpoints",
                "info",
                "listBreakpoints, threads, variables, listWatches, selectFrame, registers, listDataBreakpoints"),
    ReplCommand(("set",), "set eval-unknown on|off",
                "REPL settings; `set NAME VALUE` for anything else changes a variable (setVariable)", "set_",
                "setVariable"),
    ReplCommand(("record",), "record start FILE | record stop",
                "record the verbs you run and save them as a recipe", "record"),
    ReplCommand(("help", "h", "?"), "help [COMMAND]", "list the commands, or show one command's usage", "help"),
    ReplCommand(("quit", "q", "exit"), "quit",
                "leave (ends a session this REPL started; a joined session keeps running)", "quit", "stop"),
]

#: REPL settings: name → (help, default).
SETTINGS: dict[str, tuple[str, bool]] = {
    "eval-unknown": ("evaluate a line that is no command as an expression (pdb's habit)", False),
}

_BY_NAME = {name: command for command in COMMANDS for name in command.names}


def command_named(name: str) -> ReplCommand | None:
    """The REPL command called ``name``, if any."""
    return _BY_NAME.get(name)
