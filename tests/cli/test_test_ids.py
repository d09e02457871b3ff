"""`dapcli test` names the failing test as its runner does: a parametrized pytest id with
characters pytest escapes (`test_ids[h\\xe9llo]`, not a doubled backslash), so `--record`'s
selector and the id agree with pytest's own; a Go test package that has only `_test.go` files;
a panic in a goroutine the test started is named by that test, not by the closure."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import PYTHON, Cli, one_line_error

pytestmark = pytest.mark.slow

PYTEST_FILE = '''import unittest
import pytest


@pytest.mark.parametrize("s", ["h\\u00e9llo", "a[b] c"])
def test_ids(s):
    n = len(s)
    assert n == 99  # @assert


class TestUnit(unittest.TestCase):
    def test_eq(self):
        got = 3
        self.assertEqual(got, 4)
'''

GO_TEST = '''package onlytests

import "testing"

func TestInner(t *testing.T) {
	x := 3
	if x != 4 {
		t.Errorf("x is %d", x)
	}
}

func TestGoroutinePanic(t *testing.T) {
	done := make(chan bool)
	go func() {
		var m map[string]int
		m["x"] = 1
		done <- true
	}()
	<-done
}
'''


def run(dc: Cli, cwd: Path, *args: str) -> dict:
    result = dc.json("test", *args, cwd=cwd, timeout=180)
    dc.sessions.add("default")
    dc.record("default")
    return result


def test_pytest_ids_keep_pytests_escapes(dc: Cli, tmp_path: Path) -> None:
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "test_ids.py").write_text(PYTEST_FILE, encoding="utf-8")
    first = run(dc, tmp_path, "--python", PYTHON, "test_ids.py")
    assert first["test"]["id"] == "test_ids.py::test_ids[h\\xe9llo]"  # pytest's node id, one backslash
    second = dc.json("continue", cwd=tmp_path, timeout=120)
    assert second["test"]["id"] == "test_ids.py::test_ids[a[b] c]"
    third = dc.json("continue", cwd=tmp_path, timeout=120)
    assert third["test"]["id"] == "test_ids.py::TestUnit::test_eq"
    assert third["test"]["message"] == "3 != 4"
    dc.run("stop", cwd=tmp_path)
    again = run(dc, tmp_path, "--python", PYTHON, first["test"]["id"])  # the id selects that test again
    assert again["test"]["id"] == first["test"]["id"]


go_only = pytest.mark.skipif(not (shutil.which("dlv") and shutil.which("go")), reason="needs dlv and go")


@pytest.fixture
def test_only_package(tmp_path: Path) -> Path:
    (tmp_path / "go.mod").write_text("module example.com/onlytests\n\ngo 1.21\n")
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "p_test.go").write_text(GO_TEST)
    return tmp_path


@go_only
def test_go_package_with_only_test_files(dc: Cli, test_only_package: Path) -> None:
    state = run(dc, test_only_package, "./pkg", "TestInner")
    assert state["test"]["id"] == "TestInner"
    assert state["location"]["line"] == 8
    assert state["test"]["message"] == "p_test.go:8: x is 3"


@go_only
def test_go_panic_in_a_goroutine_names_the_test(dc: Cli, test_only_package: Path) -> None:
    state = run(dc, test_only_package / "pkg", ".", "TestGoroutinePanic")
    assert state["test"]["kind"] == "panic"
    assert state["location"]["line"] == 16
    assert state["test"]["id"] == "TestGoroutinePanic"  # not "func1"


@go_only
def test_go_build_error_is_one_line(dc: Cli, tmp_path: Path) -> None:
    (tmp_path / "go.mod").write_text("module example.com/broken\n\ngo 1.21\n")
    (tmp_path / "b_test.go").write_text('package broken\n\nimport "testing"\n\nfunc TestB(t *testing.T) {\n'
                                        '\tundefinedThing()\n}\n')
    result = dc.run("test", ".", cwd=tmp_path, check=5, timeout=180)
    assert one_line_error(result.err) == "error: go test could not build .: ./b_test.go:6:2: undefined: undefinedThing"
    assert "hint: fix the build (`go vet .` lists its errors)" in result.err
    assert dc.run("status", cwd=tmp_path, check=3)
