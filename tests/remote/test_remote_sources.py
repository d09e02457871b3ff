"""Sources that are not files: fetched with the DAP ``source`` request, or said to be missing in
one line (a C function without debug line info)."""

from __future__ import annotations

import json

import pytest
from remote_helpers import NEEDS_GDB, NEEDS_LLDB, Cli, Layout, build_c, mcp_client, run_async, tool, tool_error

pytestmark = pytest.mark.slow


def test_generated_python_source_comes_from_the_adapter(layout: Layout, cli: Cli) -> None:
    vscode = layout.checkout.parent / ".vscode"
    vscode.mkdir()
    (vscode / "launch.json").write_text(json.dumps({"configurations": [{
        "name": "gen", "type": "debugpy", "request": "launch", "program": "${workspaceFolder}/app/gen.py",
        "justMyCode": False}]}))
    stop = cli.json("launch", "--config", "gen", "--timeout", "60")
    cli.remember()
    assert stop["status"] == "stopped" and stop["location"]["path"] == "<generated>"
    assert stop["source"], "the stop view shows the adapter's source text"
    stack = cli.json("stack")
    assert stack["frames"][0]["sourceReference"] > 0
    listing = cli("list")
    assert listing.out.startswith("<generated>") and "cannot read" not in listing.err
    cli("up")
    caller = cli.json("list")
    assert caller["path"] == "<generated>" and any("made(20)" in row["text"] for row in caller["lines"])


@pytest.mark.parametrize("adapter", [pytest.param("gdb", marks=NEEDS_GDB), pytest.param("lldb", marks=NEEDS_LLDB)])
def test_function_without_line_info_says_so_in_one_line(adapter: str, layout: Layout, cli: Cli) -> None:
    program = build_c(layout.checkout)
    stop = cli.json("launch", str(program), "--adapter", adapter, "-b", "nodebug_twice", "--timeout", "60")
    cli.remember()
    assert stop["status"] == "stopped" and stop["location"]["function"] == "nodebug_twice"
    listing = cli("list", check=2)
    lines = [line for line in listing.err.splitlines() if line.strip()]
    assert lines[0] == ("error: no source for nodebug_twice: no file, and the adapter has no source text for it")
    assert len(lines) == 2 and lines[1].startswith("hint:") and "disassemble" in lines[1]


@NEEDS_GDB
def test_mcp_source_without_line_info(layout: Layout) -> None:
    program = build_c(layout.checkout)

    async def body() -> None:
        async with mcp_client() as client:
            stop = await tool(client, "launch", {"program": str(program), "adapter": "gdb",
                                                 "breakpoints": ["nodebug_twice"], "timeout": 60})
            assert stop["location"]["function"] == "nodebug_twice"
            text = await tool_error(client, "source")
            assert "no source for nodebug_twice" in text
            await tool(client, "stop")

    run_async(body)
