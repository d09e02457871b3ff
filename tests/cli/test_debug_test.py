"""`dapcli test` on real adapters: pytest and unittest through debugpy (the bundled examples and
edge cases), stopping at the failing line with the test's id, message and locals; `continue` to
the end reports the runner's summary and exit code; nothing is left running."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import PYTHON, Cli, line_of, one_line_error

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
CART_TESTS = EXAMPLES / "tests" / "test_cart.py"
EDGE = Path(__file__).resolve().parent / "programs" / "testrun"


def run_test(dc: Cli, *args: str, cwd: Path = EXAMPLES, check: bool | int = True) -> dict:
    result = dc.json("test", "--python", PYTHON, *args, cwd=cwd, check=check, timeout=120)
    dc.sessions.add("default")
    dc.record("default")
    return result


def test_pytest_stops_at_the_failing_assert_then_runs_to_the_end(dc: Cli) -> None:
    state = run_test(dc, "tests/test_cart.py")
    assert state["status"] == "stopped"
    assert state["location"]["path"] == str(CART_TESTS)
    assert state["location"]["line"] == line_of(CART_TESTS, "assert")
    assert state["test"]["id"] == "tests/test_cart.py::test_total_with_discount"
    assert state["test"]["message"].startswith("assert 26.73 == 24.41")
    assert {v["name"]: v["value"] for v in state["locals"]} == {"expected": "24.41"}  # no @py_ temporaries
    assert dc.json("evaluate", "total(CART, 15)", cwd=EXAMPLES)["result"] == "26.73"
    frames = dc.json("bt", cwd=EXAMPLES)["frames"]  # the test, not dapcli's bootstrap (nor pytest's)
    assert [(f["name"], f["path"]) for f in frames] == [("test_total_with_discount", str(CART_TESTS))]

    second = dc.json("continue", cwd=EXAMPLES)  # the raises test in between does not stop
    assert second["location"]["line"] == line_of(CART_TESTS, "one")
    assert second["test"]["message"].splitlines() == ["one pen at 20% off costs 4.25", "assert 4.25 == 4.2"]
    assert {v["name"]: v["value"] for v in second["locals"]}["got"] == "4.25"

    end = dc.json("continue", cwd=EXAMPLES)
    assert (end["status"], end["exitCode"]) == ("exited", 1)
    assert end["test"]["summary"] == "2 failed, 2 passed" and end["test"]["failures"] == 2


def test_all_passing_is_one_line_and_exit_0(dc: Cli) -> None:
    result = dc.run("test", "--python", PYTHON, "--", "-k", "without or refused", cwd=EXAMPLES, timeout=120)
    assert "all 2 tests passed (pytest exit code 0)" in result.out


def test_first_ends_the_run_at_the_first_failure(dc: Cli) -> None:
    run_test(dc, "--first", "tests/test_cart.py")
    end = dc.json("continue", cwd=EXAMPLES)
    assert end["exitCode"] == 1 and end["test"]["summary"].startswith("1 failed")


def test_runner_args_after_double_dash(dc: Cli) -> None:
    state = run_test(dc, "tests/test_cart.py", "--", "-k", "one_item")
    assert state["test"]["id"] == "tests/test_cart.py::test_total_of_one_item"


def test_selector_matching_nothing_is_a_clear_error(dc: Cli) -> None:
    missing = dc.run("test", "--python", PYTHON, "tests/test_cart.py::test_nope", cwd=EXAMPLES, check=2, timeout=120)
    assert "no test matches tests/test_cart.py::test_nope" in one_line_error(missing.err)
    gone = dc.run("test", "tests/test_nope.py", cwd=EXAMPLES, check=2)
    assert "tests/test_nope.py" in one_line_error(gone.err) and "does not exist" in gone.err
    assert dc.run("status", cwd=EXAMPLES, check=False).code == 3  # no session was left behind


def test_expected_exceptions_skips_and_xfail_do_not_stop(dc: Cli) -> None:
    edge = EDGE / "edge_cases.py"
    state = run_test(dc, "edge_cases.py", cwd=EDGE)
    assert state["test"]["id"] == "edge_cases.py::test_with_coupon"  # the first real failure: a fixture
    assert state["test"]["phase"] == "setup" and state["test"]["message"] == "KeyError: 'SUMMER'"
    assert state["location"]["line"] == line_of(edge, "fixture")
    assert state["location"]["function"] == "coupon"

    deep = dc.json("continue", cwd=EDGE)
    assert deep["test"]["id"] == "edge_cases.py::test_error_in_code"
    assert (deep["location"]["line"], deep["location"]["function"]) == (line_of(edge, "boom"), "boom")
    assert [f["name"] for f in deep["test"]["stack"]] == ["boom", "test_error_in_code"]
    assert deep["test"]["message"] == "ValueError: deep"  # with its type, as pytest says it

    inside = dc.json("continue", cwd=EDGE)
    assert inside["location"]["line"] == line_of(edge, "inraises")  # a failed assert is no expected ValueError
    end = dc.json("continue", cwd=EDGE)
    assert end["exitCode"] == 1
    assert end["test"]["summary"] == "2 failed, 4 passed, 1 skipped, 1 xfailed, 1 error"


def test_unittest_runner(dc: Cli) -> None:
    state = run_test(dc, "--runner", "unittest", "unit_cart", cwd=EDGE)
    assert state["location"]["line"] == line_of(EDGE / "unit_cart.py", "equal")
    assert state["test"]["id"] == "unit_cart.CartTest.test_total"
    assert state["test"]["message"] == "26.73 != 24.41"
    end = dc.json("continue", cwd=EDGE)
    assert end["exitCode"] == 1 and end["test"]["summary"] == "Ran 2 tests: FAILED failures=1"


# -- Go (Delve's test mode) and native test binaries (lldb-dap, gdb) -------------------------------
GO_TESTS = EXAMPLES / "go" / "cart_test.go"
C_TESTS = EXAMPLES / "c" / "test_cart.c"
requires_go = pytest.mark.skipif(not (shutil.which("dlv") and shutil.which("go")), reason="needs dlv and go")


def c_line(marker: str) -> int:
    lines = C_TESTS.read_text().splitlines()
    return next(n for n, text in enumerate(lines, 1) if f"/* @{marker} */" in text)


def go_line(marker: str) -> int:
    lines = GO_TESTS.read_text().splitlines()
    return next(n for n, text in enumerate(lines, 1) if f"// @{marker}" in text)


@requires_go
def test_go_test_stops_at_the_failing_errorf(dc: Cli) -> None:
    state = run_test(dc, "go", "TestTotalWithDiscount")
    assert (state["location"]["path"], state["location"]["line"]) == (str(GO_TESTS), go_line("errorf"))
    assert state["test"]["id"] == "TestTotalWithDiscount"
    assert state["test"]["message"] == "cart_test.go:15: Total(Cart, 15) = 2673, want 2441"
    assert {v["name"]: v["value"] for v in state["locals"]}["got"] == "2673"
    assert state["frames"][0]["name"] == "example.com/cart.TestTotalWithDiscount"  # not testing's Fail
    # dapcli's catcher is not a breakpoint of the user's: the stop says what it caught
    assert state["reason"] == "test failure" and state["rawReason"] == "function breakpoint", state
    assert "Stopped (test failure) in example.com/cart.TestTotalWithDiscount" in dc.run("status", cwd=EXAMPLES).out
    end = dc.json("continue", cwd=EXAMPLES)
    assert end["exitCode"] == 1 and end["test"]["summary"] == "FAIL: 0 passed, 1 failed"


@requires_go
def test_go_test_stops_at_a_panic(dc: Cli) -> None:
    state = run_test(dc, "go", "TestFirstItem")
    assert state["location"]["line"] == go_line("panic")
    assert state["test"]["message"] == "panic: runtime error: index out of range [0] with length 0"
    assert state["test"]["kind"] == "panic"


@pytest.fixture(scope="module")
def c_test_binary(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not shutil.which("gcc"):
        pytest.skip("needs gcc")
    output = tmp_path_factory.mktemp("ctest") / "test_cart"
    subprocess.run(["gcc", "-g", "-O0", "-o", str(output), str(C_TESTS)], check=True, timeout=120)
    return output


@pytest.mark.parametrize("adapter", ["lldb", "gdb"])
def test_native_assert_stops_in_the_users_frame(dc: Cli, c_test_binary: Path, adapter: str) -> None:
    from dapcli.adapters.registry import by_name

    if by_name(adapter).find() is None:
        pytest.skip(f"the {adapter} adapter is not installed (see `dapcli adapters`)")
    state = run_test(dc, "--adapter", adapter, str(c_test_binary))
    assert (state["location"]["path"], state["location"]["line"]) == (str(C_TESTS), c_line("assert"))
    assert state["location"]["function"].startswith("test_total_with_discount")
    assert "Assertion `got == 2441' failed" in state["test"]["message"]
    if adapter == "lldb":
        assert {v["name"]: v["value"] for v in state["locals"]}["got"] == "2673"
        end = dc.json("continue", cwd=EXAMPLES)
        assert end["status"] == "exited" and end["exitCode"] == 6  # SIGABRT


def test_record_writes_a_recipe_that_replays_green(dc: Cli, tmp_path: Path) -> None:
    recipe = tmp_path / "failure.yaml"
    result = dc.run("test", "--python", PYTHON, "tests/test_cart.py::test_total_with_discount", "--record",
                    str(recipe), cwd=EXAMPLES, timeout=120)
    assert "FAILED tests/test_cart.py::test_total_with_discount" in result.out
    assert "recorded the failure as a recipe" in result.err
    text = recipe.read_text()
    assert "test: 'tests/test_cart.py::test_total_with_discount'" in text and "assert 26.73 == 24.41" in text
    dc.run("stop", cwd=EXAMPLES)
    replay = dc.run("run", str(recipe), cwd=tmp_path, timeout=180)
    assert "✔ test.message contains" in replay.out and "check(s) passed" in replay.out


def test_native_nonzero_exit_stops_at_the_exit_call(dc: Cli, tmp_path: Path) -> None:
    from dapcli.adapters.registry import by_name

    if by_name("lldb").find() is None or not shutil.which("gcc"):
        pytest.skip("needs lldb-dap and gcc")
    source = EDGE / "exit_check.c"
    binary = tmp_path / "exit_check"
    subprocess.run(["gcc", "-g", "-O0", "-o", str(binary), str(source)], check=True, timeout=120)
    state = run_test(dc, "--adapter", "lldb", str(binary))
    exit_line = next(n for n, text in enumerate(source.read_text().splitlines(), 1) if "/* @exit */" in text)
    assert (state["location"]["path"], state["location"]["line"]) == (str(source), exit_line)
    assert state["test"]["kind"] == "exit" and state["test"]["message"] == "total = 2673, want 2441"
    assert {v["name"]: v["value"] for v in state["locals"]}["got"] == "2673"
    end = dc.json("continue", cwd=EXAMPLES)
    assert end["exitCode"] == 1


@requires_go
def test_go_failure_catcher_is_not_the_users_breakpoint(dc: Cli) -> None:
    """dapcli's breakpoint on testing.(*common).Fail is not listed, and `break clear` keeps it."""
    run_test(dc, "go", "TestTotalWithDiscount", "--", "-test.count=2")
    assert dc.json("break", "list", cwd=EXAMPLES)["breakpoints"] == []
    dc.run("break", "clear", cwd=EXAMPLES)
    assert one_line_error(dc.run("break", "delete", "--", "-1", cwd=EXAMPLES, check=False).err).startswith("error:")
    again = dc.json("continue", cwd=EXAMPLES)  # the second run of the test fails again: still caught
    assert (again["status"], again["location"]["line"]) == ("stopped", go_line("errorf"))
    assert again["test"]["failures"] == 2
    added = dc.json("break", "add", "cart_test.go:13", cwd=EXAMPLES / "go")
    assert [b["id"] for b in dc.json("break", "list", cwd=EXAMPLES)["breakpoints"]] == [added["id"]] == [1]


