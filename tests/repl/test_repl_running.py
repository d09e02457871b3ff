"""What the REPL shows while the program runs (new-user trial): Ctrl-C pauses a program that
runs in a joined session at an idle prompt, and ``repl --test`` waits for the failure before
its first prompt, the stop view starting on a line of its own."""

from __future__ import annotations

import re
import subprocess
import sys

import pexpect
import psutil
import pytest
from test_repl_pty import DAPCLI, LOOP, PROMPT, ROOT, env, line_of, spawn, start_repl  # noqa: F401

pytestmark = pytest.mark.slow

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


@pytest.mark.skipif(DAPCLI is None, reason="the dapcli command is not installed")
def test_ctrl_c_at_the_prompt_of_a_joined_session_pauses_its_running_program(
        spawn: list[pexpect.spawn], env: dict[str, str]) -> None:  # noqa: F811
    assert DAPCLI is not None
    loop = line_of(LOOP, "while True")

    def cli(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([DAPCLI, *argv, "--session", "run"], env=env, cwd=str(ROOT), capture_output=True,
                              text=True, timeout=60)

    assert cli("launch", LOOP, "--timeout", "0.5").returncode == 0
    try:
        child = start_repl(spawn, env, "--session", "run")
        child.expect_exact("Joined session 'run'")
        child.expect(r"host pid\s+(\d+)")
        host = psutil.Process(int(child.match.group(1)))
        child.expect_exact(PROMPT)
        child.send("\x03")
        child.expect_exact("Pausing…")
        child.expect(rf"Stopped \(pause\) in <module> at {re.escape(LOOP)}:({loop}|{loop + 1}|{loop + 2}|{loop + 3})")
        child.expect_exact(PROMPT)
        child.sendline("p count > 0")
        child.expect_exact("True")
        child.sendline("quit")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0
        status = cli("status")
        assert status.returncode == 0 and "stopped" in status.stdout
    finally:
        cli("stop")
    _, alive = psutil.wait_procs([host], timeout=10)
    assert not alive


def test_repl_test_waits_for_the_failure_before_its_first_prompt(
        spawn: list[pexpect.spawn], env: dict[str, str]) -> None:  # noqa: F811
    line = line_of("examples/tests/test_cart.py", "# @assert")
    child = pexpect.spawn(sys.executable, ["-m", "dapcli.frontends.repl", "--python", sys.executable, "--test",
                                           "tests/test_cart.py"], env=env,
                          cwd=str(ROOT / "examples"), dimensions=(50, 200), encoding="utf-8", timeout=90)
    spawn.append(child)
    child.expect_exact(PROMPT)
    before = ANSI.sub("", child.before)
    assert f"Stopped (exception) in test_total_with_discount at tests/test_cart.py:{line}" in before, before
    assert re.search(r"(^|\n)Stopped \(exception\)", before.replace("\r", "")), before  # not glued to a "."
    child.sendline("p expected")
    child.expect_exact("24.41")
    child.sendline("quit")
    child.expect(pexpect.EOF)


@pytest.mark.skipif(DAPCLI is None, reason="the dapcli command is not installed")
def test_an_end_made_by_another_frontend_is_announced_at_once(
        spawn: list[pexpect.spawn], env: dict[str, str]) -> None:  # noqa: F811
    assert DAPCLI is not None
    program = "tests/repl/programs/exit3.py"
    child = start_repl(spawn, env, program)
    child.expect_exact(f"Stopped (entry) in <module> at {program}:1")
    child.expect_exact(PROMPT)
    other = subprocess.run([DAPCLI, "continue", "--session", "default"], env=env, cwd=str(ROOT),
                           capture_output=True, text=True, timeout=60)
    assert "exit code 3" in other.stdout, other
    child.expect_exact("Program exited with exit code 3")  # without typing anything
    child.expect_exact(PROMPT)
    child.sendeof()  # the program has ended: Ctrl-D leaves at once
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
