"""`dapcli test` after its first stop: `restart` runs the same tests again and stops at the same
failure (pytest with its early start, a project whose tests in tests/ import its package, Go);
a later stop names the test it is in, not the first failure's."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import PROGRAMS, PYTHON, Cli, line_of

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
CART_TESTS = EXAMPLES / "tests" / "test_cart.py"
GO_TESTS = EXAMPLES / "go" / "cart_test.go"
requires_go = pytest.mark.skipif(not (shutil.which("dlv") and shutil.which("go")), reason="needs dlv and go")


def go_line(marker: str) -> int:
    lines = GO_TESTS.read_text().splitlines()
    return next(n for n, text in enumerate(lines, 1) if f"// @{marker}" in text)


def test_restart_after_pytest_stops_at_the_failure_again(dc: Cli) -> None:
    first = dc.json("test", "--python", PYTHON, "tests/test_cart.py", cwd=EXAMPLES, timeout=120)
    dc.sessions.add("default")
    assert first["test"]["id"] == "tests/test_cart.py::test_total_with_discount"
    again = dc.json("restart", cwd=EXAMPLES, timeout=120)
    dc.record()
    assert again["status"] == "stopped", again
    assert (again["location"]["path"], again["location"]["line"]) == (str(CART_TESTS), line_of(CART_TESTS, "assert"))
    assert again["test"]["id"] == "tests/test_cart.py::test_total_with_discount"
    assert again["test"]["message"].startswith("assert 26.73 == 24.41")
    assert again["test"]["failures"] == 1  # the new run's, counted afresh
    assert dc.status()["program"] == "pytest tests/test_cart.py"
    # still a test run: skips and expected exceptions pass, the next failure and the summary come
    second = dc.json("continue", cwd=EXAMPLES)
    assert second["test"]["id"] == "tests/test_cart.py::test_total_of_one_item"
    end = dc.json("continue", cwd=EXAMPLES)
    assert (end["exitCode"], end["test"]["summary"]) == (1, "2 failed, 2 passed")


def test_restart_in_a_project_whose_tests_import_its_package(dc: Cli, tmp_path: Path) -> None:
    project = tmp_path / "pkgproject"
    shutil.copytree(PROGRAMS / "pkgproject", project)
    tests = project / "tests" / "test_shop.py"
    first = dc.json("test", "--python", PYTHON, cwd=project, timeout=120)
    dc.sessions.add("default")
    assert first["test"]["id"] == "tests/test_shop.py::test_misspelled"
    again = dc.json("restart", cwd=project, timeout=120)
    dc.record()
    assert again["test"]["id"] == "tests/test_shop.py::test_misspelled"
    assert again["location"]["path"] == str(project / "shop" / "__init__.py")
    text = dc.run("restart", cwd=project, timeout=120).out
    assert "did not answer initialize" not in text
    assert "FAILED tests/test_shop.py::test_misspelled" in text
    last = dc.json("continue", cwd=project)
    assert (last["test"]["id"], last["location"]["line"]) == ("tests/test_shop.py::test_last", line_of(tests, "last"))


def test_a_later_breakpoint_names_its_own_test(dc: Cli, tmp_path: Path) -> None:
    project = tmp_path / "pkgproject"
    shutil.copytree(PROGRAMS / "pkgproject", project)
    tests = project / "tests" / "test_shop.py"
    first = dc.json("test", "--python", PYTHON, cwd=project, timeout=120)
    dc.sessions.add("default")
    dc.record()
    assert first["test"]["id"] == "tests/test_shop.py::test_misspelled"
    dc.run("break", "add", f"tests/test_shop.py:{line_of(tests, 'last')}", cwd=project)
    at_break = dc.json("continue", cwd=project)
    assert (at_break["reason"], at_break["location"]["line"]) == ("breakpoint", line_of(tests, "last"))
    assert at_break["test"]["id"] == "tests/test_shop.py::test_last"  # not the failure before it
    assert "message" not in at_break["test"]
    assert "Stopped (breakpoint 1) in test_last" in dc.run("status", cwd=project).out
    failure = dc.json("continue", cwd=project)
    assert (failure["reason"], failure["test"]["id"]) == ("exception", "tests/test_shop.py::test_last")
    assert failure["test"]["message"].startswith("assert (525 + 1) == 525")
    # a breakpoint in an earlier test, reached by a restart: that test's id
    dc.run("break", "add", f"tests/test_shop.py:{line_of(tests, 'notebook')}", cwd=project)
    again = dc.json("restart", cwd=project, timeout=120)
    dc.record()
    assert (again["reason"], again["location"]["line"]) == ("breakpoint", line_of(tests, "notebook"))
    assert again["test"]["id"] == "tests/test_shop.py::test_notebook"


@requires_go
def test_go_restart_and_a_later_tests_breakpoint(dc: Cli) -> None:
    first = dc.json("test", "go", "TestTotalWithDiscount", "TestFirstItem", cwd=EXAMPLES, timeout=180)
    dc.sessions.add("default")
    dc.record()
    assert (first["test"]["id"], first["location"]["line"]) == ("TestTotalWithDiscount", go_line("errorf"))
    dc.run("break", "add", f"{GO_TESTS}:{go_line('panic') - 1}", cwd=EXAMPLES)
    later = dc.json("continue", cwd=EXAMPLES)
    assert (later["reason"], later["location"]["line"]) == ("breakpoint", go_line("panic") - 1)
    assert later["test"]["id"] == "TestFirstItem"  # not TestTotalWithDiscount's failure
    again = dc.json("restart", cwd=EXAMPLES, timeout=180)
    dc.record()
    assert (again["test"]["id"], again["location"]["line"]) == ("TestTotalWithDiscount", go_line("errorf"))
    assert again["reason"] == "test failure" and again["test"]["message"].endswith("= 2673, want 2441")
    panic = dc.json("continue", cwd=EXAMPLES)  # the kept breakpoint, then the panic
    assert panic["test"]["id"] == "TestFirstItem"