def test_native_exit_catcher_is_not_the_users_breakpoint(dc: Cli, tmp_path: Path) -> None:
    from dapcli.adapters.registry import by_name

    if by_name("lldb").find() is None or not shutil.which("gcc"):
        pytest.skip("needs lldb-dap and gcc")
    binary = tmp_path / "exit_check"
    subprocess.run(["gcc", "-g", "-O0", "-o", str(binary), str(EDGE / "exit_check.c")], check=True, timeout=120)
    state = run_test(dc, "--adapter", "lldb", str(binary))
    assert state["test"]["kind"] == "exit"
    assert dc.json("break", "list", cwd=EXAMPLES)["breakpoints"] == []
    cleared = dc.json("break", "clear", cwd=EXAMPLES)
    assert cleared["breakpoints"] == [] and cleared.get("removed") in (None, [])


def test_ctest_name_runs_that_tests_command(dc: Cli, tmp_path: Path) -> None:
    from dapcli.adapters.registry import by_name

    if by_name("lldb").find() is None or not all(shutil.which(t) for t in ("cmake", "ctest", "gcc")):
        pytest.skip("needs lldb-dap, cmake, ctest and gcc")
    (tmp_path / "test_cart.c").write_text(C_TESTS.read_text())
    (tmp_path / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.10)\nproject(cart C)\nadd_executable(test_cart test_cart.c)\n"
        "enable_testing()\nadd_test(NAME cart_total COMMAND test_cart)\n")
    build = tmp_path / "build"
    for step in (["cmake", "-S", str(tmp_path), "-B", str(build), "-DCMAKE_BUILD_TYPE=Debug"],
                 ["cmake", "--build", str(build)]):
        subprocess.run(step, check=True, capture_output=True, timeout=300)
    state = run_test(dc, "--adapter", "lldb", "cart_total", cwd=build)
    assert (state["location"]["path"], state["location"]["line"]) == (str(tmp_path / "test_cart.c"), c_line("assert"))
    assert state["test"]["id"].startswith("cart_total") and "Assertion" in state["test"]["message"]
    dc.run("stop", cwd=build)
    wrong = dc.run("test", "--adapter", "lldb", "no_such_test", cwd=build, check=False)
    assert wrong.code == 2
    assert one_line_error(wrong.err) == f"error: no test binary or ctest test named no_such_test in {build} " \
                                        "(ctest tests: cart_total)"


@pytest.fixture
def python_without_pytest(tmp_path: Path) -> Path:
    """A real interpreter (a venv of the one running the tests) that has no pytest."""
    venv = tmp_path / "nopytest"
    subprocess.run([PYTHON, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=60)
    return venv / "bin" / "python"


def test_pytest_missing_is_one_line_before_anything_starts(dc: Cli, python_without_pytest: Path) -> None:
    result = dc.run("test", "--python", python_without_pytest, "tests/test_cart.py", cwd=EXAMPLES, check=4)
    error = one_line_error(result.err)
    assert error == f"error: pytest is not installed for {python_without_pytest}"
    assert "hint: pip install pytest (or --python PATH)" in result.err
    assert dc.run("status", cwd=EXAMPLES, check=False).code == 3  # nothing was started
