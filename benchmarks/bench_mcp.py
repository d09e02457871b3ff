"""Speed of ``dapcli serve-mcp`` through a real stdio MCP client (prints figures; not a test).

    python benchmarks/bench_mcp.py [--samples N]

On examples/buggy.py with debugpy: server start → initialized (the SDK client's handshake),
median ms of a ``next`` tool call (which returns the full stop state) and of an ``evaluate``
call; the same verbs through the in-process dispatcher, so the MCP share is visible.
Issue 4 targets: next ≤ 5 ms, evaluate ≤ 3 ms, start → initialized ≤ 1.0 s.
"""

from __future__ import annotations

import argparse
import statistics
import sys
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
    local = anyio.run(in_process, options.samples)
    print(f"dapcli serve-mcp on {PROGRAM.name} (debugpy), {options.samples} samples, medians")
    print(f"  server start → initialized   {stdio['initialized_s']:.2f} s   (target ≤ 1.0 s)")
    print(f"  server start → tools listed  {stdio['tools_listed_s']:.2f} s")
    print(f"  next      over stdio MCP     {stdio['next_ms']:.2f} ms  (target ≤ 5 ms)   "
          f"in-process verb {local['next_ms']:.2f} ms")
    print(f"  evaluate  over stdio MCP     {stdio['evaluate_ms']:.2f} ms  (target ≤ 3 ms)   "
          f"in-process verb {local['evaluate_ms']:.2f} ms")


if __name__ == "__main__":
    main()
