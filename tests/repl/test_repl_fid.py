"""Issue 10 in the REPL: a stop that a console command made is printed after its output
(case 5), breakpoints are deleted by location with gdb's ``delete``/``clear`` (case 13), and
a pause in a library says which frame it shows (case 6)."""

from __future__ import annotations

from repl_fakes import FakeDispatcher, run_repl, stop

from dapcli.verbs import models as m


def test_console_command_that_steps_prints_the_new_stop() -> None:
    moved = m.ConsoleResult(command="thread step-over", output="", stop=stop(18, reason="step", function="main"))
    session = run_repl(["console 'thread step-over'", "q"], FakeDispatcher({"console": moved}))
    assert session.dispatcher.typed()[0] == ("console", {"command": "thread step-over"})
    assert "Stopped (step) in main at" in session.text and ":18" in session.text
    assert "(no output)" not in session.text


def test_repl_evaluate_that_moves_the_program_prints_the_stop() -> None:
    moved = m.EvaluateResult(expression="`n", result="", stop=stop(19, reason="step", function="main"))
    session = run_repl(["eval '`n' --context repl", "q"], FakeDispatcher({"evaluate": moved}))
    assert "Stopped (step) in main at" in session.text and ":19" in session.text


def test_delete_and_clear_take_a_location() -> None:
    session = run_repl(["delete mv.c:4", "delete 2 mv.c:6", "clear mv.c:6", "q"])
    assert session.dispatcher.typed() == [
        ("removeBreakpoint", {"ids": ["mv.c:4"]}), ("removeBreakpoint", {"ids": ["2", "mv.c:6"]}),
        ("clearBreakpoints", {"path": "mv.c:6"}),
    ]


def test_a_pause_in_a_library_names_the_frame_it_shows() -> None:
    paused = stop(5, reason="pause", function="main", skipped_frames=3)
    session = run_repl(["pause", "q"], FakeDispatcher({"pause": paused}))
    assert "Stopped (pause) in main" in session.text and "skipped 3 library frames" in session.text
