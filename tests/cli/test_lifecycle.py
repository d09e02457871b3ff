"""Sessions end cleanly whatever happens: stop, a killed or terminated host, an idle timeout, a
debuggee that leaves its process group, a program that exits before its first breakpoint."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import stat
from pathlib import Path

import psutil
from conftest import CLEANUP_S, PYTHON, Cli, line_of, one_line_error


def _tree(dc: Cli, session: str = "default") -> dict[int, float]:
    """pid → create_time of the session's host and everything below it, plus adapter and debuggee."""
    status = dc.record(session)
    assert status is not None
    found: dict[int, float] = {}
    for pid in (status["hostPid"], status["adapterPid"], status.get("debuggeePid")):
        if pid:
            found[pid] = psutil.Process(pid).create_time()
    for child in psutil.Process(status["hostPid"]).children(recursive=True):
        found[child.pid] = child.create_time()
    return found


def _spawned_pids(dc: Cli) -> dict[int, float]:
    """The processes that setsid.py reports it started (they left the adapter's group)."""
    data = dc.wait_output("sleeper=")
    text = "".join(chunk["output"] for chunk in data["chunks"])
    pids = {int(re.search(rf"\b{key}=(\d+)", text).group(1)) for key in ("debuggee", "forked", "sleeper")}
    found = {}
    for pid in pids:
        with contextlib.suppress(psutil.Error):
            found[pid] = psutil.Process(pid).create_time()
    return found


