"""Issue 23.7: a breakpoint condition that does not parse is refused or flagged when it is set,
never listed as a plain verified breakpoint while the adapter prints an error at every pass.
debugpy: Python compiles it first and the breakpoint is refused (CLI ``launch -b``, ``break add``,
``condition``; MCP ``launch``, ``setBreakpoint``), the session left as it was. gdb and Delve
refuse it themselves (pending, with their words). lldb-dap and CodeLLDB stop at it: the stop
says so and from then on the breakpoint's entry too (``break list``, ``--json``, MCP)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from fid_helpers import Cli, call, call_error, each, marker_line, mcp_client, run_async

pytestmark = pytest.mark.slow

debugpy = pytest.mark.skipif(importlib.util.find_spec("debugpy") is None, reason="debugpy is not installed")


@debugpy
def test_python_condition_that_does_not_compile_is_refused_on_the_cli(programs: Path, cli: Cli) -> None:
    add = marker_line(programs / "tracebp.py", "add")
    refused = cli("launch", "tracebp.py", "--python", sys.executable, "-b", f"tracebp.py:{add} if i === 2", check=2)
    assert refused.err.startswith(f"error: the condition 'i === 2' of tracebp.py:{add} does not parse: invalid "
                                  "syntax"), refused.err
    assert "Traceback" not in refused.err and cli("status", check=None).code == 3  # nothing started
    cli("launch", "tracebp.py", "--python", sys.executable, "--stop-on-entry", "-b", f"tracebp.py:{add} if i == 2")
    added = cli("break", "add", "tracebp.py:6", "--condition", "i ==", check=2)
    assert "the condition 'i ==' of tracebp.py:6 does not parse" in added.err, added.err
    edited = cli("condition", "1", "i", "=== 3", check=2)
    assert "the condition 'i === 3' of breakpoint 1 does not parse" in edited.err, edited.err
    listed = cli.json("break", "list")["breakpoints"]
    assert [(b["id"], b["condition"]) for b in listed] == [(1, "i == 2")]  # as it was
    state = cli.json("continue")
    assert state["hitBreakpointIds"] == [1] and cli.json("evaluate", "i")["result"] == "2"


@debugpy
def test_python_condition_that_does_not_compile_is_refused_over_mcp(programs: Path) -> None:
    source = programs / "tracebp.py"
    add = marker_line(source, "add")

    async def body() -> None:
        async with mcp_client() as client:
            said = await call_error(client, "launch", {"program": str(source), "python": sys.executable,
                                                       "breakpoints": [{"path": str(source), "line": add,
                                                                        "condition": "i === 2"}]})
            assert "the condition 'i === 2'" in said and "does not parse" in said, said
            await call(client, "launch", {"program": str(source), "python": sys.executable, "stopOnEntry": True})
            said = await call_error(client, "setBreakpoint", {"location": f"{source}:{add} if total >"})
            assert "the condition 'total >'" in said and "does not parse" in said, said
            assert (await call(client, "listBreakpoints"))["breakpoints"] == []
            await call(client, "stop")

    run_async(body)


@pytest.mark.parametrize("adapter", each("lldb", "codelldb"))
def test_lldb_condition_that_does_not_parse_is_flagged_in_the_list(adapter: str, c_programs: Path,
                                                                   cli: Cli) -> None:
    body = marker_line(c_programs / "loop.c", "loop-body")
    state = cli.json("launch", "./loop", "--adapter", adapter, "-b", f"loop.c:{body} if i === 2")
    assert any("could not be evaluated" in w for w in state["warnings"]), state
    listed = cli.json("break", "list")["breakpoints"][0]
    assert listed["verified"] is True and "its condition could not be evaluated" in listed["warning"], listed
    assert "its condition could not be evaluated" in cli("break", "list").out
    fixed = cli.json("condition", "1", "i == 2")
    assert "could not be evaluated" not in (fixed.get("warning") or ""), fixed
    state = cli.json("continue")
    assert state["hitBreakpointIds"] == [1] and cli.json("evaluate", "i")["result"] == "2"


@pytest.mark.parametrize("adapter", each("lldb"))
def test_lldb_flag_over_mcp(adapter: str, c_programs: Path) -> None:
    body = marker_line(c_programs / "loop.c", "loop-body")

    async def run() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(c_programs / "loop"), "adapter": adapter,
                                          "breakpoints": [f"{c_programs / 'loop.c'}:{body} if i === 2"]})
            listed = (await call(client, "listBreakpoints"))["breakpoints"][0]
            assert "its condition could not be evaluated" in listed["warning"], listed
            await call(client, "stop")

    run_async(run)


@pytest.mark.parametrize("adapter", each("gdb"))
def test_gdb_refuses_a_condition_that_does_not_parse(adapter: str, c_programs: Path, cli: Cli) -> None:
    """As gdb's own ``break F:L if COND`` and ``condition N COND``: refused, nothing left set in gdb
    (cdt-gdb-adapter kept the breakpoint without its condition while the list said pending)."""
    body, twice = marker_line(c_programs / "loop.c", "loop-body"), marker_line(c_programs / "loop.c", "twice-code")
    cli("launch", "./loop", "--adapter", adapter, "--stop-on-entry")
    added = cli("break", "add", f"loop.c:{body}", "--condition", "i === 2", check=2)
    assert added.err.startswith(f"error: gdb refused the condition 'i === 2' of loop.c:{body}: A syntax error"), \
        added.err
    added = cli("break", "add", f"loop.c:{body}", "--condition", "nosuch == 2", "--hit-condition", "%2", check=2)
    assert 'refused the condition \'nosuch == 2\'' in added.err and 'No symbol "nosuch"' in added.err, added.err
    assert cli.json("break", "list")["breakpoints"] == []
    assert f"loop.c:{body}" not in cli("console", "info breakpoints").out
    kept = cli.json("break", "add", f"loop.c:{twice}", "--condition", "y == 3")
    edited = cli("condition", str(kept["id"]), "nosuch == 1", check=2)
    assert 'No symbol "nosuch"' in edited.err, edited.err
    listed = cli.json("break", "list")["breakpoints"]
    assert [(b["id"], b["condition"], b["verified"]) for b in listed] == [(kept["id"], "y == 3", True)], listed
    state = cli.json("continue")  # the condition kept, and no breakpoint at the loop's body
    assert state["hitBreakpointIds"] == [kept["id"]] and cli.json("evaluate", "y")["result"] == "3", state


@pytest.mark.parametrize("adapter", each("gdb"))
def test_gdb_launch_leaves_out_a_breakpoint_whose_condition_it_refused(adapter: str, c_programs: Path,
                                                                       cli: Cli) -> None:
    body = marker_line(c_programs / "loop.c", "loop-body")
    state = cli.json("launch", "./loop", "--adapter", adapter, "-b", f"loop.c:{body} if nosuch == 2")
    assert state["status"] == "exited", state  # it never stopped there
    warned = " ".join(state["warnings"])
    assert 'not set: gdb refused its condition (No symbol "nosuch" in current context)' in warned, state


def test_delve_refuses_a_condition_that_does_not_parse(hitloop: Path, cli: Cli) -> None:
    line = marker_line(hitloop.parent / "main.go", "acc")
    cli("launch", str(hitloop), "--adapter", "go", "--stop-on-entry")
    added = cli.json("break", "add", f"{hitloop.parent / 'main.go'}:{line}", "--condition", "i === 2")
    assert added["verified"] is False and "expected operand" in added["message"], added
