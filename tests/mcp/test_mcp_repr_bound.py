"""Over MCP: a local whose ``__repr__`` never returns is marked in the stop (dapcli bounds each
value's repr in the program with pydevd's own thread interrupt, ``DAPCLI_REPR_TIMEOUT``, 2 s by
default); the fine local is shown, ``evaluate`` of another name and ``continue`` answer."""

from __future__ import annotations

import time

import pytest
from mcp_helpers import ROOT, call, connected, marker_line, run, text_of

pytest.importorskip("debugpy", reason="debugpy is not installed")

PROGRAM = ROOT / "tests" / "cli" / "programs" / "repr_bound.py"
MARK = "<repr did not finish in 2 s>"


def test_a_hanging_repr_is_marked_and_the_stop_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DAPCLI_REPR_TIMEOUT", raising=False)  # the program inherits this process's

    async def body() -> None:
        async with connected() as client:
            try:
                started = time.monotonic()
                stops = [f"{PROGRAM}:{marker_line(PROGRAM, m)}" for m in ("main-stop", "thread-stop")]
                stop = await call(client, "launch", {"program": str(PROGRAM), "breakpoints": stops})
                assert time.monotonic() - started < 20, stop
                assert stop["reason"] == "breakpoint", stop
                assert {v["name"]: v["value"] for v in stop["locals"]} == {"fine": "42", "sleeps": MARK}, stop
                value = await call(client, "evaluate", {"expression": "fine + 1"})
                assert value["result"] == "43" and value["type"] == "int", value
                stop = await call(client, "continue")
                assert {v["name"]: v["value"] for v in stop["locals"]} == {"fine": "7", "spins": MARK}, stop
                value = await call(client, "evaluate", {"expression": "fine"})
                assert value["result"] == "7", value
                shown = text_of(await client.call_tool("evaluate", {"expression": "spins"}))
                assert MARK in shown, shown
                end = await call(client, "continue")
                assert end["status"] == "exited" and end["exitCode"] == 0, end
            finally:
                await client.call_tool("stop", {})

    run(body)
