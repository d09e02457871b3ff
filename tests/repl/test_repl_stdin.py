"""The REPL gives a running program what you type (issue 11): a clear prompt marker, the lines
reach the program's stdin through dapcli's terminal, Ctrl-C still pauses, nothing is left."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
import yaml
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


def test_record_keeps_what_was_typed_to_the_program_and_replays(spawn: list[pexpect.spawn],  # noqa: F811
                                                                env: dict[str, str], tmp_path: Path) -> None:  # noqa: F811
    """``--record``: the lines typed to the program's stdin are ``input`` steps before the step
    that ran it, and ``dapcli run`` replays the recipe to the same stop (it read nothing before)."""
    recipe = tmp_path / "typed.yaml"
    child = start_repl(spawn, env, "--record", str(recipe), "-b", f"{SUM}:{line_of(SUM, '@sum')}", SUM)
    child.expect_exact("(program stdin)")
    processes = processes_of(child)
    child.sendline("30")
    child.expect_exact("(program stdin)")
    child.sendline("12")
    child.expect(r"Stopped \(breakpoint")
    child.expect_exact("(dapcli)")
    leave(child, processes)
    steps = yaml.safe_load(recipe.read_text())["steps"]
    assert steps[:3] == [{"input": {"text": "30"}}, {"input": {"text": "12"}},
                         {"continue": {}, "expect": {"reason": "breakpoint", "line": line_of(SUM, "@sum"),
                                                     "function": "<module>"}}]
    done = subprocess.run([sys.executable, "-m", "dapcli", "run", str(recipe)], env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 check(s) passed" in done.stdout
