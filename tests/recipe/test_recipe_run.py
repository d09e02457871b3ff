"""Recipes replayed on real programs with real debugpy: passing, failing, variables, JUnit,
JSON lines, several files, a crash mid-recipe."""

from __future__ import annotations

import json
from pathlib import Path

import junitparser
import pytest
from conftest import CRASH, LOOP, SpyDispatcher, marker, run

ROOT = Path(__file__).resolve().parents[2]

PASSING = """
    name: loop scales each item
    target:
      program: {loop}
      args: ["3"]
    breakpoints:
      - loop.py:{@scale}
    steps:
      - continue: {}
        expect: {reason: breakpoint, line: {@scale}, function: scale, file: loop.py}
      - evaluate: {expression: value * factor}
        expect: {result: "0"}
      - continue
      - evaluate: {expression: value * factor}
        expect: {result: 3, type: int}
        save: {three: result}
      - stepOut
      - next
      - clearBreakpoints
      - continue: {}
        expect: {exitCode: 0, output: {contains: "total=9"}}
"""


def test_passing_recipe(recipe_file):
    spy = SpyDispatcher()
    code, out = run(recipe_file(PASSING), dispatcher=spy)
    assert code == 0, out
    assert "✘" not in out
    assert out.count("✔") == 10  # 9 checks and the final line
    assert f"breakpoint at loop.py:{marker('scale')} in scale" in out
    assert "│ total=9" in out
    assert spy.calls[0][0] == "launch" and spy.calls[0][1]["stopOnEntry"] is True
    assert spy.calls[0][1]["timeout"] == 60.0
    assert spy.calls[0][1]["breakpoints"] == [f"{LOOP}:{marker('scale')}"]
    assert spy.calls[-1] == ("stop", {})
    assert spy.left_running() == []


def test_failing_check_names_step_and_shows_expected_and_actual(recipe_file):
    path = recipe_file("""
        target: {program: {loop}}
        breakpoints: [loop.py:{@scale}]
        steps:
          - continue
          - evaluate: {expression: factor}
            expect: {result: "5"}
          - next
    """)
    spy = SpyDispatcher()
    code, out = run(path, dispatcher=spy)
    assert code == 8, out
    assert '✘ result: expected = "5", actual "2"' in out
    assert "step 3  next  (skipped: step 2 failed)" in out
    assert f"✘ {path}: 2 step(s), 1 check(s), 1 failed" in out
    assert f'  first failure: {path}:6: step 2 (evaluate): result: expected = "5", actual "2"' in out
    assert spy.calls[-1] == ("stop", {})
    assert spy.left_running() == []


def test_keep_going_collects_every_failure(recipe_file):
    path = recipe_file("""
        target: {program: {loop}}
        breakpoints: [loop.py:{@scale}]
        steps:
          - continue: {}
            expect: {line: 1, function: {matches: "^sc"}}
          - evaluate: {expression: factor}
            expect: {result: {approx: 2.5, tolerance: 0.1}}
          - evaluate: {expression: no_such_name}
          - evaluate: {expression: value + 0.5}
            expect: {result: {approx: 0.51, tolerance: 0.1}}
    """)
    code, out = run(path, keep_going=True, json_lines=True)
    assert code == 5  # step 3's NameError (exit 5, as `dapcli eval` exits): an error wins over failed checks
    events = [json.loads(line) for line in out.splitlines()]
    steps = [e for e in events if e["event"] == "step"]
    assert [s["step"] for s in steps] == [1, 2, 3, 4]
    assert [c["passed"] for c in steps[0]["checks"]] == [False, True]
    assert steps[0]["checks"][0]["actual"] == marker("scale")
    assert steps[1]["checks"][0]["passed"] is False
    assert "NameError" in steps[2]["error"] and steps[2]["exitCode"] == 5
    assert steps[3]["checks"][0]["passed"] is True
    end = next(e for e in events if e["event"] == "end")
    assert end["passed"] is False
    assert end["failure"] == f"{path}:5: step 1 (continue): line: expected = 1, actual {marker('scale')}"


