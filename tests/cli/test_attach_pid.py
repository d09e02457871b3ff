"""Attach by process id: a failure is reported as soon as the adapter knows it, in one line that
says whether the target survived, never after the whole startup timeout."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator

import pytest
from conftest import PROGRAMS, PYTHON, Cli, one_line_error


@pytest.fixture
def target() -> Iterator[subprocess.Popen[bytes]]:
    """A Python program that runs until killed."""
    process = subprocess.Popen([PYTHON, str(PROGRAMS / "infinite.py")], stdout=subprocess.DEVNULL)
    yield process
    process.kill()
    process.wait(10)


def test_failed_injection_is_reported_at_once(dc: Cli, target: subprocess.Popen[bytes]) -> None:
    # no gdb/lldb on PATH: debugpy's injector fails (as it does where ptrace is refused) and
    # says so in output events; its own attach answer would come after 60 s
    started = time.monotonic()
    _, out, err = dc.run("attach", "--process-id", target.pid, "--adapter", "python", check=5,
                         env={"PATH": "/nonexistent"}, timeout=60)
    took = time.monotonic() - started
    line = one_line_error(err)
    assert f"debugpy could not inject its code into process {target.pid}" in line
    assert f"process {target.pid} is still running" in line
    assert target.poll() is None
    assert took < 25, f"took {took:.1f} s (the startup timeout is 30 s)"
    assert out == ""


def test_no_such_process(dc: Cli) -> None:
    pid = 4_000_000  # above the kernel's pid_max limit (4194304 at most, usually far below)
    for adapter in ("python", "lldb", "gdb", "go", "node", "codelldb"):
        started = time.monotonic()
        code, _, err = dc.run("attach", "--process-id", pid, "--adapter", adapter, check=False, timeout=60)
        assert code in (2, 4, 5), (adapter, code, err)
        assert str(pid) in one_line_error(err), (adapter, err)
        assert time.monotonic() - started < 15, (adapter, err)
