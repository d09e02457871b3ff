"""``trace`` on a line that holds a breakpoint of the user's: the breakpoint still stops the program
where it would have (its condition and hit count honoured; a log point still logs), and the trace
ends there and says so — on debugpy (CLI and MCP) and on the native adapters, for a line
breakpoint and for a function breakpoint on that line. (The trace's temporary breakpoint used to
replace the user's: the adapters keep one breakpoint per line.)"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from fid_helpers import Cli, call, each, marker_line, mcp_client, run_async, text

pytestmark = pytest.mark.slow

debugpy = pytest.mark.skipif(importlib.util.find_spec("debugpy") is None, reason="debugpy is not installed")


def _values(result: dict[str, Any], name: str) -> list[str]:
    return [hit["values"][name] for hit in result["hits"]]


def _launch(cli: Cli, *breakpoints: str) -> None:
    argv = ["launch", "tracebp.py", "--python", sys.executable, "--stop-on-entry"]
    for spec in breakpoints:
        argv += ["-b", spec]
    cli(*argv)


@debugpy
def test_trace_ends_at_a_breakpoint_on_its_line(programs: Path, cli: Cli) -> None:
    add = marker_line(programs / "tracebp.py", "add")
    _launch(cli, f"tracebp.py:{add}")
    shown = cli("trace", f"tracebp.py:{add}", "i").out
    assert shown.startswith(f"1 hit of tracebp.py:{add}\n"), shown
    assert f"Stopped (breakpoint 1) in main at tracebp.py:{add}" in shown, shown
    listed = cli.json("break", "list")["breakpoints"]
    assert [(b["id"], b["line"]) for b in listed] == [(1, add)]
    state = cli.json("continue")  # the breakpoint is the adapter's again
    assert state["hitBreakpointIds"] == [1] and state["location"]["line"] == add
    assert cli.json("evaluate", "i")["result"] == "1"


@debugpy
@pytest.mark.parametrize(("clause", "seen"), [("if i >= 2", ["0", "1", "2"]), ("hit >=3", ["0", "1", "2"]),
                                              ("hit %2", ["0", "1"]), ("hit 4", ["0", "1", "2", "3"])])
def test_trace_honours_the_condition_and_hit_count_of_a_breakpoint_on_its_line(
        clause: str, seen: list[str], programs: Path, cli: Cli) -> None:
    add = marker_line(programs / "tracebp.py", "add")
    _launch(cli, f"tracebp.py:{add} {clause}")
    result = cli.json("trace", f"tracebp.py:{add}", "i", "total")
    assert _values(result, "i") == seen
    stop = result["stop"]
    assert stop["status"] == "stopped" and stop["hitBreakpointIds"] == [1], stop
    assert stop["location"]["line"] == add and result["limitReached"] is False
    listed = cli.json("break", "list")["breakpoints"]
    assert [b["id"] for b in listed] == [1]
    if clause.startswith("if"):  # the condition is the adapter's again
        assert cli.json("continue")["hitBreakpointIds"] == [1]
        assert cli.json("evaluate", "i")["result"] == "3"


@debugpy
def test_a_log_point_on_the_traced_line_still_logs(programs: Path, cli: Cli) -> None:
    add = marker_line(programs / "tracebp.py", "add")
    _launch(cli, f"tracebp.py:{add} log got {{name}} at {{i}}")
    result = cli.json("trace", f"tracebp.py:{add}", "i", "--limit", "3")
    assert _values(result, "i") == ["0", "1", "2"] and result["limitReached"] is True
    logged = [line for line in text(result["stop"]).splitlines() if line.startswith("got")]
    assert logged == ["got item0 at 0", "got item1 at 1", "got item2 at 2"]  # as debugpy writes them
    assert cli.json("continue")["status"] in ("exited", "terminated")
    deadline = time.monotonic() + 30  # debugpy's output may trail its exited event
    while True:
        chunks = cli.json("output")["chunks"]
        # chunk by chunk: debugpy's log lines and the program's stdout come on two channels, in either
        # order, and a stdout chunk may end without its newline
        logged = [line for c in chunks for line in c["output"].splitlines() if line.startswith("got")]
        if "got item4 at 4" in logged or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert logged[-2:] == ["got item3 at 3", "got item4 at 4"]  # the adapter's log point again


@debugpy
def test_trace_ends_at_a_function_breakpoint_on_its_line(programs: Path, cli: Cli) -> None:
    """debugpy's own function breakpoint stops at the call (the ``def`` line), before the traced
    first statement runs: the trace ends there, at the call where the condition holds."""
    body = marker_line(programs / "tracebp.py", "scale-body")
    _launch(cli, "scale if i == 3")
    result = cli.json("trace", f"tracebp.py:{body}", "i")
    assert _values(result, "i") == ["0", "1", "2"]
    stop = result["stop"]
    assert stop["hitBreakpointIds"] == [1] and stop["location"]["function"] == "scale", stop
    assert stop["location"]["line"] == body - 1 and stop["rawReason"] == "function breakpoint"
    assert cli.json("evaluate", "i")["result"] == "3"


@debugpy
def test_trace_over_mcp_ends_at_a_conditional_breakpoint_on_its_line(programs: Path) -> None:
    source = programs / "tracebp.py"
    add = marker_line(source, "add")

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(source), "python": sys.executable, "stopOnEntry": True,
                                          "breakpoints": [f"{source}:{add} if i == 1"]})
            result = await call(client, "trace", {"location": f"{source}:{add}", "expressions": ["i"]})
            assert _values(result, "i") == ["0", "1"]
            assert result["stop"]["hitBreakpointIds"] == [1] and result["stop"]["location"]["line"] == add
            await call(client, "stop")

    run_async(body)


def _c_line(folder: Path, marker: str) -> int:
    return marker_line(folder / "loop.c", marker)


@pytest.mark.parametrize("adapter", each("lldb", "codelldb", "gdb"))
def test_native_trace_honours_a_conditional_breakpoint_on_its_line(adapter: str, c_programs: Path,
                                                                    cli: Cli) -> None:
    body = _c_line(c_programs, "loop-body")
    cli("launch", "./loop", "--adapter", adapter, "--stop-on-entry", "-b", f"loop.c:{body} if i == 1")
    result = cli.json("trace", f"loop.c:{body}", "i")
    assert _values(result, "i") == ["0", "1"]  # CodeLLDB kept the condition on the trace's breakpoint
    stop = result["stop"]
    assert stop["hitBreakpointIds"] == [1] and stop["location"]["line"] == body, stop


@pytest.mark.parametrize("adapter", each("lldb", "codelldb", "gdb"))
def test_native_trace_ends_at_a_function_breakpoint_on_its_line(adapter: str, c_programs: Path, cli: Cli) -> None:
    first = _c_line(c_programs, "twice-first")
    cli("launch", "./loop", "--adapter", adapter, "--stop-on-entry", "-b", "twice if x == 3")
    result = cli.json("trace", f"loop.c:{first}", "x")
    assert _values(result, "x") == ["3"]
    stop = result["stop"]
    assert stop["status"] == "stopped" and stop["hitBreakpointIds"] == [1], stop
    assert stop["location"]["function"] == "twice" and stop["location"]["line"] == first


@pytest.mark.parametrize("adapter", each("gdb", "codelldb", "lldb"))
def test_native_trace_shows_values_as_eval_does(adapter: str, c_programs: Path, cli: Cli) -> None:
    """A traced struct or 2-D array is shown as ``eval`` shows it (gdb's own print, the composed
    rows), not as the adapter's ``{...}`` or ``pt @ 0x…``; a long value is cut at 200 with the
    count of what was left out, in the table and the JSON."""
    line = marker_line(c_programs / "tracevals.c", "traced")
    cli("launch", "./tracevals", "--adapter", adapter, "--stop-on-entry")
    result = cli.json("trace", f"tracevals.c:{line}", "grid", "p", "tp")
    pt = {"gdb": "{{x = {0}, y = 0}}", "codelldb": "{{x:{0}, y:0}}", "lldb": "{{x = {0}, y = 0}}"}[adapter]
    assert _values(result, "grid") == ["{{0, 0}, {0, 1}}", "{{0, 0}, {0, 2}}"], result
    assert _values(result, "p") == [pt.format(10), pt.format(20)], result
    first = result["hits"][0]
    assert first["values"]["tp"].endswith("…") and first["cut"]["tp"] > 0, first
    cli("stop")
    cli("launch", "./tracevals", "--adapter", adapter, "--stop-on-entry")
    shown = " ".join(cli("trace", f"tracevals.c:{line}", "tp").out.split())  # a table cell wraps
    assert f"(+{first['cut']['tp']} chars; at a stop, `dapcli eval tp --max-length 0`)" in shown, shown
    cli("stop")


@pytest.mark.parametrize("adapter", each("lldb", "gdb"))
def test_native_trace_honours_a_hit_count_the_debugger_keeps_in_its_condition(adapter: str, c_programs: Path,
                                                                             cli: Cli) -> None:
    """``hit %2`` on gdb and lldb-dap is the debugger's count in the breakpoint's condition: the
    trace evaluates that condition at each hit (which counts) and ends at the 2nd hit, counting
    no second time itself."""
    body = _c_line(c_programs, "loop-body")
    cli("launch", "./loop", "--adapter", adapter, "--stop-on-entry", "-b", f"loop.c:{body} hit %2")
    result = cli.json("trace", f"loop.c:{body}", "i")
    assert _values(result, "i") == ["0", "1"]
    stop = result["stop"]
    assert stop["hitBreakpointIds"] == [1] and stop["location"]["line"] == body, stop
