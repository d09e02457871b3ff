"""A killed MCP client: `dapcli serve-mcp` ends its sessions and leaves quietly (it printed
"internal error: ExceptionGroup…" on stderr and exited 1 when its stdout closed first)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import psutil
import pytest
from mcp_helpers import LOOP

pytest.importorskip("debugpy", reason="debugpy is not installed")
pytestmark = pytest.mark.slow


def _send(process: subprocess.Popen[bytes], message: dict[str, object]) -> None:
    assert process.stdin is not None
    process.stdin.write(json.dumps({"jsonrpc": "2.0", **message}).encode() + b"\n")
    process.stdin.flush()


def _answer(process: subprocess.Popen[bytes], ident: int) -> dict[str, object]:
    assert process.stdout is not None
    while True:
        reply = json.loads(process.stdout.readline())
        if reply.get("id") == ident:
            return reply


def test_a_client_gone_ends_the_sessions_and_says_nothing(tmp_path: Path) -> None:
    env = {**os.environ, "DAPCLI_RUNTIME_DIR": str(tmp_path)}
    process = subprocess.Popen([sys.executable, "-m", "dapcli", "serve-mcp"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        _send(process, {"id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}})
        _answer(process, 1)
        _send(process, {"method": "notifications/initialized"})
        _send(process, {"id": 2, "method": "tools/call",
                        "params": {"name": "launch", "arguments": {"program": str(LOOP), "stopOnEntry": True}}})
        assert "isError" not in json.dumps(_answer(process, 2)).replace('"isError": false', "")
        below = psutil.Process(process.pid).children(recursive=True)
        assert process.stdout is not None and process.stdin is not None
        process.stdout.close()  # the client died: its end of our stdout first …
        _send(process, {"id": 3, "method": "tools/list"})  # … an answer cannot be written …
        process.stdin.close()  # … then its end of our stdin
        assert process.wait(60) == 0
        assert process.stderr is not None and process.stderr.read().decode() == ""
        _, alive = psutil.wait_procs(below, timeout=15)
        assert not [p for p in alive if p.status() != psutil.STATUS_ZOMBIE], alive
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)


def test_a_daemon_of_the_program_ends_when_the_server_is_killed(tmp_path: Path) -> None:
    """A daemon orphaned at once (double fork, setsid) outlived a SIGKILLed `serve-mcp` in a third
    of tries; it carries the server's mark, and the watchdog ends it."""
    import signal
    import time

    daemonize = Path(__file__).resolve().parents[1] / "cli" / "programs" / "daemonize.py"
    pidfile = tmp_path / "daemon.pid"
    env = {**os.environ, "DAPCLI_RUNTIME_DIR": str(tmp_path)}
    process = subprocess.Popen([sys.executable, "-m", "dapcli", "serve-mcp"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    daemon = None
    try:
        _send(process, {"id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-03-26", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}})
        _answer(process, 1)
        _send(process, {"method": "notifications/initialized"})
        _send(process, {"id": 2, "method": "tools/call", "params": {"name": "launch", "arguments": {
            "program": str(daemonize), "args": [str(pidfile), "at-once"], "stopOnEntry": True}}})
        _answer(process, 2)
        _send(process, {"id": 3, "method": "tools/call", "params": {"name": "continue", "arguments": {}}})
        deadline = time.monotonic() + 60
        while not pidfile.exists():
            assert time.monotonic() < deadline, "the daemon never started"
            time.sleep(0.05)
        daemon = psutil.Process(int(pidfile.read_text()))
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        _, alive = psutil.wait_procs([daemon], timeout=15)
        assert not [p for p in alive if p.status() != psutil.STATUS_ZOMBIE], alive
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
        if daemon is not None and daemon.is_running():
            daemon.kill()
