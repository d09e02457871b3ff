"""A line holds one breakpoint: a recipe naming one line twice is invalid (exit 2), nothing started."""

from __future__ import annotations

from conftest import NoDispatcher, run


def test_two_breakpoints_on_one_line_make_the_recipe_invalid(recipe_file):
    path = recipe_file(
        "target: {program: {loop}}\nbreakpoints:\n  - loop.py:{@loop}\n"
        "  - {path: loop.py, line: {@loop}, condition: 'i == 2'}\nsteps: []\n"
    )
    code, out = run(path, dispatcher=NoDispatcher())
    assert code == 2, out
    assert f"{path}:4:5: breakpoint 2: loop.py:" in out, out
    assert "is also breakpoint 1; a line holds one breakpoint" in out
    assert "nothing was run" in out
