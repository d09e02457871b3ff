"""A program that ends while a process it forked keeps its connection to debugpy: debugpy never
says so, and the one-shot CLI still answers in one line, ends the session and leaves no process;
``restart`` of a program that is gone is refused and the session kept."""

from __future__ import annotations

import os

import psutil
from conftest import Cli, one_line_error


def test_an_abrupt_end_under_a_continue_ends_the_session_in_one_line(dc: Cli) -> None:
    dc.launch("forked_exit.py", "forked", args=("abrupt",))
    pid = dc.status()["debuggeePid"]
    err = dc.run("continue", "--timeout", "20", check=6).err  # not 20 s: the program is seen gone
    line = one_line_error(err)
    assert f"the program (pid {pid}) ended, but python never said so and left continue unanswered" in line
    status = dc.status()
    host = status["hostPid"]
    assert status["state"] in ("exited", "terminated")
    assert "never said so" in status["stop"]["description"]
    assert "has ended" in one_line_error(dc.run("threads", check=4).err)
    # the fork too: nothing of the session runs on but its host (which keeps the end readable)
    assert [p.pid for p in dc.wait_gone({k: v for k, v in dc.processes.items() if k != host})] == []


def test_a_request_to_a_program_that_ended_names_the_end(dc: Cli) -> None:
    dc.launch("forked_exit.py", "forked", args=("normal",))
    pid = dc.status()["debuggeePid"]
    assert dc.json("continue", "--timeout", "3")["status"] == "running"  # its fork runs on
    dc.wait_output("the program ends")
    assert dc.wait_gone({pid: psutil.Process(pid).create_time()} if psutil.pid_exists(pid) else {}, 20) == []
    line = one_line_error(dc.run("threads", check=5).err)
    assert f"the program (pid {pid}) has ended (python: " in line
    dc.run("stop")
    assert dc.wait_gone() == []


def test_restart_refuses_a_program_that_is_gone_and_keeps_the_session(dc: Cli, tmp_path) -> None:
    program = tmp_path / "gone.py"
    program.write_text("x = 1\ny = 2  # @gone_stop\nprint(x + y)\n")
    dc.launch(str(program), f"{program}:2")
    program.unlink()
    line = one_line_error(dc.run("restart", check=2).err)
    assert f"the program is not there any more: {program}" in line
    assert dc.status()["state"] == "stopped"
    os.mkfifo(program)  # the interpreter would wait on it for good
    assert "is a FIFO, not a program file" in one_line_error(dc.run("restart", check=2).err)
    assert dc.json("eval", "x + 1")["result"] == "2"
