"""The real REPL loop on prompt-toolkit pipe input, against a fake dispatcher: what each typed
line sends, Enter-repeat, listing, errors that never end the loop, leaving, recording."""

from __future__ import annotations

import asyncio
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from repl_fakes import FakeDispatcher, FakeSession, run_repl, stop

from dapcli.errors import RequestError
from dapcli.frontends.repl import app as app_module
from dapcli.frontends.repl import runner
from dapcli.frontends.repl.state import ReplState
from dapcli.frontends.repl.toolbar import history_path, join_lines, needs_continuation, toolbar
from dapcli.verbs import models as m


def test_gdb_aliases_send_the_verbs_with_canonical_args() -> None:
    session = run_repl([
        "b buggy.py:17 if i == 2", "tbreak buggy.py:20", "c", "n", "s", "finish", "bt", "where", "p amount * percent",
        "pp items", "up", "down 2", "frame 1", "f", "display running", "info display", "undisplay 3",
        "info breakpoints", "info threads", "info locals", "until 25", "until", "delete 1", "q",
    ])
    assert session.dispatcher.typed() == [
        ("setBreakpoint", {"location": "buggy.py:17", "condition": "i == 2"}),
        ("setBreakpoint", {"location": "buggy.py:20"}),
        ("continue", {}), ("next", {}), ("stepIn", {}), ("stepOut", {}), ("stackTrace", {}), ("stackTrace", {}),
        ("evaluate", {"expression": "amount * percent"}), ("evaluate", {"expression": "items", "depth": 1}),
        ("up", {}), ("variables", {}), ("down", {"count": 2}), ("variables", {}),
        ("selectFrame", {"index": 1}), ("variables", {}), ("selectFrame", {}), ("variables", {}),
        ("addWatch", {"expression": "running"}), ("listWatches", {}), ("removeWatch", {"ids": [3]}),
        ("listBreakpoints", {}), ("threads", {}), ("variables", {}), ("until", {"location": "25"}), ("next", {}),
        ("removeBreakpoint", {"ids": ["1"]}),
    ]
    assert session.code == 0


def test_enter_repeats_the_last_execution_verb() -> None:
    session = run_repl(["n", "p x", "", "", "c --thread-id 1", "", "quit"])
    verbs = [(v, a) for v, a in session.dispatcher.typed()]
    assert verbs == [("next", {}), ("evaluate", {"expression": "x"}), ("next", {}), ("next", {}),
                     ("continue", {"threadId": 1}), ("continue", {"threadId": 1})]


def test_enter_after_list_goes_on_listing() -> None:
    session = run_repl(["list", "", "list", "n", "", "quit"])
    assert session.dispatcher.typed() == [
        ("source", {}), ("source", {"location": "/src/buggy.py:28", "context": 5}),
        ("source", {"location": "/src/buggy.py:39", "context": 5}),
        ("next", {}), ("next", {}),
    ]
    assert "line 23" in session.text and "line 34" in session.text


def test_enter_with_nothing_to_repeat_does_nothing() -> None:
    session = run_repl(["", "quit"])
    assert session.dispatcher.typed() == []


def test_every_stop_is_rendered_with_new_output_once() -> None:
    chunk = m.OutputChunkView(seq=1, category="stdout", output="hello from the program\n")
    answers: dict[str, Any] = {"next": stop(18, output=[chunk])}
    session = run_repl(["n", "n", "quit"], FakeDispatcher(answers))
    assert session.text.count("Stopped (step) in total at /src/buggy.py:18") == 2
    assert session.text.count("hello from the program") == 1


def test_unknown_commands_suggest_the_closest_names() -> None:
    session = run_repl(["nxt", "stak", "zzzz", "quit"])
    lines = session.text.splitlines()
    assert "error: unknown command 'nxt'; did you mean: next" in lines[0]
    assert "stack" in lines[1]
    assert lines[2] == "error: unknown command 'zzzz'; `help` lists the commands"


def test_bad_arguments_show_the_usage_line() -> None:
    session = run_repl(["vars --depth deep", "b", "undisplay x", "quit"])
    assert "usage: vars [NAME] [--variables-reference" in session.text
    assert "usage: b FILE:LINE | LINE | FUNCTION [if EXPR]" in session.text
    assert session.dispatcher.typed() == []


def test_adapter_errors_show_their_message_and_the_loop_goes_on() -> None:
    answers = {"evaluate": RequestError("NameError: name 'nope' is not defined", command="evaluate")}
    session = run_repl(["p nope", "n", "quit"], FakeDispatcher(answers))
    assert "error: NameError: name 'nope' is not defined" in session.text
    assert ("next", {}) in session.dispatcher.typed()


