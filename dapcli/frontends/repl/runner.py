"""Running the debuggee from the REPL: execution verbs as tasks, live program output, Ctrl-C →
``pause``, what happens at every stop (render, temporary breakpoints), and stops made by
someone else (another client of a hosted session, or a run whose wait timed out)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol

from rich.text import Text

from dapcli.calls import call, phrase
from dapcli.errors import DapcliError, PreconditionError
from dapcli.frontends.repl.state import ENDED, ReplState, signature
from dapcli.verbs import VERBS
from dapcli.verbs import models as m
from dapcli.verbs.execution.pauseinput import PAUSE_AT_INPUT
from dapcli.verbs.shared.phrasing import REPL

if TYPE_CHECKING:
    from rich.console import RenderableType

    from dapcli.frontends.repl.record import Recording

__all__ = ["Runner", "RunnerRepl"]


class RunnerRepl(Protocol):
    """What the runner uses of the REPL (:class:`dapcli.frontends.repl.app.Repl` is one)."""

    dispatcher: Any
    state: ReplState
    recording: Recording
    busy: bool
    last_exec: tuple[str, dict[str, Any]] | None

    @property
    def cwd(self) -> str:
        """The directory the REPL's verbs run in."""
        ...

    async def call(self, verb: str, args: dict[str, Any], *, record: bool = True) -> m.Result:
        """Run one verb on the REPL's session (recorded unless ``record`` is False)."""
        ...

    async def quiet(self, verb: str, args: dict[str, Any]) -> m.Result:
        """A call the REPL makes for itself: not recorded."""
        ...

    def show(self, renderable: RenderableType) -> None:
        """Print ``renderable`` on a line of its own."""
        ...

    def show_result(self, result: m.Result) -> None:
        """Print a verb's result as the REPL renders it."""
        ...

    def write_output(self, chunks: list[m.OutputChunkView]) -> None:
        """Program output the REPL has not shown yet."""
        ...

    def report(self, exc: BaseException) -> None:
        """The REPL's one place for errors."""
        ...

    def invalidate(self) -> None:
        """Redraw the prompt (its toolbar) if it shows."""
        ...

    def typing_to_program(self) -> bool:
        """True while what is typed goes to the program's stdin."""
        ...

    def program_reads_input(self) -> bool:
        """True when the program sleeps reading the terminal (or that cannot be told)."""
        ...

#: Verbs that Enter on an empty line repeats.
REPEATABLE = ("continue", "next", "stepIn", "stepOut")
#: Seconds an execution verb keeps the prompt before it runs on in the background.
FOREGROUND = 1.0
#: Verbs that start a program: they keep the prompt until the first stop (Ctrl-C pauses).
STARTING = ("launch", "attach", "restart", "debugTest")
#: Longest single wait on a hosted session (its socket call cannot be cancelled).
HOSTED_CHUNK = 2.0
#: How often the REPL looks for stops made by someone else (an agent, or a run that timed out).
WATCH_EVERY = 1.0
OUTPUT_WAIT = 0.25

After = Callable[[m.Result], Awaitable[None]]


