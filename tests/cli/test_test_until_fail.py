"""``dapcli test --until-fail N`` on real flaky tests (pytest through debugpy, ``go test`` through
Delve, a C test binary through lldb-dap and gdb): the tests run again, one debug session per
run, until one fails; the failure stop is the usual one and says on which run it came. ``-b``
sets breakpoints inside the test run. Each flaky test counts its runs in a file of FLAKY_DIR
and fails on run FLAKY_FAIL_ON."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import DAPCLI, PROGRAMS, PYTHON, Cli, line_of, one_line_error

pytestmark = pytest.mark.slow

FLAKY = PROGRAMS / "flaky"
GO = FLAKY / "go"
requires_go = pytest.mark.skipif(not (shutil.which("dlv") and shutil.which("go")), reason="needs dlv and go")


def go_line(marker: str) -> int:
    lines = (GO / "flaky_test.go").read_text().splitlines()
    return next(n for n, text in enumerate(lines, 1) if f"// @{marker}" in text)


def c_line(marker: str) -> int:
    lines = (FLAKY / "flaky.c").read_text().splitlines()
    return next(n for n, text in enumerate(lines, 1) if f"/* @{marker} */" in text)


def flaky_env(tmp_path: Path, fail_on: int) -> dict[str, str]:
    counts = tmp_path / "counts"
    counts.mkdir(exist_ok=True)
    return {"FLAKY_DIR": str(counts), "FLAKY_FAIL_ON": str(fail_on)}


def runs_made(tmp_path: Path) -> int:
    return int((tmp_path / "counts" / "runs").read_text())


def run_tests(dc: Cli, tmp_path: Path, *args: str, fail_on: int = 3, cwd: Path = FLAKY, json: bool = True,
         check: bool | int = True) -> dict | str:
    env = flaky_env(tmp_path, fail_on)
    if json:
        result = dc.json("test", *args, cwd=cwd, env=env, timeout=240, check=check)
    else:
        result = dc.run("test", *args, cwd=cwd, env=env, timeout=240, check=check).out
    dc.sessions.add("default")
    dc.record()
    return result


def test_pytest_stops_at_the_failure_of_run_3_of_10(dc: Cli, tmp_path: Path) -> None:
    out = run_tests(dc, tmp_path, "--python", PYTHON, "test_flaky.py", "--until-fail", "10", json=False)
    assert "FAILED test_flaky.py::test_sometimes (failed on run 3 of 10)" in out, out
    assert f"Stopped (exception) in test_sometimes at test_flaky.py:{line_of(FLAKY / 'test_flaky.py', 'assert')}" \
        in out, out
    assert runs_made(tmp_path) == 3  # no run after the failing one
    state = dc.json("status", cwd=FLAKY)["stop"]
    assert state["test"]["id"] == "test_flaky.py::test_sometimes"
    assert (state["test"]["run"], state["test"]["runs"]) == (3, 10)
    assert state["test"]["message"].startswith("assert 3 != 3")
    assert dc.json("evaluate", "count", cwd=FLAKY)["result"] == "3"  # every verb works at the stop
    end = dc.run("continue", cwd=FLAKY).out
    assert "failed on run 3 of 10: 1 failed, 1 passed (pytest exit code 1)" in end, end


def test_all_runs_passing_say_so_and_the_session_ends(dc: Cli, tmp_path: Path) -> None:
    result = dc.run("test", "--python", PYTHON, "test_flaky.py", "--until-fail", "3", cwd=FLAKY,
                    env=flaky_env(tmp_path, 99), timeout=240)
    dc.sessions.add("default")
    assert "passed 3 of 3 runs: all 2 tests passed (pytest exit code 0)" in result.out, result.out
    assert runs_made(tmp_path) == 3
    status = dc.json("status", cwd=FLAKY)
    assert status["state"] in ("exited", "terminated") and status["exitCode"] == 0
    assert (status["stop"]["test"]["run"], status["stop"]["test"]["runs"]) == (3, 3)


@pytest.mark.parametrize(("value", "said"), [
    ("0", "untilFail: must be greater than or equal to 1"),
    ("-1", "untilFail: must be greater than or equal to 1"),
    ("2.5", "'--until-fail': Input should be a valid integer"),
    ("ten", "'--until-fail': Input should be a valid integer"),
])
def test_bad_number_of_runs_is_one_line_and_starts_nothing(dc: Cli, value: str, said: str) -> None:
    result = dc.run("test", "test_flaky.py", f"--until-fail={value}", cwd=FLAKY, check=2)
    assert said in one_line_error(result.err)
    assert dc.run("status", cwd=FLAKY, check=False).code == 3  # no session was started


def test_breakpoint_in_the_code_under_test_stops_there(dc: Cli, tmp_path: Path) -> None:
    bump = line_of(FLAKY / "counter.py", "bump")
    state = run_tests(dc, tmp_path, "--python", PYTHON, "test_flaky.py", "-b", f"counter.py:{bump}")
    assert (state["reason"], state["location"]["line"]) == ("breakpoint", bump)
    assert state["location"]["path"] == str(FLAKY / "counter.py")
    assert state["test"]["id"] == "test_flaky.py::test_sometimes" and state["test"].get("runs") is None
    assert dc.json("break", "list", cwd=FLAKY)["breakpoints"][0]["verified"] is True


def test_conditional_breakpoint_across_runs_and_continue_goes_on_to_the_next_run(dc: Cli, tmp_path: Path) -> None:
    """Run 1 passes without stopping (count is 0); run 2 stops at the breakpoint; `continue`
    ends run 2, which passes, and goes on to run 3, which fails."""
    bump = line_of(FLAKY / "counter.py", "bump")
    state = run_tests(dc, tmp_path, "--python", PYTHON, "test_flaky.py", "--until-fail", "5",
                 "-b", f"counter.py:{bump} if count == 1")
    assert (state["reason"], state["location"]["line"]) == ("breakpoint", bump)
    assert (state["test"]["run"], state["test"]["runs"]) == (2, 5)
    assert {v["name"]: v["value"] for v in state["locals"]}["count"] == "1"
    failure = dc.json("continue", "--timeout", "120", cwd=FLAKY, timeout=150)
    assert failure["test"]["message"].startswith("assert 3 != 3")
    assert (failure["test"]["run"], failure["test"]["runs"]) == (3, 5)
    assert failure["location"]["line"] == line_of(FLAKY / "test_flaky.py", "assert")
    assert dc.json("break", "list", cwd=FLAKY)["breakpoints"][0]["condition"] == "count == 1"  # kept between runs


def test_bad_breakpoint_is_refused_before_the_run(dc: Cli) -> None:
    result = dc.run("test", "test_flaky.py", "-b", "counter.py:999", cwd=FLAKY, check=2)
    assert "line 999 is past the end of counter.py" in one_line_error(result.err)
    bare = dc.run("test", "test_flaky.py", "-b", "12", cwd=FLAKY, check=2)
    assert "a bare line number needs a current file" in one_line_error(bare.err)
    assert dc.run("status", cwd=FLAKY, check=False).code == 3


@requires_go
def test_go_test_stops_at_the_failure_of_run_3(dc: Cli, tmp_path: Path) -> None:
    state = run_tests(dc, tmp_path, ".", "--until-fail", "6", cwd=GO)
    assert state["reason"] == "test failure"
    assert state["test"]["id"] == "TestSometimes"
    assert state["test"]["message"] == f"flaky_test.go:{go_line('fail')}: run 3 failed"
    assert (state["test"]["run"], state["test"]["runs"]) == (3, 6)
    assert (state["location"]["path"], state["location"]["line"]) == (str(GO / "flaky_test.go"), go_line("fail"))
    assert runs_made(tmp_path) == 3


@requires_go
def test_go_breakpoint_in_the_test_run(dc: Cli, tmp_path: Path) -> None:
    state = run_tests(dc, tmp_path, ".", "-b", f"flaky_test.go:{go_line('bump')}", cwd=GO)
    assert (state["reason"], state["location"]["line"]) == ("breakpoint", go_line("bump"))
    assert state["location"]["function"].endswith("bump")


@pytest.mark.parametrize("adapter", ["lldb", "gdb"])
def test_c_test_binary_fails_on_run_3(dc: Cli, tmp_path: Path, adapter: str) -> None:
    from dapcli.adapters.registry import by_name

    if by_name(adapter).find() is None or not shutil.which("gcc"):
        pytest.skip(f"needs the {adapter} adapter and gcc")
    binary = tmp_path / "flaky"
    subprocess.run(["gcc", "-g", "-O0", "-o", str(binary), str(FLAKY / "flaky.c")], check=True, timeout=120)
    state = run_tests(dc, tmp_path, "--adapter", adapter, str(binary), "--until-fail", "4", cwd=tmp_path)
    assert state["test"]["id"] == "flaky (main)" and "Assertion" in state["test"]["message"]
    assert (state["test"]["run"], state["test"]["runs"]) == (3, 4)
    assert (state["location"]["function"], state["location"]["line"]) == ("main", c_line("assert"))
    assert runs_made(tmp_path) == 3


def test_record_a_flaky_failure_replays_with_its_runs(dc: Cli, tmp_path: Path) -> None:
    """``--record`` of a failure found with ``--until-fail`` writes ``untilFail`` in the target:
    the replay runs the tests again until the failure comes (a recipe of one run would pass)."""
    recipe = tmp_path / "flaky.yaml"
    result = dc.run("test", "--python", PYTHON, "test_flaky.py", "--until-fail", "10", "--record", str(recipe),
                    cwd=FLAKY, env=flaky_env(tmp_path, 3), timeout=240)
    dc.sessions.add("default")
    dc.record()
    assert "recorded the failure as a recipe" in result.err
    assert "untilFail: 10" in recipe.read_text()
    dc.run("stop", cwd=FLAKY)
    (tmp_path / "counts" / "runs").unlink()  # a fresh count: the replay fails on its run 3 again
    replay = dc.run("run", str(recipe), cwd=FLAKY, env=flaky_env(tmp_path, 3), timeout=240)
    assert "check(s) passed" in replay.out and runs_made(tmp_path) == 3, replay.out


def test_stop_ends_the_runs(dc: Cli, tmp_path: Path) -> None:
    """``stop`` while the runs go on (here in run 2 or later) ends them: no run starts after it,
    and nothing is left running (the fixture checks every process)."""
    import os
    import time

    env = {**dc.env, **flaky_env(tmp_path, 99)}
    runs = tmp_path / "counts" / "runs"
    with subprocess.Popen([*DAPCLI, "test", "--python", PYTHON, "test_flaky.py", "--until-fail", "50"], cwd=FLAKY,
                          env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        deadline = time.monotonic() + 180
        while not (runs.exists() and runs.read_text().strip() not in ("", "1")) and time.monotonic() < deadline:
            time.sleep(0.1)  # polling a file the run writes (bounded), not a fixed wait
        dc.sessions.add("default")
        dc.record()
        dc.run("stop", cwd=FLAKY, check=False)
        _, err = proc.communicate(timeout=120)
    assert "Traceback" not in err.decode()
    assert not dc.wait_gone()
    count = runs_made(tmp_path)
    assert 2 <= count < 50
    assert dc.run("status", cwd=FLAKY, check=False).code == 3
    assert runs_made(tmp_path) == count and os.path.exists(runs)  # no run started after the stop
