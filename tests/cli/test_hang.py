"""`dapcli hang` on real Python programs (debugpy): a two-thread ABBA deadlock on Lock and on
RLock, named as a cycle with each lock's holder; threads that only wait (a sleep, an empty
queue) with no deadlock claimed."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import Cli, line_of, source_line

pytest.importorskip("debugpy", reason="debugpy is not installed")

ABBA = "hang/abba.py"
WAITING = "hang/waiting.py"


def by_name(result: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {thread["name"]: thread for thread in result["threads"]}


@pytest.mark.parametrize("kind", ["lock", "rlock"])
def test_abba_deadlock_is_named_with_its_holders(dc: Cli, kind: str) -> None:
    dc.launch(ABBA, args=(kind,), timeout=1.0)  # runs into the deadlock: launch returns `running`
    assert "both wait for the other's lock" in "".join(
        chunk["output"] for chunk in dc.wait_output("both wait for the other's lock", timeout=60)["chunks"])
    result = dc.json("hang", "--timeout", "1")
    threads = by_name(result)
    ab, ba, main = threads["ab"], threads["ba"], threads["MainThread"]
    call = "RLock.acquire" if kind == "rlock" else "Lock.acquire"
    assert (ab["state"], ab["blockedIn"], ab["line"], ab["text"]) == \
        ("blocked", call, line_of(ABBA, "wait_b"), source_line(ABBA, "wait_b"))
    assert (ba["state"], ba["blockedIn"], ba["line"]) == ("blocked", call, line_of(ABBA, "wait_a"))
    assert ab["waitsOn"].startswith("lock_b <locked") and ba["waitsOn"].startswith("lock_a <locked")
    assert (ab["heldBy"], ba["heldBy"]) == (ba["id"], ab["id"])
    assert [h.split(" ")[0] for h in ab["holds"]] == ["lock_a"]
    assert [h.split(" ")[0] for h in ba["holds"]] == ["lock_b"]
    assert (main["blockedIn"], main["line"], main["joins"]) == ("Thread.join", line_of(ABBA, "join"), ab["id"])
    cycle = result["deadlock"]
    assert {(e["threadId"], e["heldBy"]) for e in cycle} == {(ab["id"], ba["id"]), (ba["id"], ab["id"])}
    # every thread blocked in C: debugpy's pause cannot land, and the result says so
    assert result["paused"] is False and result["status"] == "running"
    assert any("did not land" in note for note in result["notes"])

    text = dc.run("hang", "--timeout", "1").out
    first = text.splitlines()[0]
    assert first.startswith("DEADLOCK: ") and f"thread {ab['id']} ab waits on lock_b" in first
    assert f"held by thread {ba['id']} ba" in first
    assert f"{line_of(ABBA, 'wait_b')} | with lock_b:  # @wait_b" in text
    assert f"waits for thread {ab['id']} ab to end" in text


def test_a_deadlock_on_one_line_withs_is_proven(dc: Cli) -> None:
    """``with lock_b: print()`` on one line: the thread waits on lock_b, it does not hold it (it
    was said to hold both locks, and no deadlock was proven)."""
    program = "hang/abba_oneline.py"
    dc.launch(program, timeout=1.0)
    dc.wait_output("both wait for the other's lock", timeout=60)
    result = dc.json("hang", "--timeout", "1")
    threads = by_name(result)
    ab, ba = threads["ab"], threads["ba"]
    assert ab["waitsOn"].startswith("lock_b <locked") and ba["waitsOn"].startswith("lock_a <locked")
    assert [h.split(" ")[0] for h in ab["holds"]] == ["lock_a"]
    assert [h.split(" ")[0] for h in ba["holds"]] == ["lock_b"]
    assert {(e["threadId"], e["heldBy"]) for e in result["deadlock"]} == {(ab["id"], ba["id"]), (ba["id"], ab["id"])}


def test_waiting_threads_are_no_deadlock(dc: Cli) -> None:
    dc.launch(WAITING, timeout=1.0)
    dc.wait_output("waiting", timeout=60)
    result = dc.json("hang", "--timeout", "10")
    assert "deadlock" not in result
    threads = by_name(result)
    consumer = threads["consumer"]
    assert (consumer["state"], consumer["blockedIn"], consumer["line"]) == \
        ("blocked", "queue.Queue.get", line_of(WAITING, "get"))
    assert consumer["waitsOn"].startswith("<queue.Queue object")
    assert "heldBy" not in consumer and "holder" not in consumer  # a queue has no holder
    sleeper = threads["sleeper"]  # asleep in time.sleep, or held by the pause that landed meanwhile
    assert sleeper["path"].endswith("waiting.py") and sleeper["function"] == "sleeper"
    if sleeper["state"] == "blocked":
        assert (sleeper["blockedIn"], sleeper["line"]) == ("time.sleep", line_of(WAITING, "sleep"))
    # the sleeps end: debugpy's pause lands, and the program stays paused
    assert result["paused"] is True and result["status"] == "stopped"
    assert dc.status()["state"] == "stopped"
    text = dc.run("hang").out
    assert text.splitlines()[0] == "no deadlock proven"
    assert "DEADLOCK" not in text


def test_stack_of_a_thread_while_the_pause_waits(dc: Cli) -> None:
    """debugpy answers a thread's stack while it runs (every thread blocked in C: the pause never
    lands); the stack of no named thread, and locals, are still refused with what to do."""
    dc.launch(ABBA, timeout=1.0)
    dc.wait_output("both wait for the other's lock", timeout=60)
    dc.run("pause", check=False)  # it cannot land: every thread waits in C
    assert dc.status()["state"] == "running"
    ab = next(t["id"] for t in dc.json("threads")["threads"] if t["name"] == "ab")
    stack = dc.json("stack", "--thread-id", ab)
    top = stack["frames"][0]
    assert (top["name"], top["line"]) == ("transfer_ab", line_of(ABBA, "wait_b"))
    assert "the program runs" in stack["note"]
    assert "as it is now" in dc.run("stack", "--thread-id", ab).out
    err = dc.run("stack", check=4).err
    assert "is running: name the thread whose stack to show" in err and "dapcli stack --thread-id ID" in err
    assert "running: pause first" in dc.run("scopes", check=4).err