def test_var_and_save_substitution(recipe_file):
    path = recipe_file("""
        variables: {expr: "value"}
        target: {program: {loop}, args: ["${factor}"]}
        breakpoints: [loop.py:{@scale}]
        steps:
          - continue
          - evaluate: {expression: "${expr} + factor"}
            expect: {result: "${factor}"}
            save: {first: result, ref: variablesReference}
          - evaluate: {expression: "int(${first}) * 10"}
            expect: {result: {contains: "${first}0"}}
    """)
    code, out = run(path, variables={"factor": "7"})
    assert code == 0, out
    assert 'evaluate expression="value + factor"' in out
    assert 'result contains "70"' in out
    code, out = run(path, variables={"factor": "7", "expr": "1"})  # --var beats variables:
    assert code == 8 and 'actual "8"' in out


def test_junit_is_one_testcase_per_check(recipe_file, tmp_path):
    good = recipe_file(PASSING, "good.yaml")
    bad = recipe_file("""
        target: {program: {loop}}
        breakpoints: [loop.py:{@scale}]
        steps:
          - continue: {}
            expect: {line: {@loop}, reason: breakpoint}
          - evaluate: {expression: nothing_here}
          - next: {}
            expect: {reason: step}
    """, "bad.yaml")
    report = tmp_path / "out" / "junit.xml"
    code, out = run([good, bad], junit=str(report), keep_going=True)
    assert code == 5  # step 2's NameError
    assert "2 recipes: 1 passed, 1 failed (exit code 5)" in out
    xml = junitparser.JUnitXml.fromfile(str(report))
    suites = {suite.name: suite for suite in xml}
    assert set(suites) == {"loop scales each item", "bad"}
    assert suites["loop scales each item"].tests == 9
    assert suites["loop scales each item"].failures == 0
    cases = list(suites["bad"])
    assert len(cases) == 4  # two checks of step 1, the error of step 2, the check of step 3
    failed = [c for c in cases if c.result and isinstance(c.result[0], junitparser.Failure)]
    assert len(failed) == 1 and "line" in failed[0].name
    assert f"expected = {marker('loop')}, actual {marker('scale')}" in failed[0].result[0].message
    errors = [c for c in cases if c.result and isinstance(c.result[0], junitparser.Error)]
    assert len(errors) == 1 and "step 2 (evaluate)" in errors[0].name


@pytest.mark.parametrize("expect", [False, True])
def test_crash_mid_recipe_is_reported_at_its_step(recipe_file, expect):
    path = recipe_file(f"""
        target: {{program: {{crash}}}}
        breakpoints: [crash.py:{{@first}}, crash.py:{{@never}}]
        steps:
          - continue: {{}}
            expect: {{line: {{@first}}}}
          - continue{": {}" + chr(10) + "            expect: {line: {@never}}" if expect else ""}
          - evaluate: {{expression: value}}
    """)
    spy = SpyDispatcher()
    code, out = run(path, dispatcher=spy, keep_going=True)
    assert code == 8, out
    assert "│ about to crash" in out
    assert "→ exited with code 3" in out
    if expect:
        assert f"✘ line: expected = {marker('never', CRASH)}, actual (absent) (the program exited with code 3)" in out
    else:
        assert "✘ status: expected = \"stopped\", actual \"exited\" (the program exited with code 3 here; " \
               "step 3 (evaluate) needs it stopped)" in out
    assert "step 3  evaluate expression=value  (skipped: the program ended at step 2)" in out
    assert spy.calls[-1] == ("stop", {})
    assert spy.left_running() == []


