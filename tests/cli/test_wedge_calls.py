"""No call wedges a session: a heavy rendering, a runaway evaluation or a stopped debuggee
leaves the other commands answering, and messages say what is true."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

from conftest import DAPCLI, PROGRAMS, Cli, line_of, loc, one_line_error


def test_a_huge_text_stack_leaves_the_host_answering(dc: Cli, tmp_path: Path) -> None:
    trace = tmp_path / "trace.log"
    dc.env["DAPCLI_TRACE"] = str(trace)  # the host's DAP traffic: shows when the big stack was answered
    dc.launch("deep_stack.py", "base", timeout=60)
    big = subprocess.Popen([*DAPCLI, "stack", "--levels", "20000"], cwd=PROGRAMS, env=dc.env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60  # the adapter answered the big stack: the host renders it now
        while not _answered_last_stack(trace.read_text()) and big.poll() is None:
            assert time.monotonic() < deadline, "the big stack was never answered"
            time.sleep(0.05)
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


def _answered_last_stack(trace: str) -> bool:
    """The trace's last ``stackTrace`` request (the big one) has its response."""
    asked = trace.rfind('"levels": 20000')
    return asked >= 0 and '"type": "response"' in trace[asked:] and '"command": "stackTrace"' in \
        trace[trace.find('"type": "response"', asked):]


def test_break_add_reads_the_inline_clauses_of_dash_b(dc: Cli) -> None:
    dc.launch("loops.py", "main_call")
    body = loc("loops.py", "add_body")
    out = dc.run("break", "add", f"{body} if a == 6").out
    assert "if a == 6" in out and "bad line" not in out
    stop = dc.json("continue")
    assert stop["location"]["line"] == line_of("loops.py", "add_body")
    assert dc.json("eval", "a")["result"] == "6"
    err = dc.run("break", "add", f"{body} hit 3", "--hit-condition", "2", check=2).err
    assert one_line_error(err) == f"error: --hit-condition given twice: in '{body} hit 3' and as --hit-condition"


def test_down_at_the_innermost_frame_says_so(dc: Cli) -> None:
    dc.launch("loops.py", "add_body")
    err = dc.run("down", "5", check=2).err
    assert one_line_error(err) == "error: bottom (innermost) frame #0 is selected: you cannot go down"
    dc.run("up")
    err = dc.run("down", "5", check=2).err
    assert one_line_error(err) == "error: frame #1 is selected: `dapcli down 5` would go past the innermost frame #0"


def test_unknown_dap_request_is_one_short_line(dc: Cli) -> None:
    dc.launch("loops.py", "add_body")
    err = dc.run("dap", "nosuchCommand", "{}", check=False).err
    assert err.splitlines()[0] == "error: python does not know the request 'nosuchCommand' (it is not in the DAP " \
                                  "specification)"
    assert len(err) < 300


def test_a_second_launch_names_its_session_in_the_hint(dc: Cli) -> None:
    dc.launch("loops.py", "add_body", session="fk")
    err = dc.launch("loops.py", "add_body", session="fk", check=2).err
    assert "`dapcli --session fk stop`" in err


def test_a_sigstopped_program_is_named_at_once_by_every_waiting_verb(dc: Cli) -> None:
    dc.launch("infinite.py", "loop")
    pid = dc.status()["debuggeePid"]
    os.kill(pid, signal.SIGSTOP)
    try:
        assert "infinite.py" in dc.run("stack").out  # the stop's own first page: no request to the adapter
        for args in (("eval", "counter"), ("vars",), ("next",)):
            started = time.monotonic()
            err = dc.run(*args, check=4).err
            assert time.monotonic() - started < 10, f"{args[0]} waited for the stopped program"
            assert one_line_error(err).startswith(f"error: the program (pid {pid}) is stopped by a signal")
            assert f"kill -CONT {pid}" in err
        os.kill(pid, signal.SIGCONT)
        dc.run("break", "clear")
        dc.run("continue", "--timeout", "0.5")
        os.kill(pid, signal.SIGSTOP)
        started = time.monotonic()
        err = dc.run("pause", check=4).err
        assert time.monotonic() - started < 10, "pause waited for the stopped program"
        assert f"kill -CONT {pid}" in err
    finally:
        os.kill(pid, signal.SIGCONT)
    assert "Stopped" in dc.run("pause").out


def test_a_thousand_breakpoints_in_one_file_are_set_and_listed_verified(dc: Cli, tmp_path: Path) -> None:
    program = tmp_path / "many.py"
    program.write_text("x = 0\n" + "".join(f"x += {i}\n" for i in range(1, 1100)) + "print(x)\n", encoding="utf-8")
    marks = [f"{program}:{line}" for line in range(2, 1002)]
    out = dc.launch(str(program), *marks, timeout=5).out  # the set's answer has its own budget
    assert "many.py:2" in out
    listed = dc.json("break", "list")["breakpoints"]
    assert len(listed) == 1000 and all(bp["verified"] for bp in listed)


def test_the_budget_of_a_breakpoint_set_grows_with_its_size() -> None:
    from dapcli.engine.breakpoints import PER_BREAKPOINT, sync_budget

    assert sync_budget(5, 0) == 30.0 and sync_budget(200, 0) == 200
    assert sync_budget(5, 1000) == 30.0 + 1000 * PER_BREAKPOINT
