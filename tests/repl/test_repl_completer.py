"""Completion from cached state, driven by prompt-toolkit ``Document``s (no session, no wire)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from dapcli.frontends.repl.aliases import RENAMES
from dapcli.frontends.repl.completer import ReplCompleter
from dapcli.frontends.repl.grammar import Grammar
from dapcli.frontends.repl.state import ReplState
from dapcli.verbs import models as m


@pytest.fixture
def state() -> ReplState:
    state = ReplState(session="default")
    frames = [m.Frame(id=11, index=0, name="total", path="/src/buggy.py", line=17),
              m.Frame(id=12, index=1, name="receipt", path="/src/buggy.py", line=25)]
    state.note(m.StopState(
        session="default", status="stopped", reason="breakpoint", thread_id=1, frames=frames,
        location=m.Location(path="/src/buggy.py", line=17, function="total"),
        locals=[m.VariableView(name="running", value="0.0"), m.VariableView(name="amount", value="1"),
                m.VariableView(name="rounded", value="2")],
        watches=[m.WatchView(id=4, expression="running * 2")],
    ))
    state.note(m.BreakpointsResult(breakpoints=[
        m.BreakpointView(id=1, path="/src/buggy.py", line=17, verified=True),
        m.BreakpointView(id=2, function="main", verified=True)]))
    state.note(m.ThreadsResult(threads=[m.ThreadView(id=1, name="MainThread"), m.ThreadView(id=7, name="worker")]))
    return state


def complete(state: ReplState, text: str, cwd: str = "/") -> list[str]:
    completer = ReplCompleter(Grammar(extra=RENAMES), state, cwd=lambda: cwd)
    return [c.text for c in completer.get_completions(Document(text), CompleteEvent())]


def test_command_names_include_verbs_aliases_and_repl_commands(state: ReplState) -> None:
    names = complete(state, "")
    for name in ("break", "continue", "stackTrace", "bt", "p", "pp", "tbreak", "display", "quit", "info"):
        assert name in names
    assert "next" in complete(state, "ne") and all(n.startswith("ne") for n in complete(state, "ne"))
    assert "stack" in complete(state, "sta") and "stackTrace" in complete(state, "sta")


def test_second_words_of_multi_word_commands(state: ReplState) -> None:
    assert complete(state, "break ") [:5] == ["add", "clear", "delete", "edit", "list"]
    assert set(complete(state, "info ")) >= {"breakpoints", "threads", "locals", "display", "frame"}
    assert complete(state, "watch d") == ["delete"]


def test_flags_of_the_verb(state: ReplState) -> None:
    assert complete(state, "b x.py:3 --h") == ["--hit-condition"]
    assert complete(state, "list --c") == ["--context"]
    assert complete(state, "vars --d") == ["--depth"]
    assert complete(state, "launch --stop") == ["--stop-on-entry", "--stop-on-exception"]
    assert "--no-detach" in complete(state, "stop --")
    assert "--condition" not in complete(state, "break add x.py:3 --condition a --c")


def test_flag_values_and_positionals_by_kind(state: ReplState) -> None:
    assert complete(state, "break delete ") == ["1", "2"]
    assert complete(state, "delete 1 ") == ["1", "2"]
    assert complete(state, "next --thread-id ") == ["1", "7"]
    assert complete(state, "vars --frame-id 1") == ["11", "12"]
    assert complete(state, "eval x --context r") == ["repl"]
    assert complete(state, "watch delete ") == ["4"]
    assert complete(state, "undisplay ") == ["4"]


def test_variable_names_of_the_selected_frame(state: ReplState) -> None:
    assert complete(state, "p ru") == ["running"]
    assert complete(state, "p amount * r") == ["rounded", "running"]
    assert complete(state, "display am") == ["amount"]
    assert complete(state, "b buggy.py:17 if r") == ["rounded", "running"]
    assert complete(state, "eval ro") == ["rounded"]
    assert complete(state, "set r") == ["rounded", "running"]
    assert complete(state, "p obj.ru") == []


def test_settings(state: ReplState) -> None:
    assert complete(state, "set eval") == ["eval-unknown"]
    assert complete(state, "set eval-unknown o") == ["on", "off"]


def test_paths_and_locations(state: ReplState, tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "buggy.py").write_text("x = 1\n")
    (tmp_path / "setup.py").write_text("")
    (tmp_path / ".hidden").write_text("")
    cwd = str(tmp_path)
    assert complete(state, "b s", cwd) == ["setup.py:", "src/"]
    assert complete(state, "break add src/b", cwd) == ["src/buggy.py:"]
    assert complete(state, "tbreak src/buggy.py:", cwd) == []
    assert complete(state, "launch s", cwd) == ["setup.py", "src/"]
    assert complete(state, "record start s", cwd) == ["setup.py", "src/"]
    assert complete(state, "list nowhere/x", cwd) == []


def test_a_failing_completer_reports_and_yields_nothing(state: ReplState) -> None:
    errors: list[BaseException] = []
    completer = ReplCompleter(Grammar(extra=RENAMES), state, on_error=errors.append)
    state.live = object()  # not a session: reading its cached fields fails
    assert list(completer.get_completions(Document("break delete "), CompleteEvent())) == []
    assert errors and isinstance(errors[0], AttributeError)


def test_in_process_sessions_are_read_for_cached_ids(state: ReplState) -> None:
    class Entry:
        def __init__(self, id: int) -> None:
            self.id, self.path, self.line, self.function = id, "/a.py", id, None

    state.live = SimpleNamespace(book=SimpleNamespace(entries={5: Entry(5)}), threads=[m.ThreadView(id=9, name="t")],
                                 watches=SimpleNamespace(items={}))
    assert complete(state, "break delete ") == ["5"]
    assert complete(state, "next --thread-id ") == ["1", "7", "9"]
