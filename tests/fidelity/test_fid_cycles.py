"""Cycles by identity, never by looks (issue 23, item 2).

A tree of values (``vars --depth``, ``eval --depth``) took a value whose type and text matched
one above it for a cycle and silently left it unexpanded: debugpy writes ``deep`` and
``deep[0]`` alike (``[[[...]]]``), so ``deep[0]`` was never shown, and a real cycle was never
said to be one. Now a value that is the same object as one above it (debugpy's reference, which
is the object's ``id()``; a native or Go object's address and type) is marked as a cycle with
the path it loops back to; two distinct objects that print the same are both shown in full; and
debugpy's "deeper levels" note appears only where it left deeper levels out (``[1, [...]]`` is a
cycle, not a cut). On the CLI (``--json`` and text) and over MCP.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from fid_helpers import CC, GO, Cli, call, each, marker_line, mcp_client, run_async

pytestmark = pytest.mark.slow

DEEPER = "deeper than 2 levels"


@pytest.fixture(scope="module")
def cycles(programs: Path) -> dict[str, Path]:
    """cycles.c (``-g -O0``) and gocycles/ (``-N -l``) built: language → program."""
    built = {"py": programs / "cycles.py"}
    if CC is not None:
        done = subprocess.run([CC, "-g", "-O0", "-o", "cycles", "cycles.c"], cwd=programs, capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        built["c"] = programs / "cycles"
    if GO is not None:
        folder = programs / "gocycles"
        done = subprocess.run([GO, "build", "-gcflags=all=-N -l", "-o", "gocycles", "."], cwd=folder,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        built["go"] = folder / "gocycles"
    return built


def _node(tree: list[dict], *names: str) -> dict:
    """The value at ``names`` (each a child's name) in ``tree``."""
    node: dict = {"children": tree}
    for name in names:
        found = [c for c in node.get("children") or [] if c["name"] == name]
        assert found, f"no {name!r} among {[c['name'] for c in node.get('children') or []]}"
        node = found[0]
    return node


def _values(node: dict) -> dict[str, str]:
    return {c["name"]: c["value"] for c in node.get("children") or [] if not c["name"].startswith("len(")}


def _launch(cli: Cli, program: Path, source: Path, adapter: str) -> None:
    state = cli.json("launch", str(program), "--adapter", adapter, "-b", f"{source}:{marker_line(source, 'ready')}")
    assert state["status"] == "stopped" and state["location"]["line"] == marker_line(source, "ready"), state


def test_python_cycles_are_marked_and_look_alikes_shown(cycles: dict[str, Path], cli: Cli) -> None:
    source = cycles["py"]
    _launch(cli, source, source, "debugpy")
    tree = cli.json("vars", "--depth", "5")["variables"]
    back = _node(tree, "a", "next", "next")
    assert back["cycle"] == "a" and "children" not in back, back
    assert "cycle" not in _node(tree, "a", "next")
    itself = _node(tree, "loop", "1")
    assert itself["cycle"] == "loop", itself
    assert "valueCutByAdapter" not in _node(tree, "loop")  # [1, [...]] is a cycle: no level was left out
    assert _values(_node(tree, "same", "0")) == _values(_node(tree, "same", "1")) == {"0": "1", "1": "2"}
    assert "cycle" not in _node(tree, "same", "1")
    assert DEEPER in _node(tree, "deep")["valueCutByAdapter"]
    inner = _node(tree, "deep", "0")  # prints like deep, is another list: shown in full
    assert inner["value"] == _node(tree, "deep")["value"] and "cycle" not in inner
    assert _node(tree, "deep", "0", "0", "0", "0")["value"] == "[1]"
    assert DEEPER in _node(tree, "nest")["valueCutByAdapter"]
    assert "valueCutByAdapter" not in _node(tree, "nest", "0")  # [1, [2]]: nothing left out
    evaluated = cli.json("eval", "a", "--depth", "4")
    assert _node(evaluated["children"], "next", "next")["cycle"] == "a"
    text = cli("vars", "--depth", "5").out
    assert "↻ cycle: the same object as loop" in text and "↻ cycle: the same object as a" in text, text


@pytest.mark.parametrize("adapter", each("gdb", "lldb", "codelldb"))
def test_native_cycles_are_marked_by_address(adapter: str, cycles: dict[str, Path], cli: Cli) -> None:
    if "c" not in cycles:
        pytest.skip("no C compiler")
    _launch(cli, cycles["c"], cycles["c"].parent / "cycles.c", adapter)
    tree = cli.json("vars", "--depth", "4")["variables"]
    assert _node(tree, "a", "next", "next")["cycle"] == "a"
    assert _node(tree, "b", "next", "next")["cycle"] == "b"
    assert _node(tree, "head", "next", "next")["cycle"] == "head"
    assert "cycle" not in _node(tree, "a", "next") and "cycle" not in _node(tree, "head")
    assert _values(_node(tree, "t", "left")) == _values(_node(tree, "t", "right")) == {"x": "1", "y": "2"}
    evaluated = cli.json("eval", "a", "--depth", "4")
    assert _node(evaluated["children"], "next", "next")["cycle"] == "a"
    text = cli("vars", "--depth", "4").out
    assert "↻ cycle: the same object as head" in text, text


@pytest.mark.parametrize("adapter", each("go"))
def test_go_cycles_are_marked_and_a_copy_is_not_one(adapter: str, cycles: dict[str, Path], cli: Cli) -> None:
    if "go" not in cycles:
        pytest.skip("no go toolchain")
    _launch(cli, cycles["go"], cycles["go"].parent / "main.go", adapter)
    tree = cli.json("vars", "--depth", "6")["variables"]
    assert "cycle" not in _node(tree, "a", "*a")  # a pointer's target is no cycle
    assert _node(tree, "a", "*a", "Next", "*a.Next", "Next")["cycle"] == "a"
    copy = _node(tree, "s", "Next", "*s.Next", "Next")  # s is a copy of *a: its Next.Next is a, not s
    assert "cycle" not in copy
    assert _node(tree, "s", "Next", "*s.Next", "Next", "*s.Next.Next", "Next")["cycle"] == "s.Next"


def test_cycles_over_mcp(cycles: dict[str, Path]) -> None:
    source = cycles["py"]

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(source),
                                          "breakpoints": [f"{source}:{marker_line(source, 'ready')}"]})
            result = await client.call_tool("variables", {"depth": 4, "filter": "loop"})
            assert not result.is_error
            assert _node(result.structured_content["variables"], "loop", "1")["cycle"] == "loop"
            assert "[cycle: the same object as loop]" in result.content[0].text, result.content[0].text
            evaluated = await call(client, "evaluate", {"expression": "same", "depth": 2})
            assert _values(_node(evaluated["children"], "0")) == _values(_node(evaluated["children"], "1"))
            await call(client, "stop")

    run_async(body)
