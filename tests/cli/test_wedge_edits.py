"""Breakpoint edits and refusals during a blocked resume, through the session host and real
debugpy: an edit runs at once (and the blocked ``continue`` reports its stop), a verb that needs
a stopped program is refused at once, and an execution verb is refused at once while a hung
``__repr__`` still runs in the debuggee."""

from __future__ import annotations

import json
import subprocess
import time

import pytest
from conftest import DAPCLI, NO_REPR_BOUND, PROGRAMS, Cli, loc, one_line_error

pytest.importorskip("debugpy", reason="debugpy is not installed")


def _blocked_continue(dc: Cli, timeout: float = 120) -> subprocess.Popen[str]:
    """``dapcli --json continue --timeout N`` in the background, once the program is seen running
    (a long timeout: a call that waited behind it would take two minutes, far over the bounds)."""
    process = subprocess.Popen([*DAPCLI, "--json", "continue", "--timeout", str(timeout)], cwd=PROGRAMS, env=dc.env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
    deadline = time.monotonic() + 60
    while dc.status()["state"] != "running":
        assert time.monotonic() < deadline, "the program never ran"
        time.sleep(0.05)
    return process


def test_break_add_during_a_blocked_continue_runs_at_once_and_the_continue_stops_there(dc: Cli) -> None:
    dc.launch("infinite.py", "loop")
    dc.run("break", "clear")
    blocked = _blocked_continue(dc)
    try:
        started = time.monotonic()
        # two edits of one file at once: they serialize (each re-sends the file's whole list)
        edits = [subprocess.Popen([*DAPCLI, "break", "add", f"infinite.py:{line}"], cwd=PROGRAMS, env=dc.env,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for line in (13, 14)]
        for edit in edits:
            _, err = edit.communicate(timeout=60)
            assert edit.returncode == 0, err
        assert time.monotonic() - started < 40, "break add waited behind the blocked continue"
        listed = dc.json("break", "list")
        assert sorted(b["line"] for b in listed["breakpoints"]) == [13, 14]
        started = time.monotonic()
        dc.run("break", "add", loc("infinite.py", "loop"))
        dc.run("watch", "add", "counter")
        assert time.monotonic() - started < 40
        out, err = blocked.communicate(timeout=120)
        assert blocked.returncode == 0, err
        stop = json.loads(out)
        assert stop["status"] == "stopped" and stop["reason"] == "breakpoint"
        assert stop["location"]["line"] == 9
        assert len(dc.json("break", "list")["breakpoints"]) == 3
    finally:
        blocked.kill()
        blocked.wait()


def test_a_stopped_verb_is_refused_at_once_during_a_blocked_continue(dc: Cli) -> None:
    dc.launch("infinite.py", "loop")
    dc.run("break", "clear")
    blocked = _blocked_continue(dc)
    try:
        extra = []
        for verb in (["stack"], ["vars"], ["next"]) * 2:  # the fastest of six: start-up noise on a busy machine
            started = time.monotonic()
            dc.run("status")  # the one-shot CLI's own start-up and round trip, as a baseline
            baseline = time.monotonic() - started
            started = time.monotonic()
            err = dc.run(*verb, check=4).err
            extra.append(time.monotonic() - started - baseline)
            said = one_line_error(err)  # `stack` without a thread: name one (debugpy answers per thread)
            assert "running: pause first" in said or "running: name the thread" in said, said
        assert min(extra) < 0.7, f"refusals took {extra} s more than `status` (the grace is 1 s)"
        dc.run("stop")
    finally:
        blocked.kill()
        blocked.wait()


def test_execution_verbs_are_refused_at_once_while_a_hung_repr_runs(dc: Cli) -> None:
    dc.launch("hang_repr.py", "stop", timeout=30, options=NO_REPR_BOUND)
    for verb in (["next"], ["continue", "--timeout", "3"], ["step"]):
        started = time.monotonic()
        err = dc.run(*verb, check=4).err
        assert time.monotonic() - started < 30, f"{verb} waited behind the hung __repr__ (an hour)"
        assert "still running in the program" in one_line_error(err)
        assert "hint: the program is busy evaluating an expression that has not returned; " \
               "`stop` (or `restart`) ends it" in err
        assert "pause" not in err
    assert dc.status()["state"] == "stopped"
    dc.run("stop")


def test_edits_answer_at_once_while_a_slow_repr_runs_and_are_sent_after(dc: Cli) -> None:
    # debugpy answers no setBreakpoints while the stopped thread runs a __repr__: the edit is
    # recorded at once and sent when the repr returns (the stop's locals gave up on it after 5 s)
    out = dc.launch("slow_repr.py", "stop", timeout=60, options=NO_REPR_BOUND).out
    assert "locals <not available" in out, out
    took = []  # each call on its own: the repr has ~7 s left; three calls on a loaded machine may well take 5 s

    def timed(*args: str) -> dict:
        started = time.monotonic()
        answer = dc.json(*args)
        took.append(time.monotonic() - started)
        return answer

    deleted = timed("break", "delete", loc("slow_repr.py", "stop"))
    added = timed("break", "add", loc("slow_repr.py", "after"))
    filters = timed("exceptions", "set", "uncaught")
    assert max(took) < 5, f"a breakpoint edit waited behind the slow __repr__: {took}"
    assert "recorded, not sent yet" in filters["warning"], filters
    assert deleted["breakpoints"] == [] and "recorded, not sent yet" in deleted["warning"], deleted
    assert "recorded, not sent yet" in added["warning"] and not added["verified"], added
    deadline = time.monotonic() + 60
    while not dc.json("break", "list")["breakpoints"][0]["verified"]:  # sent once the repr returned
        assert time.monotonic() < deadline, "the recorded edit was never sent"
        time.sleep(0.2)
    stop = dc.json("continue", "--timeout", "60")
    assert stop["reason"] == "breakpoint" and stop["location"]["line"] == \
        int(loc("slow_repr.py", "after").rpartition(":")[2]), stop
    started = time.monotonic()
    dc.run("stop")
    assert time.monotonic() - started < 5
