"""The code `hang` sends to a Python program (pyprobe.py), run in a plain Python process
without debugpy: Lock and RLock ABBA (waits, holders, RLock owners), a Condition.wait inside
its ``with`` (its lock is released, so not held), a queue's get."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROBE = ROOT / "dapcli" / "verbs" / "inspection" / "hang" / "pyprobe.py"
READY = ROOT / "tests" / "cli" / "programs" / "hang"

PROGRAM = textwrap.dedent('''
    import json, queue, sys, threading
    sys.path.insert(0, {ready!r})
    from ready import announce_when_waiting

    make = threading.RLock if sys.argv[1] == "rlock" else threading.Lock
    lock_a, lock_b, both = make(), make(), threading.Barrier(2)
    cond, jobs = threading.Condition(), queue.Queue()

    def ab():
        with lock_a:
            both.wait()
            with lock_b:  # @wait_b
                pass

    def ba():
        with lock_b:
            both.wait()
            with lock_a:  # @wait_a
                pass

    def waiter():
        with cond:
            cond.wait()  # @cond

    def getter():
        jobs.get()  # @get

    threads = {{name: threading.Thread(target=f, name=name, daemon=True)
               for name, f in (("ab", ab), ("ba", ba), ("waiter", waiter), ("getter", getter))}}
    for thread in threads.values():
        thread.start()
    announce_when_waiting(__file__, {{threads["ab"]: "wait_b", threads["ba"]: "wait_a"}}, "ready")
    found = {{}}

    def probe():
        ns = {{"__name__": "dapcli_hang"}}
        exec(open({probe!r}).read(), ns)
        found["out"] = ns["out"]

    runner = threading.Thread(target=probe)
    runner.start()
    runner.join()
    print(found["out"])
''')


@pytest.mark.parametrize("kind", ["lock", "rlock"])
def test_probe_reads_waits_and_holders(tmp_path: Path, kind: str) -> None:
    program = tmp_path / "probe_me.py"
    program.write_text(PROGRAM.format(ready=str(READY), probe=str(PROBE)))
    done = subprocess.run([sys.executable, str(program), kind], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    ready, line = done.stdout.splitlines()[:2]
    assert ready == "ready"
    threads = {t["name"]: t for t in json.loads(line)["threads"]}
    ab, ba = threads["ab"], threads["ba"]
    call = "RLock.acquire" if kind == "rlock" else "Lock.acquire"
    assert (ab["blockedIn"], ab["waitsOn"]["kind"]) == (call, "lock")
    assert ab["waitsOn"]["text"].startswith("lock_b <locked")
    assert [h["text"].split(" ")[0] for h in ab["holds"]] == ["lock_a"]
    assert ab["waitsOn"]["id"] == ba["holds"][0]["id"]
    if kind == "rlock":  # the RLock says who owns it
        assert ab["waitsOn"]["owner"] == ba["ident"] and ba["waitsOn"]["owner"] == ab["ident"]
    else:
        assert ab["waitsOn"]["owner"] is None
    waiter = threads["waiter"]
    assert (waiter["blockedIn"], waiter["waitsOn"]["kind"], waiter["holds"]) == ("Condition.wait", "condition", [])
    getter = threads["getter"]
    assert getter["blockedIn"] == "queue.Queue.get" and getter["waitsOn"]["text"].startswith("<queue.Queue")
    assert all(t["proc"] in ("S", "R", "D") for t in threads.values())
