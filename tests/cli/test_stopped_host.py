"""A session host that cannot answer: stopped by a signal (``kill -STOP``, Ctrl-Z) or hung.

Every one-shot verb says so at once (a stopped host was waited on for the full host timeout, then
hinted at ``kill PID``); ``dapcli kill`` ends the session from outside (host, adapter, program,
files); a request the client gave up on is not run when the host is resumed later.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import psutil
import pytest
from conftest import DAPCLI, PROGRAMS, Cli, line_of, one_line_error

pytestmark = pytest.mark.slow

LOOP = line_of("infinite.py", "loop")


@pytest.fixture
def stopped(dc: Cli) -> Iterator[int]:
    """A session stopped at ``@loop`` whose host is then SIGSTOPped (resumed at the end)."""
    dc.launch("infinite.py", "loop")
    host = int(dc.status()["hostPid"])
    os.kill(host, signal.SIGSTOP)
    yield host
    if psutil.pid_exists(host):
        os.kill(host, signal.SIGCONT)


@pytest.mark.parametrize("argv", [("status",), ("eval", "counter"), ("stop",), ("continue",)])
def test_every_verb_says_at_once_that_the_host_is_stopped(dc: Cli, stopped: int, argv: tuple[str, ...]) -> None:
    started = time.monotonic()
    err = dc.run(*argv, check=3).err
    assert time.monotonic() - started < 8  # it waited the 10 s host timeout, then hinted `kill PID`
    assert one_line_error(err) == (f"error: session 'default': its host (pid {stopped}) is stopped "
                                   "(SIGSTOP or Ctrl-Z) and cannot answer")
    assert f"hint: resume it with `kill -CONT {stopped}`, or end the session with `dapcli kill`" in err
    assert [s["state"] for s in dc.json("sessions")["sessions"]] == ["host stopped"]


def test_refused_verbs_do_not_run_when_the_host_is_resumed(dc: Cli, stopped: int) -> None:
    dc.run("stop", check=3)
    dc.run("continue", check=3)
    # a request already sent when the host stopped, whose client has given up since, is dropped
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.connect(os.path.join(dc.runtime_dir, "default.sock"))
        sock.sendall(json.dumps({"id": 1, "verb": "stop", "args": {}, "giveUp": time.time() - 1}).encode() + b"\n")
        os.kill(stopped, signal.SIGCONT)
        sock.settimeout(30)
        assert sock.recv(100) == b""  # closed without running it
    status = dc.status()
    assert status["state"] == "stopped" and status["stop"]["location"]["line"] == LOOP
    assert status["stop"]["generation"] == 1


def test_kill_ends_a_stopped_session_and_everything_it_started(dc: Cli, stopped: int) -> None:
    dc.record()
    started = time.monotonic()
    out = dc.run("kill").out
    assert time.monotonic() - started < 15
    assert out.startswith(f"Session 'default' killed: its host (pid {stopped}) was stopped;")
    assert not dc.wait_gone(timeout=10), "a process of the killed session survived"
    assert not [f for f in os.listdir(dc.runtime_dir) if f.startswith("default.")]
    assert dc.json("sessions")["sessions"] == []


def test_a_host_stopped_during_a_call_ends_the_wait_at_once(dc: Cli) -> None:
    dc.launch("infinite.py", "loop")
    dc.run("break", "clear")
    host = int(dc.status()["hostPid"])
    waiting = subprocess.Popen([*DAPCLI, "continue", "--timeout", "120"], cwd=PROGRAMS, env=dc.env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while dc.status()["state"] != "running":
            assert time.monotonic() < deadline, "the program never ran"
            time.sleep(0.05)
        os.kill(host, signal.SIGSTOP)
        started = time.monotonic()
        _, err = waiting.communicate(timeout=60)
        assert time.monotonic() - started < 8
        assert waiting.returncode == 3
        assert f"its host (pid {host}) is stopped" in one_line_error(err.decode())
    finally:
        os.kill(host, signal.SIGCONT)
        waiting.kill()
        waiting.wait()


HUNG_HOST = r"""
import os, socket, sys, time
from dapcli.dispatch import sessionfile
listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
listener.bind(sessionfile.socket_for("hung"))
os.chmod(sessionfile.socket_for("hung"), 0o600)  # as a host's (one open to others is repaired, with a notice)
listener.listen(8)
sessionfile.write(sessionfile.SessionFile("hung", os.getpid(), sessionfile.socket_for("hung"), "python", "x.py",
                                          time.time(), "stopped", sessionfile.process_start(os.getpid()) or 0.0))
print("ready", flush=True)
time.sleep(600)  # accepts connections (the kernel does), never answers
"""


def test_a_hung_host_times_out_and_kill_ends_it(dc: Cli) -> None:
    host = subprocess.Popen([sys.executable, "-c", HUNG_HOST], env=dc.env, stdout=subprocess.PIPE)
    try:
        assert host.stdout is not None and host.stdout.readline() == b"ready\n"
        started = time.monotonic()
        err = dc.run("--session", "hung", "status", check=7, env={"DAPCLI_HOST_TIMEOUT": "2"}).err
        assert time.monotonic() - started < 15
        assert f"its host (pid {host.pid}) did not answer within 2 s" in one_line_error(err)
        assert "end the session with `dapcli --session hung kill`" in err
        assert [s["state"] for s in dc.json("sessions")["sessions"]] == ["not answering"]
        out = dc.run("--session", "hung", "kill").out
        assert f"its host (pid {host.pid}) did not answer;" in out
        assert host.wait(timeout=10) == -signal.SIGKILL
        assert dc.json("sessions")["sessions"] == []
    finally:
        host.kill()
        host.wait()


def test_a_frontend_joining_a_stopped_host_is_told_at_once(dc: Cli, stopped: int,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """MCP, the REPL and recipes reach a CLI-launched session through the routing dispatcher."""
    import asyncio

    from dapcli.dispatch.router import RoutingDispatcher
    from dapcli.errors import SessionError

    monkeypatch.setenv("DAPCLI_RUNTIME_DIR", dc.runtime_dir)

    async def call() -> str:
        with pytest.raises(SessionError) as refused:
            await RoutingDispatcher().call("evaluate", {"expression": "counter"}, "default")
        return refused.value.message

    started = time.monotonic()
    message = asyncio.run(asyncio.wait_for(call(), 30))
    assert time.monotonic() - started < 8
    assert message == f"session 'default': its host (pid {stopped}) is stopped (SIGSTOP or Ctrl-Z) and cannot answer"
