"""Recipe targets launched the way people run programs (issue 11): adapter options under
target.launch, stdin from a file, restart with new arguments stopping at the breakpoint."""

from __future__ import annotations

from conftest import PROGRAMS, SpyDispatcher, marker, run

HELLO = PROGRAMS / "hello.py"
SUM = PROGRAMS / "sum_input.py"


def test_restart_with_new_arguments_stops_at_the_breakpoint(recipe_file):
    recipe = f"""
        target:
          program: {HELLO}
          args: [first]
        breakpoints:
          - hello.py:{marker('hello', HELLO)}
        steps:
          - continue: {{}}
            expect: {{line: {marker('hello', HELLO)}}}
          - restart: {{args: [again]}}
            expect: {{reason: breakpoint, line: {marker('hello', HELLO)}}}
          - continue: {{}}
            expect: {{exitCode: 0, output: {{contains: "hello again"}}}}
    """
    spy = SpyDispatcher()
    code, out = run(recipe_file(recipe), dispatcher=spy)
    assert code == 0, out
    assert spy.left_running() == []


def test_target_launch_options_and_stdin(recipe_file, tmp_path):
    numbers = tmp_path / "numbers.txt"
    numbers.write_text("20\n22\n")
    recipe = f"""
        target:
          program: {SUM}
          stdin: {numbers}
          launch: {{showReturnValue: true, justMyCode: false}}
        steps:
          - continue: {{}}
            expect: {{exitCode: 0, output: {{contains: "sum 42"}}}}
    """
    spy = SpyDispatcher()
    code, out = run(recipe_file(recipe), dispatcher=spy)
    assert code == 0, out
    launch = spy.calls[0][1]
    assert launch["adapterConfig"] == {"showReturnValue": True, "justMyCode": False}
    assert launch["stdin"] == str(numbers)
    assert spy.left_running() == []


def test_a_bad_target_launch_is_refused_before_anything_starts(recipe_file):
    recipe = f"""
        target:
          program: {SUM}
          launch: [justMyCode]
        steps: [continue]
    """
    code, out = run(recipe_file(recipe))
    assert code == 2
    assert "launch must be a mapping" in out
