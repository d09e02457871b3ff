"""Invalid recipes: exit 2, every problem with FILE:LINE:COL and the step, nothing started."""

from __future__ import annotations

import json

import pytest
from conftest import NoDispatcher, run

HEAD = "target: {program: {loop}}\nsteps:\n"

CASES = {
    "yaml syntax": (HEAD + "  - evaluate: {expression: x\n  - next\n",
                    ["5:1: expected ',' or '}', but got '<stream end>' (while parsing a flow mapping)"]),
    "tab indentation": ("target:\n\tprogram: x\n", ["2:1: found character '\\t' that cannot start any token"]),
    "unknown verb": (HEAD + "  - next\n  - contnue: {}\n",
                     ["4:5: step 2: unknown verb 'contnue'; did you mean continue"]),
    "cli alias as verb": (HEAD + "  - step\n", ["3:5: step 1: unknown verb 'step'; in recipes it is called stepIn"]),
    "unknown argument": (HEAD + "  - evaluate: {expresion: x}\n",
                         ["3:16: step 1 (evaluate): expresion: unknown parameter (did you mean expression?)",
                          "3:15: step 1 (evaluate): expression: required but missing"]),
    "ill-typed argument": (HEAD + "  - stackTrace: {levels: many}\n  - continue: {timeout: true}\n",
                           ["3:18: step 1 (stackTrace): levels: must be a valid integer",
                            "4:16: step 2 (continue): timeout: expected float, got a boolean"]),
    "arguments not a mapping": (HEAD + "  - evaluate: x + 1\n",
                                ["3:15: step 1 (evaluate): arguments must be a mapping, e.g. {expression: …}"]),
    "unknown expect field": (HEAD + "  - continue: {}\n    expect: {lnie: 3}\n",
                             ["4:14: step 1 (continue): expect lnie: the result has no field 'lnie' "
                              "(did you mean line"]),
    "expect on an object": (HEAD + "  - continue: {}\n    expect: {location: x}\n",
                            ["4:14: step 1 (continue): expect location: location is an object; check one of its "
                             "fields (path, name, line, column, function)"]),
    "bad regex": (HEAD + "  - continue: {}\n    expect: {function: {matches: '('}}\n",
                  ["4:24: step 1 (continue): expect function: bad regular expression '('"]),
    "missing program": ("target: {program: nothere.py}\nsteps: []\n",
                        ["1:19: target: program not found: nothere.py (looked at "]),
    "no target": ("steps: [next]\n", ["1:1: target: missing: give target: {program: PATH}"]),
    "no program": ("target: {args: [a]}\nsteps: []\n", ["1:9: target: program is missing"]),
    "undefined variable": (HEAD + "  - evaluate: {expression: '${nope} + 1'}\n",
                           ["3:28: step 1 (evaluate): undefined variable ${nope} (set it with --var nope=VALUE"]),
    "variable saved too late": (HEAD + "  - evaluate: {expression: '${x}'}\n  - evaluate: {expression: '1'}\n"
                                "    save: {x: result}\n",
                                ["3:28: step 1 (evaluate): undefined variable ${x}"]),
    "duplicate key": (HEAD + "  - continue: {}\n    expect:\n      line: 3\n      reason: step\n      line: 4\n",
                      ["7:7: duplicate key 'line' in this mapping"]),
    "duplicate step key": (HEAD + "  - continue: {}\n    expect: {line: 3}\n    expect: {line: 4}\n",
                           ["5:5: duplicate key 'expect' in this mapping"]),
    "alias bomb": ("a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
                   "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
                   "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
                   + HEAD + "  - next\n",
                   ["5:4: aliases expand this to more than 20000 values (an alias bomb?)"]),
    "python tag": ("target: !!python/object/apply:os.system ['touch /tmp/dapcli-pwned']\nsteps: []\n",
                   ["1:9: tag !!python/object/apply:os.system is not allowed"]),
    "custom tag": (HEAD + "  - evaluate: {expression: !expr x}\n", ["3:28: tag !expr is not allowed"]),
    "two verbs in a step": (HEAD + "  - next: {}\n    continue: {}\n",
                            ["4:5: step 1: one verb per step, found next, continue"]),
    # a file that is not here is sent and reported pending (issue 10); a line past the end of
    # a file that is here is refused, as gdb refuses it
    "breakpoint on line zero": ("target: {program: {loop}}\nbreakpoints: [loop.py:0]\nsteps: []\n",
                                ["2:15: breakpoint 1: line 0 is not a line of any file (lines count from 1)"]),
    "breakpoint past the end": ("target: {program: {loop}}\nbreakpoints:\n  - loop.py:999\n"
                                "  - {path: loop.py, line: 22}\nsteps: []\n",
                                ["3:5: breakpoint 1: line 999 is past the end of loop.py (21 lines)",
                                 "4:5: breakpoint 2: line 22 is past the end of loop.py (21 lines)"]),
    "breakpoint line not a number": ("target: {program: {loop}}\nbreakpoints:\n  - {path: loop.py, line: six}\n"
                                     "steps: []\n",
                                     ["3:27: breakpoint 1: line must be a line number from 1, not 'six'"]),
    "hit condition adapters cannot mean": (
        "target: {program: {loop}}\nbreakpoints:\n  - {path: loop.py, line: 3, hitCondition: '%0'}\nsteps: []\n",
        ["3:44: breakpoint 1: hit condition '%0' can never be met (hits count from 1)"]),
    "unknown top-level key": (HEAD + "  - next\nstep: []\n", ["4:1: unknown key 'step' (did you mean steps?)"]),
    "bad save": (HEAD + "  - evaluate: {expression: x}\n    save: {x: reslt}\n",
                 ["4:15: step 1 (evaluate): save x: the result has no field 'reslt' (did you mean result?)"]),
    "empty file": ("", ["1:1: the recipe is empty; it needs target: and steps:"]),
    # a key that is there, of the wrong type, is not "missing"
    "target of the wrong type": ("target: 5\nsteps: [continue]\n",
                                 ["1:9: target: must be a mapping, not a number (5): give target: {program: PATH}"]),
    "steps of the wrong type": ("target: {program: {loop}}\nsteps: continue\n",
                                ["2:8: steps: must be a list, not text ('continue'): give a list of steps"]),
}


