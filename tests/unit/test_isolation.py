"""The suite's own isolation: a private runtime dir and a marker per test, leftovers killed,
and README's test command is the one CI runs."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from testprocs import MARKER_VAR, OWNER, OWNER_VAR, carrying, kill_all, ours

ROOT = Path(__file__).resolve().parents[2]


def test_each_test_has_its_own_runtime_dir_and_marker(isolated_test: str) -> None:
    assert os.environ[MARKER_VAR] == isolated_test
    assert os.environ["DAPCLI_RUNTIME_DIR"] and os.path.isdir(os.environ["DAPCLI_RUNTIME_DIR"])
    assert OWNER_VAR in os.environ


def test_the_owner_is_this_worker_not_the_xdist_controller() -> None:
    """Two xdist workers must not share an owner: each would see the other's live programs."""
    assert OWNER.startswith(f"{os.getpid()}-") and os.environ[OWNER_VAR] == OWNER


def test_processes_carrying_the_marker_are_found_and_killed(isolated_test: str) -> None:
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])
    try:
        found = carrying(MARKER_VAR, isolated_test)
        assert [p.pid for p in found] == [child.pid]
        assert ours(found[0])
        assert kill_all(found) == []
        assert child.poll() is not None
    finally:
        child.kill()
        child.wait()


def test_readme_runs_the_tests_as_ci_does() -> None:
    ci = re.search(r"^\.venv/bin/python -m pytest.*$", (ROOT / ".ci" / "run").read_text(), re.M)
    assert ci is not None
    assert ci.group(0) in (ROOT / "README.md").read_text()
