"""Speed of ``dapcli serve-mcp`` through a real stdio MCP client (prints figures; not a test).

    python benchmarks/bench_mcp.py [--samples N]

On examples/buggy.py with debugpy: server start → initialized (the SDK client's handshake),
median ms of a ``next`` tool call (which returns the full stop state) and of an ``evaluate``
call. For comparison: the same calls from a bare line-by-line JSON-RPC client (no client-side
model parsing or output-schema validation: the server's share), and the same verbs through the
in-process dispatcher (no MCP at all: the engine and debugpy's share).
Issue 4 targets: next ≤ 5 ms, evaluate ≤ 3 ms, start → initialized ≤ 1.0 s.
"""

from __future__ import annotations

import argparse
import json
import queue
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio

ROOT = Path(__file__).resolve().parent.parent
PROGRAM = ROOT / "examples" / "buggy.py"
LINE = next(i for i, text in enumerate(PROGRAM.read_text().splitlines(), 1) if "@running" in text)
LAUNCH = {"program": str(PROGRAM), "breakpoints": [f"{PROGRAM}:{LINE}"]}
sys.path.insert(0, str(ROOT))


async def measure_next(call: Callable[[str, dict[str, Any]], Awaitable[dict[str, Any]]], samples: int) -> list[float]:
    """ms per ``next`` that ended in a stop; relaunches when the program ends."""
    times: list[float] = []
    await call("launch", LAUNCH)
    while len(times) < samples:
        started = time.perf_counter()
        stop = await call("next", {})
        elapsed = (time.perf_counter() - started) * 1000
        if stop.get("status") == "stopped":
            times.append(elapsed)
        else:
            await call("stop", {})
            await call("launch", LAUNCH)
    return times


async def measure_evaluate(call: Callable[[str, dict[str, Any]], Awaitable[dict[str, Any]]],
                           samples: int) -> list[float]:
    times = []
    for _ in range(samples):
        started = time.perf_counter()
        await call("evaluate", {"expression": "amount * percent"})
        times.append((time.perf_counter() - started) * 1000)
    return times


async def over_stdio(samples: int) -> dict[str, float]:
    from mcp import Client, StdioServerParameters

    params = StdioServerParameters(command=sys.executable, args=["-m", "dapcli.frontends.mcp.server"], cwd=str(ROOT))
    started = time.perf_counter()
    async with Client(params) as client:
        initialized = time.perf_counter() - started
        await client.list_tools()
        listed = time.perf_counter() - started

        async def call(tool: str, args: dict[str, Any]) -> dict[str, Any]:
            result = await client.call_tool(tool, args)
            if result.is_error:
                raise RuntimeError(f"{tool}: {result.content[0].text}")
            return dict(result.structured_content or {})

        nexts = await measure_next(call, samples)
        await call("stop", {})
        await call("launch", LAUNCH)
        evaluates = await measure_evaluate(call, samples)
        await call("stop", {})
    return {"initialized_s": initialized, "tools_listed_s": listed, "next_ms": statistics.median(nexts),
            "evaluate_ms": statistics.median(evaluates)}


class RawClient:
    """MCP over stdio by hand: one JSON line per message (the legacy handshake)."""

    def __init__(self) -> None:
        started = time.perf_counter()
        self.process = subprocess.Popen([sys.executable, "-m", "dapcli.frontends.mcp.server"], cwd=ROOT,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.lines: queue.Queue[bytes] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.seq = 0
        self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                    "clientInfo": {"name": "bench", "version": "0"}})
        self.send({"method": "notifications/initialized"})
        self.initialized = time.perf_counter() - started

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)

    def send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"jsonrpc": "2.0", **message}).encode() + b"\n")
        self.process.stdin.flush()

    def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self.seq += 1
        self.send({"id": self.seq, "method": method, "params": params})
        while True:
            message = json.loads(self.lines.get(timeout=60))
            if message.get("id") == self.seq:
                return dict(message["result"])

    async def call(self, tool: str, args: dict[str, Any]) -> dict[str, Any]:
        result = self.request("tools/call", {"name": tool, "arguments": args})
        if result.get("isError"):
            raise RuntimeError(f"{tool}: {result['content'][0]['text']}")
        return dict(result["structuredContent"])

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(20)


async def over_raw_stdio(samples: int) -> dict[str, float]:
    client = RawClient()
    try:
        nexts = await measure_next(client.call, samples)
        await client.call("stop", {})
        await client.call("launch", LAUNCH)
        evaluates = await measure_evaluate(client.call, samples)
    finally:
        client.close()
    return {"initialized_s": client.initialized, "next_ms": statistics.median(nexts),
            "evaluate_ms": statistics.median(evaluates)}


async def in_process(samples: int) -> dict[str, float]:
    from dapcli.dispatch.local import LocalDispatcher
    from dapcli.frontends.mcp.server import end_sessions

    dispatcher = LocalDispatcher()

    async def call(verb: str, args: dict[str, Any]) -> dict[str, Any]:
        return (await dispatcher.call(verb, args, "default", None)).to_json()

    try:
        nexts = await measure_next(call, samples)
        await call("stop", {})
        await call("launch", LAUNCH)
        evaluates = await measure_evaluate(call, samples)
    finally:
        await end_sessions(dispatcher)
    return {"next_ms": statistics.median(nexts), "evaluate_ms": statistics.median(evaluates)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=40)
    options = parser.parse_args()
    stdio = anyio.run(over_stdio, options.samples)
    raw = anyio.run(over_raw_stdio, options.samples)
    local = anyio.run(in_process, options.samples)
    print(f"dapcli serve-mcp on {PROGRAM.name} (debugpy), {options.samples} samples, medians")
    print(f"  server start → initialized  SDK client {stdio['initialized_s']:.2f} s   "
          f"bare client {raw['initialized_s']:.2f} s   (target ≤ 1.0 s)")
    print(f"  server start → tools listed SDK client {stdio['tools_listed_s']:.2f} s")
    for verb, target in (("next", 5), ("evaluate", 3)):
        print(f"  {verb:<9} SDK stdio client {stdio[verb + '_ms']:5.2f} ms   bare stdio client "
              f"{raw[verb + '_ms']:5.2f} ms   in-process verb {local[verb + '_ms']:5.2f} ms   (target ≤ {target} ms)")


if __name__ == "__main__":
    main()
