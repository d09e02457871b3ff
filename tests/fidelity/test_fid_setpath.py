"""Issue 10, "don't refuse on the adapter's behalf": ``set`` of a member (``point.x``,
``values[2]``, ``point['x']``, ``p->y``) was refused ("no variable 'point.x' in Locals") on
every adapter although each can set it. DAP ``setVariable`` takes a container and a child's
name: dapcli resolves the path to them (or sends ``setExpression`` where the adapter has it and
does not list the member, as debugpy beyond the 100th item of a list)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fid_helpers import Cli, call, each, marker_line, mcp_client, run_async

from dapcli.adapters.registry import by_name

pytestmark = pytest.mark.slow


def _set_and_read(cli: Cli, path: str, value: str) -> str:
    said = cli.json("set", path, value)
    assert said["value"].strip("'\"") == value.strip("'\""), said
    return str(cli.json("eval", path)["result"])


@pytest.mark.parametrize("adapter", each("lldb", "gdb", "codelldb"))
def test_set_a_struct_member_and_an_array_item_in_c(adapter: str, c_program: tuple[Path, Path]) -> None:
    program, source = c_program
    cli = Cli(program.parent)
    try:
        cli("launch", f"./{program.name}", "--adapter", adapter, "-b", f"{source.name}:{marker_line(source, 'call')}")
        assert _set_and_read(cli, "point.x", "7") == "7"
        if adapter != "codelldb":  # CodeLLDB answers "Could not set variable value." for an array item
            assert _set_and_read(cli, "values[2]", "99") == "99"
        wrong = cli("set", "point.z", "1", check=2)
        assert "point has no member z" in wrong.err, wrong.err
        state = cli.json("next")  # the program uses the new value: square(point.x)
        assert state["status"] == "stopped"
        assert cli.json("eval", "sq")["result"] == "49"
    finally:
        cli.close()


def test_set_a_struct_member_and_a_slice_item_in_go(go_program: tuple[Path, Path]) -> None:
    program, source = go_program
    cli = Cli(program.parent)
    try:
        cli("launch", f"./{program.name}", "--adapter", "go", "-b",
            f"{source.name}:{marker_line(source, 'call')}", "--", "/nonexistent")
        assert _set_and_read(cli, "point.X", "7") == "7"
        assert _set_and_read(cli, "values[2]", "99") == "99"
    finally:
        cli.close()


def test_set_members_in_python(programs: Path, cli: Cli) -> None:
    cli("launch", "values.py", "-b", f"values.py:{marker_line(programs / 'values.py', 'values-ready')}")
    assert _set_and_read(cli, "point.x", "7") == "7"
    assert _set_and_read(cli, "pairs['a']", "5") == "5"
    assert _set_and_read(cli, 'pairs["b"][0]', "9") == "9"
    assert _set_and_read(cli, "big[5]", "50") == "50"
    # debugpy lists 100 items and a `more` group: the 1000th is set with setExpression
    assert _set_and_read(cli, "big[999]", "7") == "7"


@pytest.mark.skipif(by_name("node").find() is None, reason="js-debug is not installed")
def test_set_members_in_javascript(programs: Path, cli: Cli) -> None:
    source = programs / "fid.js"
    cli("launch", "fid.js", "-b", f"fid.js:{marker_line(source, 'call')}", "--", "/nonexistent")
    assert _set_and_read(cli, "point.x", "7") == "7"
    assert _set_and_read(cli, "values[2]", "99") == "99"


def test_set_a_member_over_mcp(programs: Path) -> None:
    ready = marker_line(programs / "values.py", "values-ready")

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(programs / "values.py"),
                                          "breakpoints": [f"{programs / 'values.py'}:{ready}"]})
            said = await call(client, "setVariable", {"name": "point.x", "value": "11"})
            assert said["value"] == "11", said
            assert (await call(client, "evaluate", {"expression": "point.x"}))["result"] == "11"
            await call(client, "stop")

    run_async(body)
