"""The REPL's own commands (see :data:`.aliases.COMMANDS`): gdb/pdb shorthands that map onto
verbs (breakpoints with ``if``, temporary breakpoints, raw expressions, listing that goes on),
settings, recording and help.

A handler gets the text after the command word as typed; returning ``False`` hands the line
on to the verb table (``set x 5`` is the ``setVariable`` verb).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol

from rich.text import Text

from dapcli.errors import UsageError
from dapcli.files import is_number
from dapcli.frontends.repl.aliases import RENAMES, SETTINGS, command_named
from dapcli.frontends.repl.grammar import Grammar, parse_args, split
from dapcli.frontends.repl.help import overview, topic
from dapcli.verbs import VERBS
from dapcli.verbs import models as m

if TYPE_CHECKING:
    from rich.console import RenderableType

    from dapcli.frontends.repl.record import Recording
    from dapcli.frontends.repl.state import ReplState

__all__ = ["CommandRepl", "breakpoint_args", "continue_listing", "handler_for"]


class CommandRepl(Protocol):
    """What a REPL command uses of the REPL (:class:`dapcli.frontends.repl.app.Repl` is one)."""

    grammar: Grammar
    state: ReplState
    recording: Recording
    settings: dict[str, bool]
    listing: tuple[m.SourceResult, int] | None
    listing_active: bool
    previous_listing: bool
    done: bool

    async def call(self, verb: str, args: dict[str, Any], *, record: bool = True) -> m.Result:
        """Run one verb on the REPL's session (recorded unless ``record`` is False)."""
        ...

    async def run_verb(self, verb: str, args: dict[str, Any]) -> m.Result | None:
        """Call ``verb`` the way the REPL does (execution verbs as tasks), results shown."""
        ...

    def show(self, renderable: RenderableType) -> None:
        """Print ``renderable`` on a line of its own."""
        ...

    def show_result(self, result: m.Result) -> None:
        """Print a verb's result as the REPL renders it."""
        ...


Handler = Callable[[CommandRepl, str], Awaitable[bool | None]]


def breakpoint_args(rest: str) -> dict[str, Any]:
    """``LOCATION [if EXPR] [hit N] [log MSG]`` (any order) or ``LOCATION [--condition EXPR …]`` →
    setBreakpoint's args; ``FILE@STATEMENT`` (to the end, or quoted and followed by clauses) as
    typed. Raises UsageError for a clause without its text."""
    text = rest.strip()
    if not text:
        raise UsageError("a breakpoint needs a LOCATION", "usage: b FILE:LINE | LINE | FUNCTION [if EXPR]")
    location, _, tail = text.partition(" ")
    tail = tail.strip()
    if "@" in location and not location.startswith("-"):  # `b cart.py@total += price`: the text as typed
        return {"location": text}
    if tail == "if":
        raise UsageError("`if` needs an expression", "usage: b LOCATION if EXPR")
    if tail and tail.split(maxsplit=1)[0] in ("if", "hit", "log"):  # the -b grammar, clauses in any order
        from dapcli.verbs.breakpoints.spec import parse_spec

        place, clauses = parse_spec(text)
        names = {"condition": "condition", "hit_condition": "hitCondition", "log_message": "logMessage"}
        return {"location": place, **{names[k]: v for k, v in clauses.items()}}
    return parse_args(VERBS["setBreakpoint"], split(text))


async def break_(repl: CommandRepl, rest: str) -> None:
    await repl.run_verb("setBreakpoint", breakpoint_args(rest))


async def tbreak(repl: CommandRepl, rest: str) -> None:
    result = await repl.run_verb("setBreakpoint", breakpoint_args(rest))
    if isinstance(result, m.BreakpointView):
        repl.state.temporary[result.id] = result


async def until(repl: CommandRepl, rest: str) -> bool | None:
    if rest.strip():
        return False  # the until verb
    await repl.run_verb("next", {})
    return None


async def print_(repl: CommandRepl, rest: str) -> None:
    if not rest.strip():
        raise UsageError("print needs an expression", "usage: p EXPR")
    await repl.run_verb("evaluate", {"expression": rest.strip()})


async def pp(repl: CommandRepl, rest: str) -> None:
    if not rest.strip():
        raise UsageError("pp needs an expression", "usage: pp EXPR")
    await repl.run_verb("evaluate", {"expression": rest.strip(), "depth": 1})


async def list_(repl: CommandRepl, rest: str) -> None:
    if not rest.strip() and repl.listing is not None and repl.previous_listing:
        await continue_listing(repl)
        return
    await repl.run_verb("source", parse_args(VERBS["source"], split(rest)))


