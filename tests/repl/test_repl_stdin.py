"""The REPL gives a running program what you type (issue 11): a clear prompt marker, the lines
reach the program's stdin through dapcli's terminal, Ctrl-C still pauses, nothing is left."""

from __future__ import annotations

import re

import pexpect
import pytest
from test_repl_pty import env, leave, line_of, processes_of, spawn, start_repl  # noqa: F401

pytestmark = pytest.mark.slow

SUM = "tests/repl/programs/sum_input.py"


def test_typing_goes_to_the_running_program(spawn: list[pexpect.spawn], env: dict[str, str]) -> None:  # noqa: F811
    child = start_repl(spawn, env, "-b", f"{SUM}:{line_of(SUM, '@sum')}", SUM)
    child.expect_exact("(program stdin)")
    processes = processes_of(child)
    child.sendline("30")
    child.expect_exact("(program stdin)")
    child.sendline("12")
    child.expect(r"Stopped \(breakpoint")
    child.expect_exact("(dapcli)")
    child.sendline("p a + b")
    child.expect_exact("42")
    child.expect_exact("(dapcli)")
    leave(child, processes)


def test_ctrl_c_while_the_program_waits_for_input_says_so_and_stops_after_the_line(
        spawn: list[pexpect.spawn], env: dict[str, str]) -> None:  # noqa: F811
    """debugpy cannot interrupt a thread blocked in ``input()``: Ctrl-C says that the pause waits
    for a line, and the program stops right after reading the line typed."""
    child = start_repl(spawn, env, "-b", f"{SUM}:{line_of(SUM, '@sum')}", SUM)
    child.expect_exact("a? ")  # printed by input(): the program is in the read from now on
    child.expect_exact("(program stdin)")
    processes = processes_of(child)
    child.sendintr()
    child.expect_exact("Pausing…")
    # one message; the terminal (80 columns) may wrap it at any space
    said = "Pause requested; the program is waiting for input: type a line and it stops right after reading it"
    child.expect(r"\s+".join(re.escape(word) for word in said.split()))
    child.sendline("30")
    child.expect(r"Stopped \(pause\) in <module> at tests/repl/programs/sum_input.py:3")
    child.expect_exact("locals: a=30")
    child.expect_exact("(dapcli)")
    leave(child, processes)
