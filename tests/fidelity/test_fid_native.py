"""Issue 10 on the native adapters: watchpoints (case 4), stops made by console commands
(case 5), a pause inside libc shown at the user's frame (case 6), the file a function
breakpoint resolved to (case 10) and breakpoints deleted by location (case 13) — on the CLI
and over MCP."""

from __future__ import annotations

import time
from pathlib import Path

import anyio
import pytest
from fid_helpers import Cli, call, call_tool, each, marker_line, mcp_client, run_async

pytestmark = pytest.mark.slow


def _line(folder: Path, marker: str) -> int:
    return marker_line(folder / "loop.c", marker)


@pytest.mark.parametrize("access", ["write", "readWrite"])
@pytest.mark.parametrize("adapter", each("lldb", "codelldb"))
def test_watchpoint_on_n_stops_at_the_write(adapter: str, access: str, c_programs: Path, cli: Cli) -> None:
    write = _line(c_programs, "write-n")
    cli("launch", "./loop", "--adapter", adapter, "-b", f"loop.c:{write}")
    added = cli.json("watchpoint", "add", "n", "--access-type", access)
    assert added["dataBreakpoints"][0]["verified"] is True and added["dataBreakpoints"][0]["accessType"] == access
    state = cli.json("continue")
    assert state["reason"] == "watchpoint", state
    assert state["rawReason"] in ("data breakpoint", "breakpoint")
    assert state["location"]["line"] == write + 1
    assert {v["name"]: v["value"] for v in state["locals"]}["n"] == "42"
    if adapter == "codelldb":  # CodeLLDB tells old and new value in its console output
        said = "".join(c["output"] for c in state.get("output") or [])
        assert "old value: 3" in said and "new value: 42" in said, said


@pytest.mark.parametrize("adapter", each("lldb"))
def test_watchpoint_over_mcp(adapter: str, c_programs: Path) -> None:
    write = _line(c_programs, "write-n")

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(c_programs / "loop"), "adapter": adapter,
                                          "breakpoints": [f"{c_programs / 'loop.c'}:{write}"]})
            for access in ("read", "readWrite", "write"):
                added = await call(client, "setDataBreakpoint", {"name": "n", "accessType": access})
                assert added["dataBreakpoints"][-1]["accessType"] == access
            await call(client, "removeDataBreakpoint", {"ids": [1, 2]})
            state = await call(client, "continue")
            assert state["reason"] == "watchpoint" and state["location"]["line"] == write + 1
            await call(client, "stop")

    run_async(body)


@pytest.mark.parametrize("adapter", each("lldb"))
def test_console_step_shows_output_then_the_new_stop(adapter: str, c_programs: Path, cli: Cli) -> None:
    body_line = _line(c_programs, "loop-body")
    cli("launch", "./loop", "--adapter", adapter, "-b", f"loop.c:{body_line}")
    done = cli("console", "thread step-over")
    assert "(no output)" not in done.out
    assert f"Stopped (step) in main at loop.c:{body_line + 1}" in done.out, done.out
    state = cli.json("console", "thread step-over")["stop"]
    assert state["reason"] == "step" and state["location"]["line"] == body_line - 1  # back to the for line
    assert cli.json("status")["state"] == "stopped"
    listing = cli.json("console", "thread list")
    assert "stop" not in listing and "thread #1" in listing["output"]


@pytest.mark.parametrize("adapter", each("lldb"))
def test_console_and_repl_evaluate_step_over_mcp(adapter: str, c_programs: Path) -> None:
    body_line = _line(c_programs, "loop-body")

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(c_programs / "loop"), "adapter": adapter,
                                          "breakpoints": [f"{c_programs / 'loop.c'}:{body_line}"]})
            result = await call_tool(client, "console", {"command": "thread step-over"})
            assert not result.is_error
            assert result.structured_content["stop"]["location"]["line"] == body_line + 1
            evaluated = await call(client, "evaluate", {"expression": "`thread step-over", "context": "repl"})
            assert evaluated["stop"]["reason"] == "step"
            assert evaluated["stop"]["location"]["line"] == body_line - 1
            status = await call(client, "status")
            assert status["state"] == "stopped" and status["stop"]["location"]["line"] == body_line - 1
            await call(client, "stop")

    run_async(body)


