"""Recipes tell the truth: a step that timed out with the program running fails unless it says
so, a step can expect an error, a bad --junit path is refused before anything runs, and a recipe
of thousands of steps is fine."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import NoDispatcher, SpyDispatcher, run

from dapcli.errors import UsageError
from dapcli.frontends.recipe.validate import load_recipe


def test_a_step_that_timed_out_running_is_a_failure(recipe_file):
    spy = SpyDispatcher()
    code, out = run(recipe_file("""
        target: {program: {sleepy}}
        steps:
          - continue: {timeout: 0.5}
    """), dispatcher=spy)
    assert code == 8, out
    assert "still running when the step's wait (0.5 s) ran out" in out
    assert spy.left_running() == []


def test_a_step_may_expect_running(recipe_file):
    spy = SpyDispatcher()
    code, out = run(recipe_file("""
        target: {program: {sleepy}}
        steps:
          - continue: {timeout: 0.5}
            expect: {status: running}
    """), dispatcher=spy)
    assert code == 0, out
    assert spy.left_running() == []


def test_a_step_may_expect_an_error(recipe_file):
    spy = SpyDispatcher()
    code, out = run(recipe_file("""
        target: {program: {loop}}
        steps:
          - evaluate: {expression: undeclared_name}
            expect: {error: {contains: "undeclared"}}
          - evaluate: {expression: "1 + 1"}
            expect: {error: {contains: "anything"}}
    """), dispatcher=spy)
    assert code == 8, out
    assert "the step succeeded; an error was expected" in out
    assert '✔ error contains "undeclared"' in out
    assert "step 2 (evaluate): error: expected contains" in out
    assert spy.left_running() == []


@pytest.mark.parametrize("where", ["dir", "under a file", "deep under a file"])
def test_a_bad_junit_path_is_refused_before_the_run(recipe_file, tmp_path: Path, where: str) -> None:
    (tmp_path / "file").write_text("")
    path = {"dir": tmp_path, "under a file": tmp_path / "file" / "r.xml",
            "deep under a file": tmp_path / "file" / "more" / "r.xml"}[where]
    with pytest.raises(UsageError, match="--junit"):
        run(recipe_file("target: {program: {loop}}\nsteps: [continue]\n"), junit=str(path),
            dispatcher=NoDispatcher())


def test_thousands_of_steps_load(recipe_file):
    steps = "".join(f"  - evaluate: {{expression: 'x{i}'}}\n    expect: {{result: 1}}\n" for i in range(5000))
    recipe = load_recipe(str(recipe_file("target: {program: {loop}}\nsteps:\n" + steps)), {})
    assert len(recipe.steps) == 5000


def test_an_alias_bomb_is_still_refused(recipe_file):
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{n}: &{n} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
        for p, n in zip("abcdef", "bcdefg", strict=True))
    with pytest.raises(UsageError, match="alias bomb"):
        load_recipe(str(recipe_file(bomb + "target: {program: {loop}}\nsteps: [continue]\n")), {})


@pytest.mark.parametrize("path", ["/dev/zero", "fifo"])
def test_a_device_or_fifo_is_no_recipe(recipe_file, tmp_path: Path, path: str) -> None:
    import os

    if path == "fifo":
        path = str(tmp_path / "r.yaml")
        os.mkfifo(path)
    with pytest.raises(UsageError, match="not a regular file"):
        load_recipe(path, {})


def test_an_output_check_judges_the_whole_output_not_the_cut_text(recipe_file):
    """The stop's output and the `output` step's chunks are cut for reading (the stop keeps its
    newest 2,000 characters after a marker): `contains: START` failed though the program printed it,
    and `contains: "characters before"` passed on dapcli's own marker."""
    program = Path(__file__).parent / "programs" / "longline.py"
    recipe = f"""
        target: {{program: {program}}}
        breakpoints: ["{program}:6"]
        steps:
          - continue:
            expect: {{output: {{contains: "START"}}}}
          - output:
            expect: {{output: {{contains: "aaaa!"}}}}
            save: {{printed: output}}
          - evaluate: {{expression: "len(\'\'\'${{printed}}\'\'\')"}}
            expect: {{result: "40007"}}
    """
    code, out = run(recipe_file(recipe), dispatcher=SpyDispatcher())
    assert code == 0, out
    code, out = run(recipe_file(recipe.replace('contains: "START"', 'contains: "characters before"')),
                    dispatcher=SpyDispatcher())
    assert code == 8 and 'expected contains "characters before"' in out, out
