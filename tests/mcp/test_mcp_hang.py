"""``explainHang`` over MCP (a real client session) on a real Python ABBA deadlock: reached
through ``more`` and by its own name, structured result and text both name the cycle."""

from __future__ import annotations

import sys
import time

import anyio
import pytest
from mcp_helpers import ROOT, call, call_error, connected, marker_line, run, text_of

pytest.importorskip("debugpy", reason="debugpy is not installed")
pytestmark = pytest.mark.slow

ABBA = ROOT / "tests" / "cli" / "programs" / "hang" / "abba.py"
READY = "both wait for the other's lock"


async def wait_output(client: object, text: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        found = await call(client, "output")
        if text in "".join(c["output"] for c in found["chunks"]):
            return
        assert time.monotonic() < deadline, f"no {text!r} in the output"
        await anyio.sleep(0.05)


def test_explain_hang_names_the_cycle() -> None:
    async def body() -> None:
        async with connected() as client:
            assert "no session named 'default'" in await call_error(client, "more", {"verb": "explainHang"})
            stop = await call(client, "launch", {"program": str(ABBA), "python": sys.executable, "timeout": 1})
            assert stop["status"] == "running"
            try:
                await wait_output(client, READY)
                result = await client.call_tool("more", {"verb": "explainHang", "arguments": {"timeout": 1}})
                assert not result.is_error, text_of(result)
                data = result.structured_content
                names = {t["id"]: t["name"] for t in data["threads"]}
                assert {(names[e["threadId"]], names[e["heldBy"]]) for e in data["deadlock"]} == \
                    {("ab", "ba"), ("ba", "ab")}
                ab = next(t for t in data["threads"] if t["name"] == "ab")
                assert (ab["line"], ab["blockedIn"]) == (marker_line(ABBA, "wait_b"), "Lock.acquire")
                text = text_of(result)
                assert text.startswith("DEADLOCK: ") and "waits on lock_b" in text
                assert "`wait`" in text and "dapcli" not in text  # hints said as tool calls
                again = await call(client, "explainHang", {"timeout": 1})  # callable by its own name
                assert len(again["deadlock"]) == 2
                refused = await call_error(client, "explainHang", {"timeout": "soon"})
                assert "timeout" in refused
            finally:
                await call(client, "stop")

    run(body)


def test_stack_and_hang_during_a_blocked_continue() -> None:
    """While a long ``continue`` waits for a program whose threads are all blocked in C, a
    thread's ``stackTrace`` and ``explainHang`` answer at once (they do not queue behind it)."""
    async def body() -> None:
        async with connected() as client, anyio.create_task_group() as group:
            await call(client, "launch", {"program": str(ABBA), "python": sys.executable, "stopOnEntry": True})
            ended: list[bool] = []

            async def blocked() -> None:
                await client.call_tool("continue", {"timeout": 120})  # far over the bounds below
                ended.append(True)

            group.start_soon(blocked)
            try:
                await wait_output(client, READY)
                started = time.monotonic()
                threads = await call(client, "more", {"verb": "threads"})
                ab = next(t["id"] for t in threads["threads"] if t["name"] == "ab")
                stack = await call(client, "stackTrace", {"threadId": ab})
                assert stack["frames"][0]["line"] == marker_line(ABBA, "wait_b")
                result = await call(client, "explainHang", {"timeout": 1})
                assert len(result["deadlock"]) == 2
                assert time.monotonic() - started < 30, "they waited behind the blocked continue"
                assert "threadId" in await call_error(client, "stackTrace")
            finally:
                await call(client, "stop")
        assert ended == [True]

    run(body)


MANY = ROOT / "tests" / "cli" / "programs" / "hang" / "many.py"


def test_explain_hang_of_200_threads_says_which_it_shows() -> None:
    """200 threads do not fit one result: it shows 40 (the deadlock's first), says how many
    there are and the calls that show the rest; MCP's own cut is never needed."""

    async def body() -> None:
        async with connected() as client:
            stop = await call(client, "launch", {"program": str(MANY), "python": sys.executable, "timeout": 1})
            assert stop["status"] == "running"
            try:
                await wait_output(client, "all wait")
                result = await client.call_tool("more", {"verb": "explainHang", "arguments": {"timeout": 1}})
                assert not result.is_error, text_of(result)
                data, text = result.structured_content, text_of(result)
                assert data["totalThreads"] == 200
                assert len(data["threads"]) == 40
                assert [t["name"] for t in data["threads"][:2]] in (["ab", "ba"], ["ba", "ab"])
                assert text.startswith("DEADLOCK: ")
                following = '`more {"verb": "explainHang", "arguments": {"timeout": 1.0, "startThread": 40, ' \
                            '"maxThreads": 40}}`'
                assert "shows threads 1-40 of 200" in text and following in text, text
                assert "cut" not in text and "left out" not in text  # MCP's own bounds were not needed
                page = await call(client, "more", {"verb": "explainHang",
                                                   "arguments": {"timeout": 1, "startThread": 40, "maxThreads": 40}})
                names = {t["name"] for t in page["threads"]}
                assert len(names) == 40 and not names & {t["name"] for t in data["threads"]}
            finally:
                await call(client, "stop")

    run(body, timeout=240)
