"""A watchpoint on a C local is deleted when its function returns, as gdb does ("Watchpoint N
deleted because the program has left the block in which its expression is valid"), and the stop
says so — on the CLI (text and JSON) and over MCP — on every native adapter."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from fid_helpers import CC, Cli, call, call_tool, each, marker_line, mcp_client, run_async

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def tot(programs: Path) -> Path:
    if CC is None:
        pytest.skip("no C compiler (gcc or cc) to build the test programs")
    done = subprocess.run([CC, "-g", "-O0", "-o", "tot", "tot.c"], cwd=programs, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return programs / "tot"


@pytest.mark.parametrize("adapter", each("lldb", "gdb", "codelldb"))
def test_watched_local_is_deleted_when_its_function_returns(adapter: str, tot: Path, cli: Cli) -> None:
    init = marker_line(tot.with_suffix(".c"), "total-init")
    cli("launch", "./tot", "--adapter", adapter, "-b", f"tot.c:{init}")
    added = cli.json("watchpoint", "add", "total")
    assert added["dataBreakpoints"][0]["verified"] is True, added
    said = None
    for _ in range(10):
        state = cli.json("continue")
        assert state["status"] == "stopped", state
        notes = [w for w in state.get("warnings") or [] if "watchpoint 1 (total) deleted" in w]
        if notes:
            said = state
            break
        assert state["location"]["function"].startswith("add_up"), state  # a write while add_up runs
    assert said is not None, "the watchpoint was never said deleted"
    assert "has left add_up" in said["description"], said
    assert cli.json("watchpoint", "list")["dataBreakpoints"] == []
    text = cli("continue").out  # the second call writes the same slot: no more watchpoint stops
    assert "watchpoint" not in text.lower() or "exited" in text.lower(), text


@pytest.mark.parametrize("adapter", each("lldb"))
def test_watched_local_deleted_in_text_and_over_mcp(adapter: str, tot: Path, cli: Cli) -> None:
    init = marker_line(tot.with_suffix(".c"), "total-init")
    cli("launch", "./tot", "--adapter", adapter, "-b", f"tot.c:{init}")
    cli("watchpoint", "add", "total")
    outs = [cli("continue").out for _ in range(6)]
    assert any("watchpoint 1 (total) deleted because the program has left add_up" in o for o in outs), outs
    cli("stop")

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(tot), "adapter": adapter,
                                          "breakpoints": [f"{tot.with_suffix('.c')}:{init}"]})
            await call(client, "setDataBreakpoint", {"name": "total"})
            for _ in range(8):
                state = await call(client, "continue")
                if any("deleted" in w for w in state.get("warnings") or []):
                    assert (await call(client, "listDataBreakpoints"))["dataBreakpoints"] == []
                    break
            else:
                raise AssertionError("never deleted over MCP")
            await call(client, "stop")

    run_async(body)


@pytest.mark.parametrize("adapter", each("lldb", "gdb"))
def test_list_in_a_library_frame_with_line_info_says_the_file_is_missing(adapter: str, tot: Path,
                                                                         cli: Cli) -> None:
    """``step`` into ``printf`` (libc's debug info has lines, its source is not here): ``list`` says
    the file is not on this machine and offers disassemble/finish, not "built without -g?"."""
    call_line = marker_line(tot.with_suffix(".c"), "after-call")
    cli("launch", "./tot", "--adapter", adapter, "-b", f"tot.c:{call_line}")
    state = cli.json("step")
    if state["location"]["function"] == "main":
        pytest.skip("this libc has no line info for printf (no debug symbols installed)")
    if not state["location"].get("line"):
        pytest.skip("printf's frame has no line here")
    shown = cli("list", check=None)
    assert shown.code == 2, shown
    assert "the file is not on this machine" in shown.err and "line info" in shown.err, shown.err
    assert "without -g" not in shown.err and "dapcli finish" in shown.err and "disassemble" in shown.err

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(tot), "adapter": adapter,
                                          "breakpoints": [f"{tot.with_suffix('.c')}:{call_line}"]})
            await call(client, "stepIn")
            result = await call_tool(client, "source")
            assert result.is_error and "not on this machine" in result.content[0].text, result.content[0].text
            await call(client, "stop")

    run_async(body)


@pytest.fixture(scope="module")
def wmember(programs: Path) -> Path:
    if CC is None:
        pytest.skip("no C compiler (gcc or cc) to build the test programs")
    done = subprocess.run([CC, "-g", "-O0", "-o", "wmember", "wmember.c"], cwd=programs, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return programs / "wmember"


@pytest.mark.parametrize("adapter", each("lldb", "gdb", "codelldb"))
def test_a_watched_member_of_a_local_shows_its_value_and_dies_with_the_frame(adapter: str, wmember: Path,
                                                                             cli: Cli) -> None:
    """``watchpoint add c.x`` (a member of a local struct, asked as an expression): each stop shows
    ``c.x``'s new value (as gdb's "New value"), and when grow returns the watchpoint is deleted and
    said so (it was never tied to the frame: lldb stopped in libc where the slot was reused)."""
    init = marker_line(wmember.with_suffix(".c"), "pair-init")
    cli("launch", "./wmember", "--adapter", adapter, "-b", f"wmember.c:{init}")
    cli("break", "delete", "1")
    assert cli.json("watchpoint", "add", "c.x")["dataBreakpoints"][0]["verified"] is True
    values = []
    for _ in range(6):
        state = cli.json("continue")
        assert state["status"] == "stopped", state
        said = "watchpoint 1 (c.x) deleted because the program has left grow"
        if any(said in w for w in state.get("warnings") or []):
            break
        assert state["location"]["function"].startswith("grow"), state
        [shown] = [v for v in state.get("deciding") or [] if v["name"] == "c.x"]
        values.append(shown["value"])
    else:
        raise AssertionError(f"the watchpoint was never said deleted (values {values})")
    assert values == ["1", "11", "21"], values  # the first write is the initialisation
    assert cli.json("watchpoint", "list")["dataBreakpoints"] == []
    text = cli("continue").out  # the second call reuses the slot: no more watchpoint stops
    assert "watchpoint" not in text.lower() and "exited" in text.lower(), text
