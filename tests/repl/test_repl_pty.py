"""End to end in a real pseudo-terminal: the REPL process on real debugpy (pexpect).

Line numbers come from the programs' text, never constants. Each test proves that leaving
the REPL leaves no adapter, launcher or debuggee behind (by pid, with psutil).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import psutil
import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
BUGGY = "examples/buggy.py"
LOOP = "tests/repl/programs/loop.py"
PROMPT = "(dapcli)"
TIMEOUT = 30
DAPCLI = shutil.which("dapcli", path=str(Path(sys.executable).parent))


def line_of(path: str, text: str) -> int:
    """The 1-based line of ``path`` containing ``text`` (exactly one)."""
    found = [n for n, line in enumerate((ROOT / path).read_text().splitlines(), 1) if text in line]
    assert len(found) == 1, (path, text, found)
    return found[0]


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """The REPL's environment: its state (history) in the XDG folder of a private home."""
    return {
        **{k: v for k, v in os.environ.items() if k != "DAPCLI_STATE_DIR"},
        "HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path / "state"),
        "DAPCLI_RUNTIME_DIR": str(tmp_path / "run"), "NO_COLOR": "1", "PROMPT_TOOLKIT_NO_CPR": "1",
        "TERM": "xterm", "PYTHONUNBUFFERED": "1",
        "COLUMNS": "200", "LINES": "50",  # the pty's size (pytest-xdist workers export COLUMNS=80)
    }


@pytest.fixture
def spawn(env: dict[str, str]) -> Iterator[list[pexpect.spawn]]:
    children: list[pexpect.spawn] = []
    yield children
    for child in children:
        if child.isalive():
            child.terminate(force=True)


def start_repl(children: list[pexpect.spawn], env: dict[str, str], *argv: str) -> pexpect.spawn:
    child = pexpect.spawn(sys.executable, ["-m", "dapcli.frontends.repl", *argv], env=env, cwd=str(ROOT),
                          dimensions=(50, 200), encoding="utf-8", timeout=TIMEOUT)
    children.append(child)
    return child


def processes_of(child: pexpect.spawn) -> list[psutil.Process]:
    found = psutil.Process(child.pid).children(recursive=True)
    assert any("debugpy" in " ".join(p.cmdline()) for p in found), found
    return found


def leave(child: pexpect.spawn, processes: list[psutil.Process]) -> None:
    """``quit``; the REPL exits 0 and every process it started is gone."""
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    _, alive = psutil.wait_procs(processes, timeout=10)
    assert not [p for p in alive if p.status() != psutil.STATUS_ZOMBIE], alive


def test_breakpoint_print_enter_repeat_display_and_clean_exit(spawn: list[pexpect.spawn],
                                                                env: dict[str, str]) -> None:
    line = line_of(BUGGY, "running += line")
    discount = line_of(BUGGY, "discount = amount * percent")
    child = start_repl(spawn, env, "-b", f"{BUGGY}:{line}", BUGGY)
    child.expect_exact(f"Stopped (breakpoint 1) in total at {BUGGY}:{line}")
    child.expect_exact(PROMPT)
    processes = processes_of(child)

    child.sendline("p amount * percent")
    child.expect_exact(repr(19.99 * 15.0))
    child.sendline("display running")
    child.expect_exact("watch 1: running = 0.0")
    child.sendline("n")
    child.expect_exact(f"Stopped (step) in total at {BUGGY}:{discount - 1}")
    child.expect_exact("watch 1: running = 17.99")
    child.expect_exact(PROMPT)
    child.sendline("")  # Enter repeats `n`
    child.expect_exact(f"Stopped (step) in total at {BUGGY}:{discount}")
    child.expect_exact("watch 1: running = 17.99")
    child.sendline("nosuch")
    child.expect_exact("unknown command 'nosuch'")
    leave(child, processes)
    history = (Path(env["XDG_STATE_HOME"]) / "dapcli" / "history").read_text()
    assert "p amount * percent" in history and "display running" in history