def test_stop_ends_everything_and_removes_the_files(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    tree = _tree(dc)
    assert len(tree) >= 4  # host, watchdog, adapter, launcher, debuggee
    runtime = Path(dc.runtime_dir)
    assert stat.S_IMODE(runtime.stat().st_mode) == 0o700
    assert stat.S_IMODE((runtime / "default.json").stat().st_mode) == 0o600
    assert stat.S_IMODE((runtime / "default.sock").stat().st_mode) == 0o600
    _, out, err = dc.run("stop")
    assert "terminated" in out
    assert dc.wait_gone(tree) == []
    assert not (runtime / "default.json").exists()
    assert not (runtime / "default.sock").exists()
    _, out, err = dc.run("stack", check=3)
    one_line_error(err)


def test_stop_ends_a_debuggee_that_left_its_process_group(dc: Cli) -> None:
    dc.launch("setsid.py", "ready")
    spawned = _spawned_pids(dc)
    assert len(spawned) == 3, spawned
    groups = {os.getpgid(pid) for pid in spawned}
    assert os.getpgid(dc.status()["adapterPid"]) not in groups  # they really left the adapter's group
    tree = {**_tree(dc), **spawned}
    dc.run("stop", timeout=30)
    assert dc.wait_gone(tree) == []


def test_host_killed_with_sigkill(dc: Cli) -> None:
    dc.launch("setsid.py", "ready")
    spawned = _spawned_pids(dc)
    tree = {**_tree(dc), **spawned}
    host = dc.status()["hostPid"]
    os.kill(host, signal.SIGKILL)
    left = dc.wait_gone(tree, timeout=CLEANUP_S)  # the watchdog ends the adapter and the debuggee
    assert left == [], [" ".join(p.cmdline())[:120] for p in left]
    err = dc.run("stack", check=3).err
    line = one_line_error(err)
    assert "gone" in line or "no longer running" in line
    assert str(host) in line
    assert not Path(dc.runtime_dir, "default.json").exists()
    # the name is free again
    dc.launch("loops.py", "call")
    assert dc.json("eval", "i")["result"] == "0"


def test_host_terminated_with_sigterm(dc: Cli) -> None:
    dc.launch("setsid.py", "ready")
    spawned = _spawned_pids(dc)
    tree = {**_tree(dc), **spawned}
    host = dc.status()["hostPid"]
    os.kill(host, signal.SIGTERM)
    left = dc.wait_gone(tree, timeout=CLEANUP_S)
    assert left == [], [" ".join(p.cmdline())[:120] for p in left]
    err = dc.run("stack", check=3).err
    one_line_error(err)
    assert not Path(dc.runtime_dir, "default.json").exists()
    assert not Path(dc.runtime_dir, "default.sock").exists()


def test_idle_host_ends_by_itself(dc: Cli) -> None:
    dc.env["DAPCLI_IDLE_TIMEOUT"] = "2"
    dc.launch("loops.py", "call")
    tree = _tree(dc)
    assert dc.wait_gone(tree, timeout=CLEANUP_S + 3) == []
    err = dc.run("stack", check=3).err
    one_line_error(err)


def test_program_exits_before_the_first_breakpoint(dc: Cli) -> None:
    _, out, err = dc.launch("exit3_hard.py", "never")
    assert "exit code 3" in out
    assert "about to fail: héllo 世界" in out
    assert "stderr line before exit" in out
    status = dc.status()
    assert status["state"] == "exited"
    assert status["exitCode"] == 3
    state = dc.json("wait")
    assert state["exitCode"] == 3
    # inspecting an ended program is a precondition error, reading its output is fine
    _, out, err = dc.run("stack", check=4)
    assert "ended" in one_line_error(err)
    assert "about to fail" in dc.run("output").out
    _, out, err = dc.run("stop")
    assert "exit code 3" in out


def test_program_calling_sys_exit_before_the_first_breakpoint(dc: Cli) -> None:
    out = dc.launch("exit3.py", "never").out
    assert "about to fail: héllo 世界" in out
    assert "stderr line before exit" in out
    state = dc.json("status")
    if state["state"] == "stopped":  # debugpy stops on SystemExit with a non-zero code
        assert "SystemExit" in out and "3" in out
        assert state["stop"]["exception"]["typeName"] == "SystemExit"
        state = dc.json("continue", "--timeout", "10")
        assert state["status"] == "exited"
    assert dc.status()["exitCode"] == 3


def test_launch_twice_under_one_name(dc: Cli) -> None:
    dc.launch("loops.py", "call")
    err = dc.run("launch", "data.py", "--python", PYTHON, check=2).err
    assert "already running" in one_line_error(err)
    assert dc.json("stack")["frames"][0]["line"] == line_of("loops.py", "call")


def test_stop_after_the_program_ended_and_stop_on_entry(dc: Cli) -> None:
    dc.launch("loops.py", options=("--stop-on-entry",))
    state = dc.json("status")
    assert state["state"] == "stopped"
    assert state["stop"]["location"]["path"].endswith("loops.py")
    assert dc.json("continue", "--timeout", "10")["exitCode"] == 0
    _, out, err = dc.run("continue", check=4)
    one_line_error(err)
    _, out, err = dc.run("stop")
    assert "exit code 0" in out



def _published(runtime: Path) -> list[str]:
    return sorted(name for name in os.listdir(runtime) if name.endswith((".json", ".sock")))


def _call_and_list(runtime: Path, request: dict[str, object]) -> tuple[dict[str, object], list[str]]:
    """Send ``request`` to the default session's socket; the final reply, and the runtime
    directory's session files listed the moment it was read (no client start-up in between)."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
        conn.settimeout(60)
        conn.connect(str(runtime / "default.sock"))
        conn.sendall(json.dumps({"id": 1, **request}).encode() + b"\n")
        with conn.makefile("rb") as replies:
            for line in replies:
                reply = json.loads(line)
                if {"result", "error", "exit"} & reply.keys():
                    return reply, _published(runtime)
    raise AssertionError("the host closed the connection without a reply")


def test_nothing_is_listed_once_stop_or_a_failed_launch_has_answered(dc: Cli) -> None:
    """The host withdraws its session file and socket before it answers the call that ends it,
    so a script acting on the answer never finds the ended session (a failed launch's session
    file once outlived the error on a loaded machine)."""
    runtime = Path(dc.runtime_dir)
    err = dc.run("launch", "loops.py", "--python", "/nonexistent/python3", check=2).err
    assert "/nonexistent/python3" in one_line_error(err)
    assert _published(runtime) == []
    dc.launch("loops.py", "call")
    assert _published(runtime) == ["default.json", "default.sock"]
    assert "terminated" in dc.run("stop").out
    assert _published(runtime) == []
    assert dc.json("sessions")["sessions"] == []
    # the reply read straight off the socket: no client start-up between it and the listing
    dc.launch("loops.py", "call")
    reply, listed = _call_and_list(runtime, {"verb": "stop", "args": {}})
    assert "result" in reply and listed == []
    dc.launch("loops.py", "call")
    reply, listed = _call_and_list(runtime, {"argv": ["stop"]})
    assert reply.get("exit") == 0 and listed == []
