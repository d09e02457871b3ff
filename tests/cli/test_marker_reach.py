"""The suite's leftover killer reaches every process a session starts: the host (started by the
one-shot client), the adapter it starts, and the program started through ``runInTerminal`` in
dapcli's pty all carry the test's marker, so a failing test never leaves one of them behind."""

from __future__ import annotations

import contextlib

import psutil
from conftest import Cli
from testprocs import MARKER_VAR, carrying


def test_host_adapter_and_terminal_program_carry_the_tests_marker(dc: Cli, isolated_test: str) -> None:
    dc.launch("infinite.py", "loop", options=("--terminal",), timeout=60)
    status = dc.record()
    assert status is not None and status["state"] == "stopped", status
    host = psutil.Process(int(status["hostPid"]))
    tree = [host, *host.children(recursive=True)]
    program = [p for p in tree if any("infinite.py" in part for part in _cmdline(p))]
    assert program, "the program was not found below the host"
    marked = {p.pid for p in carrying(MARKER_VAR, isolated_test)}
    missing = [f"{p.pid} {' '.join(_cmdline(p))[:120]}" for p in tree if p.pid not in marked and p.is_running()
               and p.status() != psutil.STATUS_ZOMBIE]
    assert not missing, f"processes without the test's marker: {missing}"


def _cmdline(process: psutil.Process) -> list[str]:
    with contextlib.suppress(psutil.Error):
        return process.cmdline()
    return []
