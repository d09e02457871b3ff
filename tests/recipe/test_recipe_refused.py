"""Recipe input that must be refused (issue 26: items 10, 12, 14): environment names, strict
argument types, ``${…}`` references; and what a ``--var`` may stand for."""

from __future__ import annotations

import re

import pytest
from conftest import LOOP, NoDispatcher, SpyDispatcher, marker, run

HEAD = "target: {program: {loop}}\nsteps:\n"

CASES = {
    "env name with a slash": ("target: {program: {loop}, env: ['A/B=1']}\nsteps: []\n",
                              "1:target: bad environment name 'A/B': write NAME=VALUE with NAME of letters, "
                              "digits and _, not starting with a digit, e.g. DEBUG=1"),
    "env name starting with a digit": ("target: {program: {loop}, env: {1ABC: x}}\nsteps: []\n",
                                       "1:target: bad environment name '1ABC'"),
    "env name with a space": ("target: {program: {loop}, env: {'A B': x}}\nsteps: []\n",
                              "1:target: bad environment name 'A B'"),
    "env entry without =": ("target: {program: {loop}, env: [AB]}\nsteps: []\n",
                            "1:target: bad environment entry 'AB' (no =)"),
    "text for a number": (HEAD + "  - stackTrace: {levels: '3'}\n",
                          "3:step 1 (stackTrace): levels: must be a valid integer"),
    "number for text": (HEAD + "  - evaluate: {expression: 5}\n",
                        "3:step 1 (evaluate): expression: must be a valid string"),
    "1 for true": (HEAD + "  - launch: {program: x.py, stopOnEntry: 1}\n",
                   "3:step 1 (launch): stopOnEntry: must be a valid boolean"),
    "unterminated reference": (HEAD + "  - evaluate: {expression: '${unterminated'}\n",
                               "3:step 1 (evaluate): unterminated variable reference '${unterminated' "
                               "(write ${name}, or $${ for a literal ${)"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_refused_with_its_place(recipe_file, name):
    text, expected = CASES[name]
    path = recipe_file(text)
    code, out = run(path, dispatcher=NoDispatcher())
    assert code == 2, out
    line, _, message = expected.partition(":")
    assert re.search(rf"✘ {re.escape(str(path))}:{line}:\d+: {re.escape(message)}", out), out


def test_a_breakpoint_line_may_be_a_variable(recipe_file):
    """``line: ${n}`` was refused as "not a line number" even with ``--var n=…``."""
    path = recipe_file("target: {program: {loop}}\nbreakpoints:\n  - {path: loop.py, line: '${n}'}\n"
                       "steps:\n  - continue: {}\n    expect: {line: '${n}'}\n")
    spy = SpyDispatcher()
    code, out = run(path, dispatcher=spy, variables={"n": str(marker("scale"))})
    assert code == 0, out
    assert spy.left_running() == []


def test_a_breakpoint_line_variable_that_is_no_number_is_refused(recipe_file):
    path = recipe_file("target: {program: {loop}}\nbreakpoints:\n  - {path: loop.py, line: '${n}'}\nsteps: []\n")
    code, out = run(path, dispatcher=NoDispatcher(), variables={"n": "six"})
    assert code == 2
    assert f"✘ {path}:3:27: breakpoint 1: line must be a line number from 1, not 'six'" in out


def test_a_var_given_whole_takes_the_type_of_its_argument(recipe_file):
    """--var values are text; ``${n}`` alone as a number's value is read as the number."""
    path = recipe_file("target: {program: {loop}}\nbreakpoints: [loop.py:{@scale}]\nsteps:\n"
                       "  - continue: {}\n  - stackTrace: {levels: '${n}'}\n    expect: {frames.0.line: {@scale}}\n")
    code, out = run(path, dispatcher=SpyDispatcher(), variables={"n": "1"})
    assert code == 0, out


def test_validation_errors_go_to_stderr(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    recipe = tmp_path / "r.yaml"
    recipe.write_text(f"target: {{program: {LOOP}, env: ['A/B=1']}}\nsteps: []\n")
    script = Path(sys.executable).with_name("dapcli")
    done = subprocess.run([str(script), "run", str(recipe)], capture_output=True, text=True, timeout=60,
                          env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "NO_COLOR": "1",
                               "DAPCLI_RUNTIME_DIR": str(tmp_path / "rt")})
    assert done.returncode == 2
    assert done.stdout == ""
    assert f"✘ {recipe}:1:" in done.stderr and "bad environment name 'A/B'" in done.stderr
    assert "✘ 1 invalid recipe(s); nothing was run" in done.stderr


def test_a_location_with_a_column_is_refused(recipe_file):
    path = recipe_file("target: {program: {loop}}\nbreakpoints: ['loop.py:3:4']\nsteps: []\n")
    code, out = run(path, dispatcher=NoDispatcher())
    assert code == 2
    assert (f"✘ {path}:2:15: breakpoint 1: bad breakpoint location 'loop.py:3:4': a location is FILE:LINE with one "
            "line number (no column)") in out