@pytest.mark.parametrize("adapter", each("lldb", "gdb", "codelldb"))
def test_pause_in_libc_shows_main(adapter: str, c_programs: Path, cli: Cli) -> None:
    tick = marker_line(c_programs / "sleepy.c", "tick")
    launched = cli.json("launch", "./sleepy", "--adapter", adapter, "--timeout", "1")  # it runs forever
    assert launched["status"] == "running", launched
    deadline = time.monotonic() + 60
    while "tick" not in "".join(c["output"] for c in cli.json("output")["chunks"]):  # in main's loop now
        assert time.monotonic() < deadline, "the program never reached its loop"
        time.sleep(0.1)
    state = cli.json("pause")
    assert state["reason"] == "pause" and state["location"]["function"] == "main", state
    assert tick <= state["location"]["line"] <= marker_line(c_programs / "sleepy.c", "nap")  # in the loop
    assert state["skippedFrames"] >= 1 and state["frames"][0]["name"] != "main"
    assert [v["name"] for v in state["locals"]] == ["counter"]
    variables = cli.json("vars")
    assert variables["frameName"] == "main" and [v["name"] for v in variables["variables"]] == ["counter"]
    assert "Locals of frame main" in cli("vars").out or "Local of frame main" in cli("vars").out
    evaluated = cli.json("eval", "counter")
    assert int(evaluated["result"]) >= 1 and evaluated["frameName"] == "main"
    stack = cli.json("stack")["frames"]
    assert stack[state["skippedFrames"]]["name"] == "main" and len(stack) > state["skippedFrames"]
    assert "skipped" in cli("status").out


@pytest.mark.parametrize("adapter", each("lldb"))
def test_pause_in_libc_over_mcp(adapter: str, c_programs: Path) -> None:
    async def body() -> None:
        async with mcp_client() as client:
            launched = await call(client, "launch", {"program": str(c_programs / "sleepy"), "adapter": adapter,
                                                     "timeout": 1})  # it runs forever
            assert launched["status"] == "running", launched
            with anyio.fail_after(60):  # in main's loop, past the dynamic loader
                while "tick" not in "".join(c["output"] for c in (await call(client, "output"))["chunks"]):
                    await anyio.sleep(0.1)
            result = await call_tool(client, "pause", {})
            state = result.structured_content
            assert state["location"]["function"] == "main" and state["skippedFrames"] >= 1
            assert "skipped" in result.content[0].text
            found = await call(client, "variables")
            assert found["frameName"] == "main"
            await call(client, "stop")

    run_async(body)


@pytest.mark.parametrize("adapter", each("lldb"))
def test_breakpoints_deleted_by_location_as_set_or_as_moved(adapter: str, c_programs: Path, cli: Cli) -> None:
    asked, placed = _line(c_programs, "twice-first") + 1, _line(c_programs, "twice-code")
    init = _line(c_programs, "init")
    cli("launch", "./loop", "--adapter", adapter, "-b", f"loop.c:{init}")
    added = cli.json("break", "add", f"loop.c:{asked}")
    assert added["actualLine"] == placed  # lldb-dap moved it past the blank line and the comment
    removed = cli.json("break", "delete", f"loop.c:{asked}")
    assert removed["removed"] == [added["id"]]
    again = cli.json("break", "add", f"loop.c:{asked}")
    assert cli.json("break", "delete", f"loop.c:{placed}")["removed"] == [again["id"]]
    third = cli.json("break", "add", f"loop.c:{asked}")
    assert cli.json("break", "delete", str(third["id"]))["removed"] == [third["id"]]
    missing = cli("break", "delete", "loop.c:1", check=2)
    assert "no breakpoint 'loop.c:1'" in missing.err
    assert [b["line"] for b in cli.json("break", "list")["breakpoints"]] == [init]


@pytest.mark.parametrize("adapter", each("lldb"))
def test_remove_breakpoint_by_location_over_mcp(adapter: str, c_programs: Path) -> None:
    asked, placed = _line(c_programs, "twice-first") + 1, _line(c_programs, "twice-code")
    source = c_programs / "loop.c"

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(c_programs / "loop"), "adapter": adapter,
                                          "breakpoints": [f"{source}:{asked}"]})
            removed = await call(client, "removeBreakpoint", {"ids": [f"{source}:{placed}"]})
            assert removed["removed"] == [1] and removed["breakpoints"] == []
            await call(client, "setBreakpoint", {"location": f"{source}:{asked}"})
            removed = await call(client, "removeBreakpoint", {"ids": [2]})
            assert removed["removed"] == [2]
            await call(client, "stop")

    run_async(body)


@pytest.mark.parametrize("adapter", each("lldb"))
def test_function_breakpoint_shows_the_file_it_resolved_to(adapter: str, c_programs: Path, cli: Cli) -> None:
    first = _line(c_programs, "twice-first")
    cli("launch", "./loop", "--adapter", adapter, "-b", "twice")
    listed = cli.json("break", "list")["breakpoints"][0]
    assert listed["function"] == "twice" and listed["verified"] is True
    assert listed["actualPath"] == str(c_programs / "loop.c") and listed["actualLine"] == first
    assert f"function twice at loop.c:{first}" in cli("break", "list").out
