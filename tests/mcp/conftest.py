"""After each test module: no debuggee of ours (tests/mcp/programs/…) is left running."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from testprocs import ours

PROGRAMS = str(Path(__file__).resolve().parent / "programs")


def _ours() -> list[psutil.Process]:
    found = []
    for process in psutil.process_iter(["cmdline"]):
        with contextlib.suppress(psutil.Error):
            if any(PROGRAMS in part for part in process.info["cmdline"] or []) and ours(process):
                found.append(process)
    return found


@pytest.fixture(autouse=True, scope="module")
def no_debuggee_left() -> Iterator[None]:
    yield
    _, alive = psutil.wait_procs(_ours(), timeout=10)
    assert not alive, f"left running: {[p.pid for p in alive]}"
