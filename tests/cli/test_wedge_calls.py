"""No call wedges a session: a heavy rendering, a runaway evaluation or a stopped debuggee
leaves the other commands answering, and messages say what is true."""

from __future__ import annotations

import subprocess
import time

from conftest import DAPCLI, PROGRAMS, Cli


def test_a_huge_text_stack_leaves_the_host_answering(dc: Cli) -> None:
    dc.launch("deep_stack.py", "base", timeout=60)
    big = subprocess.Popen([*DAPCLI, "stack", "--levels", "20000"], cwd=PROGRAMS, env=dc.env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    try:
        time.sleep(0.3)  # let the stack request reach the host (not a wait on an event: a head start)
        started = time.monotonic()
        assert dc.status()["state"] == "stopped"
        assert time.monotonic() - started < 8, "status waited behind the rendering of the stack"
        out, err = big.communicate(timeout=120)
    finally:
        big.kill()
        big.wait()
    text = out.decode()
    assert big.returncode == 0, err.decode()
    assert "rec" in text and "<module>" in text and "deep_stack.py:" in text
    assert len(text.splitlines()) >= 10002  # header + 10,002 frames (rec ×10,001, <module>)
    assert time.monotonic() - started < 60