class Runner:
    """Owns the one execution task of a REPL and the background output/watch loops."""

    def __init__(self, repl: RunnerRepl) -> None:
        self.repl = repl
        self.task: asyncio.Task[None] | None = None
        self._pausing: asyncio.Task[None] | None = None

    @property
    def running(self) -> bool:
        return self.task is not None and not self.task.done()

    async def execute(self, verb: str, args: dict[str, Any], after: After | None = None) -> None:
        """Start an execution verb; wait for it a moment (until its stop for launch/attach)."""
        if self.running:
            raise PreconditionError("the program is already running", "Ctrl-C or `pause` interrupts it")
        if verb in REPEATABLE:
            self.repl.last_exec = (verb, args)
        self.task = asyncio.ensure_future(self._run(verb, args, after))
        wait = _starting_wait(verb, args) if verb in STARTING else FOREGROUND
        deadline = asyncio.get_running_loop().time() + wait
        while not self.task.done() and (left := deadline - asyncio.get_running_loop().time()) > 0:
            await asyncio.wait({self.task}, timeout=min(left, FOREGROUND))
            if self.repl.typing_to_program() and (verb not in STARTING or self.repl.program_reads_input()):
                return  # the program waits for input: give the prompt back for it


    async def _run(self, verb: str, args: dict[str, Any], after: After | None) -> None:
        try:
            if verb == "launch":
                self.repl.recording.starting()
            result = await self._until_stopped(verb, args)
            if result is None:
                return
            self.repl.recording.add(verb, args, result)
            await self.after_stop(result)
            if after is not None:
                await after(result)
        except Exception as exc:  # a run in the background reports its own errors
            self.repl.report(exc)
        except SystemExit:  # rich's answer to a closed stdout (`dapcli repl … | head`): the reader left
            self.repl.done = True
        finally:
            self.repl.invalidate()

    async def _until_stopped(self, verb: str, args: dict[str, Any]) -> m.Result | None:
        """Call the verb, then ``wait`` while it says running (unless the user chose a
        timeout); print the program's output meanwhile. None when the verb failed."""
        repl = self.repl
        chunk = HOSTED_CHUNK if repl.state.hosted else None
        waits = any(p.alias == "timeout" for p in VERBS[verb].params) and verb not in STARTING
        call_args = {**args, "timeout": chunk} if chunk and waits and "timeout" not in args else args
        if verb == "launch":  # in dapcli's terminal: what you type while it runs reaches its stdin
            call_args = {"terminal": True, **call_args}
        pump = asyncio.ensure_future(self.pump())
        try:
            result = await repl.call(verb, call_args, record=False)
            while _still_running(result) and "timeout" not in args:
                result = await repl.call("wait", {"timeout": chunk or 30.0}, record=False)
        except DapcliError as exc:
            repl.report(exc)
            return None
        finally:
            pump.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await pump
        return result

    async def after_stop(self, result: m.Result) -> None:
        """Show a stop (with the output not shown live yet, and the watches); drop a temporary
        breakpoint that was hit."""
        repl = self.repl
        if not isinstance(result, m.StopState):
            repl.show_result(result)
            return
        fresh = [c for c in result.output or [] if c.seq > repl.state.output_seq]
        shown = result.model_copy(update={"output": fresh or None,
                                          "output_truncated": result.output_truncated if fresh else None})
        repl.show_result(shown)
        for chunk in result.output or []:
            repl.state.output_seq = max(repl.state.output_seq, chunk.seq)
        if result.status == "stopped":
            await self._drop_temporary(result)

    async def _drop_temporary(self, stop: m.StopState) -> None:
        hit = set(stop.hit_breakpoint_ids or [])
        where = stop.location
        for number, bp in list(self.repl.state.temporary.items()):
            at = where is not None and bp.path == where.path and (bp.actual_line or bp.line) == where.line
            if number in hit or at:
                await self.drop_breakpoint(number)

    async def drop_breakpoint(self, number: int) -> None:
        """Delete temporary breakpoint ``number`` if it is still there."""
        state = self.repl.state
        if state.temporary.pop(number, None) is None or not state.alive:
            return
        try:
            await self.repl.call("removeBreakpoint", {"ids": [number]})
            self.repl.show(Text(f"Temporary breakpoint {number} deleted.", style="dim"))
        except DapcliError as exc:
            self.repl.report(exc)

    # -- while the program runs ------------------------------------------------------------------
    async def pump(self) -> None:
        """Print program output as it arrives (through the ``output`` verb, so it works for
        hosted sessions too)."""
        repl = self.repl
        while True:
            try:
                result = await repl.quiet("output", {"since": repl.state.output_seq, "wait": OUTPUT_WAIT})
            except DapcliError:
                await asyncio.sleep(OUTPUT_WAIT)
                continue
            if isinstance(result, m.OutputResult):
                self.write_output(result)
                if result.status in ENDED:
                    return

    def write_output(self, result: m.OutputResult) -> None:
        """New program output, after a note of chunks the buffer dropped since the REPL last
        said so and of chunks left out to bound the display."""
        repl = self.repl
        if result.dropped > repl.state.output_dropped:
            repl.state.output_dropped = result.dropped
            repl.show(Text(f"… {m.dropped_note(result.dropped, result.dropped_bytes)}", style="dim"))
        if result.omitted and any(c.seq > repl.state.output_seq for c in result.chunks):
            how = phrase(call("output", all=True), REPL)
            repl.show(Text(f"… {m.omitted_note(result.omitted, result.omitted_bytes, how)}", style="dim"))
        repl.write_output(result.chunks)

    def program_running(self) -> bool:
        """True while this REPL's run is on, or the session's program runs without one (a
        joined session, a run started elsewhere): Ctrl-C pauses it."""
        return self.running or self.repl.state.current_status() == "running"

    def request_pause(self) -> None:
        """Ctrl-C while the program runs: send ``pause``; the running verb reports the stop, or
        (no verb of this REPL waits for it) the pause's own result is shown."""
        if self._pausing is not None and not self._pausing.done():
            return
        self.repl.show(Text("Pausing…", style="dim"))
        self._pausing = asyncio.ensure_future(self._pause({}, show=not self.running))

    async def _pause(self, args: dict[str, Any], show: bool = False) -> None:
        try:
            result = await self.repl.quiet("pause", args)
        except DapcliError as exc:
            self.repl.report(exc)
            return
        finally:
            self.repl.invalidate()
        if show and not self.running:
            await self.after_stop(result)
        if PAUSE_AT_INPUT in (getattr(result, "warnings", None) or []):  # the debugger cannot interrupt the read
            self.repl.show(Text("Pause requested; the program is waiting for input: type a line and it stops right "
                                "after reading it", style="yellow"))

    async def pause_verb(self, args: dict[str, Any]) -> m.Result | None:
        """``pause`` typed at the prompt: the running task shows the stop, else show it here."""
        if self.running:
            await self._pause(args)
            return None
        result = await self.repl.call("pause", args)
        await self.after_stop(result)
        return result

    async def watch(self) -> None:
        """Report stops that no command of this REPL waited for: change notifications of a
        hosted session (another client, e.g. an agent), or, in-process, a run whose wait timed
        out (looked for every second while it runs)."""
        repl = self.repl
        while True:
            subscribe = getattr(repl.dispatcher, "subscribe", None)
            if repl.state.hosted and subscribe is not None:
                with contextlib.suppress(DapcliError, OSError, ValueError):
                    async for event in subscribe(repl.state.session):
                        if event.get("event") != "output":
                            await self._quietly_look()
            elif repl.state.current_status() in ("running", *_unseen(repl.state.status)):
                await self._quietly_look()  # a run, or an end/stop the REPL has not shown yet
            await asyncio.sleep(WATCH_EVERY)

    async def _quietly_look(self) -> None:
        if self.repl.busy or self.running:
            return
        with contextlib.suppress(DapcliError):
            await self._look()

    async def _look(self) -> None:
        repl = self.repl
        status = await repl.dispatcher.call("status", {}, repl.state.session, repl.cwd)
        if not isinstance(status, m.StatusResult):
            return
        output = await repl.quiet("output", {"since": repl.state.output_seq})
        if isinstance(output, m.OutputResult):
            self.write_output(output)
        stop = status.stop
        changed = stop is not None and signature(stop) != repl.state.seen
        repl.state.note(status)
        if changed and stop is not None and not repl.busy and not self.running:
            await self.after_stop(stop)
        repl.invalidate()

    async def cancel(self) -> None:
        """End the running task and the pause in flight (at exit)."""
        for task in (self.task, self._pausing):
            if task is not None and not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task


def _starting_wait(verb: str, args: dict[str, Any]) -> float:
    """How long a verb that starts a program keeps the prompt: its own bound on the wait for
    the first stop (for each run of ``test --until-fail N``), and a second more."""
    default = next((p.default for p in VERBS[verb].params if p.alias == "timeout"), 30.0)
    runs = args.get("untilFail") if verb == "debugTest" else None
    return float(args.get("timeout", default)) * (runs if isinstance(runs, int) and runs > 0 else 1) + 1.0


def _unseen(seen: str | None) -> tuple[str, ...]:
    """The states the REPL looks at when the session is in them but its last result was not
    (a program that another frontend resumed and that ended between two looks)."""
    return tuple(s for s in ("stopped", *ENDED) if s != seen)


def _still_running(result: m.Result) -> bool:
    return isinstance(result, m.StopState) and result.status == "running"