def test_ctrl_c_pauses_a_running_loop(spawn: list[pexpect.spawn], env: dict[str, str]) -> None:
    loop = line_of(LOOP, "while True")
    child = start_repl(spawn, env, LOOP)
    child.expect_exact(f"Stopped (entry) in <module> at {LOOP}:1")
    child.expect_exact(PROMPT)
    processes = processes_of(child)

    child.sendline("c")
    child.expect_exact("loop started")
    child.expect_exact("(program stdin)")  # the prompt is back while the program runs: typing goes to it
    child.send("\x03")
    child.expect(rf"Stopped \(pause\) in <module> at {re.escape(LOOP)}:({loop}|{loop + 1}|{loop + 2}|{loop + 3})")
    child.expect_exact(PROMPT)
    child.sendline("p count > 0")
    child.expect_exact("True")
    child.sendline("c")
    child.send("\x03")  # at once: while the REPL still waits for the run in the foreground
    child.expect_exact("Stopped (pause)")
    leave(child, processes)


@pytest.mark.skipif(DAPCLI is None, reason="the dapcli command is not installed")
def test_join_a_hosted_session_see_another_clients_stop_and_leave_it_running(
        spawn: list[pexpect.spawn], env: dict[str, str]) -> None:
    assert DAPCLI is not None
    line = line_of(BUGGY, "running += line")
    discount = line_of(BUGGY, "discount = amount * percent")

    def cli(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([DAPCLI, *argv, "--session", "shared"], env=env, cwd=str(ROOT), capture_output=True,
                              text=True, timeout=60)

    assert cli("launch", BUGGY, "--break", f"{BUGGY}:{line}").returncode == 0
    try:
        child = start_repl(spawn, env, "--session", "shared")
        child.expect_exact("Joined session 'shared'")
        child.expect(r"host pid\s+(\d+)")
        host = psutil.Process(int(child.match.group(1)))
        child.expect_exact(PROMPT)
        child.sendline("p amount")
        child.expect_exact("19.99")
        child.sendline("n")
        child.expect_exact(f"Stopped (step) in total at {BUGGY}:{discount - 1}")
        child.expect_exact(PROMPT)
        assert cli("next").returncode == 0  # another client steps: the REPL shows that stop too
        child.expect_exact(f"Stopped (step) in total at {BUGGY}:{discount}")
        child.sendline("quit")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0
        assert host.is_running()
        status = cli("status")
        assert status.returncode == 0 and "stopped" in status.stdout
    finally:
        cli("stop")
    _, alive = psutil.wait_procs([host], timeout=10)
    assert not alive


def test_repl_test_stops_at_the_failing_test_and_test_works_inside(spawn: list[pexpect.spawn],
                                                                  env: dict[str, str]) -> None:
    line = line_of("examples/tests/test_cart.py", "# @assert")
    child = pexpect.spawn(sys.executable, ["-m", "dapcli.frontends.repl", "--python", sys.executable, "--test",
                                           "tests/test_cart.py::test_total_with_discount"], env=env,
                          cwd=str(ROOT / "examples"), dimensions=(50, 200), encoding="utf-8", timeout=90)
    spawn.append(child)
    child.expect_exact(f"at tests/test_cart.py:{line}")
    child.expect_exact("FAILED tests/test_cart.py::test_total_with_discount")
    child.expect_exact("assert 26.73 == 24.41")
    child.expect_exact(PROMPT)
    processes = processes_of(child)
    child.sendline("p expected")
    child.expect_exact("24.41")
    child.sendline("c")
    child.expect_exact("1 failed (pytest exit code 1)")
    child.expect_exact(PROMPT)
    child.sendline(f"test tests/test_cart.py::test_total_of_one_item --python {sys.executable}")
    child.expect_exact("FAILED tests/test_cart.py::test_total_of_one_item")
    child.expect_exact(PROMPT)
    leave(child, processes + processes_of(child))
