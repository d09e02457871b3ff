"""A watchpoint watches the storage it names: ``p->name`` (a ``char *`` field) stops when the
pointer changes, not when the string it points to is written; an array element and a struct
member stop only on their own writes, not on their neighbours' — on the CLI and over MCP, on
every native adapter with data breakpoints (lldb-dap once watched one byte of the pointee)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from fid_helpers import CC, Cli, call, call_error, each, marker_line, mcp_client, run_async

pytestmark = pytest.mark.slow

WATCHED = ("p->name", "p->counts[2]", "p->at.x")


@pytest.fixture(scope="module")
def watchstore(programs: Path) -> Path:
    if CC is None:
        pytest.skip("no C compiler (gcc or cc) to build the test programs")
    done = subprocess.run([CC, "-g", "-O0", "-o", "watchstore", "watchstore.c"], cwd=programs, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return programs / "watchstore"


def _expected(source: Path) -> list[int]:
    """The lines of the stops: each just after its own write (the element, the member, the pointer)."""
    return [marker_line(source, "member-write"), marker_line(source, "pointer-write"), marker_line(source, "print")]


@pytest.mark.parametrize("adapter", each("lldb", "codelldb", "gdb"))
def test_watchpoints_stop_only_on_writes_to_their_own_storage(adapter: str, watchstore: Path, cli: Cli) -> None:
    source = watchstore.with_suffix(".c")
    cli("launch", "./watchstore", "--adapter", adapter, "-b", f"watchstore.c:{marker_line(source, 'watch-start')}")
    for name in WATCHED:
        added = cli.json("watchpoint", "add", name)
        assert added["dataBreakpoints"][-1]["name"] == name
        assert added["dataBreakpoints"][-1]["verified"] is True, added
    lines = []
    for _ in WATCHED:
        state = cli.json("continue")
        assert state["status"] == "stopped", state
        assert state["reason"] == "watchpoint", state
        lines.append(state["location"]["line"])
    # the write through the pointer, the neighbour element and the sibling member did not stop
    assert lines == _expected(source), lines


@pytest.mark.parametrize("adapter", each("lldb"))
def test_pointer_field_watch_ignores_the_pointee_in_text(adapter: str, watchstore: Path, cli: Cli) -> None:
    source = watchstore.with_suffix(".c")
    cli("launch", "./watchstore", "--adapter", adapter, "-b", f"watchstore.c:{marker_line(source, 'watch-start')}")
    listed = cli("watchpoint", "add", "p->name").out
    assert "8 bytes" in listed, listed  # the pointer itself, not one byte of the string
    text = cli("continue").out
    assert f"watchstore.c:{marker_line(source, 'print')}" in text, text


@pytest.mark.parametrize("adapter", each("lldb", "codelldb", "gdb"))
def test_watchpoints_watch_their_own_storage_over_mcp(adapter: str, watchstore: Path) -> None:
    source = watchstore.with_suffix(".c")

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(watchstore), "adapter": adapter,
                                          "breakpoints": [f"{source}:{marker_line(source, 'watch-start')}"]})
            for name in WATCHED:
                added = await call(client, "setDataBreakpoint", {"name": name})
                assert added["dataBreakpoints"][-1]["verified"] is True, added
            lines = []
            for _ in WATCHED:
                state = await call(client, "continue")
                assert state["reason"] == "watchpoint", state
                lines.append(state["location"]["line"])
            assert lines == _expected(source), lines
            await call(client, "stop")

    run_async(body)


@pytest.mark.parametrize("adapter", each("lldb", "codelldb", "gdb"))
def test_restart_keeps_watchpoints_it_can_and_names_those_dropped(adapter: str, watchstore: Path,
                                                                  cli: Cli) -> None:
    source = watchstore.with_suffix(".c")
    cli("launch", "./watchstore", "--adapter", adapter, "-b", f"watchstore.c:{marker_line(source, 'bump-local')}")
    cli.json("watchpoint", "add", "doubled")  # bump's local: its frame is not there at the restart's first stop
    cli("break", "delete", "1")
    cli("break", "add", f"watchstore.c:{marker_line(source, 'watch-start')}")
    state = cli.json("restart")
    assert state["status"] == "stopped" and state["location"]["line"] == marker_line(source, "watch-start"), state
    assert any(w.startswith("watchpoint 1 (doubled) dropped by the restart: bump is not on the stack")
               for w in state.get("warnings") or []), state
    assert cli.json("watchpoint", "list")["dataBreakpoints"] == []
    cli("watchpoint", "add", "p->name")
    state = cli.json("restart")
    assert not [w for w in state.get("warnings") or [] if "dropped" in w], state
    kept = cli.json("watchpoint", "list")["dataBreakpoints"]
    assert [(w["name"], w["verified"]) for w in kept] == [("p->name", True)], kept
    state = cli.json("continue")  # the new run's pointer, not its string
    assert state["reason"] == "watchpoint" and state["location"]["line"] == marker_line(source, "print"), state


@pytest.mark.parametrize("adapter", each("lldb", "gdb"))
def test_a_restart_that_has_not_stopped_sets_watchpoints_at_the_first_stop(adapter: str, watchstore: Path,
                                                                           cli: Cli) -> None:
    source = watchstore.with_suffix(".c")
    cli("launch", "./watchstore", "--adapter", adapter, "-b", f"watchstore.c:{marker_line(source, 'watch-start')}")
    cli("watchpoint", "add", "p->name")
    state = cli.json("restart", "--timeout", "0.5", "--", "5")  # the new run sleeps 5 s before its first stop
    assert state["status"] == "running", state
    assert state["warnings"][-1] == ("watchpoint 1 (p->name) is set again at the new run's first stop "
                                     "(it has not stopped yet)"), state
    state = cli.json("wait", "--timeout", "60")
    assert state["status"] == "stopped" and state["location"]["line"] == marker_line(source, "watch-start"), state
    assert not [w for w in state.get("warnings") or [] if "watchpoint" in w], state
    kept = cli.json("watchpoint", "list")["dataBreakpoints"]
    assert [(w["id"], w["name"], w["verified"]) for w in kept] == [(1, "p->name", True)], kept
    state = cli.json("continue")  # the new run's pointer, not its string
    assert state["reason"] == "watchpoint" and state["location"]["line"] == marker_line(source, "print"), state


@pytest.mark.parametrize("adapter", each("lldb"))
def test_restart_keeps_watchpoints_over_mcp(adapter: str, watchstore: Path) -> None:
    source = watchstore.with_suffix(".c")

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(watchstore), "adapter": adapter,
                                          "breakpoints": [f"{source}:{marker_line(source, 'watch-start')}"]})
            await call(client, "setDataBreakpoint", {"name": "p->at.x"})
            state = await call(client, "restart")
            assert not [w for w in state.get("warnings") or [] if "dropped" in w], state
            listed = await call(client, "listDataBreakpoints")
            assert [w["name"] for w in listed["dataBreakpoints"]] == ["p->at.x"], listed
            state = await call(client, "continue")
            assert state["reason"] == "watchpoint", state
            assert state["location"]["line"] == marker_line(source, "pointer-write"), state
            await call(client, "stop")

    run_async(body)


@pytest.mark.parametrize("adapter", each("lldb"))
def test_an_expression_without_storage_is_refused_with_the_reason(adapter: str, watchstore: Path,
                                                                  cli: Cli) -> None:
    source = watchstore.with_suffix(".c")
    cli("launch", "./watchstore", "--adapter", adapter, "-b", f"watchstore.c:{marker_line(source, 'watch-start')}")
    refused = cli("watchpoint", "add", "p->counts[0] + 1", check=2)
    assert refused.err.strip() == ("error: cannot watch p->counts[0] + 1: cannot take the address of an rvalue "
                                   "of type 'int'"), refused.err
    refused = cli("watchpoint", "add", "nosuch", check=2)
    assert refused.err.strip() == "error: cannot watch nosuch: use of undeclared identifier 'nosuch'", refused.err
    assert cli.json("watchpoint", "list")["dataBreakpoints"] == []
    # an address the user wrote means what it points to (lldb-dap's own reading of an expression)
    added = cli.json("watchpoint", "add", "&p->counts[3]")["dataBreakpoints"]
    assert [(w["name"], w["verified"]) for w in added] == [("&p->counts[3]", True)], added
    assert added[0]["description"].startswith("4 bytes at "), added


RECIPE = """
name: watchpoints watch the named storage, and restart keeps them
target:
  program: ./watchstore
  adapter: {adapter}
