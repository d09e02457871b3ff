"""`dapcli test --stdin FILE` (and `--stdin -`): tests that read stdin get that input, on pytest
(which then runs with `--capture=no`: it gives a test no stdin while it captures), `go test`
under Delve and a native test binary; the failure is still found and `continue` reaches the
runner's summary."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import DAPCLI, PYTHON, Cli

pytestmark = pytest.mark.slow

PYTEST_FILE = '''import sys


def test_reads_stdin():
    line = sys.stdin.readline()
    assert line == "expected\\n"  # @assert
'''

GO_TEST = '''package reads

import (
	"io"
	"os"
	"testing"
)

func TestStdin(t *testing.T) {
	data, _ := io.ReadAll(os.Stdin)
	got := string(data)
	if got != "expected" {
		t.Errorf("got %q", got)
	}
}
'''


@pytest.fixture
def pytest_project(tmp_path: Path) -> Path:
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "test_reads.py").write_text(PYTEST_FILE)
    (tmp_path / "input.txt").write_text("given\n")
    return tmp_path


def test_pytest_reads_the_stdin_file(dc: Cli, pytest_project: Path) -> None:
    state = dc.json("test", "--python", PYTHON, "--stdin", "input.txt", "test_reads.py", cwd=pytest_project,
                    timeout=120)
    dc.sessions.add("default")
    dc.record("default")
    assert state["test"]["id"] == "test_reads.py::test_reads_stdin"
    assert state["test"]["message"].startswith("assert 'given\\n' == 'expected\\n'")
    assert [v["value"] for v in state["locals"] if v["name"] == "line"] == ["'given\\n'"]
    end = dc.json("continue", cwd=pytest_project, timeout=120)
    assert end["exitCode"] == 1 and end["test"]["summary"] == "1 failed"


def test_pytest_reads_this_commands_stdin(dc: Cli, pytest_project: Path) -> None:
    argv = [*DAPCLI, "--json", "test", "--python", PYTHON, "--stdin", "-", "test_reads.py"]
    done = subprocess.run(argv, cwd=pytest_project, env=dc.env, input=b"expected\n", capture_output=True,
                          timeout=120)
    dc.sessions.add("default")
    assert done.returncode == 0, done.stderr
    state = json.loads(done.stdout)
    assert state["status"] == "exited" and state["exitCode"] == 0  # the test got its input and passed


@pytest.mark.skipif(not (shutil.which("dlv") and shutil.which("go")), reason="needs dlv and go")
def test_go_test_reads_the_stdin_file(dc: Cli, tmp_path: Path) -> None:
    (tmp_path / "go.mod").write_text("module example.com/reads\n\ngo 1.21\n")
    (tmp_path / "r_test.go").write_text(GO_TEST)
    (tmp_path / "input.txt").write_text("given")
    state = dc.json("test", "--stdin", "input.txt", ".", cwd=tmp_path, timeout=180)
    dc.sessions.add("default")
    dc.record("default")
    assert state["test"]["message"] == 'r_test.go:13: got "given"'


def test_record_keeps_the_stdin_file_and_replays_green(dc: Cli, pytest_project: Path) -> None:
    dc.run("test", "--python", PYTHON, "--stdin", "input.txt", "--record", "failure.yaml", "test_reads.py",
           cwd=pytest_project, timeout=120)
    dc.sessions.add("default")
    dc.run("stop", cwd=pytest_project)
    assert "stdin: input.txt" in (pytest_project / "failure.yaml").read_text()
    dc.run("run", "failure.yaml", cwd=pytest_project, timeout=120)
