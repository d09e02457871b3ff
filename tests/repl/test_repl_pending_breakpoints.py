"""Breakpoints typed before there is a session (gdb's pending breakpoints) are kept, listed and
set when ``launch`` or ``test`` starts it; ``test --until-fail N`` at the prompt, with ``continue``
going on to the next run (a real pty, real debugpy)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import psutil
import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
FLAKY = ROOT / "tests" / "cli" / "programs" / "flaky"
BUGGY = "examples/buggy.py"
PROMPT = "(dapcli)"


def line_of(path: Path, text: str) -> int:
    found = [n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line]
    assert len(found) == 1, (path, text, found)
    return found[0]


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    counts = tmp_path / "counts"
    counts.mkdir()
    return {
        **{k: v for k, v in os.environ.items() if k not in ("DAPCLI_STATE_DIR", "DAPCLI_SESSION")},
        "HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path / "state"), "DAPCLI_RUNTIME_DIR": str(tmp_path / "run"),
        "NO_COLOR": "1", "PROMPT_TOOLKIT_NO_CPR": "1", "TERM": "xterm", "PYTHONUNBUFFERED": "1",
        "COLUMNS": "200", "LINES": "50", "FLAKY_DIR": str(counts), "FLAKY_FAIL_ON": "3",
    }


@pytest.fixture
def repl(env: dict[str, str]) -> Iterator[list[pexpect.spawn]]:
    children: list[pexpect.spawn] = []
    yield children
    for child in children:
        if child.isalive():
            child.terminate(force=True)


def start(children: list[pexpect.spawn], env: dict[str, str], cwd: Path) -> pexpect.spawn:
    child = pexpect.spawn(sys.executable, ["-m", "dapcli.frontends.repl"], env=env, cwd=str(cwd),
                          dimensions=(50, 200), encoding="utf-8", timeout=120)
    children.append(child)
    child.expect_exact(PROMPT)
    return child


def leave(child: pexpect.spawn) -> None:
    processes = psutil.Process(child.pid).children(recursive=True)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    _, alive = psutil.wait_procs(processes, timeout=10)
    assert not [p for p in alive if p.status() != psutil.STATUS_ZOMBIE], alive


def test_breakpoint_before_test_then_until_fail_across_runs(repl: list[pexpect.spawn], env: dict[str, str]) -> None:
    bump = line_of(FLAKY / "counter.py", "# @bump")
    child = start(repl, env, FLAKY)
    child.sendline(f"b counter.py:{bump} if count == 1")
    child.expect_exact(f"Breakpoint 1 at counter.py:{bump} if count == 1; kept until `launch` or `test` starts")
    child.sendline("b 12")
    child.expect_exact("a bare line number needs a current file")
    child.sendline("b counter.py:3")
    child.expect_exact("Breakpoint 2 at counter.py:3")
    child.sendline("delete 2")
    child.expect_exact("Deleted breakpoint 2.")
    child.sendline("break list")
    child.expect_exact(f"1   counter.py:{bump}  pending")
    child.sendline(f"test test_flaky.py --until-fail 5 --python {sys.executable}")
    child.expect_exact("2 passed")  # run 1, shown as it runs
    child.expect_exact(f"Stopped (breakpoint 1) in bump at counter.py:{bump}")
    child.expect_exact("in test test_flaky.py::test_sometimes (run 2 of 5)")
    child.expect_exact("collected 2 items")  # run 2's own output (numbered after run 1's, so not taken as seen)
    child.expect_exact(PROMPT)
    child.sendline("p count")
    child.expect_exact("1  (int)")
    child.sendline("c")  # run 2 passes; run 3 fails
    child.expect_exact("FAILED test_flaky.py::test_sometimes (failed on run 3 of 5)")
    child.expect_exact("assert 3 != 3")
    child.expect_exact(PROMPT)
    assert (Path(env["FLAKY_DIR"]) / "runs").read_text() == "3"
    leave(child)


def test_breakpoints_before_launch_are_set_by_launch(repl: list[pexpect.spawn], env: dict[str, str]) -> None:
    line = line_of(ROOT / BUGGY, "running += line")
    child = start(repl, env, ROOT)
    child.sendline(f"tbreak {BUGGY}:{line}")
    child.expect_exact(f"Breakpoint 1 at {BUGGY}:{line}; kept until")
    child.sendline(f"launch {BUGGY} --python {sys.executable}")
    child.expect_exact(f"Stopped (breakpoint 1) in total at {BUGGY}:{line}")
    child.expect_exact("Temporary breakpoint 1 deleted.")
    child.expect_exact(PROMPT)
    child.sendline("break list")
    child.expect_exact("No breakpoints.")
    leave(child)


def test_restart_shows_all_of_the_new_runs_output(tmp_path: Path, env: dict[str, str]) -> None:
    """The restarted program's output is numbered after the old one's: the REPL showed only what
    went past the old count (``line 2`` of three lines)."""
    import subprocess

    (tmp_path / "prog.py").write_text('for i in range(3):\n    print("line", i)\nx = 1\n')
    done = subprocess.run([sys.executable, "-m", "dapcli.frontends.repl", "prog.py", "--python", sys.executable,
                           "-b", "prog.py:3"], input=b"restart\nq\n", capture_output=True, env=env, cwd=tmp_path,
                          timeout=120)
    out = done.stdout.decode("utf-8", "replace")
    assert done.returncode == 0, out
    after = out.split("(dapcli) restart", 1)[1]
    assert [line for line in after.splitlines() if line.startswith("line ")] == ["line 0", "line 1", "line 2"], out