breakpoints:
  - watchstore.c:{start}
steps:
  - continue: {{}}
    expect: {{reason: breakpoint, line: {start}}}
  - setDataBreakpoint: {{name: "p->name"}}
    expect: {{dataBreakpoints.0.verified: true}}
  - setDataBreakpoint: {{name: "p->counts[2]"}}
    expect: {{dataBreakpoints.1.verified: true}}
  - continue: {{}}
    name: "the pointee and the neighbour element were written: no stop"
    expect: {{reason: watchpoint, line: {element}}}
  - restart: {{}}
    expect: {{reason: breakpoint, line: {start}}}
  - listDataBreakpoints: {{}}
    expect: {{dataBreakpoints.0.name: "p->name", dataBreakpoints.0.verified: true,
              dataBreakpoints.1.name: "p->counts[2]", dataBreakpoints.1.verified: true}}
  - continue: {{}}
    expect: {{reason: watchpoint, line: {element}}}
  - continue: {{}}
    expect: {{reason: watchpoint, line: {pointer}}}
"""


@pytest.mark.parametrize("adapter", each("lldb", "codelldb", "gdb"))
def test_a_recipe_watches_the_named_storage_across_a_restart(adapter: str, watchstore: Path, cli: Cli) -> None:
    source = watchstore.with_suffix(".c")
    recipe = watchstore.with_name(f"watchstore-{adapter}.yaml")
    # the stop comes on the line after the write that was watched
    recipe.write_text(RECIPE.format(adapter=adapter, start=marker_line(source, "watch-start"),
                                    element=marker_line(source, "member-write"),
                                    pointer=marker_line(source, "print")))
    done = cli("run", recipe.name, check=None)
    assert done.code == 0, done.out + done.err
    assert "✘" not in done.out, done.out


@pytest.fixture(scope="module")
def loopfirst(programs: Path) -> Path:
    return programs / "loopfirst.py"


def test_debugpy_has_no_data_breakpoints_and_says_so(cli: Cli, loopfirst: Path) -> None:
    """debugpy 1.8 does not announce ``supportsDataBreakpoints``: refused in one line, exit 4,
    nothing asked of the adapter, the session as it was."""
    cli("launch", "loopfirst.py", "-b", f"loopfirst.py:{marker_line(loopfirst, 'count-body')}")
    refused = cli("watchpoint", "add", "n", check=4)
    assert refused.err.strip() == ("error: python cannot setDataBreakpoint (it lacks the supportsDataBreakpoints "
                                   "capability)"), refused.err
    assert cli.json("continue")["reason"] == "breakpoint"


@pytest.mark.parametrize("adapter", each("go"))
def test_delve_has_no_data_breakpoints_and_says_so(adapter: str, cli: Cli, hitloop: Path) -> None:
    """Delve 1.20 does not announce ``supportsDataBreakpoints`` either (its command line has
    watchpoints, its DAP server none)."""
    source = hitloop.with_name("main.go")
    cli("launch", str(hitloop), "--adapter", adapter, "-b", f"{source}:{marker_line(source, 'acc')}")
    refused = cli("watchpoint", "add", "acc", check=4)
    assert refused.err.strip() == ("error: go cannot setDataBreakpoint (it lacks the supportsDataBreakpoints "
                                   "capability)"), refused.err
    assert cli.json("continue")["reason"] == "breakpoint"


def test_debugpy_refuses_a_watchpoint_over_mcp(loopfirst: Path) -> None:
    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(loopfirst),
                                          "breakpoints": [f"{loopfirst}:{marker_line(loopfirst, 'count-body')}"]})
            error = await call_error(client, "setDataBreakpoint", {"name": "n"})
            assert "python cannot setDataBreakpoint (it lacks the supportsDataBreakpoints capability)" in error, error
            state = await call(client, "continue")  # the session is as it was
            assert state["reason"] == "breakpoint", state
            await call(client, "stop")

    run_async(body)
