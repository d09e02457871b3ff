"""Fixtures for the Ruby (rdbg) tests: a one-shot CLI environment; no Ruby program left running."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator

import pytest
from ruby_helpers import DAPCLI, PROGRAMS, processes_running


@pytest.fixture(autouse=True, scope="module")
def no_program_left() -> Iterator[None]:
    """After each module: no Ruby program of these tests is still running."""
    yield
    left = processes_running(str(PROGRAMS))
    assert not left, f"processes left behind: {left}"


@pytest.fixture
def cli_env() -> Iterator[dict[str, str]]:
    """The environment of one-shot CLI calls (the test's own runtime dir, from the autouse
    isolation); the session is stopped after the test."""
    env = dict(os.environ, NO_COLOR="1")
    env.pop("DAPCLI_SESSION", None)
    yield env
    subprocess.run([DAPCLI, "stop"], env=env, cwd=PROGRAMS, capture_output=True, timeout=30)
