"""The REPL's own commands (see :data:`.aliases.COMMANDS`): gdb/pdb shorthands that map onto
verbs, REPL-side frame selection, listing, displays, settings and recording.

A handler gets the text after the command word as typed; returning ``False`` hands the line
on to the verb table (``set x 5`` is the ``setVariable`` verb).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from rich.text import Text

from dapcli.errors import PreconditionError, UsageError
from dapcli.frontends.repl.aliases import SETTINGS, command_named
from dapcli.frontends.repl.grammar import parse_args, split
from dapcli.frontends.repl.help import overview, topic
from dapcli.render import source_lines
from dapcli.verbs import VERBS
from dapcli.verbs import models as m

if TYPE_CHECKING:
    from dapcli.frontends.repl.app import Repl

__all__ = ["breakpoint_args", "continue_listing", "handler_for"]

Handler = Callable[["Repl", str], Awaitable[bool | None]]


def breakpoint_args(rest: str) -> dict[str, Any]:
    """``LOCATION [if EXPR]`` or ``LOCATION [--condition EXPR …]`` → setBreakpoint's args."""
    text = rest.strip()
    if not text:
        raise UsageError("a breakpoint needs a LOCATION", "usage: b FILE:LINE | LINE | FUNCTION [if EXPR]")
    location, _, tail = text.partition(" ")
    tail = tail.strip()
    if tail == "if" or tail.startswith(("if ", "if\t")):
        condition = tail[2:].strip()
        if not condition:
            raise UsageError("`if` needs an expression", "usage: b LOCATION if EXPR")
        return {"location": location, "condition": condition}
    return parse_args(VERBS["setBreakpoint"], split(text))


async def break_(repl: Repl, rest: str) -> None:
    await repl.run_verb("setBreakpoint", breakpoint_args(rest))


async def tbreak(repl: Repl, rest: str) -> None:
    result = await repl.run_verb("setBreakpoint", breakpoint_args(rest))
    if isinstance(result, m.BreakpointView):
        repl.state.temporary[result.id] = result


async def until(repl: Repl, rest: str) -> None:
    if not rest.strip():
        await repl.run_verb("next", {})
        return
    result = await repl.call("setBreakpoint", {"location": rest.strip()})
    assert isinstance(result, m.BreakpointView)
    repl.state.temporary[result.id] = result

    async def drop(_: m.Result) -> None:
        await repl.runner.drop_breakpoint(result.id)

    try:
        await repl.runner.execute("continue", {}, after=drop)
    except BaseException:
        await drop(result)
        raise


async def print_(repl: Repl, rest: str) -> None:
    if not rest.strip():
        raise UsageError("print needs an expression", "usage: p EXPR")
    await repl.run_verb("evaluate", {"expression": rest.strip()})


async def pp(repl: Repl, rest: str) -> None:
    if not rest.strip():
        raise UsageError("pp needs an expression", "usage: pp EXPR")
    await repl.run_verb("evaluate", {"expression": rest.strip(), "depth": 1})


def _count(rest: str, default: int, what: str) -> int:
    text = rest.strip() or str(default)
    if not text.lstrip("-").isdigit():
        raise UsageError(f"{what} takes a number, not {text!r}", f"usage: {what} [N]")
    return int(text)


async def up(repl: Repl, rest: str) -> None:
    await select_frame(repl, repl.state.frame_index + _count(rest, 1, "up"))


async def down(repl: Repl, rest: str) -> None:
    await select_frame(repl, repl.state.frame_index - _count(rest, 1, "down"))


async def frame(repl: Repl, rest: str) -> None:
    if not rest.strip():
        await show_frame(repl)
        return
    await select_frame(repl, _count(rest, 0, "frame"))


async def select_frame(repl: Repl, index: int) -> None:
    """Make frame ``index`` (0 = innermost) the one that evaluate/vars/list use."""
    state = repl.state
    if state.current_status() != "stopped":
        raise PreconditionError("frames exist only while the program is stopped", "pause it, or wait for a stop")
    if index < 0:
        raise UsageError("the innermost frame (0) is selected; you cannot go down")
    if index >= len(state.frames):
        await repl.quiet("stackTrace", {"levels": index + 20})
    if index >= len(state.frames):
        raise UsageError(f"the outermost frame ({len(state.frames) - 1}) is selected; there is no frame {index}")
    state.frame_index = index
    await show_frame(repl)
    chosen = state.frames[index]
    variables = await repl.quiet("variables", {"frameId": chosen.id})
    if isinstance(variables, m.VariablesResult):
        state.locals = [v.name for v in variables.variables]


async def show_frame(repl: Repl) -> None:
    chosen = repl.state.selected_frame
    if chosen is None:
        raise PreconditionError("no frame is selected", "frames exist while the program is stopped")
    where = f"{chosen.path or chosen.source_name}:{chosen.line}"
    repl.show(Text(f"#{chosen.index}  {chosen.name} at {where}", style="bold"))
    if chosen.path:
        result = await repl.quiet("source", {"location": f"{chosen.path}:{chosen.line}", "context": 2})
        if isinstance(result, m.SourceResult):
            repl.show(source_lines(_marked(result, chosen.line).lines))


