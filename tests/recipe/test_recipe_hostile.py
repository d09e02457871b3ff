"""Hostile recipe input: a ``matches`` pattern that backtracks catastrophically fails its check
in bounded time (it does not hang the run), and the run goes on to stop the session."""

from __future__ import annotations

import time

import pytest
from conftest import NoDispatcher, SpyDispatcher, run

from dapcli.frontends.recipe.matchers import MATCH_SECONDS, judge
from dapcli.frontends.recipe.model import Expectation


def _expect(pattern: str) -> Expectation:
    return Expectation(key="result", op="matches", expected=pattern)


def test_a_catastrophic_pattern_fails_in_bounded_time():
    started = time.monotonic()
    passed, why = judge(_expect("(a+)+$"), "a" * 5000 + "b")
    assert passed is False
    assert why is not None and "took over" in why and "simplify" in why
    assert time.monotonic() - started < MATCH_SECONDS * 30  # loaded CI machines overshoot


def test_a_pattern_substituted_into_nonsense_fails_the_check():
    passed, why = judge(_expect("("), "abc")
    assert passed is False and why is not None and "bad regular expression" in why


def test_a_redos_recipe_finishes_and_says_why(recipe_file):
    spy = SpyDispatcher()
    started = time.monotonic()
    code, out = run(recipe_file("""
        target: {program: {loop}}
        breakpoints: [loop.py:{@scale}]
        steps:
          - continue: {}
          - evaluate: {expression: "'a' * 3000 + 'b'"}
            expect: {result: {matches: "(a|aa)+$"}}
    """), dispatcher=spy)
    assert code == 8, out
    assert "simplify it" in out
    assert "Traceback" not in out
    assert time.monotonic() - started < 60
    assert spy.calls[-1] == ("stop", {})
    assert spy.left_running() == []


@pytest.mark.parametrize(("text", "message"), [
    ('target: {program: {loop}, env: {A: "b\\0"}}\nsteps: []\n', "1:9: target: contains a NUL byte"),
    ('target: {program: {loop}, args: ["a\\0"]}\nsteps: []\n', "1:9: target: contains a NUL byte"),
    ('target: {program: {loop}}\nbreakpoints: ["loop.py:\\0"]\nsteps: []\n', "2:14: breakpoints: contains a NUL byte"),
    ("target: {program: {loop}}\nsteps: [next\x01]\n", "2:1: the control character U+0001 is not allowed in YAML"),
], ids=["env NUL", "args NUL", "breakpoint NUL", "control character"])
def test_bad_text_in_a_recipe_is_refused_before_the_run(recipe_file, text: str, message: str) -> None:
    path = recipe_file(text)
    code, out = run(path, dispatcher=NoDispatcher())
    assert code == 2, out
    assert f"✘ {path}:{message}" in out, out
    assert "nothing was run" in out


def test_a_breakpoint_line_of_odd_digits_is_one_line(recipe_file) -> None:
    code, out = run(recipe_file("""
        target: {program: {loop}}
        breakpoints: ["loop.py:²"]
        steps: [continue]
    """))
    assert code == 2, out
    assert "bad line '²' in 'loop.py:²'" in out
    assert "Traceback" not in out and "internal error" not in out
