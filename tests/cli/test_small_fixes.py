"""Smaller fixes: `break clear` says what it deleted; a `continue` blocked while `stop` ends the
session says so (not the adapter's SIGKILL); `--set console=integratedTerminal` prints each line
once; gdb frames show glibc's paths once; Go `thread N` selects the goroutine's own frame; `stop
--terminate` after a Delve attach ends the program."""

from __future__ import annotations

import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import psutil
import pytest
from conftest import Cli

pytestmark = pytest.mark.slow
requires_go = pytest.mark.skipif(not (shutil.which("dlv") and shutil.which("go")), reason="needs dlv and go")

GO_LOOP = """package main

import "time"

func work(n int) int {
	time.Sleep(10 * time.Millisecond)
	return n + 1
}

func main() {
	n := 0
	for {
		n = work(n)
	}
}
"""
PRINTF_CRASH = """#include <stdio.h>
int main(void) {
    const char *bad = (const char *)1;
    printf("value %s\\n", bad);
    return 0;
}
"""


def test_break_clear_says_what_it_deleted(dc: Cli) -> None:
    dc.launch("loops.py", "loop_body", "add_body", options=("--stop-on-entry",))
    assert dc.run("break", "delete", "2").out.splitlines()[0] == "Deleted breakpoint 2."
    out = dc.run("break", "clear").out
    assert out.splitlines() == ["Deleted breakpoint 1.", "No breakpoints left."]
    assert dc.run("break", "clear").out.strip() == "No breakpoints."


def test_a_blocked_continue_says_the_session_was_stopped(dc: Cli) -> None:
    dc.launch("infinite.py", options=("--stop-on-entry",))
    done: list = []
    waiter = threading.Thread(target=lambda: done.append(dc.run("--json", "continue", "--timeout", "60",
                                                                 timeout=90)))
    waiter.start()
    deadline = time.monotonic() + 30
    while dc.status()["state"] != "running" and time.monotonic() < deadline:
        time.sleep(0.05)
    dc.run("stop")
    waiter.join(60)
    result = done[0].json()
    assert result["status"] == "terminated"
    assert result["description"] == "ended by dapcli (`stop` or `restart` of the session)"
    assert "signal" not in result and "exitCode" not in result


def test_integrated_terminal_console_prints_each_line_once(dc: Cli) -> None:
    dc.launch("hello.py", args=("once",), options=("--set", "console=integratedTerminal"))
    text = "".join(c["output"] for c in dc.wait_output("hello once")["chunks"])
    assert text.count("hello once") == 1, text


def _gdb() -> None:
    from dapcli.adapters.registry import by_name

    if by_name("gdb").find() is None or not shutil.which("gcc"):
        pytest.skip("needs gcc and the gdb adapter")


def test_gdb_frames_show_glibc_paths_once(dc: Cli, tmp_path: Path) -> None:
    _gdb()
    source = tmp_path / "pf.c"
    source.write_text(PRINTF_CRASH)
    subprocess.run(["gcc", "-g", "-O0", "-o", str(tmp_path / "pf"), str(source)], check=True, timeout=120)
    dc.run("launch", str(tmp_path / "pf"), "--adapter", "gdb", timeout=60)
    dc.sessions.add("default")
    dc.record()
    frames = dc.json("stack")["frames"]
    paths = [f["path"] for f in frames if f.get("path") and "stdio-common" in f["path"]]
    if not paths:
        pytest.skip("this libc has no stdio-common debug paths")
    assert all("stdio-common/stdio-common" not in p and "/./" not in p for p in paths), paths
    assert any(p == "stdio-common/printf.c" for p in paths), paths
    assert "stdio-common/stdio-common" not in dc.run("stack").out


@pytest.fixture
def go_loop(tmp_path: Path) -> Path:
    (tmp_path / "main.go").write_text(GO_LOOP)
    (tmp_path / "go.mod").write_text("module goloop\n\ngo 1.19\n")
    subprocess.run(["go", "build", "-gcflags=all=-N -l", "-o", "loop", "."], cwd=tmp_path, check=True, timeout=300)
    return tmp_path / "loop"


def _attached(dc: Cli, go_loop: Path) -> psutil.Process:
    """The Go loop started as a user starts a server (in the background of a shell: not a child of
    this test), with dapcli attached to it through Delve."""
    started = subprocess.run(["sh", "-c", f"{go_loop} >/dev/null 2>&1 & echo $!"], capture_output=True, text=True,
                             check=True, timeout=30)
    program = psutil.Process(int(started.stdout.strip()))
    dc.run("attach", "--process-id", str(program.pid), "--adapter", "go", timeout=60)
    dc.sessions.add("default")
    dc.record()
    return program


def _gone(program: psutil.Process, timeout: float = 10.0) -> bool:
    try:
        program.wait(timeout)
    except psutil.TimeoutExpired:
        return program.status() == psutil.STATUS_ZOMBIE
    return True


def _reap(program: psutil.Process) -> None:
    if not _gone(program, 0):
        program.kill()
        _gone(program)


@requires_go
def test_go_thread_selects_the_goroutines_own_frame(dc: Cli, go_loop: Path) -> None:
    program = _attached(dc, go_loop)
    try:
        dc.run("pause")
        selected = dc.json("thread", "1")
        assert (selected["frame"]["name"], selected["frame"]["line"]) == ("main.work", 6)
        assert selected["skippedFrames"] >= 1  # runtime.gopark, time.Sleep above it
        assert "(the user's frame;" in dc.run("thread", "1").out
        assert dc.json("stack")["frames"][0]["name"] == "runtime.gopark"  # `stack` still shows them all
        dc.run("stop", "--terminate")
        assert _gone(program)
    finally:
        _reap(program)


@requires_go
def test_stop_terminate_ends_a_running_program_delve_attached_to(dc: Cli, go_loop: Path) -> None:
    program = _attached(dc, go_loop)
    try:
        end = dc.run("stop", "--terminate")  # running: Delve detaches and leaves it
        assert _gone(program), end.out
        assert "still alive" not in end.out and "dapcli ended it (SIGTERM)" in end.out
        assert "Session 'default' terminated." in end.out
    finally:
        _reap(program)


def test_stop_terminate_helper_never_kills_a_reused_pid() -> None:
    from dapcli.verbs.session.endprocess import end_process, process_of

    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    process = process_of(child.pid)
    assert process is not None and end_process(process) == "SIGTERM"
    child.wait(10)
    assert not psutil.pid_exists(child.pid) or psutil.Process(child.pid).status() == psutil.STATUS_ZOMBIE
