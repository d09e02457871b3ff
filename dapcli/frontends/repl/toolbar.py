"""The prompt's furniture: bottom toolbar, multi-line input, key bindings, history file."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from prompt_toolkit.application.current import get_app
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent

from dapcli.frontends.repl.state import ReplState

__all__ = ["PROGRAM_PROMPT", "PROMPT", "history_path", "join_lines", "key_bindings", "needs_continuation",
           "split_commands", "toolbar"]

PROMPT = "(dapcli) "
#: The prompt while the program runs and what is typed goes to its stdin.
PROGRAM_PROMPT = "(program stdin) "
_PAIRS = {")": "(", "]": "[", "}": "{"}


def history_path() -> Path:
    """``$DAPCLI_STATE_DIR/history``, else ``$XDG_STATE_HOME/dapcli/history`` (default
    ``~/.local/state/dapcli/history``); the directory is created private."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    folder = Path(os.environ.get("DAPCLI_STATE_DIR") or Path(base) / "dapcli")
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    return folder / "history"


def needs_continuation(text: str) -> bool:
    """True when ``text`` ends in a backslash or leaves a bracket open (outside quotes)."""
    if text.endswith("\\") and not text.endswith("\\\\"):
        return True
    stack: list[str] = []
    quote = ""
    escaped = False
    for char in text:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char in "([{":
            stack.append(char)
        elif char in _PAIRS and (not stack or stack.pop() != _PAIRS[char]):
            return False  # unbalanced: let the command report it
    return bool(stack)


def join_lines(text: str) -> str:
    """One command from multi-line input: a trailing backslash joins lines with a space; lines
    inside brackets keep their newline."""
    return text.replace("\\\n", " ").strip()


def split_commands(text: str) -> list[str]:
    """The commands of a multi-line paste: one per line, except where a line continues (a
    trailing backslash, an open bracket); blank lines are skipped."""
    commands, current = [], ""
    for line in text.split("\n"):
        current = f"{current}\n{line}" if current else line
        if needs_continuation(current):
            continue
        if current.strip():
            commands.append(join_lines(current))
        current = ""
    if current.strip():
        commands.append(join_lines(current))
    return commands


def toolbar(state: ReplState, extra: Callable[[], str] | None = None) -> FormattedText:
    """``session · adapter · state · location · thread`` (and what the REPL is doing); a
    failure shows in the toolbar instead of ending the prompt."""
    try:
        return _toolbar(state, extra)
    except Exception as exc:
        return FormattedText([("", f" {state.session} │ toolbar failed: {type(exc).__name__}: {exc} ")])


def _toolbar(state: ReplState, extra: Callable[[], str] | None) -> FormattedText:
    status = state.current_status() or "no program"
    parts = [("class:bottom-toolbar.key", f" {state.session} ")]
    if state.hosted:
        parts.append(("", "(joined) "))
    adapter = state.current_adapter()
    if adapter:
        parts.append(("", f"│ {adapter} "))
    parts.append(("", f"│ {status} "))
    where = state.location_text()
    if where:
        parts.append(("", f"│ {where} "))
    stop = state.last_stop
    if stop is not None and stop.thread_id is not None and status == "stopped":
        parts.append(("", f"│ thread {stop.thread_id} "))
    note = extra() if extra else ""
    if note:
        parts.append(("", f"│ {note} "))
    return FormattedText(parts)


def key_bindings(is_running: Callable[[], bool], pause: Callable[[], None]) -> KeyBindings:
    """Enter continues an unfinished line; Ctrl-C pauses a running program (at an idle prompt
    it clears the line, prompt-toolkit's default)."""
    bindings = KeyBindings()

    @bindings.add("enter", filter=Condition(lambda: _unfinished()))
    def _continue_line(event: KeyPressEvent) -> None:
        event.current_buffer.insert_text("\n")

    @bindings.add("c-c", filter=Condition(is_running))
    def _pause(event: KeyPressEvent) -> None:
        pause()

    def _unfinished() -> bool:
        return needs_continuation(get_app().current_buffer.text)

    return bindings