def test_a_failing_renderer_or_verb_is_reported_not_fatal(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(result: Any, cwd: Any = None) -> Any:
        raise ValueError("renderer exploded")

    monkeypatch.setattr(app_module, "render", broken)
    answers = {"threads": lambda args: 1 / 0}
    session = run_repl(["n", "threads", "status", "quit"], FakeDispatcher(answers))
    assert "internal error: ValueError: renderer exploded" in session.text
    assert "internal error: ZeroDivisionError" in session.text
    assert ("status", {}) in session.dispatcher.calls


def test_eval_unknown_is_off_by_default_and_evaluates_when_on() -> None:
    session = run_repl(["amount + 1", "set eval-unknown on", "amount + 1", "set", "set eval-unknown maybe", "quit"])
    assert "unknown command 'amount'" in session.text
    assert session.dispatcher.typed() == [("evaluate", {"expression": "amount + 1", "context": "repl"})]
    assert "eval-unknown on" in session.text
    assert "usage: set eval-unknown on|off" in session.text


def test_set_with_a_variable_is_the_set_variable_verb() -> None:
    answers = {"setVariable": m.SetVariableResult(name="running", value="5")}
    session = run_repl(["set running 5", "quit"], FakeDispatcher(answers))
    assert session.dispatcher.typed() == [("setVariable", {"name": "running", "value": "5"})]


def test_multi_line_input_with_backslash_or_open_bracket() -> None:
    session = run_repl("p [1,\r2]\rp 1 + \\\r2\rquit\r")
    assert session.dispatcher.typed() == [("evaluate", {"expression": "[1,\n2]"}),
                                          ("evaluate", {"expression": "1 +  2"})]


def test_temporary_breakpoints_are_deleted_after_their_first_hit() -> None:
    hit = stop(20, reason="breakpoint", hit_breakpoint_ids=[1])
    answers = {"setBreakpoint": m.BreakpointResult(id=1, path="/src/buggy.py", line=20, verified=True),
               "continue": hit}
    session = run_repl(["tbreak buggy.py:20", "c", "c", "quit"], FakeDispatcher(answers))
    assert session.dispatcher.typed() == [
        ("setBreakpoint", {"location": "buggy.py:20"}), ("continue", {}), ("removeBreakpoint", {"ids": [1]}),
        ("continue", {}),
    ]
    assert "Temporary breakpoint 1 deleted." in session.text


def test_help_is_generated_from_the_verb_table() -> None:
    session = run_repl(["help", "help break", "help eval", "help p", "help nosuch", "quit"])
    for words in ("break add", "stack", "vars", "eval", "continue", "watch add", "tbreak LOCATION [if EXPR]",
                  "undisplay [N...]"):
        assert words in session.text
    assert "usage: eval EXPRESSION" in session.text
    assert "usage: p EXPR" in session.text
    assert "unknown command 'nosuch'" in session.text


def test_ctrl_c_while_a_continue_runs_sends_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "FOREGROUND", 0.01)
    paused = asyncio.Event()

    async def blocked(args: dict[str, Any]) -> m.StopState:
        await paused.wait()
        return stop(9, reason="pause")

    def pause(args: dict[str, Any]) -> m.StopState:
        paused.set()
        return stop(9, reason="pause")

    answers = {"continue": blocked, "pause": pause, "output": m.OutputResult(chunks=[], next_seq=0, status="running")}
    session = run_repl("c\r\x03", FakeDispatcher(answers))
    assert [v for v, _ in session.dispatcher.typed()] == ["continue", "pause"]
    assert session.text.count("Stopped (pause) in total at /src/buggy.py:9") == 1


def test_commands_that_need_a_stop_wait_while_the_program_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "FOREGROUND", 0.01)
    release = asyncio.Event()

    async def blocked(args: dict[str, Any]) -> m.StopState:
        await release.wait()
        return stop()

    def status(args: dict[str, Any]) -> m.StatusResult:
        release.set()
        return m.StatusResult(session="default", state="running", adapter="python")

    answers = {"continue": blocked, "status": status}
    session = run_repl(["c", "p x", "n", "status", "quit"], FakeDispatcher(answers))
    assert "error: the program is running" in session.text
    assert "error: the program is already running" in session.text
    assert [v for v, _ in session.dispatcher.typed()] == ["continue"]


