"""How a session ended is said, not guessed: ``status`` after the adapter was killed names it
(which process, which signal), js-debug's program killed by a signal shows the signal (js-debug
reports neither code nor signal), and lldb's exit status ``-1`` (it lost the process) is not
shown as SIGHUP."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest
from fid_helpers import Cli, call, each, marker_line, mcp_client, run_async

from dapcli.adapters.registry import by_name

pytestmark = pytest.mark.slow
needs_node = pytest.mark.skipif(by_name("node").find() is None, reason="js-debug is not installed")


def _ended(cli: Cli, timeout: float = 20.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        status = cli.json("status")
        if status["state"] in ("exited", "terminated") or time.monotonic() > deadline:
            return status
        time.sleep(0.05)


def test_status_after_the_adapter_was_killed_says_so(programs: Path, cli: Cli) -> None:
    cli("launch", "returns.py", "-b", f"returns.py:{marker_line(programs / 'returns.py', 'in-square')}")
    adapter = cli.json("status")["adapterPid"]
    os.kill(adapter, signal.SIGKILL)
    status = _ended(cli)
    assert status["state"] == "terminated"
    said = "the adapter python exited (killed by SIGKILL)"
    assert said in status["stop"]["description"], status
    shown = cli("status").out
    assert said in shown and f"adapter pid   {adapter}" in shown, shown


def test_mcp_status_after_the_adapter_was_killed_says_so(programs: Path) -> None:
    mark = marker_line(programs / "returns.py", "in-square")

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(programs / "returns.py"),
                                          "breakpoints": [f"{programs / 'returns.py'}:{mark}"]})
            os.kill((await call(client, "status"))["adapterPid"], signal.SIGKILL)
            for _ in range(400):
                result = await client.call_tool("status", {})
                if result.structured_content["state"] == "terminated":
                    break
                await __import__("anyio").sleep(0.05)
            assert "killed by SIGKILL" in result.content[0].text, result.content[0].text

    run_async(body)


@needs_node
@pytest.mark.parametrize(("how", "number"), [("SIGTERM", 15), ("SIGKILL", 9)])
def test_js_debug_program_killed_by_a_signal_shows_it(how: str, number: int, cli: Cli) -> None:
    cli("launch", "killed.js", "--", how)
    shown = cli("wait", "--timeout", "30").out
    assert f"killed by {how}" in shown and "exit code ?" not in shown, shown
    status = cli.json("status")
    assert status["exitCode"] == -number and status["stop"]["description"] == f"killed by {how}", status


@needs_node
def test_js_debug_exit_code_143_is_not_a_signal(cli: Cli) -> None:
    cli("launch", "exits.js")
    shown = cli("wait", "--timeout", "30").out
    assert "exit code 143" in shown and "killed" not in shown, shown


@pytest.mark.parametrize("adapter", each("lldb"))
def test_lldb_lost_process_is_not_sighup(adapter: str, returns_c: Path, programs: Path, cli: Cli) -> None:
    line = marker_line(programs / "returns.c", "in-square")
    cli("launch", "./returns", "--adapter", adapter, "-b", f"returns.c:{line}")
    os.kill(cli.json("status")["debuggeePid"], signal.SIGKILL)
    status = _ended(cli)
    description = status["stop"].get("description") or ""
    assert "SIGHUP" not in description and "lldb lost the process" in description, status
