"""`dapcli run` exits with the exit code of an error dapcli raised at the launch or at a step (as
the same command exits on the command line: 5 for a missing adapter), and 8 only when a check
did not hold. The error is one line and a hint in the transcript, `exitCode` in the JSON lines
and an <error> (not a <failure>) in JUnit."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import junitparser
import pytest
from conftest import SpyDispatcher, run

ROOT = Path(__file__).resolve().parents[2]
HINT = "    hint: install it: apt-get install gdb"


@pytest.fixture
def no_gdb(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A recipe for the gdb adapter on a machine where gdb is missing (``DAPCLI_GDB`` names a
    command that does not exist), with a real executable as its program."""
    monkeypatch.setenv("DAPCLI_GDB", str(tmp_path / "no-such-gdb"))
    program = tmp_path / "prog"
    program.write_text("#!/bin/sh\nexit 0\n")
    program.chmod(0o755)
    recipe = tmp_path / "native.yaml"
    recipe.write_text("target: {program: prog, adapter: gdb}\nsteps:\n  - continue: {}\n    expect: {exitCode: 0}\n")
    return recipe


def test_a_missing_adapter_exits_5_with_one_line_and_a_hint(no_gdb: Path, tmp_path: Path) -> None:
    report = tmp_path / "junit.xml"
    spy = SpyDispatcher()
    code, out = run(no_gdb, junit=str(report), dispatcher=spy)
    assert code == 5, out
    lines = out.splitlines()
    at = lines.index("  ✘ launch failed: gdb is not installed")
    assert lines[at + 1].startswith(HINT), out
    assert lines[at + 2].startswith(f"✘ {no_gdb}: 0 step(s), 0 check(s), 1 error (") and lines[at + 2].endswith(
        ", exit code 5"), out
    assert lines[at + 3] == f"  first failure: {no_gdb}: launch failed: gdb is not installed"
    (suite,) = list(junitparser.JUnitXml.fromfile(str(report)))
    assert (suite.errors, suite.failures, suite.skipped) == (1, 0, 1)
    setup = next(case for case in suite if case.name == "setup")
    assert isinstance(setup.result[0], junitparser.Error)
    assert setup.result[0].message == "launch failed: gdb is not installed"
    assert "hint: install it: apt-get install gdb" in setup.result[0].text
    assert setup.result[0].text.endswith("exit code 5")
    assert spy.left_running() == []


def test_a_missing_adapter_in_the_json_lines(no_gdb: Path) -> None:
    code, out = run(no_gdb, json_lines=True)
    assert code == 5, out
    *_, end, summary = (json.loads(line) for line in out.splitlines())
    assert end["event"] == "end" and end["exitCode"] == 5 and end["errors"] == 1 and end["failed"] == 0
    assert end["error"] == "launch failed: gdb is not installed"
    assert end["hint"].startswith("install it: apt-get install gdb")
    assert summary == {"event": "summary", "recipes": 1, "passed": 0, "failed": 1, "invalid": 0, "exitCode": 5}


def test_the_command_line_exits_as_dapcli_launch_does(no_gdb: Path) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    dapcli = [sys.executable, "-m", "dapcli"]
    launch = subprocess.run([*dapcli, "launch", "--adapter", "gdb", "./prog"], cwd=no_gdb.parent, env=env,
                            capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    replay = subprocess.run([*dapcli, "run", str(no_gdb)], cwd=no_gdb.parent, env=env, capture_output=True,
                            text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert launch.returncode == 5, launch.stdout + launch.stderr
    assert replay.returncode == launch.returncode, replay.stdout + replay.stderr
    assert "gdb is not installed" in launch.stderr and "✘ launch failed: gdb is not installed" in replay.stdout


def test_a_step_error_keeps_its_exit_code_and_wins_over_a_failed_check(recipe_file, tmp_path: Path) -> None:
    path = recipe_file("""
        target: {program: {loop}}
        breakpoints: [loop.py:{@scale}]
        steps:
          - continue
          - evaluate: {expression: factor}
            expect: {result: "5"}
          - evaluate: {expression: no_such_name}
    """)
    code, out = run(path)  # stops at the failed check: the error never happens
    assert code == 8, out
    report = tmp_path / "junit.xml"
    code, out = run(path, keep_going=True, json_lines=True, junit=str(report))
    assert code == 5, out  # `dapcli eval no_such_name` exits 5 (NameError: the adapter refused)
    steps = [e for e in map(json.loads, out.splitlines()) if e["event"] == "step"]
    assert "exitCode" not in steps[1] and steps[1]["checks"][0]["passed"] is False
    assert steps[2]["exitCode"] == 5 and "NameError" in steps[2]["error"]
    (suite,) = list(junitparser.JUnitXml.fromfile(str(report)))
    assert (suite.errors, suite.failures) == (1, 1)


def test_a_step_on_an_ended_session_exits_3(recipe_file) -> None:
    path = recipe_file("""
        target: {program: {loop}}
        steps:
          - stop
          - evaluate: {expression: "1 + 1"}
    """)
    code, out = run(path)
    assert code == 3, out
    assert "step 2  evaluate" in out and "\n         ✘ " in out and "\n           hint: " in out


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_a_reader_that_leaves_never_hides_a_failed_check(recipe_file, tmp_path: Path, as_json: bool) -> None:
    """``dapcli run r.yaml | head -1`` under ``pipefail`` exited 0 for a recipe whose check failed:
    the closed pipe ended the run quietly. The run goes on without a reader, its exit code stands,
    and nothing is left running."""
    recipe = recipe_file("""
        target: {program: {loop}}
        breakpoints: ["{loop}:{@loop}"]
        steps:
          - continue: {}
            expect: {line: 999}
    """)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
           "DAPCLI_RUNTIME_DIR": str(tmp_path / "rt")}
    (tmp_path / "rt").mkdir(mode=0o700)
    # the reader takes the first line and leaves, as `head -1` does
    run_it = subprocess.Popen([sys.executable, "-m", "dapcli", "run", *(["--json"] if as_json else []), str(recipe)],
                              cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              stdin=subprocess.DEVNULL)
    assert run_it.stdout is not None
    first = run_it.stdout.readline()
    run_it.stdout.close()
    assert run_it.wait(timeout=120) == 8, first
    assert first.startswith(b'{"event": "recipe"' if as_json else "▶ ".encode()), first
