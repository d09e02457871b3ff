"""MCP rows: serve-mcp start → initialized against the SDK's minimal stdio server; next and
evaluate over stdio against the same verbs in-process; the sizes of tools/list and of a stop."""

from __future__ import annotations

import asyncio
import json
import os
import select
import subprocess
import time
from typing import Any

from benchmarks.common import DAPCLI, FLOORS, PY, ROOT, TARGET, TARGET_LINE, Row, env_with_runtime

LAUNCH = {"program": str(TARGET), "breakpoints": [f"{TARGET}:{TARGET_LINE}"]}


class StdioClient:
    """MCP over stdio by hand (one JSON line per message), so the client costs nothing: the
    answer is read on the calling thread (a reader thread would add a thread switch to every
    call, which the in-process floor does not pay)."""

    def __init__(self, argv: list[str]) -> None:
        started = time.perf_counter()
        self.process = subprocess.Popen(argv, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, env=env_with_runtime())
        self._buffer = bytearray()
        self.seq = 0
        self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                    "clientInfo": {"name": "bench", "version": "0"}})
        self.initialized_ms = (time.perf_counter() - started) * 1000
        self.send({"method": "notifications/initialized"})

    def _line(self, timeout: float) -> bytes:
        """The next line the server wrote (waits at most ``timeout`` seconds for it)."""
        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        deadline = time.monotonic() + timeout
        while b"\n" not in self._buffer:
            if not select.select([fd], [], [], max(0.0, deadline - time.monotonic()))[0]:
                raise TimeoutError("the MCP server did not answer")
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                raise EOFError("the MCP server closed its output")
            self._buffer += chunk
        line, _, rest = self._buffer.partition(b"\n")
        self._buffer = bytearray(rest)
        return bytes(line)

    def send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"jsonrpc": "2.0", **message}).encode() + b"\n")
        self.process.stdin.flush()

    def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self.seq += 1
        self.send({"id": self.seq, "method": method, "params": params})
        while True:
            message = json.loads(self._line(120))
            if message.get("id") == self.seq:
                return dict(message["result"])

    def call(self, tool: str, args: dict[str, Any]) -> dict[str, Any]:
        return self.request("tools/call", {"name": tool, "arguments": args})

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()


def _start(argv: list[str]) -> float:
    client = StdioClient(argv)
    client.close()
    return client.initialized_ms


def _start_listed(argv: list[str]) -> float:
    """ms from spawning the server to its answer to ``tools/list`` (after ``initialize``)."""
    started = time.perf_counter()
    client = StdioClient(argv)
    client.request("tools/list", {})
    elapsed = (time.perf_counter() - started) * 1000
    client.close()
    return elapsed


def rows(rounds: int) -> list[dict[str, Any]]:
    results = []
    start = Row("`dapcli serve-mcp` start → initialized", "≤ 1.3× the SDK's minimal stdio server", "ratio", 1.3,
                lambda: _start([*DAPCLI, "serve-mcp"]), lambda: _start([PY, str(FLOORS), "mcp-server"]),
                "mcp SDK minimal stdio server")
    start.run(rounds)
    results.append(start.figures())
    listed = Row("`dapcli serve-mcp` start → initialize and tools/list answered", "≤ 500 ms (quiet machine)", "abs",
                 500.0, lambda: _start_listed([*DAPCLI, "serve-mcp"]),
                 lambda: _start_listed([PY, str(FLOORS), "mcp-server"]), "mcp SDK minimal stdio server")
    listed.run(rounds)
    results.append(listed.figures())
    results += _calls(rounds)
    return results


def _calls(rounds: int) -> list[dict[str, Any]]:
    from dapcli.dispatch.local import LocalDispatcher

    client = StdioClient([*DAPCLI, "serve-mcp"])
    loop = asyncio.new_event_loop()
    local = LocalDispatcher()
    try:
        listing = client.request("tools/list", {})
        client.call("launch", LAUNCH)
        loop.run_until_complete(local.call("launch", LAUNCH))
        last: dict[str, Any] = {}

        def mcp(tool: str, args: dict[str, Any]) -> float:
            started = time.perf_counter()
            last.update(client.call(tool, args))
            return (time.perf_counter() - started) * 1000

        def inproc(verb: str, args: dict[str, Any]) -> float:
            started = time.perf_counter()
            loop.run_until_complete(local.call(verb, args))
            return (time.perf_counter() - started) * 1000

        found = []
        for verb, args in (("next", {}), ("evaluate", {"expression": "running"})):
            row = Row(f"MCP `{verb}`" + (" (full stop state)" if verb == "next" else ""), "≤ in-process + 2 ms",
                      "plus", 2.0, lambda v=verb, a=args: mcp(v, a), lambda v=verb, a=args: inproc(v, a),
                      "the same verb in-process")
            row.run(max(rounds * 2, 10))
            found.append(row.figures())
        mcp("next", {})
        text = last["content"][0]["text"]
        structured = json.dumps(last.get("structuredContent"), separators=(",", ":"))
        size_rows = [
            ("MCP tools/list", "≤ 16 KB, every verb reachable", 16 * 1024,
             len(json.dumps(listing, separators=(",", ":")))),
            ("MCP stop result (text + structuredContent)", "≤ 1.0 KB (1,024 B)", 1024,
             len(text.encode()) + len(structured)),
            ("MCP stop result text", "≤ 400 B", 400, len(text.encode())),
        ]
        for name, target, limit, size in size_rows:
            found.append({"name": name, "floor": "", "kind": "bytes", "target": target, "median": size,
                          "range": [size, size], "floorMedian": None, "floorRange": None, "value": size,
                          "met": size <= limit, "samples": [size], "floorSamples": []})
        return found
    finally:
        client.close()
        loop.run_until_complete(local.call("stop", {}))
        loop.close()
