"""``python -m dapcli.frontends.mcp.server`` as a subprocess over stdio: a real client debugs a
real program, and the end of the connection (stdin EOF) or SIGTERM leaves no process behind."""

from __future__ import annotations

import json
import queue
import signal
import subprocess
import sys
import tempfile
import threading
from typing import IO, Any

import psutil
import pytest
from mcp_helpers import BUGGY, LOOP, ROOT, assert_gone, call, marker_line, run

pytest.importorskip("debugpy", reason="debugpy is not installed")
pytestmark = pytest.mark.slow

SERVER = [sys.executable, "-m", "dapcli.frontends.mcp.server"]
RUNNING = marker_line(BUGGY, "running")


def tree_of(pid: int) -> set[int]:
    """``pid`` and its live descendants."""
    try:
        return {pid} | {p.pid for p in psutil.Process(pid).children(recursive=True)}
    except psutil.Error:
        return set()


def test_sdk_stdio_client_debugs_buggy_and_eof_cleans_up() -> None:
    from mcp import Client, StdioServerParameters

    pids: set[int] = set()

    async def body() -> None:
        params = StdioServerParameters(command=SERVER[0], args=SERVER[1:], cwd=str(ROOT))
        async with Client(params) as client:
            assert {t.name for t in (await client.list_tools()).tools} >= {"launch", "next", "evaluate"}
            stop = await call(client, "launch", {"program": "examples/buggy.py",
                                                 "breakpoints": [f"examples/buggy.py:{RUNNING}"]})
            assert stop["location"]["line"] == RUNNING
            value = await call(client, "evaluate", {"expression": "amount * percent"})
            assert value["result"] == "299.84999999999997"
            stop = await call(client, "next")
            assert stop["location"]["line"] == RUNNING - 3
            status = await call(client, "status")
            server_pid = psutil.Process(status["adapterPid"]).ppid()
            pids.update(tree_of(server_pid) | {status["adapterPid"], status["debuggeePid"]})
        assert len(pids) >= 3
        assert_gone(pids)

    run(body)


class RawServer:
    """The server spoken to line by line (JSON-RPC over stdio), to control EOF and signals."""

    def __init__(self) -> None:
        self.stderr = tempfile.TemporaryFile()  # noqa: SIM115 (lives as long as the server)
        self.process = subprocess.Popen(SERVER, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=self.stderr)
        self.lines: queue.Queue[bytes] = queue.Queue()
        threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True).start()
        self._id = 0
        self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                    "clientInfo": {"name": "test", "version": "0"}})
        self.notify("notifications/initialized")

    def _read(self, stream: IO[bytes]) -> None:
        for line in stream:
            self.lines.put(line)

    def send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"jsonrpc": "2.0", **message}).encode() + b"\n")
        self.process.stdin.flush()

    def notify(self, method: str) -> None:
        self.send({"method": method})

    def request(self, method: str, params: dict[str, Any], wait: bool = True) -> dict[str, Any]:
        self._id += 1
        self.send({"id": self._id, "method": method, "params": params})
        while wait:
            message = json.loads(self.lines.get(timeout=120))
            if message.get("id") == self._id:
                assert "result" in message, message
                return dict(message["result"])
        return {}

    def tool(self, name: str, arguments: dict[str, Any], wait: bool = True) -> dict[str, Any]:
        result = self.request("tools/call", {"name": name, "arguments": arguments}, wait)
        assert not result.get("isError"), result
        return dict(result.get("structuredContent") or {})

    def pids(self) -> set[int]:
        status = self.tool("status", {})
        return tree_of(self.process.pid) | {status["adapterPid"], status["debuggeePid"]}

    def exit_code(self) -> int:
        try:
            return self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise

    def log(self) -> str:
        self.stderr.seek(0)
        return self.stderr.read().decode(errors="replace")


@pytest.mark.parametrize("busy", [False, True], ids=["stopped", "continue-blocked"])
def test_stdin_eof_ends_the_server_and_its_sessions(busy: bool) -> None:
    server = RawServer()
    if busy:
        server.tool("launch", {"program": str(LOOP), "stopOnEntry": True})
        pids = server.pids()
        server.tool("continue", {"timeout": 60}, wait=False)
    else:
        stop = server.tool("launch", {"program": str(BUGGY), "breakpoints": [f"{BUGGY}:{RUNNING}"]})
        assert stop["status"] == "stopped"
        pids = server.pids()
    assert len(pids) >= 3
    assert server.process.stdin is not None
    server.process.stdin.close()
    assert server.exit_code() == 0, server.log()
    assert_gone(pids)


def test_sigterm_during_a_blocked_continue_leaves_nothing_behind() -> None:
    server = RawServer()
    server.tool("launch", {"program": str(LOOP), "stopOnEntry": True})
    pids = server.pids()
    server.tool("continue", {"timeout": 60}, wait=False)
    server.tool("status", {})  # the continue is in flight: status is concurrent
    server.process.send_signal(signal.SIGTERM)
    assert server.exit_code() == 128 + signal.SIGTERM, server.log()
    assert_gone(pids)
