"""Fixtures for the js-debug tests."""

from __future__ import annotations

import pytest
from jsdebug_helpers import PROGRAMS, processes_running


@pytest.fixture(autouse=True, scope="module")
def no_program_left() -> object:
    """After each module: no debuggee of ours is still running."""
    yield
    left = [p for p in processes_running(str(PROGRAMS.relative_to(PROGRAMS.parents[2])))
            if any(part.endswith(".js") for part in p[1])]
    assert not left, f"processes left behind: {left}"
