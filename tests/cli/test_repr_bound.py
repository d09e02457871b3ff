"""A local whose ``__repr__`` never returns no longer wedges a debugpy stop: each value's repr
runs under pydevd's own thread interrupt (dapcli's sitecustomize in the program, bound
``DAPCLI_REPR_TIMEOUT``, 2 s by default), so the stop arrives with that local marked, the fine
local shown, and ``eval`` of other names and ``continue`` answer at that stop."""

from __future__ import annotations

import time

import pytest
from conftest import Cli, loc

pytest.importorskip("debugpy", reason="debugpy is not installed")

MARK = "<repr did not finish in 2 s>"
#: The stop's bound: the repr's 2 s, pydevd's retry (0.1 s) and the usual stop (generous for a
#: loaded machine, and still below the stop's own 5 s wait for locals plus the launch).
BOUND = 20.0


def test_the_stop_arrives_with_a_hanging_repr_marked_and_other_names_answer(dc: Cli) -> None:
    started = time.monotonic()
    out = dc.launch("repr_bound.py", "main-stop", "thread-stop", timeout=60).out
    assert time.monotonic() - started < BOUND, out
    assert "not available" not in out, out  # the stop did not give up on its locals: the repr did
    assert f"fine=42  sleeps={MARK}" in out, out
    assert dc.run("eval", "fine").out.split() == ["42", "(int)"]
    assert dc.run("eval", "sleeps").out.split() == [*MARK.split(), "(Sleeps)"]  # bounded in eval too
    assert dc.status()["state"] == "stopped"
    # a thread that is not the main one: interrupted by pydevd's asynchronous exception
    started = time.monotonic()
    state = dc.json("continue")
    assert time.monotonic() - started < BOUND, state
    assert state["location"]["line"] == int(loc("repr_bound.py", "thread-stop").rpartition(":")[2]), state
    shown = {v["name"]: v["value"] for v in state["locals"]}
    assert shown == {"fine": "7", "spins": MARK}, state
    assert "not available" not in str(state.get("warnings")), state
    assert dc.json("eval", "fine * 6")["result"] == "42"
    state = dc.json("continue")
    assert state["status"] == "exited" and state["exitCode"] == 0, state
    assert "result 42" in "".join(c["output"] for c in state["output"]), state


def test_the_bound_is_the_programs_own_setting(dc: Cli) -> None:
    out = dc.launch("repr_bound.py", "main-stop", timeout=60,
                    options=("--env", "DAPCLI_REPR_TIMEOUT=0.5")).out
    assert "sleeps=<repr did not finish in 0.5 s>" in out, out
    assert dc.json("continue")["exitCode"] == 0


def test_a_program_that_handles_ctrl_c_itself_is_not_interrupted(dc: Cli) -> None:
    """pydevd interrupts the main thread with a SIGINT: with the program's own handler in place,
    dapcli leaves the repr alone (the stop's own 5 s wait for its locals still bounds the stop)."""
    out = dc.launch("repr_own_sigint.py", "stop", timeout=60).out
    assert "locals <not available: timed out> (no answer in 5 s)" in out, out
    deadline = time.monotonic() + 60
    while any("still running in the program" in w for w in dc.status()["stop"].get("warnings") or []):
        # the 8 s repr returns by itself
        assert time.monotonic() < deadline, "the repr never returned"
        time.sleep(0.2)
    assert dc.json("eval", "fine")["result"] == "42"
    text = "".join(c["output"] for c in dc.json("output")["chunks"])
    assert "handler ran" not in text, text
