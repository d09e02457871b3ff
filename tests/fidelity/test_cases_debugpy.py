"""Issue 10's single cases on real debugpy, through the CLI (a real ``dapcli`` process) and
MCP (the in-memory client, joining the same hosted session): a pause that has not taken
effect (7), debugger text kept out of the program's output (9), text that keeps values as they
are (12), and ``set`` errors."""

from __future__ import annotations

import asyncio
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from clirun import Cli, marker

from dapcli.adapters.debugpy.adapter import DebugpyAdapter

pytestmark = [pytest.mark.slow, pytest.mark.skipif(DebugpyAdapter().find() is None, reason="debugpy is not installed")]

CASES = Path(__file__).resolve().parent / "programs" / "cases"
PROGRAM = CASES / "cases.py"


def at(name: str) -> str:
    return f"cases.py:{marker(PROGRAM, name)}"


@pytest.fixture
def cli(tmp_path: Path) -> Iterator[Cli]:
    work = tmp_path / "work"
    shutil.copytree(CASES, work)
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    runner = Cli(work, runtime)
    try:
        yield runner
    finally:
        runner.close()


def mcp(cli: Cli, monkeypatch: pytest.MonkeyPatch, tool: str, args: dict[str, Any]) -> tuple[bool, str, Any]:
    """Call ``tool`` over MCP (in-memory client, joining the CLI's hosted session): (isError,
    text, structured content)."""
    from mcp import Client

    from dapcli.dispatch.router import RoutingDispatcher
    from dapcli.frontends.mcp.server import build_server

    monkeypatch.setenv("DAPCLI_RUNTIME_DIR", cli.env["DAPCLI_RUNTIME_DIR"])
    monkeypatch.chdir(cli.cwd)

    async def call() -> tuple[bool, str, Any]:
        async with Client(build_server(RoutingDispatcher())) as client:  # as `serve-mcp` joins sessions
            result = await asyncio.wait_for(client.call_tool(tool, args), 60)
            return bool(result.is_error), str(result.content[0].text), result.structured_content

    return asyncio.run(call())


def test_a_pending_pause_is_shown_and_wait_reports_its_stop(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    fifo = cli.cwd / "fifo"
    os.mkfifo(fifo)
    cli.launch("cases.py", "-b", at("sleep"), "--", "sleep", str(fifo))
    assert cli.json("continue", "--timeout", "0.5")["status"] == "running"  # blocked in open(fifo)
    paused = cli.run("pause", "--timeout", "1")
    assert "Pause requested" in paused.out and "`dapcli wait` reports the stop" in paused.out, paused.out
    assert "`dapcli pause` interrupts it" not in paused.out
    status = cli.run("status")
    assert "pause" in status.out and "pending" in status.out, status.out
    assert cli.json("status")["pausePendingS"] >= 0
    error, text, data = mcp(cli, monkeypatch, "status", {})
    assert not error and "pause requested" in text and data["pausePendingS"] >= 0, text
    with open(fifo, "w"):  # the program goes on: the pause takes effect at its next line
        pass
    stop = cli.json("wait", "--timeout", "30")
    assert stop["status"] == "stopped" and stop["reason"] == "pause"
    assert "pausePendingS" not in cli.json("status")


def test_output_keeps_tabs(cli: Cli) -> None:
    cli.launch("cases.py", "-b", at("answer"))
    assert "a\tb héllo" in cli.run("output").out


def test_stack_says_how_many_frames_more(cli: Cli) -> None:
    cli.launch("cases.py", "-b", at("deep"), "--", "deep")
    total = cli.json("stack")["totalFrames"]
    assert total > 60
    text = cli.run("stack").out
    assert f"frames 1–20 of {total} (next: dapcli stack --start 20)" in text, text


def test_trace_header_keeps_brackets(cli: Cli) -> None:
    cli.launch("cases.py", "-b", at("answer"))
    text = cli.run("trace", at("bump"), "self.scores[k]", "k", "--limit", "2").out
    assert "self.scores[k]" in text.splitlines()[1], text


def test_vars_after_set_shows_the_new_value(cli: Cli) -> None:
    cli.launch("cases.py", "-b", at("answer"))
    # the stop arrives while nobody waits: its variables are fetched ahead, then `set` changes one
    cli.run("next", "--timeout", "0.001")
    assert cli.wait_state("stopped")["state"] == "stopped"
    assert "value = 42" in cli.run("vars").out
    cli.run("set", "value", "7")
    assert "value = 7" in cli.run("vars").out
    assert cli.run("eval", "value").out.startswith("7")


def test_read_only_values_are_marked_and_not_set(cli: Cli) -> None:
    cli.launch("--config", "returns", "-b", at("answer"))
    cli.run("next")
    found = {v["name"]: v for v in cli.json("vars")["variables"]}
    assert found["(return) answer"]["readOnly"] is True and "readOnly" not in found["value"]
    assert "(return) answer = 42  (int)  [read-only]" in cli.run("vars").out
    refused = cli.run("set", "(return) answer", "1", check=2)
    assert "read-only" in refused.err


def test_set_errors_name_the_reason(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    cli.launch("cases.py", "-b", at("end"))
    missing = cli.run("set", "nosuch", "1", check=2)
    assert missing.err.startswith("error: no variable 'nosuch' in Locals"), missing.err
    assert "nosuch" not in cli.run("vars").out  # no local was created
    rejected = cli.run("set", "line", "1/0", check=5)
    assert "ZeroDivisionError: division by zero" in rejected.err and "'abc'" in rejected.err, rejected.err
    assert "line = 'abc'" in cli.run("vars").out
    assert cli.run("set", "value", "40+2").out.startswith("value = 42")  # unchanged on purpose: fine
    error, text, _ = mcp(cli, monkeypatch, "more", {"verb": "setVariable",
                                                    "arguments": {"name": "line", "value": "1/0"}})
    assert error and "ZeroDivisionError: division by zero" in text, text
    error, text, _ = mcp(cli, monkeypatch, "more", {"verb": "setVariable",
                                                    "arguments": {"name": "nosuch", "value": "1"}})
    assert error and "no variable 'nosuch'" in text, text
    # pydevd's log of the failures is the debugger's text, not the program's stderr
    assert "division by zero" not in cli.run("output").out
    assert "division by zero" in cli.run("output", "--category", "console").out


def test_traceback_starts_at_the_users_code(cli: Cli) -> None:
    cli.launch("cases.py", "--", "crash")
    assert cli.json("wait", "--timeout", "30")["reason"] == "exception"
    assert cli.json("continue")["status"] == "exited"
    text = cli.run("output").out
    traceback = text[text.index("Traceback"):]
    assert traceback.splitlines()[1].startswith(f'  File "{cli.cwd / "cases.py"}"'), traceback
    assert "runpy" not in traceback and "debugpy" not in traceback
    assert "KeyError: 'missing'" in traceback
