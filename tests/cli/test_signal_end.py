"""A Python program killed by a signal: debugpy reports exit code 256-N; dapcli names the signal
and shows the number only as the adapter's."""

from __future__ import annotations

from conftest import Cli


def test_python_abort_is_named_not_numbered(dc: Cli) -> None:
    _, out, _ = dc.launch("aborts.py")
    assert "Program killed by SIGABRT (adapter's exit code 250)" in out, out
    assert "Program exited" not in out, out
    status = dc.status()
    assert status["stop"]["signal"] == "SIGABRT" and status["exitCode"] == 250, status
    _, shown, _ = dc.run("status")
    assert "250 (the adapter's number for SIGABRT)" in shown, shown
