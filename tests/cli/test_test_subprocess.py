"""`dapcli test` on a test that runs a Python subprocess that fails with an uncaught exception: the
child (a debugpy subprocess session) does not stop at its exception and hold the run; the stop
is the test's own failing assert, and `continue` reaches pytest's summary."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import PYTHON, Cli

pytestmark = pytest.mark.slow

TEST = '''import subprocess
import sys


def test_child():
    done = subprocess.run([sys.executable, "-c", "raise ValueError('child broke')"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr.splitlines()[-1]
'''


def test_a_failing_child_process_stops_at_the_tests_assert(dc: Cli, tmp_path: Path) -> None:
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "test_spawn.py").write_text(TEST)
    state = dc.json("test", "--python", PYTHON, "test_spawn.py", cwd=tmp_path, timeout=180)
    dc.sessions.add("default")
    dc.record("default")
    assert state["status"] == "stopped", state
    assert state["test"]["id"] == "test_spawn.py::test_child" and state["location"]["line"] == 7
    assert state["test"]["message"].startswith("ValueError: child broke")
    end = dc.json("continue", cwd=tmp_path, timeout=120)
    assert end["exitCode"] == 1 and end["test"]["summary"] == "1 failed"