@pytest.mark.parametrize("name", list(CASES))
def test_invalid_recipe_is_refused_with_its_place(recipe_file, name):
    text, expected = CASES[name]
    path = recipe_file(text)
    code, out = run(path, dispatcher=NoDispatcher())
    assert code == 2, out
    for message in expected:
        assert f"✘ {path}:{message}" in out, out
    assert "nothing was run" in out


def test_every_problem_of_a_file_is_reported(recipe_file):
    path = recipe_file(HEAD + "  - contnue\n  - evaluate: {expression: '${a}'}\n  - next: {}\n    expect: {lnie: 1}\n")
    code, out = run(path, dispatcher=NoDispatcher(), json_lines=True)
    assert code == 2
    events = [json.loads(line) for line in out.splitlines()]
    invalid = events[0]
    assert invalid["event"] == "invalid" and invalid["exitCode"] == 2
    assert [p.split(": ")[0].rsplit(":", 2)[1:] for p in invalid["problems"]] == [["3", "5"], ["4", "28"], ["6", "14"]]
    assert events[-1] == {"event": "summary", "recipes": 1, "passed": 0, "failed": 0, "invalid": 1, "exitCode": 2}


def test_one_invalid_file_stops_every_file_from_running(recipe_file):
    good = recipe_file(HEAD + "  - next\n", "good.yaml")
    bad = recipe_file(HEAD + "  - nxt\n", "bad.yaml")
    code, out = run([good, bad], dispatcher=NoDispatcher())
    assert code == 2
    assert f"{bad}:3:5: step 1: unknown verb 'nxt'" in out
    assert "1 invalid recipe(s); nothing was run" in out