def _marked(result: m.SourceResult, line: int) -> m.SourceResult:
    lines = [s.model_copy(update={"current": s.line == line}) for s in result.lines]
    return result.model_copy(update={"lines": lines, "current_line": line})


async def list_(repl: Repl, rest: str) -> None:
    if not rest.strip() and repl.listing is not None and repl.listing_active:
        await continue_listing(repl)
        return
    args = parse_args(VERBS["source"], split(rest))
    chosen = repl.state.selected_frame
    if "location" not in args and repl.state.frame_index > 0 and chosen is not None and chosen.path:
        args["location"] = f"{chosen.path}:{chosen.line}"
        result = await repl.call("source", args)
        assert isinstance(result, m.SourceResult)
        _remember(repl, _marked(result, chosen.line), args)
        return
    _remember(repl, await repl.call("source", args), args)


def _remember(repl: Repl, result: m.Result, args: dict[str, Any]) -> None:
    repl.show_result(result)
    if isinstance(result, m.SourceResult):
        repl.listing = (result, int(args.get("context", 5)))
        repl.listing_active = True


async def continue_listing(repl: Repl) -> None:
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
    _remember(repl, result.model_copy(update={"lines": lines}), {"context": context})


async def display(repl: Repl, rest: str) -> None:
    expression = rest.strip()
    if not expression:
        repl.show(repl.displays.listing())
        return
    number = repl.displays.add(expression)
    if repl.state.current_status() == "stopped":
        frame_id = repl.state.selected_frame.id if repl.state.frame_index and repl.state.selected_frame else None
        for line in await repl.displays.show(repl.quiet, frame_id):
            if line.plain.startswith(f"{number}:"):
                repl.show(line)
    else:
        repl.show(Text(f"{number}: {expression} (shown at the next stop)"))


async def undisplay(repl: Repl, rest: str) -> None:
    words = split(rest)
    if not all(w.isdigit() for w in words):
        raise UsageError("undisplay takes display numbers", "usage: undisplay [N...]; `display` lists them")
    dropped = repl.displays.remove([int(w) for w in words])
    repl.show(Text(f"Deleted display {', '.join(map(str, dropped))}." if dropped else "No displays."))


async def info(repl: Repl, rest: str) -> None:
    what = rest.strip()
    if what in ("display", "displays"):
        repl.show(repl.displays.listing())
    elif what == "frame":
        await show_frame(repl)
    else:
        raise UsageError(f"info {what}: unknown" if what else "info what?",
                         "usage: info breakpoints|threads|locals|display|frame")


async def set_(repl: Repl, rest: str) -> bool | None:
    words = split(rest)
    if not words:
        for name, (help_text, _) in SETTINGS.items():
            state = "on" if repl.settings[name] else "off"
            repl.show(Text(f"{name} {state}    {help_text}"))
        return None
    if words[0] not in SETTINGS:
        return False  # `set NAME VALUE`: the setVariable verb
    if len(words) == 1:
        repl.show(Text(f"{words[0]} {'on' if repl.settings[words[0]] else 'off'}"))
        return None
    value = words[1].lower()
    if value not in ("on", "off") or len(words) > 2:
        raise UsageError(f"set {words[0]} takes on or off", f"usage: set {words[0]} on|off")
    repl.settings[words[0]] = value == "on"
    repl.show(Text(f"{words[0]} {value}"))
    return None


async def record(repl: Repl, rest: str) -> None:
    words = split(rest)
    if words[:1] == ["start"] and len(words) == 2:
        repl.recording.start(words[1], repl.cwd)
        repl.show(Text(f"Recording into {repl.recording.path}; `record stop` saves it."))
    elif words == ["stop"]:
        path, count = repl.recording.stop()
        repl.show(Text(f"Saved {count} steps to {path}"))
    elif not words:
        state = f"recording into {repl.recording.path} ({len(repl.recording.steps)} steps)" \
            if repl.recording.active else "not recording"
        repl.show(Text(state))
    else:
        raise UsageError("record start FILE | record stop", "usage: record start FILE | record stop")


async def help_(repl: Repl, rest: str) -> None:
    repl.show(topic(repl.grammar, rest.strip()) if rest.strip() else overview(repl.grammar))


async def quit_(repl: Repl, rest: str) -> None:
    repl.done = True


_HANDLERS: dict[str, Handler] = {
    "break_": break_, "tbreak": tbreak, "until": until, "print_": print_, "pp": pp, "up": up, "down": down,
    "frame": frame, "list_": list_, "display": display, "undisplay": undisplay, "info": info, "set_": set_,
    "record": record, "help": help_, "quit": quit_,
}


def handler_for(name: str) -> Handler | None:
    """The function behind the REPL command ``name``."""
    command = command_named(name)
    return _HANDLERS[command.handler] if command is not None else None
