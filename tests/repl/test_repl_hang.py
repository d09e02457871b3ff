"""`hang` in the REPL, joined to a hosted session whose Python threads deadlock (ABBA): the
verdict, each thread's line and wait, and a note that the pause could not land."""

from __future__ import annotations

import subprocess
import sys
import time

import pexpect
import pytest
from test_repl_pty import DAPCLI, PROMPT, ROOT, env, spawn, start_repl  # noqa: F401

pytestmark = pytest.mark.slow
ABBA = "tests/cli/programs/hang/abba.py"


@pytest.mark.skipif(DAPCLI is None, reason="the dapcli command is not installed")
def test_hang_in_the_repl_names_the_deadlock(spawn: list[pexpect.spawn], env: dict[str, str]) -> None:  # noqa: F811
    assert DAPCLI is not None

    def cli(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([DAPCLI, *argv, "--session", "hang"], env=env, cwd=str(ROOT), capture_output=True,
                              text=True, timeout=60)

    assert cli("launch", ABBA, "--python", sys.executable, "--timeout", "0.5").returncode == 0
    try:
        deadline = time.monotonic() + 60
        while "both wait for the other's lock" not in cli("output").stdout:
            assert time.monotonic() < deadline, "the program never said both threads wait"
            time.sleep(0.05)
        child = start_repl(spawn, env, "--session", "hang")
        child.expect_exact("Joined session 'hang'")
        child.expect_exact(PROMPT)
        child.sendline("hang --timeout 1")
        child.expect(r"DEADLOCK: thread (\d+) ab waits on lock_b")
        child.expect_exact("with lock_b:  # @wait_b")
        child.expect_exact("the pause did not land within 1 s")
        child.expect_exact("`wait` reports it")  # the REPL's own words for the wait verb
        child.expect_exact(PROMPT)
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        cli("stop")
