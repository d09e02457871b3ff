"""`dapcli test` on `go test` workflows (Delve's test mode): table tests whose subtests fail with
t.Fatalf, a subtest chosen by its `-run` pattern (`TestTable/case`), and panics raised in a
function the test calls: the failure names the test, not the function that panicked."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import Cli

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not (shutil.which("dlv") and shutil.which("go")), reason="needs dlv and go")]

PACKAGE = Path(__file__).resolve().parent / "programs" / "gotable"
TESTS = PACKAGE / "calc_test.go"


def marker_line(path: Path, marker: str) -> int:
    return next(n for n, text in enumerate(path.read_text().splitlines(), 1) if f"// @{marker}" in text)


def run_test(dc: Cli, *args: str) -> dict:
    result = dc.json("test", *args, cwd=PACKAGE, timeout=180)
    dc.sessions.add("default")
    dc.record("default")
    return result


def test_table_subtests_stop_at_each_fatalf_with_the_subtest_id(dc: Cli) -> None:
    first = run_test(dc, ".", "TestAddTable")
    assert (first["location"]["path"], first["location"]["line"]) == (str(TESTS), marker_line(TESTS, "fatal"))
    assert first["test"]["id"] == "TestAddTable/zero"
    assert first["test"]["message"] == "calc_test.go:18: Add(0, 0) = 1, want 0"
    second = dc.json("continue", cwd=PACKAGE, timeout=120)
    assert second["test"]["id"] == "TestAddTable/one_two"
    end = dc.json("continue", cwd=PACKAGE, timeout=120)
    assert end["status"] == "exited" and end["exitCode"] == 1


@pytest.mark.parametrize("selectors", [(".", "TestAddTable/one_two"), ("TestAddTable/one_two",)])
def test_a_subtest_pattern_is_a_run_pattern_not_a_path(dc: Cli, selectors: tuple[str, ...]) -> None:
    state = run_test(dc, *selectors)
    assert state["test"]["id"] == "TestAddTable/one_two"
    assert state["test"]["message"] == "calc_test.go:18: Add(1, 2) = 4, want 3"


@pytest.mark.parametrize(("name", "test_id"), [("TestDivPanics", "TestDivPanics"),
                                               ("TestSubPanic", "TestSubPanic/inner")])
def test_a_panic_in_a_called_function_names_the_test(dc: Cli, name: str, test_id: str) -> None:
    state = run_test(dc, ".", name)
    assert state["location"]["line"] == marker_line(PACKAGE / "calc.go", "div")
    assert state["test"]["kind"] == "panic"
    assert state["test"]["id"] == test_id  # not "Div": the function that panicked is no test
    assert state["test"]["message"] == "panic: runtime error: integer divide by zero"


def test_a_failure_in_a_t_helper_has_the_message_go_logged_at_the_caller(dc: Cli) -> None:
    helper = PACKAGE / "helper_test.go"
    state = run_test(dc, ".", "TestWithHelper")
    assert (state["location"]["path"], state["location"]["line"]) == (str(helper), marker_line(helper, "errorf"))
    assert state["test"]["id"] == "TestWithHelper"
    assert state["test"]["message"] == f"helper_test.go:{marker_line(helper, 'helper')}: Add(5, 1) = 7, want 6"


def test_a_subtest_pattern_among_other_names_still_runs(dc: Cli) -> None:
    """Go splits `-run` at `/` per level: `TestAddTable/one_two` with `TestDivPanics` must not
    become one top-level pattern that matches neither level (the subtest silently not run)."""
    seen = [run_test(dc, ".", "TestAddTable/one_two", "TestDivPanics")["test"]["id"]]
    for _ in range(4):
        state = dc.json("continue", cwd=PACKAGE, timeout=120)
        if state["status"] != "stopped":
            break
        seen.append(state["test"]["id"])
    assert "TestAddTable/one_two" in seen and "TestDivPanics" in seen, seen
