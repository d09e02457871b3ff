"""The parts of `dapcli test` that need no adapter: which exceptions a test expects (read from
its source), the runners' summaries, the runner detection, the failure recipe."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from dapcli.dispatch.testrecord import test_recipe as failure_recipe
from dapcli.engine.testrun.detect import detect_runner
from dapcli.engine.testrun.expected import expects_exception, marked_expected_failure
from dapcli.engine.testrun.gotest import GoTestRunner
from dapcli.engine.testrun.python import PytestRunner, UnittestRunner
from dapcli.errors import UsageError
from dapcli.verbs.models import Location, StopState, TestView, VariableView

SOURCE = textwrap.dedent('''\
    import contextlib, pytest

    def test_block():
        with pytest.raises(ValueError):
            int("x")
        with contextlib.suppress(KeyError):
            {}["k"]

    def test_callable(self):
        self.assertRaises(ValueError, int, "x")

    def test_assert_inside():
        with pytest.raises(ValueError):
            assert 1 == 2

    def test_plain():
        int("x")

    @pytest.mark.xfail(reason="known")
    def test_marked():
        assert 0

    class TestGroup:
        @unittest.expectedFailure
        def test_method(self):
            assert 0
    ''')


@pytest.fixture
def source(tmp_path: Path) -> str:
    path = tmp_path / "test_x.py"
    path.write_text(SOURCE)
    return str(path)


def line(text: str) -> int:
    return next(n for n, row in enumerate(SOURCE.splitlines(), 1) if text in row)


def test_expected_exceptions_are_read_from_the_source(source: str) -> None:
    assert expects_exception(source, line('int("x")'), "ValueError")  # the first: inside raises
    assert expects_exception(source, line('{}["k"]'), "KeyError")  # inside suppress
    assert expects_exception(source, line("self.assertRaises"), "ValueError")  # the callable form
    assert not expects_exception(source, line("assert 1 == 2"), "AssertionError")  # a failed assert is a failure
    assert not expects_exception(source, line("with pytest.raises") , "ValueError")  # the header itself
    assert not expects_exception(source, 999, "ValueError")
    assert not expects_exception("/nonexistent.py", 1, "ValueError")


def test_expected_failures_are_marks_on_the_test(source: str) -> None:
    assert marked_expected_failure(source, "test_marked")
    assert marked_expected_failure(source, "test_method")
    assert not marked_expected_failure(source, "test_plain")


def test_runner_summaries() -> None:
    pytest_runner = PytestRunner([], [], match=None, first=False, cwd="/")
    output = "....\n========= 2 failed, 3 passed, 1 skipped in 0.31s =========\n"
    summary = pytest_runner.summary(output, 1)
    assert (summary.text, summary.passed, summary.failed) == ("2 failed, 3 passed, 1 skipped", 3, 2)
    assert pytest_runner.no_match("ERROR: not found: /x/test_cart.py::nope\n", 4) == \
        "ERROR: not found: /x/test_cart.py::nope"
    assert pytest_runner.no_match("", 1) is None

    unit = UnittestRunner([], [], match=None, first=False, cwd="/")
    summary = unit.summary("F.\n---\nRan 2 tests in 0.001s\n\nFAILED (failures=1)\n", 1)
    assert (summary.text, summary.passed, summary.failed) == ("Ran 2 tests: FAILED failures=1", 1, 1)

    go = GoTestRunner([], [], match="Total", first=True, cwd="/")
    assert go.arguments() == ["-test.v", "-test.run", "Total", "-test.failfast"]
    summary = go.summary("--- PASS: TestA (0.00s)\n--- FAIL: TestB (0.00s)\n    --- FAIL: TestB/x\nFAIL\n", 1)
    assert (summary.text, summary.passed, summary.failed) == ("FAIL: 1 passed, 1 failed", 1, 1)
    assert go.no_match("testing: warning: no tests to run\nPASS\n", 0) == "go test ran no test"


def test_runner_detection(tmp_path: Path) -> None:
    (tmp_path / "go.mod").write_text("module x\n")
    assert detect_runner(None, [], str(tmp_path)) == "go"
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    assert detect_runner(None, [], str(tmp_path)) == "pytest"
    assert detect_runner(None, ["tests/test_x.py::test_y"], str(tmp_path)) == "pytest"
    assert detect_runner("unittest", [], str(tmp_path)) == "unittest"
    with pytest.raises(UsageError, match="unknown test runner"):
        detect_runner("nose", [], str(tmp_path))


def test_the_failure_recipe_checks_the_line_message_and_values(tmp_path: Path) -> None:
    state = StopState(
        session="default", status="stopped", location=Location(path=str(tmp_path / "t.py"), line=16),
        locals=[VariableView(name="expected", value="24.41"), VariableView(name="items", value="[…]",
                                                                            variables_reference=7)],
        test=TestView(runner="pytest", id="t.py::test_total", message="assert 26.73 == 24.41\n + where …"),
    )
    recipe = failure_recipe({"selectors": ["t.py::test_total"]}, state, str(tmp_path), str(tmp_path))
    assert recipe["target"] == {"test": "t.py::test_total", "cwd": ".", "runner": "pytest"}
    first, value = recipe["steps"]
    assert first["expect"]["line"] == 16 and first["expect"]["test.message"] == {"contains": "assert 26.73 == 24.41"}
    assert value == {"evaluate": {"expression": "expected"}, "name": "the value of expected",
                     "expect": {"result": "24.41"}}
    with pytest.raises(UsageError, match="nothing to record"):
        failure_recipe({}, StopState(session="default", status="exited"), str(tmp_path), str(tmp_path))


def test_go_run_pattern_joins_names_level_by_level() -> None:
    from dapcli.engine.testrun.gotest import _run_pattern

    assert _run_pattern(["TestA"]) == "TestA"
    assert _run_pattern(["TestA/case one"]) == "TestA/case one"
    assert _run_pattern(["TestA", "TestB"]) == "^(TestA|TestB)$"
    assert _run_pattern(["TestA/x", "TestB/y"]) == "^(TestA|TestB)$/^(x|y)$"
    assert _run_pattern(["TestA/x", "TestB"]) == "^(TestA|TestB)$"  # TestB's level 2 is unfiltered
