"""`dapcli test -k EXPR` (MCP `match`): pytest's and unittest's `-k`, Go's `-run`; on a test
binary it is a one-line error that says where its own filter goes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import PYTHON, Cli, one_line_error

pytestmark = pytest.mark.slow

PYTEST_FILE = '''import unittest


def test_alpha():
    assert 1 == 2


def test_beta():
    value = "b"
    assert value == "c"


class BetaCase(unittest.TestCase):
    def test_beta_unit(self):
        got = 3
        self.assertEqual(got, 4)
'''


def run(dc: Cli, cwd: Path, *args: str) -> dict:
    result = dc.json("test", *args, cwd=cwd, timeout=180)
    dc.sessions.add("default")
    dc.record("default")
    return result


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "test_k.py").write_text(PYTEST_FILE)
    return tmp_path


def test_pytest_k_expression(dc: Cli, project: Path) -> None:
    state = run(dc, project, "--python", PYTHON, "test_k.py", "-k", "beta and not unit")
    assert state["test"]["id"] == "test_k.py::test_beta"
    end = dc.json("continue", cwd=project, timeout=120)
    assert end["exitCode"] == 1 and end["test"]["summary"] == "1 failed, 2 deselected"


def test_unittest_k_pattern(dc: Cli, project: Path) -> None:
    state = run(dc, project, "--python", PYTHON, "--runner", "unittest", "-k", "beta_unit", "test_k")
    assert state["test"]["id"] == "test_k.BetaCase.test_beta_unit"


@pytest.mark.skipif(not (shutil.which("dlv") and shutil.which("go")), reason="needs dlv and go")
def test_go_k_is_the_run_pattern(dc: Cli, tmp_path: Path) -> None:
    (tmp_path / "go.mod").write_text("module example.com/k\n\ngo 1.21\n")
    (tmp_path / "k_test.go").write_text('package k\n\nimport "testing"\n\nfunc TestAlpha(t *testing.T) {\n'
                                        '\tt.Errorf("alpha")\n}\n\nfunc TestBeta(t *testing.T) {\n'
                                        '\tt.Errorf("beta")\n}\n')
    state = run(dc, tmp_path, "-k", "Beta")
    assert state["test"]["id"] == "TestBeta"


def test_k_on_a_test_binary_is_one_line(dc: Cli, tmp_path: Path) -> None:
    binary = tmp_path / "test_bin"
    binary.write_text("#!/bin/sh\nexit 1\n")
    binary.chmod(0o755)
    result = dc.run("test", "--runner", "native", "./test_bin", "-k", "x", cwd=tmp_path, check=2)
    assert "-k/--match chooses tests of pytest, unittest and go test" in one_line_error(result.err)
