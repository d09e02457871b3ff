"""Helpers for the Delve tests: find programs and their ``// @marker`` lines, run a coroutine
bounded, and check that no process is left behind.

Imported by name (``from delve_helpers import …``): pytest puts this folder on ``sys.path``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from sessionprocs import assert_gone, dispatcher, marker_line, processes_running, run, session_pids  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
PROGRAMS = Path(__file__).resolve().parent / "programs"
BASICS = PROGRAMS / "basics.go"
MULTI = PROGRAMS / "multi"

DLV = os.environ.get("DAPCLI_DLV") or shutil.which("dlv")
GO = shutil.which("go")
MISSING = [name for name, path in (("dlv (Delve)", DLV), ("go (the Go toolchain)", GO)) if not path]
requires_delve = pytest.mark.skipif(
    bool(MISSING),
    reason=f"Delve tests need {' and '.join(MISSING)} on PATH (apt-get install delve golang-go)",
)


#: The dapcli of this venv (one-shot CLI tests).
DAPCLI = shutil.which("dapcli", path=str(Path(sys.executable).parent)) or "dapcli"


def dapcli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """Run the one-shot CLI with ``env`` (see the ``cli_env`` fixture) in the Go programs' folder."""
    return subprocess.run([DAPCLI, *args], env=env, cwd=PROGRAMS, capture_output=True, text=True, timeout=90)
