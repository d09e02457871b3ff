"""The REPL loop: read a line, turn it into verb calls through the dispatcher, render results.

Execution verbs run as tasks: a step that ends quickly is shown before the next prompt; a
longer run gives the prompt back (its output appears above it), and Ctrl-C sends ``pause``
through the dispatcher while the verb is still blocked. Errors are reported in one place
(:meth:`Repl.report`); nothing but ``quit`` or end of input ends the loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import traceback
from collections.abc import Awaitable, Callable
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.application import get_app_or_none
from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
from prompt_toolkit.history import History
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output
from prompt_toolkit.patch_stdout import patch_stdout
from rich.console import Console, RenderableType
from rich.text import Text

from dapcli.errors import DapcliError, PreconditionError, SessionError
from dapcli.files import is_number
from dapcli.frontends.repl import commands
from dapcli.frontends.repl.aliases import RENAMES, SETTINGS
from dapcli.frontends.repl.completer import ReplCompleter
from dapcli.frontends.repl.grammar import Grammar, split
from dapcli.frontends.repl.help import unknown_command
from dapcli.frontends.repl.history import open_history
from dapcli.frontends.repl.pending import STARTS, VERBS_KEPT, Pending
from dapcli.frontends.repl.plainread import PlainReader
from dapcli.frontends.repl.record import Recording
from dapcli.frontends.repl.runner import Runner
from dapcli.frontends.repl.state import ReplState
from dapcli.frontends.repl.toolbar import PROGRAM_PROMPT, PROMPT, join_lines, key_bindings, split_commands, toolbar
from dapcli.render import render
from dapcli.render.safe import escape
from dapcli.verbs import VERBS
from dapcli.verbs import models as m
from dapcli.verbs.shared.phrasing import PHRASING, REPL, phrase_all, phrase_text

__all__ = ["Repl"]


class Repl:
    """One interactive session of the REPL over a dispatcher (``call(verb, args, session,
    cwd)``; optionally ``is_hosted(name)`` and ``manager.sessions`` for in-process sessions)."""

    def __init__(self, dispatcher: Any, session: str = "default", *, console: Console | None = None,
                 input: Input | None = None, output: Output | None = None, history: History | None = None,
                 patch: bool | None = None, handle_sigint: bool = True, plain: PlainReader | None = None) -> None:
        self.dispatcher = dispatcher
        self.grammar = Grammar(extra=RENAMES)
        self.state = ReplState(session=session)
        self.recording = Recording()
        self.settings = {name: default for name, (_, default) in SETTINGS.items()}
        self.console = console or _console()
        self.runner = Runner(self)
        #: Breakpoints typed before there is a session, for the session ``launch``/``test`` starts.
        self.pending = Pending()
        self.done = False
        #: The exit code of the last error shown (a failed start makes a script's exit code).
        self.last_error_code = 0
        self.busy = False
        self.last_exec: tuple[str, dict[str, Any]] | None = None
        self.listing: tuple[m.SourceResult, int] | None = None
        self.listing_active = self.previous_listing = False
        self._eof_pending = False
        self._input, self._output, self._history = input, output, history
        self._patch = patch
        self._handle_sigint = handle_sigint
        self._foreground: asyncio.Task[None] | None = None
        self._current_verb: str | None = None
        self._hangup = False
        self._midline = False  # the program's output shown last did not end its line
        self.prompt: PromptSession[str] | None = None
        #: commands from a pipe or file: read plainly, no prompt application (see plainread.py)
        self.plain = plain
        self.refresh()

    # -- the dispatcher --------------------------------------------------------------------------
    @property
    def cwd(self) -> str:
        return os.getcwd()

    def local_sessions(self) -> dict[str, Any]:
        manager = getattr(self.dispatcher, "manager", None)
        return dict(getattr(manager, "sessions", {}) or {})

    def refresh(self) -> None:
        """Find the in-process session object (its cached fields feed completion)."""
        live = self.local_sessions().get(self.state.session)
        self.state.live = live
        if live is None:
            is_hosted = getattr(self.dispatcher, "is_hosted", None)
            with contextlib.suppress(DapcliError, OSError):
                self.state.hosted = bool(is_hosted and is_hosted(self.state.session))
        else:
            self.state.hosted = False

    async def call(self, verb: str, args: dict[str, Any], *, record: bool = True) -> m.Result:
        """Run one verb on the REPL's session; remember what its result says."""
        try:
            result: m.Result = await self.dispatcher.call(verb, args, self.state.session, self.cwd)
        finally:
            self.refresh()
        self.state.note(result)
        if record:
            self.recording.add(verb, args, result)
        return result

    async def quiet(self, verb: str, args: dict[str, Any]) -> m.Result:
        """A call the REPL makes for itself (displays, frame lists): not recorded."""
        return await self.call(verb, args, record=False)

    # -- showing things --------------------------------------------------------------------------
    def show(self, renderable: RenderableType) -> None:
        """Print ``renderable`` on a line of its own (after output that did not end its line)."""
        try:
            if self._midline:
                self._midline = False
                self.console.out("", highlight=False)
            self.console.print(renderable)
        except Exception as exc:  # a renderer must never end the REPL
            self.console.print(Text(f"internal error while showing a result: {type(exc).__name__}: {exc}"))

    def show_result(self, result: m.Result) -> None:
        """Render ``result``; its references to verbs (:mod:`dapcli.calls`), in its texts and
        in what the renderers add, said as the REPL's own commands."""
        phrasing = PHRASING.set(REPL)
        try:
            phrase_all(result, REPL)
            renderable = render(result, self.cwd)
        except Exception as exc:
            self.report(exc)
            return
        finally:
            PHRASING.reset(phrasing)
        self.show(renderable)
        if result.redacted:
            said = "value redacted: it looks" if result.redacted == 1 else "values redacted: they look"
            self.show(Text(f"({result.redacted} {said} secret; start the REPL without "
                           "--redact to see them)", style="dim"))

    def write_output(self, chunks: list[m.OutputChunkView]) -> None:
        """Program output the REPL has not shown yet."""
        for chunk in chunks:
            if chunk.seq <= self.state.output_seq:
                continue
            self.state.output_seq = chunk.seq
            if chunk.output:
                self._midline = not chunk.output.endswith("\n")
            with contextlib.suppress(Exception):
                self.console.out(escape(chunk.output), end="", style="red" if chunk.category == "stderr" else None,
                                 highlight=False)

    def report(self, exc: BaseException) -> None:
        """The REPL's one place for errors: a DapcliError's message and hint; anything else as
        an internal error (with the traceback when ``DAPCLI_DEBUG`` is set)."""
        if isinstance(exc, DapcliError):
            self.last_error_code = exc.exit_code
            exc.message, exc.hint = phrase_text(exc.message, REPL), phrase_text(exc.hint, REPL)  # the REPL's words
            self.show(Text(f"error: {escape(exc.message)}", style="red"))
            if exc.hint:
                hint = escape(exc.hint if exc.hint.startswith("usage:") else f"hint: {exc.hint}")
                self.show(Text(hint, style="dim"))
            return
        if os.environ.get("DAPCLI_DEBUG"):
            self.show(Text("".join(traceback.format_exception(exc))))
        self.show(Text(f"internal error: {type(exc).__name__}: {escape(str(exc))}", style="red"))

    # -- one command line ------------------------------------------------------------------------
    def _warn(self, text: str) -> None:
        self.show(Text(f"warning: {text}", style="yellow"))

    def typing_to_program(self) -> bool:
        """True while the program runs in dapcli's terminal and reads what is typed: lines go
        to its stdin (``:command`` still runs a dapcli command; Ctrl-C pauses)."""
        terminal = getattr(self.state.live, "terminal", None)
        return self.runner.running and terminal is not None and bool(terminal.has_stdin)

    def program_reads_input(self) -> bool:
        """True when the program sleeps reading dapcli's terminal (``Terminal.reading``), or
        when that cannot be told: only then does a launch give the prompt back before its first
        stop (a program that merely runs in the terminal, e.g. on its way to an entry stop on a
        loaded machine, must not get the next commands as its input)."""
        terminal = getattr(self.state.live, "terminal", None)
        if getattr(terminal, "waiting_for_input", False):
            return True
        reading = getattr(terminal, "reading", None)
        return reading is None or reading() is not False

    async def handle(self, line: str) -> None:
        """Run one input line (a multi-line paste: each of its commands in turn); every error is
        reported, none escapes. While the program reads what is typed, lines go to its stdin."""
        if self.typing_to_program() and not line.startswith(":"):
            for text in line.split("\n"):
                await self._guard(self._to_program({"text": text}))
            return
        if "\n" in line.strip():
            for command in split_commands(line):
                if self.done:
                    return
                await self._handle_one(command)
            return
        await self._handle_one(line)

    async def _handle_one(self, line: str) -> None:
        line = line[1:] if line.startswith(":") else line
        text = join_lines(line)
        if not text:
            await self._guard(self._enter())
            return
        self.previous_listing, self.listing_active = self.listing_active, False
        await self._guard(self.dispatch(text))

    async def _to_program(self, args: dict[str, Any]) -> None:
        # the running command reports the stop; recorded as typed: a recipe replays what the program read
        result = await self.call("input", {**args, "wait": 0}, record=False)
        self.recording.add("input", args, result)

    async def _guard(self, work: Awaitable[None]) -> None:
        self.busy = True
        self._foreground = asyncio.ensure_future(work)
        try:
            await asyncio.wait({self._foreground})
            task = self._foreground
            if task.cancelled():
                self.show(Text(self._interrupted_note()))
            elif task.exception() is not None:
                self.report(task.exception())  # type: ignore[arg-type]
        finally:
            self._foreground = None
            self.busy = False
            self.invalidate()

    def _interrupted_note(self) -> str:
        if self._current_verb in ("evaluate", "variables", "setVariable"):
            return ("interrupted: the evaluation is still running in the program; commands that need it are "
                    "refused until it ends (`pause` or `stop` if it never does)")
        return "interrupted"

    async def dispatch(self, text: str) -> None:
        """``!STATEMENT`` runs a statement (pdb's spelling); then REPL commands (unless the words
        name a verb path such as ``break add``), then the verb table, then (opt-in) evaluation
        of the line."""
        if text.startswith("!"):  # pdb's spelling: run a statement (`!x = 5`, `!import os`)
            await self.run_verb("evaluate", {"expression": text[1:].strip(), "statement": True})
            return
        first, rest = _head(text)
        second = rest.split(None, 1)[0] if rest.split() else ""
        handler = commands.handler_for(first)
        mine = handler is not None and not self.grammar.is_path(first, second)
        if mine and await handler(self, rest) is not False:  # type: ignore[misc]
            return
        parsed = self.grammar.parse(split(text))
        if parsed is None:
            if self.settings["eval-unknown"]:
                await self.run_verb("evaluate", {"expression": text, "context": "repl"})
                return
            raise unknown_command(self.grammar, first, rest)
        await self.run_verb(*parsed)

    async def run_verb(self, verb: str, args: dict[str, Any]) -> m.Result | None:
        """Call ``verb`` the way the REPL does: execution verbs run as tasks, results
        rendered."""
        spec = VERBS[verb]
        if verb == "pause":
            return await self.runner.pause_verb(args)
        if spec.executes:
            took = self.pending.items and verb in STARTS
            await self.runner.execute(verb, self.pending.merged(args) if took else args,
                                      self._took_pending if took else None)
            return None
        if self.runner.running and not spec.concurrent:
            raise PreconditionError("the program is running", "Ctrl-C or `pause` interrupts it; `status` and "
                                    "`output` work meanwhile")
        if verb == "input" and self.runner.running:  # the running command reports the stop
            args = {**args, "wait": 0}
        self._current_verb = verb
        try:
            result = await self.call(verb, args)
        except SessionError:
            if verb not in VERBS_KEPT:
                raise
            result = self.pending.handle(verb, args, self.cwd)  # no session yet: kept for the next one
        finally:
            self._current_verb = None
        self.show_result(result)
        if isinstance(result, m.SourceResult):
            self.listing = (result, int(args.get("context", 5)))
            self.listing_active = True
        if isinstance(result, m.FrameResult):
            await self._frame_locals()
        return result

    async def _took_pending(self, result: m.Result) -> None:
        self.pending.clear()

    async def _frame_locals(self) -> None:
        """After ``up``/``down``/``frame``: the new frame's variable names, for completion."""
        try:
            found = await self.quiet("variables", {})
        except DapcliError:
            return
        if isinstance(found, m.VariablesResult):
            self.state.locals = [v.name for v in found.variables]

    async def _enter(self) -> None:
        if self.listing_active and self.listing is not None:
            await commands.continue_listing(self)
        elif self.last_exec is not None and not self.runner.running:
            await self.runner.execute(*self.last_exec)

    # -- the loop --------------------------------------------------------------------------------
    def _make_prompt(self) -> PromptSession[str]:
        return PromptSession(
            input=self._input, output=self._output,
            history=self._history if self._history is not None else open_history(self._warn),
            auto_suggest=AutoSuggestFromHistory(),
            completer=ReplCompleter(self.grammar, self.state, on_error=self._completion_failed),
            complete_while_typing=False, bottom_toolbar=lambda: toolbar(self.state, self._toolbar_note),
            key_bindings=key_bindings(self.runner.program_running, self.runner.request_pause),
            prompt_continuation=lambda width, line, soft: "." * (width - 1) + " ",
        )

    def _toolbar_note(self) -> str:
        notes = []
        if self.typing_to_program():
            notes.append("running: typing goes to the program, :cmd runs a command, Ctrl-C pauses")
        elif self.runner.program_running():
            notes.append("running: Ctrl-C pauses")
        if self.recording.active:
            notes.append("recording")
        return ", ".join(notes)

    def _completion_failed(self, exc: BaseException) -> None:
        self.show(Text(f"completion failed: {type(exc).__name__}: {exc}", style="dim"))

    def invalidate(self) -> None:
        app = self.prompt.app if self.prompt is not None else None
        if app is not None and app.is_running:
            app.invalidate()

    async def run(self, first: Callable[[], Awaitable[None]] | None = None) -> int:
        """Read and run lines until ``quit`` or end of input; end what this REPL started."""
        self.prompt = self._make_prompt() if self.plain is None else None
        self._sigint_on()
        watcher = asyncio.ensure_future(self.runner.watch())
        failed_start = 0
        try:
            if first is not None:
                self.last_error_code = 0
                await self._guard(first())
                failed_start = self.last_error_code  # the program given on the command line did not start
            while not self.done:
                line = await self._read()
                if line is not None:
                    await self.handle(line)
        finally:
            watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watcher
            await self.shutdown()
        # read from a pipe or a file (a script), a start that failed is the exit code (as `dapcli launch`'s)
        return failed_start if self.plain is not None else 0

    async def _read(self) -> str | None:
        """One line from the prompt. While it shows, what the program or a background run
        prints goes above it (patch_stdout); between prompts, output is written at once."""
        if self.plain is not None:
            return await self._read_plain()
        assert self.prompt is not None
        patching = self._patch if self._patch is not None else os.isatty(1)
        try:
            with patch_stdout(raw=True) if patching else contextlib.nullcontext():
                line = await self.prompt.prompt_async(
                    lambda: PROGRAM_PROMPT if self.typing_to_program() else PROMPT)
        except KeyboardInterrupt:
            return None  # Ctrl-C at the prompt clears the line
        except EOFError:
            if not self._hangup and self.typing_to_program():  # Ctrl-D ends the program's input
                await self._guard(self._to_program({"eof": True}))
                return None
            self.done = self._hangup or self._confirm_leave()
            return None
        finally:
            self._sigint_on()
        self._eof_pending = False
        return line

    async def _read_plain(self) -> str | None:
        """One line of a piped stdin, echoed as ``(dapcli) LINE``; at its end, leave (ending
        what this REPL started, as ``quit``)."""
        assert self.plain is not None
        line = await self.plain.read()
        if line is None:
            self.done = True
            return None
        self.show(Text((PROGRAM_PROMPT if self.typing_to_program() else PROMPT) + line))
        return line

    def owns_live_program(self) -> bool:
        return any(not s.ended for s in self.local_sessions().values())

    def _confirm_leave(self) -> bool:
        if self._eof_pending or not self.owns_live_program():
            return True
        self._eof_pending = True
        self.show(Text("The program is still running under this REPL. Ctrl-D again (or `quit`) ends it and "
                       "leaves.", style="yellow"))
        return False

    def _sigint_on(self) -> None:
        if not self._handle_sigint:
            return
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            asyncio.get_running_loop().add_signal_handler(signal.SIGINT, self._on_sigint)
            asyncio.get_running_loop().add_signal_handler(signal.SIGHUP, self._on_sighup)
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, self._on_sighup)

    def _on_sighup(self) -> None:
        """The terminal went away (SIGHUP) or someone asked us to end (SIGTERM): leave as
        ``quit`` does (end this REPL's sessions, remove their files), whatever runs."""
        self._hangup = self.done = True
        with contextlib.suppress(OSError):
            self.console.file = open(os.devnull, "w")  # noqa: SIM115 (the terminal is gone; lives with the REPL)
        if self._foreground is not None and not self._foreground.done():
            self._foreground.cancel()
        # the application that reads now: the prompt's, or on a dumb terminal (TERM=dumb) the
        # one prompt_toolkit makes for each line
        for app in (get_app_or_none(), self.prompt.app if self.prompt is not None else None):
            if app is not None and app.is_running and not app.is_done:
                app.exit(exception=EOFError())
                break

    def _on_sigint(self) -> None:
        if self.runner.program_running() and (self.runner.running or self._foreground is None):
            self.runner.request_pause()
        elif self._foreground is not None and not self._foreground.done():
            self._foreground.cancel()

    async def shutdown(self) -> None:
        """Stop running tasks, save a recording, end every session started here (a joined
        hosted session keeps running)."""
        await self.runner.cancel()
        if self.recording.active:
            try:
                path, count = self.recording.stop()
                self.show(Text(f"Saved {count} step{'' if count == 1 else 's'} to {path}"))
            except Exception as exc:  # leaving must not fail on a recording
                self.report(exc)
        for name in self.local_sessions():
            try:
                result = await self.dispatcher.call("stop", {}, name, self.cwd)
                self.show_result(result)
            except DapcliError as exc:
                self.report(exc)
        if self._handle_sigint:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                asyncio.get_running_loop().remove_signal_handler(signal.SIGINT)
                asyncio.get_running_loop().remove_signal_handler(signal.SIGHUP)
                asyncio.get_running_loop().remove_signal_handler(signal.SIGTERM)


def _head(text: str) -> tuple[str, str]:
    """The first word of a line and the rest, as typed (expressions keep their quotes)."""
    first = text.split(None, 1)[0]
    return first, text[len(first):].strip()


def _console() -> Console:
    """The REPL's console on stdout. On a terminal, its width; into a pipe or file, as the
    one-shot CLI prints: no line wraps, and what is cut to fit (a long source line, marked ``…``)
    is cut at ``$COLUMNS`` or 120 columns, not rich's 80."""
    plain = "NO_COLOR" in os.environ or os.environ.get("TERM") == "dumb"
    try:
        tty = sys.stdout.isatty()
    except (AttributeError, ValueError):  # no stdout, or a closed one
        tty = False
    columns = os.environ.get("COLUMNS", "")
    width = None if tty else int(columns) if is_number(columns) and int(columns) > 0 else 120
    return Console(highlight=False, emoji=False, color_system=None if plain else "auto", soft_wrap=not tty,
                   width=width)
