"""A running program: timeouts that are not errors, pause, concurrent commands, named sessions."""

from __future__ import annotations

import json
import subprocess
import threading
import time

from conftest import DAPCLI, PROGRAMS, PYTHON, Cli, line_of, one_line_error


def test_continue_timeout_then_pause_then_status(dc: Cli) -> None:
    dc.launch("infinite.py", "loop")
    dc.run("break", "clear")
    started = time.monotonic()
    out = dc.run("continue", "--timeout", "0.5").out
    assert time.monotonic() - started < 30  # the program runs for ever: without the timeout, so would this
    assert "running" in out.lower()
    state = dc.json("status")
    assert state["state"] == "running"
    # a verb that needs a stopped program: exit 4, one line (as JSON with --json)
    err = dc.run("continue", "--timeout", "0.5", check=4).err
    assert "running" in one_line_error(err)
    err = dc.run("--json", "stack", check=4).err
    assert json.loads(err)["error"]["exitCode"] == 4
    assert dc.run("wait", "--timeout", "0.3", "--json").json()["status"] == "running"
    state = dc.json("pause")
    assert state["status"] == "stopped"
    assert state["reason"] == "pause"
    assert state["location"]["path"].endswith("infinite.py")
    status = dc.json("status")
    assert status["state"] == "stopped"
    assert status["stop"]["reason"] == "pause"
    assert int(dc.json("eval", "counter")["result"]) > 0
    _, out, err = dc.run("status")
    assert "stopped" in out


def test_pause_while_continue_blocks(dc: Cli) -> None:
    dc.launch("infinite.py", "loop")
    dc.run("break", "clear")
    blocked = subprocess.Popen([*DAPCLI, "--json", "continue", "--timeout", "120"], cwd=PROGRAMS, env=dc.env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while dc.json("status")["state"] != "running":
            assert time.monotonic() < deadline, "the program never ran"
            time.sleep(0.05)
        started = time.monotonic()
        paused = dc.json("pause")
        out, err = blocked.communicate(timeout=60)
    finally:
        if blocked.poll() is None:
            blocked.kill()
            blocked.wait()
    assert time.monotonic() - started < 40  # not the continue's 120 s timeout
    assert paused["status"] == "stopped"
    assert blocked.returncode == 0, err.decode()
    assert json.loads(out)["status"] == "stopped"  # the blocked continue reports the stop


def test_wait_reports_a_stop_that_happened_meanwhile(dc: Cli) -> None:
    dc.launch("loops.py", "main_call")
    state = dc.json("continue", "--timeout", "0.01")  # returns at once; the program runs on
    assert state["status"] in ("running", "exited")
    if state["status"] == "running":
        state = dc.json("wait", "--timeout", "10")
    assert state["status"] == "exited" and state["exitCode"] == 0
    dc.json("restart", "--timeout", "10")
    dc.record()
    dc.run("break", "add", f"loops.py:{line_of('loops.py', 'done')}")
    dc.json("continue", "--timeout", "0.01")
    deadline = time.monotonic() + 20
    while dc.json("status")["state"] != "stopped":  # the stop happens while nobody waits for it
        assert time.monotonic() < deadline, "the program did not stop"
        time.sleep(0.05)
    state = dc.json("wait", "--timeout", "10")  # the stop is never lost
    assert state["status"] == "stopped"
    assert state["location"]["line"] == line_of("loops.py", "done")


def test_concurrent_commands_all_succeed(dc: Cli) -> None:
    dc.launch("loops.py", "after_call")
    results: list[tuple[int, str, str]] = []
    lock = threading.Lock()

    def worker(n: int) -> None:
        for _ in range(3):
            done = subprocess.run([*DAPCLI, "--json", "eval", f"acc * 0 + {n}"], cwd=PROGRAMS, env=dc.env,
                                  capture_output=True, text=True, timeout=30)
            with lock:
                results.append((n, done.stdout, done.stderr + f" (exit {done.returncode})"))

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert len(results) == 12
    for n, out, err in results:
        assert json.loads(out)["result"] == str(n), err
    # mixed verbs at once, including a step
    procs = [subprocess.Popen([*DAPCLI, *args], cwd=PROGRAMS, env=dc.env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE)
             for args in (["stack"], ["vars"], ["next"], ["threads"], ["status"], ["eval", "acc"])]
    for proc in procs:
        out, err = proc.communicate(timeout=30)
        assert proc.returncode == 0, err.decode()
        assert b"Traceback" not in err
    assert dc.json("status")["state"] == "stopped"


def test_two_named_sessions_at_once(dc: Cli) -> None:
    dc.launch("loops.py", "call", session="a")
    dc.sessions.add("b")
    out = dc.run("launch", "data.py", "--python", PYTHON, "-b", f"data.py:{line_of('data.py', 'inspect')}",
                 "--timeout", "10", env={"DAPCLI_SESSION": "b"}).out
    dc.record("b")
    assert "data.py" in out
    assert dc.json("eval", "i", "--session", "a")["result"] == "0"
    assert dc.json("--session", "b", "eval", "count")["result"] == "1"
    assert dc.json("eval", "count", env={"DAPCLI_SESSION": "b"})["result"] == "1"
    # --session beats DAPCLI_SESSION
    assert dc.json("eval", "i", "--session", "a", env={"DAPCLI_SESSION": "b"})["result"] == "0"
    listed = dc.json("sessions")["sessions"]
    assert sorted(s["name"] for s in listed) == ["a", "b"]
    assert {s["name"]: s["program"].rsplit("/", 1)[-1] for s in listed} == {"a": "loops.py", "b": "data.py"}
    _, out, err = dc.run("sessions")
    assert "a" in out and "b" in out and "loops.py" in out and "data.py" in out
    # without a name there is no default session: the error names the ones that exist
    _, out, err = dc.run("stack", check=3)
    line = one_line_error(err)
    assert "default" in line
    assert "a" in err and "b" in err
    # stopping one leaves the other
    dc.run("stop", "--session", "a")
    assert [s["name"] for s in dc.json("sessions")["sessions"]] == ["b"]
    assert dc.json("--session", "b", "stack")["frames"][0]["name"] == "main"


def test_stack_and_threads_sent_during_a_step_answer_at_its_stop(dc: Cli) -> None:
    """gdb's order: a `stack` typed while a `next` is on its way shows where the step stopped
    (it was refused as "running" when it arrived mid-step)."""
    dc.launch("slow_step.py", "before_nap")
    dc.run("next")
    step = subprocess.Popen([*DAPCLI, "next"], cwd=PROGRAMS, env=dc.env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while dc.json("status")["state"] != "running":
            assert step.poll() is None and time.monotonic() < deadline, "the step never ran"
            time.sleep(0.02)
        stack = dc.json("stack")
        threads = dc.run("threads")
        _, err = step.communicate(timeout=30)
    finally:
        step.kill()
    assert step.returncode == 0, err.decode()
    assert stack["frames"][0]["line"] == line_of("slow_step.py", "after_nap"), stack["frames"][0]
    assert "MainThread" in threads.out