def test_expected_exit_lets_later_steps_run(recipe_file):
    path = recipe_file("""
        target: {program: {crash}}
        steps:
          - continue: {}
            expect: {exitCode: 3, output: {matches: "about to\\\\s+crash"}}
          - output: {}
            expect: {output: {contains: "about to crash"}, exitCode: 3}
    """)
    code, out = run(path)
    assert code == 0, out


def test_setup_failure_is_an_error_and_stops_nothing_twice(recipe_file, tmp_path):
    path = recipe_file("""
        target:
          program: built.py
          build: [false]
        steps:
          - continue: {}
            expect: {exitCode: 0}
    """)
    code, out = run(path, json_lines=True)
    assert code == 2  # no check ran: not 8
    end = [json.loads(line) for line in out.splitlines()][-2]
    assert end["event"] == "end" and end["failure"] == f"{path}: build failed (exit code 1): false"
    assert end["exitCode"] == 2 and end["errors"] == 1


def test_a_build_output_of_several_lines_stays_under_its_error(recipe_file):
    path = recipe_file("""
        target:
          program: built.py
          build: [sh, -c, "echo first line; echo second line; exit 3"]
        steps:
          - continue
    """)
    code, out = run(path)
    assert code == 2, out
    assert "\n  ✘ build failed (exit code 3): sh -c echo first line; echo second line; exit 3\n" \
           "    first line\n    second line\n" in out


def test_build_runs_without_a_shell_before_launch(recipe_file, tmp_path):
    source = tmp_path / "source.txt"
    source.write_text("print('built and run')\n")
    path = recipe_file("""
        target:
          program: built.py
          build: [cp, source.txt, built.py]
        steps:
          - continue: {}
            expect: {exitCode: 0, output: "built and run\\n"}
    """)
    code, out = run(path)
    assert code == 0, out


def test_timeout_bounds_each_step_and_the_program_is_ended(recipe_file):
    path = recipe_file("""
        target: {program: {sleepy}}
        steps:
          - continue: {}
            expect: {exitCode: 0}
    """)
    spy = SpyDispatcher()
    code, out = run(path, dispatcher=spy, timeout=1.0, json_lines=True)
    assert code == 8
    step = next(json.loads(line) for line in out.splitlines() if '"event": "step"' in line)
    assert step["result"]["status"] == "running"
    assert step["checks"][0] == {"key": "exitCode", "op": "equals", "expected": 0, "actual": None, "present": False,
                                 "passed": False, "line": 4, "message": "the result has no value there"}
    assert ("continue", {"timeout": 1.0}) in spy.calls
    assert spy.left_running() == []


def test_quickstart_recipe_finds_the_bug():
    code, out = run(ROOT / "recipes" / "quickstart.yaml")
    assert code == 0, out
    assert "✔ result = \"2.0\"" in out and "│ total=26.73" in out
    assert "floor division" in out


def _adapters() -> dict[str, bool]:
    import asyncio

    from dapcli.dispatch.local import LocalDispatcher

    result = asyncio.run(LocalDispatcher().call("adapters", {}))
    return {a["name"]: bool(a.get("found")) for a in result.to_json().get("adapters", [])}


_KINDS = {".py": "python", ".go": "go", ".js": "node"}


@pytest.mark.slow
@pytest.mark.parametrize("recipe", sorted(p.name for p in (ROOT / "recipes").glob("*.yaml")))
def test_every_shipped_recipe_passes(recipe):
    import shutil

    import yaml

    target = yaml.safe_load((ROOT / "recipes" / recipe).read_text())["target"]
    adapter = target.get("adapter") or _KINDS.get(Path(target["program"]).suffix, "python")
    if not _adapters().get(adapter):
        pytest.skip(f"the {adapter} adapter is not installed")
    if target.get("build") and shutil.which(target["build"][0]) is None:
        pytest.skip(f"{target['build'][0]} is not installed")
    spy = SpyDispatcher()
    code, out = run(ROOT / "recipes" / recipe, dispatcher=spy)
    assert code == 0, out
    assert spy.left_running() == []