def test_leaving_ends_a_session_started_here_after_a_second_ctrl_d() -> None:
    dispatcher = FakeDispatcher()
    dispatcher.manager.sessions["default"] = FakeSession()
    session = run_repl("", dispatcher)
    assert "Ctrl-D again (or `quit`) ends it" in session.text
    assert dispatcher.calls[-1] == ("stop", {})
    assert "Session 'default' terminated." in session.text


def test_quit_needs_no_confirmation() -> None:
    dispatcher = FakeDispatcher()
    dispatcher.manager.sessions["default"] = FakeSession()
    session = run_repl(["quit"], dispatcher)
    assert "Ctrl-D again" not in session.text
    assert dispatcher.calls[-1] == ("stop", {})


def test_leaving_a_joined_session_leaves_it_running() -> None:
    dispatcher = FakeDispatcher(hosted=True)
    session = run_repl(["n"], dispatcher)
    assert "Ctrl-D again" not in session.text
    assert ("stop", {}) not in dispatcher.calls
    assert session.repl.state.hosted


def test_record_hands_the_calls_to_the_recipe_recorder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    saved: dict[str, Any] = {}

    class Recorder:
        def __init__(self, cwd: str) -> None:
            saved["cwd"], saved["steps"] = cwd, []
            self.calls: list[str] = []

        def add(self, verb: str, args: dict[str, Any], result: m.Result) -> None:
            saved["steps"].append((verb, args, type(result).__name__))
            if verb != "launch":  # the launch is the recipe's target
                self.calls.append(verb)

        def save(self, path: str) -> None:
            saved["path"] = path

    fake = types.ModuleType("dapcli.dispatch.recorder")
    fake.Recorder = Recorder  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "dapcli.dispatch.recorder", fake)
    monkeypatch.chdir(tmp_path)
    session = run_repl(["launch prog.py", "record start out.yaml", "b buggy.py:3", "n", "p x", "record stop",
                        "record stop", "quit"])
    assert saved["path"] == str(tmp_path / "out.yaml")
    assert saved["steps"] == [("launch", {"program": "prog.py"}, "StopState"),
                              ("setBreakpoint", {"location": "buggy.py:3"}, "BreakpointResult"),
                              ("next", {}, "StopState"), ("evaluate", {"expression": "x"}, "EvaluateResult")]
    assert "Saved 3 steps to" in session.text  # the launch is the target, not a step
    assert "error: not recording" in session.text


def test_record_with_the_real_recorder_writes_a_recipe(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    pytest.importorskip("dapcli.frontends.recipe")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "prog.py").write_text("x = 1\n")
    answers = {"launch": stop(1, reason="entry"), "next": stop(2)}
    session = run_repl(["record start out.yaml", "launch prog.py --stop-on-entry", "n", "record stop", "quit"],
                       FakeDispatcher(answers))
    text = (tmp_path / "out.yaml").read_text()
    assert "program: prog.py" in text and "next" in text
    assert "Saved 1 step to" in session.text  # as many as the recipe replays: `next`


def test_toolbar_shows_session_adapter_state_location_and_thread() -> None:
    state = ReplState(session="demo")
    assert "no program" in "".join(t for _, t in toolbar(state))
    state.note(m.StatusResult(session="demo", state="stopped", adapter="python", stop=stop(17)))
    text = "".join(t for _, t in toolbar(state, lambda: "recording"))
    for part in ("demo", "python", "stopped", "buggy.py:17 in total", "thread 1", "recording"):
        assert part in text


@pytest.mark.parametrize(("text", "more"), [
    ("p x", False), ("p x \\", True), ("p [1,", True), ("p {'a': (1,", True), ("p ')'", False),
    ("p '(' ", False), ("p (1))", False), ("p x \\\\", False),
])
def test_needs_continuation(text: str, more: bool) -> None:
    assert needs_continuation(text) is more


def test_join_lines() -> None:
    assert join_lines("p 1 + \\\n2") == "p 1 +  2"
    assert join_lines("  p [1,\n2]  ") == "p [1,\n2]"


def test_history_lives_in_the_xdg_state_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("DAPCLI_STATE_DIR", str(tmp_path / "mine"))
    assert history_path() == tmp_path / "mine" / "history"
    monkeypatch.delenv("DAPCLI_STATE_DIR")  # the XDG folders without it
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert history_path() == tmp_path / "state" / "dapcli" / "history"
    monkeypatch.delenv("XDG_STATE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert history_path() == tmp_path / ".local" / "state" / "dapcli" / "history"


def test_a_failing_toolbar_shows_its_error_instead_of_ending_the_prompt() -> None:
    state = ReplState(session="demo")
    state.live = object()
    assert "toolbar failed: AttributeError" in "".join(t for _, t in toolbar(state))