async def continue_listing(repl: CommandRepl) -> None:
    """The lines after the last listing (pdb's ``l`` / Enter after ``list``)."""
    assert repl.listing is not None
    last, context = repl.listing
    if not last.lines:
        raise UsageError(f"end of {last.path}")
    after = last.lines[-1].line + 1
    result = await repl.call("source", {"location": f"{last.path}:{after + context}", "context": context})
    assert isinstance(result, m.SourceResult)
    lines = [s for s in result.lines if s.line >= after]
    if not lines:
        repl.listing_active = False
        raise UsageError(f"end of {last.path} (line {after - 1})")
    repl.show_result(result.model_copy(update={"lines": lines}))
    repl.listing, repl.listing_active = (result.model_copy(update={"lines": lines}), context), True


async def display(repl: CommandRepl, rest: str) -> None:
    if rest.strip():
        await repl.run_verb("addWatch", {"expression": rest.strip()})
    else:
        await repl.run_verb("listWatches", {})


async def undisplay(repl: CommandRepl, rest: str) -> None:
    words = split(rest)
    if not all(is_number(w) for w in words):
        raise UsageError("undisplay takes watch numbers", "usage: undisplay [N...]; `display` lists them")
    ids = [int(w) for w in words] or list(repl.state.watch_ids())
    if not ids:
        repl.show(Text("No watch expressions."))
        return
    await repl.run_verb("removeWatch", {"ids": ids})


async def info(repl: CommandRepl, rest: str) -> None:
    what = rest.strip()
    words = "|".join(dict.fromkeys(k[1] for k in RENAMES if k[0] == "info" and len(k) == 2))
    raise UsageError(f"info {what}: unknown" if what else "info what?", f"usage: info {words}")


#: ``set NAME VALUE``: a name without quotes or spaces, and the rest of the line as typed.
_SET_VALUE = re.compile(r"\s*([^\s'\"-][^\s'\"]*)\s+(\S.*?)\s*$", re.DOTALL)


async def set_(repl: CommandRepl, rest: str) -> bool | None:
    words = split(rest)
    if not words:
        for name, (help_text, _) in SETTINGS.items():
            state = "on" if repl.settings[name] else "off"
            repl.show(Text(f"{name} {state}    {help_text}"))
        return None
    if words[0] not in SETTINGS:  # `set NAME VALUE`: the setVariable verb, the value as typed (quotes kept)
        found = _SET_VALUE.match(rest)
        if found is not None and " --" not in f" {found.group(2)}":
            await repl.run_verb("setVariable", {"name": found.group(1), "value": found.group(2)})
            return None
        return False
    if len(words) == 1:
        repl.show(Text(f"{words[0]} {'on' if repl.settings[words[0]] else 'off'}"))
        return None
    value = words[1].lower()
    if value not in ("on", "off") or len(words) > 2:
        raise UsageError(f"set {words[0]} takes on or off", f"usage: set {words[0]} on|off")
    repl.settings[words[0]] = value == "on"
    repl.show(Text(f"{words[0]} {value}"))
    return None


async def record(repl: CommandRepl, rest: str) -> None:
    words = split(rest)
    if words[:1] == ["start"] and len(words) == 2:
        repl.recording.start(words[1])
        repl.show(Text(f"Recording into {repl.recording.path}: the recipe replays this session from its "
                       "launch; `record stop` saves it."))
    elif words == ["stop"]:
        path, count = repl.recording.stop()
        repl.show(Text(f"Saved {count} step{'' if count == 1 else 's'} to {path}"))
    elif not words:
        state = f"recording into {repl.recording.path} ({len(repl.recording.steps)} steps)" \
            if repl.recording.active else "not recording"
        repl.show(Text(state))
    else:
        raise UsageError("record start FILE | record stop", "usage: record start FILE | record stop")


async def help_(repl: CommandRepl, rest: str) -> None:
    repl.show(topic(repl.grammar, rest.strip()) if rest.strip() else overview(repl.grammar))


async def quit_(repl: CommandRepl, rest: str) -> None:
    repl.done = True


_HANDLERS: dict[str, Handler] = {
    "break_": break_, "tbreak": tbreak, "until": until, "print_": print_, "pp": pp, "list_": list_,
    "display": display, "undisplay": undisplay, "info": info, "set_": set_, "record": record, "help": help_,
    "quit": quit_,
}


def handler_for(name: str) -> Handler | None:
    """The function behind the REPL command ``name``."""
    command = command_named(name)
    return _HANDLERS[command.handler] if command is not None else None
