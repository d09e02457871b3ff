"""Recipes on real debugpy: exception filters from the start (``target.exceptions``), and a
variable whose name holds a dot picked by a quoted path segment (``locals["(return) Meter.read"]``)."""

from __future__ import annotations

import json

import pytest
from conftest import PROGRAMS, SpyDispatcher, marker, run

from dapcli.frontends.recipe.paths import segments

METER = PROGRAMS / "meter.py"


def test_target_exceptions_stop_at_a_raised_exception_from_the_start(recipe_file):
    recipe = f"""
        target:
          program: {METER}
          exceptions: raised
        steps:
          - continue: {{}}
            expect: {{reason: exception, line: {marker('raised', METER)}, exception.description: caught}}
          - continue: {{}}
            expect: {{exitCode: 0, output: {{contains: "read 42"}}}}
    """
    spy = SpyDispatcher()
    code, out = run(recipe_file(recipe), dispatcher=spy)
    assert code == 0, out
    assert spy.calls[0][0] == "launch" and spy.calls[0][1]["exceptionFilters"] == ["raised"]
    assert spy.left_running() == []


def test_target_exceptions_unknown_to_the_adapter_names_its_filters(recipe_file):
    recipe = f"""
        target:
          program: {METER}
          exceptions: [raised, nosuch]
        steps: [continue]
    """
    spy = SpyDispatcher()
    code, out = run(recipe_file(recipe), dispatcher=spy)
    assert code != 0
    assert "python has no exception filter 'nosuch'" in out and "its filters: raised, uncaught, userUnhandled" in out
    assert spy.left_running() == []


def test_an_empty_target_exceptions_is_refused_before_anything_starts(recipe_file):
    code, out = run(recipe_file(f"target: {{program: {METER}, exceptions: []}}\nsteps: [continue]\n"))
    assert code == 2 and "exceptions names the adapter's filters" in out


@pytest.mark.parametrize("quoted", ['locals["(return) Meter.read"].value', "locals['(return) Meter.read'].value",
                                    "locals.`(return) Meter.read`.value"])
def test_a_name_with_a_dot_is_picked_by_a_quoted_segment(recipe_file, quoted):
    recipe = f"""
        target:
          program: {METER}
          launch: {{showReturnValue: true}}
        breakpoints: [meter.py:{marker('read', METER)}]
        steps:
          - continue: {{}}
          - stepOut: {{}}
            expect:
              line: {marker('call', METER)}
              {json.dumps(quoted)}: "42"
    """
    spy = SpyDispatcher()
    code, out = run(recipe_file(recipe), dispatcher=spy)
    assert code == 0, out
    assert spy.left_running() == []


def test_a_bad_quoted_path_is_refused_with_the_reason(recipe_file):
    recipe = f"""
        target: {{program: {METER}}}
        steps:
          - continue: {{}}
            expect: {{'locals["(return) Meter.read.value': "42"}}
    """
    code, out = run(recipe_file(recipe))
    assert code == 2 and 'is not closed with "]' in out


def test_path_segments() -> None:
    assert segments("locals.discount.value") == ["locals", "discount", "value"]
    assert segments('locals["a.b"].value') == ["locals", "a.b", "value"]
    assert segments("locals.`a.b`") == ["locals", "a.b"]
    for bad in ("a..b", "x.", 'a["b"]c', "`open"):
        with pytest.raises(ValueError):
            segments(bad)


def test_a_pending_breakpoint_is_said_once_and_a_removal_says_what_is_left(recipe_file, tmp_path):
    """``! breakpoint breakpoint 1 at nofile.py:3`` said "breakpoint" twice, and ``removeBreakpoint``
    printed "1 breakpoint(s)": the number left, read as the number removed."""
    loop = PROGRAMS / "loop.py"
    recipe = f"""
        target: {{program: {loop}}}
        breakpoints: [nofile.py:3, "{loop}:{marker('loop', loop)}", "{loop}:{marker('print', loop)}"]
        steps:
          - continue: {{}}
            expect: {{line: {marker('loop', loop)}}}
          - removeBreakpoint: {{ids: [2]}}
          - continue: {{}}
            expect: {{line: {marker('print', loop)}}}
    """
    spy = SpyDispatcher()
    code, out = run(recipe_file(recipe), dispatcher=spy)
    assert code == 0, out
    assert "! breakpoint 1 at nofile.py:3 (not verified)" in out and "breakpoint breakpoint" not in out, out
    assert "removed 2; 2 breakpoints left" in out and "breakpoint(s)" not in out, out
    assert spy.left_running() == []
