"""A watchpoint watches the storage it names: ``p->name`` (a ``char *`` field) stops when the
pointer changes, not when the string it points to is written; an array element and a struct
member stop only on their own writes, not on their neighbours' — on the CLI and over MCP, on
every native adapter with data breakpoints (lldb-dap once watched one byte of the pointee)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from fid_helpers import CC, Cli, call, each, marker_line, mcp_client, run_async

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


@pytest.mark.parametrize("adapter", each("lldb"))
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
