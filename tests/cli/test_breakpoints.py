"""Breakpoints: conditions, hit counts, logpoints, listing, deleting, and restart keeping them."""

from __future__ import annotations

import json

from conftest import Cli, line_of, loc, one_line_error


def _output_text(data: dict) -> str:
    return "".join(chunk["output"] for chunk in data["chunks"])


def test_condition_stops_only_when_true(dc: Cli) -> None:
    dc.launch("loops.py", "main_call")
    added = dc.json("break", "add", loc("loops.py", "call"), "--condition", "i % 3 == 2")
    assert added["condition"] == "i % 3 == 2"
    assert added["verified"] is True
    seen = []
    for _ in range(3):
        state = dc.json("continue", "--timeout", "10")
        assert state["status"] == "stopped"
        assert state["location"]["line"] == line_of("loops.py", "call")
        assert state["hitBreakpointIds"] == [added["id"]]
        seen.append(int(dc.json("eval", "i")["result"]))
    assert seen == [2, 5, 8]
    state = dc.json("continue", "--timeout", "10")
    assert state["status"] == "exited"
    assert state["exitCode"] == 0


def test_hit_condition_stops_on_the_nth_hit(dc: Cli) -> None:
    dc.launch("loops.py", "main_call")
    added = dc.json("break", "add", loc("loops.py", "add_body"), "--hit-condition", "4")
    assert added["hitCondition"] == "4"
    state = dc.json("continue", "--timeout", "10")
    assert state["status"] == "stopped"
    assert state["location"]["function"] == "add"
    assert dc.json("eval", "b")["result"] == "6"  # value = i * 2 on the 4th call (i == 3)
    out = dc.run("break", "list").out
    assert "hit 4" in out


def test_logpoint_logs_interpolated_text_without_stopping(dc: Cli) -> None:
    dc.launch("loops.py", "main_call")
    added = dc.json("break", "add", loc("loops.py", "call"), "--log-message", "LOG i={i} value={value}")
    assert added["logMessage"] == "LOG i={i} value={value}"
    state = dc.json("continue", "--timeout", "10")
    assert state["status"] == "exited", state  # a logpoint never stops
    text = _output_text(dc.wait_output("LOG i=9 value=18"))
    for i in range(10):
        assert f"LOG i={i} value={i * 2}" in text
    assert "{i}" not in text


def test_break_list_shows_verified_and_line(dc: Cli) -> None:
    dc.launch("loops.py", "call", "done")
    listing = dc.json("break", "list")["breakpoints"]
    assert [bp["id"] for bp in listing] == [1, 2]
    assert [bp["line"] for bp in listing] == [line_of("loops.py", "call"), line_of("loops.py", "done")]
    assert all(bp["verified"] for bp in listing)
    assert [bp["actualLine"] for bp in listing] == [bp["line"] for bp in listing]
    out = dc.run("break", "list").out
    assert f"loops.py:{line_of('loops.py', 'call')}" in out
    assert f"loops.py:{line_of('loops.py', 'done')}" in out
    assert "yes" in out


def test_break_delete_then_continue_runs_to_exit(dc: Cli) -> None:
    dc.launch("loops.py", "call", "add_body")
    removed = dc.json("break", "delete", "1", "2")
    assert removed["removed"] == [1, 2]
    assert removed["breakpoints"] == []
    out = dc.run("continue", "--timeout", "10").out
    assert "exited with exit code 0" in out
    status = dc.status()
    assert status["state"] == "exited"
    assert status["exitCode"] == 0
    assert "done 90" in _output_text(dc.wait_output("done 90"))


def test_break_clear_and_delete_unknown_id(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    err = dc.run("break", "delete", "7", check=2).err
    assert "7" in one_line_error(err)
    assert dc.json("break", "list")["breakpoints"][0]["id"] == 1  # unchanged
    assert dc.json("break", "clear")["removed"] == [1]
    assert dc.json("continue", "--timeout", "10")["status"] == "exited"


def test_line_without_code_reports_what_the_adapter_did(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    asked = line_of("loops.py", "comment_only")
    added = dc.json("break", "add", f"loops.py:{asked}")
    assert added["line"] == asked
    # the adapter either moved it to a line with code, or left it unverified with a reason
    if added["verified"]:
        assert added.get("actualLine") not in (None, asked), added
    else:
        assert added.get("message"), added
    out = dc.run("break", "list").out
    if added["verified"]:
        assert f"requested {asked}, bound to {added['actualLine']}: {added['boundText']}" in out
    else:
        assert "no" in out and added["message"] in out
    dc.run("stack")  # the session is as it was


def test_bad_condition_is_refused_when_set(dc: Cli) -> None:
    dc.launch("loops.py", "main_call")
    # debugpy accepted any condition and printed a SyntaxError at every pass: Python compiles it first
    refused = dc.run("--json", "break", "add", loc("loops.py", "call"), "--condition", "i ==", check=2)
    error = json.loads(refused.err)["error"]
    assert error["message"].startswith("the condition 'i ==' of ") and "does not parse" in error["message"]
    assert [b.get("condition") for b in dc.json("break", "list")["breakpoints"]] == [None]  # launch's only


def test_restart_keeps_breakpoints(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    dc.run("break", "add", loc("loops.py", "add_body"), "--condition", "a > 10")
    before = dc.json("break", "list")["breakpoints"]
    old_pid = dc.status()["debuggeePid"]
    state = dc.json("restart", "--timeout", "10")
    dc.record()
    assert state["status"] == "stopped"
    assert state["location"]["line"] == line_of("loops.py", "call")
    assert dc.json("eval", "i")["result"] == "0"
    after = dc.json("break", "list")["breakpoints"]
    assert [(b["id"], b["line"], b.get("condition")) for b in after] == \
        [(b["id"], b["line"], b.get("condition")) for b in before]
    assert all(b["verified"] for b in after)
    assert dc.status()["debuggeePid"] != old_pid
    # the kept conditional breakpoint still works in the new run
    dc.run("break", "delete", "1")
    state = dc.json("continue", "--timeout", "10")
    assert state["location"]["function"] == "add"
    assert int(dc.json("eval", "a")["result"]) > 10
    # new ids go on from the old ones
    assert dc.json("break", "add", loc("loops.py", "done"))["id"] == 3