def test_missing_recipe_file(tmp_path):
    code, out = run(tmp_path / "nope.yaml", dispatcher=NoDispatcher())
    assert code == 2 and "nope.yaml: no such recipe file" in out


def test_no_files():
    code, out = run([], dispatcher=NoDispatcher())
    assert code == 2 and "no recipe files given" in out


def test_python_tag_never_runs(recipe_file, tmp_path):
    marker = tmp_path / "pwned"
    path = recipe_file(f"target: !!python/object/apply:os.system ['touch {marker}']\nsteps: []\n")
    code, _ = run(path, dispatcher=NoDispatcher())
    assert code == 2 and not marker.exists()


def test_junit_reports_an_invalid_recipe(recipe_file, tmp_path):
    import junitparser

    path = recipe_file(HEAD + "  - nxt\n")
    report = tmp_path / "junit.xml"
    code, _ = run(path, dispatcher=NoDispatcher(), junit=str(report))
    assert code == 2
    (suite,) = list(junitparser.JUnitXml.fromfile(str(report)))
    (case,) = list(suite)
    assert case.name == "invalid recipe"
    assert isinstance(case.result[0], junitparser.Error)
    assert ":3:5: step 1: unknown verb 'nxt'" in case.result[0].message


def test_a_recipe_of_thousands_of_bad_steps_is_reported_at_once_and_bounded(recipe_file):
    """8,000 unknown verbs took ~15 s (a close-match search each) and printed 8,000 lines."""
    import time

    path = recipe_file(HEAD + "  - bogus: {}\n" * 8000)
    started = time.process_time()
    code, out = run(path, dispatcher=NoDispatcher())
    assert code == 2
    assert time.process_time() - started < 10.0
    assert out.count("unknown verb 'bogus'") == 50
    assert f"✘ {path}: checking stopped after 50 problems (fix these first)" in out


def test_a_recipe_of_too_many_values_is_refused_before_the_slow_parse(recipe_file):
    """A recipe of 100,000 steps (~1.4 MB, under the 4 MiB limit; 300,000 values) would take
    minutes of CPU to parse with positions; its values are counted first."""
    import time

    import yaml

    if not hasattr(yaml, "CSafeLoader"):
        pytest.skip("PyYAML without libyaml: the size is only bounded by the file's")
    path = recipe_file(HEAD + "  - next: {}\n" * 100_000)
    started = time.process_time()
    code, out = run(path, dispatcher=NoDispatcher())
    assert code == 2
    assert f"✘ {path}:1:1: the recipe holds more than 200000 values (about 20000 steps)" in out
    assert time.process_time() - started < 30.0


def test_a_recipe_of_ten_thousand_steps_is_read(recipe_file):
    """docs/recipes.md promises recipes of many thousands of steps: 10,000 steps with a check each
    (90,000 values) were refused as "more than 50000 values"."""
    import time

    from dapcli.frontends.recipe.validate import load_recipe

    path = recipe_file(HEAD + "  - evaluate: {expression: x}\n    expect: {result: '1'}\n" * 10_000)
    started = time.process_time()
    assert len(load_recipe(str(path), {}).steps) == 10_000
    assert time.process_time() - started < 60.0


def test_a_recipe_too_large_is_refused_before_it_is_read(recipe_file):
    """A 10 MB recipe took 95 s and 870 MB before its refusal; its size is checked first."""
    import time

    path = recipe_file(HEAD + "  - next: {}\n" * 800_000)
    started = time.process_time()
    code, out = run(path, dispatcher=NoDispatcher())
    assert code == 2
    assert f"✘ {path}: too large ({path.stat().st_size} bytes; at most 4194304)" in out
    assert time.process_time() - started < 2.0
