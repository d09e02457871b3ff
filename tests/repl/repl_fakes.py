"""A fake dispatcher and a driver that runs the real REPL loop on prompt-toolkit pipe input.

The fake answers every verb with a canned result (no processes) and records each call, so a
test reads exactly which ``(verb, args)`` the REPL sent for what was typed.
"""

from __future__ import annotations

import asyncio
import io
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console

from dapcli.errors import DapcliError
from dapcli.frontends.repl.app import Repl
from dapcli.verbs import models as m

#: Calls the REPL makes for itself while a program runs (never typed by the user).
BACKGROUND = {"output", "status"}


def stop(line: int = 17, reason: str = "step", function: str = "total", **extra: Any) -> m.StopState:
    """A stop in ``/src/buggy.py`` at ``line``."""
    frames = [m.Frame(id=100 + line, index=0, name=function, path="/src/buggy.py", line=line),
              m.Frame(id=200, index=1, name="receipt", path="/src/buggy.py", line=25)]
    fields: dict[str, Any] = {
        "session": "default", "status": "stopped", "reason": reason, "thread_id": 1,
        "location": m.Location(path="/src/buggy.py", line=line, function=function), "frames": frames,
        "locals": [m.VariableView(name="running", value="0.0"), m.VariableView(name="amount", value="19.99")],
    }
    fields.update(extra)
    return m.StopState(**fields)


def source(first: int, last: int, path: str = "/src/buggy.py") -> m.SourceResult:
    return m.SourceResult(path=path, lines=[m.SourceLine(line=n, text=f"line {n}") for n in range(first, last + 1)])


def _default(verb: str, args: dict[str, Any]) -> m.Result:
    if verb in ("continue", "next", "stepIn", "stepOut", "launch", "wait", "pause", "until"):
        return stop()
    if verb == "evaluate":
        return m.EvaluateResult(expression=args["expression"], result="42", type="int")
    if verb == "setBreakpoint":
        line = str(args["location"]).rpartition(":")[2]
        return m.BreakpointResult(id=int(line) if line.isdigit() else 1, path="/src/buggy.py",
                                  line=int(line) if line.isdigit() else None, verified=True,
                                  condition=args.get("condition"))
    if verb in ("listBreakpoints", "removeBreakpoint", "clearBreakpoints"):
        return m.BreakpointsResult(breakpoints=[], removed=args.get("ids"))
    if verb == "source":
        location = str(args.get("location", "/src/buggy.py:17"))
        path, _, line = location.rpartition(":")
        context = int(args.get("context", 5))
        return source(max(1, int(line) - context), min(40, int(line) + context), path or "/src/buggy.py")
    if verb == "output":
        return m.OutputResult(chunks=[], next_seq=0, status="stopped")
    if verb == "status":
        return m.StatusResult(session="default", state="stopped", adapter="python")
    if verb == "stop":
        return m.EndResult(session="default", status="terminated")
    if verb in ("addWatch", "listWatches", "removeWatch"):
        return m.WatchesResult(watches=[])
    if verb == "stackTrace":
        return m.StackResult(thread_id=1, frames=stop().frames or [])
    if verb in ("selectFrame", "up", "down"):
        return m.FrameResult(thread_id=1, frame=(stop().frames or [])[1])
    if verb == "variables":
        return m.VariablesResult(variables_reference=1, total=0, variables=[])
    if verb == "threads":
        return m.ThreadsResult(threads=[m.ThreadView(id=1, name="MainThread", current=True)])
    raise AssertionError(f"the fake has no answer for {verb}")


@dataclass
class FakeSession:
    """The cached fields of an in-process engine session that the REPL reads."""

    ended: bool = False
    state: Any = field(default_factory=lambda: types.SimpleNamespace(value="stopped"))
    adapter: Any = field(default_factory=lambda: types.SimpleNamespace(name="python"))
    book: Any = field(default_factory=lambda: types.SimpleNamespace(entries={}))
    watches: Any = field(default_factory=lambda: types.SimpleNamespace(items={}))
    threads: list[Any] = field(default_factory=list)


@dataclass
class FakeManager:
    sessions: dict[str, FakeSession] = field(default_factory=dict)


class FakeDispatcher:
    """``answers[verb]`` is a result, an exception, or a function of the args (may be async)."""

    def __init__(self, answers: dict[str, Any] | None = None, hosted: bool = False) -> None:
        self.answers = answers or {}
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self.manager = FakeManager()
        self.hosted = hosted

    def is_hosted(self, session: str) -> bool:
        return self.hosted

    async def call(self, verb: str, args: dict[str, Any] | None, session: str = "default",
                   cwd: str | None = None) -> m.Result:
        args = dict(args or {})
        self.calls.append((verb, args))
        await asyncio.sleep(0)
        answer = self.answers.get(verb)
        if callable(answer):
            answer = answer(args)
            if asyncio.iscoroutine(answer):
                answer = await answer
        if isinstance(answer, DapcliError):
            raise answer
        return answer if answer is not None else _default(verb, args)

    def typed(self) -> list[tuple[str, dict[str, Any]]]:
        """The calls except the REPL's own background ones (output pump, status watcher)."""
        return [(verb, args) for verb, args in self.calls if verb not in BACKGROUND]


@dataclass
class Session:
    """What a REPL run left: its console text, the dispatcher and the REPL itself."""

    text: str
    dispatcher: FakeDispatcher
    repl: Repl
    code: int


def run_repl(keys: str | list[str], dispatcher: FakeDispatcher | None = None,
             setup: Callable[[Repl], None] | None = None, session: str = "default") -> Session:
    """Run the real REPL loop on ``keys`` (a list joins lines with Enter), then end of input."""
    dispatcher = dispatcher or FakeDispatcher()
    text = "".join(line + "\r" for line in keys) if isinstance(keys, list) else keys
    buffer = io.StringIO()
    console = Console(file=buffer, width=120, color_system=None, highlight=False)

    async def go() -> tuple[Repl, int]:
        with create_pipe_input() as pipe:
            repl = Repl(dispatcher, session, console=console, input=pipe, output=DummyOutput(),
                        history=InMemoryHistory(), patch=False, handle_sigint=False)
            if setup is not None:
                setup(repl)
            pipe.send_text(text)
            pipe.close()
            code = await asyncio.wait_for(repl.run(), 20)
        return repl, code

    repl, code = asyncio.run(go())
    return Session(buffer.getvalue(), dispatcher, repl, code)
