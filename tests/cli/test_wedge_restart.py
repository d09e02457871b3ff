"""Never wedged by a blocked ``continue``, for the verbs that end or replace a session (real
debugpy): ``restart`` runs at once and the blocked call returns saying the session restarted; a
``launch`` of the live session's name is refused at once. (``stop``: test_wedge.py.)"""

from __future__ import annotations

import json
import subprocess
import time

from conftest import DAPCLI, PROGRAMS, Cli, one_line_error

#: The blocked continue's own timeout: a call that waited behind it would take this long.
BLOCKED_FOR = 120


def _blocked_continue(dc: Cli) -> subprocess.Popen[bytes]:
    """``dapcli --json continue`` in the background, once the program is seen running."""
    process = subprocess.Popen([*DAPCLI, "--json", "continue", "--timeout", str(BLOCKED_FOR)], cwd=PROGRAMS,
                               env=dc.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while dc.status()["state"] != "running":
        assert time.monotonic() < deadline, "the program never ran"
        time.sleep(0.05)
    return process


def test_restart_during_a_blocked_continue_runs_at_once(dc: Cli) -> None:
    dc.launch("infinite.py", "loop")
    dc.run("break", "clear")
    blocked = _blocked_continue(dc)
    try:
        started = time.monotonic()
        state = dc.json("restart", "--stop-on-entry", timeout=BLOCKED_FOR)
        assert time.monotonic() - started < BLOCKED_FOR / 2, "restart waited behind the blocked continue"
        assert state["status"] == "stopped" and state["reason"] == "entry"
        out, _ = blocked.communicate(timeout=60)
        ended = json.loads(out)
        assert ended["status"] == "terminated" and "ended by `restart`" in ended["description"], ended
        assert dc.status()["state"] == "stopped"  # the new run, at its entry
        assert dc.json("eval", "1 + 1")["result"] == "2"
    finally:
        blocked.kill()
        blocked.wait()


def test_launch_of_a_blocked_sessions_name_is_refused_at_once(dc: Cli) -> None:
    dc.launch("infinite.py", "loop")
    dc.run("break", "clear")
    blocked = _blocked_continue(dc)
    try:
        started = time.monotonic()
        err = dc.run("launch", "infinite.py", check=2, timeout=BLOCKED_FOR).err
        assert time.monotonic() - started < BLOCKED_FOR / 2, "launch waited behind the blocked continue"
        assert "session 'default' is already running" in one_line_error(err)
        assert dc.status()["state"] == "running"  # left as it was
        dc.run("stop")
        blocked.communicate(timeout=60)
    finally:
        blocked.kill()
        blocked.wait()
