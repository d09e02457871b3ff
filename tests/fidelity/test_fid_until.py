"""Issue 29.11: ``until`` on a line that holds a breakpoint of yours. The temporary breakpoint used
to replace yours (the adapters keep one breakpoint per line): a log point there did not log at
until's stop, and a condition was ignored. Now yours is decided by dapcli at that stop, as
``trace`` does: a log point logs, a condition that holds names your breakpoint in the stop, and
your breakpoint is the adapter's again afterwards — debugpy (CLI, MCP) and the native adapters."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest
from fid_helpers import Cli, call, each, marker_line, mcp_client, run_async, text

pytestmark = pytest.mark.slow

debugpy = pytest.mark.skipif(importlib.util.find_spec("debugpy") is None, reason="debugpy is not installed")


def _launch(cli: Cli, spec: str) -> None:
    cli("launch", "tracebp.py", "--python", sys.executable, "--stop-on-entry", "-b", spec)


@debugpy
def test_until_a_log_point_line_logs_there(programs: Path, cli: Cli) -> None:
    add = marker_line(programs / "tracebp.py", "add")
    _launch(cli, f"tracebp.py:{add} log got {{name}} at {{i}}")
    state = cli.json("until", f"tracebp.py:{add}")
    assert state["location"]["line"] == add and state["hitBreakpointIds"] == [2], state
    assert "temporary breakpoint 2, removed" in state["description"]
    assert re.findall(r"got item\d at \d", text(state)) == ["got item0 at 0"], text(state)
    assert cli.json("continue")["status"] == "exited"  # the log point is the adapter's again: it logs, no stop
    assert re.findall(r"got item\d at \d", cli("output").out) == [f"got item{i} at {i}" for i in range(5)]


@debugpy
@pytest.mark.parametrize(("condition", "named"), [("i == 0", [1, 2]), ("i == 1", [2])])
def test_until_honours_the_condition_of_a_breakpoint_on_its_line(condition: str, named: list[int],
                                                                 programs: Path, cli: Cli) -> None:
    add = marker_line(programs / "tracebp.py", "add")
    _launch(cli, f"tracebp.py:{add} if {condition}")
    state = cli.json("until", str(add))
    assert state["location"]["line"] == add and sorted(state["hitBreakpointIds"]) == named, state
    assert cli.json("evaluate", "i")["result"] == "0"
    state = cli.json("continue")
    if named == [2]:  # the condition is the adapter's again
        assert state["hitBreakpointIds"] == [1] and cli.json("evaluate", "i")["result"] == "1"
    else:
        assert state["status"] == "exited", state


@debugpy
def test_until_over_mcp_logs_a_log_point_on_its_line(programs: Path) -> None:
    source = programs / "tracebp.py"
    add = marker_line(source, "add")

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(source), "python": sys.executable, "stopOnEntry": True,
                                          "breakpoints": [f"{source}:{add} log seen {{i}}"]})
            state = await call(client, "until", {"location": f"{source}:{add}"})
            assert state["location"]["line"] == add and "seen 0" in text(state), state
            listed = (await call(client, "listBreakpoints"))["breakpoints"]
            assert [(b["id"], b["logMessage"]) for b in listed] == [(1, "seen {i}")]
            await call(client, "stop")

    run_async(body)


@pytest.mark.parametrize("adapter", each("lldb", "codelldb", "gdb"))
def test_native_until_a_log_point_line_logs_there(adapter: str, c_programs: Path, cli: Cli) -> None:
    body = marker_line(c_programs / "loop.c", "loop-body")
    cli("launch", "./loop", "--adapter", adapter, "--stop-on-entry", "-b", f"loop.c:{body} log passing {{i}}")
    state = cli.json("until", f"loop.c:{body}")
    assert state["location"]["line"] == body and cli.json("evaluate", "i")["result"] == "0", state
    assert cli.json("continue")["status"] == "exited"
    assert re.findall(r"passing \d", cli("output").out) == ["passing 0", "passing 1", "passing 2"]


@pytest.mark.parametrize("adapter", each("lldb", "codelldb", "gdb"))
def test_native_until_honours_a_condition_on_its_line(adapter: str, c_programs: Path, cli: Cli) -> None:
    body = marker_line(c_programs / "loop.c", "loop-body")
    cli("launch", "./loop", "--adapter", adapter, "--stop-on-entry", "-b", f"loop.c:{body} if i == 1")
    state = cli.json("until", f"loop.c:{body}")
    assert state["location"]["line"] == body and 1 not in state["hitBreakpointIds"], state
    state = cli.json("continue")
    assert state["hitBreakpointIds"] == [1] and cli.json("evaluate", "i")["result"] == "1", state


@pytest.mark.parametrize("adapter", [pytest.param("python", marks=debugpy)])
def test_until_stopped_elsewhere_does_not_mark_its_line_a_breakpoint(adapter: str, programs: Path, cli: Cli) -> None:
    """``until L`` that stopped first at a breakpoint of yours showed L with ``●`` (``"breakpoint": true``)
    in the stop's listing, though the temporary breakpoint was gone and ``break list`` did not have it."""
    add = marker_line(programs / "tracebp.py", "add")
    _launch(cli, f"tracebp.py:{add}")
    first = cli.json("continue")
    assert first["location"]["line"] == add, first
    state = cli.json("until", f"tracebp.py:{add + 2}")  # the loop comes back to yours first
    assert state["location"]["line"] == add and state["hitBreakpointIds"] == [1], state
    marked = [row["line"] for row in state["source"] if row.get("breakpoint")]
    assert marked == [add], state["source"]
    assert [b["line"] for b in cli.json("break", "list")["breakpoints"]] == [add]
