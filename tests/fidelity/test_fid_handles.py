"""A handle lives for one stop, on every adapter that reuses its numbers (issue 23, item 1).

gdb (cdt) and Delve give the same ``variablesReference`` and ``frameId`` numbers again at the
next stop: after a ``next`` on gdb, expanding a struct listed the frame's locals as its children
(a cache of scopes outlived its stop), and on Delve a reference of the previous stop silently
showed another variable's fields. A number from an earlier stop is now refused with one line
that says to list again — in ``vars``, ``set``, ``eval --frame-id`` and ``frame``, on the CLI
and over MCP — and the numbers of the new stop show the right values.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from fid_helpers import CC, GO, Cli, call, call_error, each, marker_line, mcp_client, run_async

pytestmark = pytest.mark.slow

ADAPTERS = each("gdb", "lldb", "codelldb", "go")
STALE_REFERENCE = "is from an earlier stop (the program has run since); list the variables again"
STALE_FRAME = "is from an earlier stop (the program has run since); list the frames again"


@pytest.fixture(scope="module")
def handles(programs: Path) -> dict[str, Path]:
    """handles.c (``-g -O0``) and gohandles/ (``-N -l``) built: adapter family → program."""
    built: dict[str, Path] = {}
    if CC is not None:
        done = subprocess.run([CC, "-g", "-O0", "-o", "handles", "handles.c"], cwd=programs,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        built["c"] = programs / "handles"
    if GO is not None:
        folder = programs / "gohandles"
        done = subprocess.run([GO, "build", "-gcflags=all=-N -l", "-o", "gohandles", "."], cwd=folder,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        built["go"] = folder / "gohandles"
    return built


def _target(adapter: str, handles: dict[str, Path]) -> tuple[Path, Path]:
    """(program, its source) for ``adapter``."""
    family = "go" if adapter == "go" else "c"
    if family not in handles:
        pytest.skip(f"no {'go' if family == 'go' else 'C compiler'} to build the program")
    program = handles[family]
    return program, program.parent / ("main.go" if family == "go" else "handles.c")


def _refs(state: dict) -> dict[str, int]:
    return {v["name"]: v.get("variablesReference", 0) for v in state.get("locals") or state.get("variables") or []}


def _fields(listed: dict) -> dict[str, str]:
    return {v["name"].lower(): v["value"] for v in listed["variables"]}


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_a_handle_of_an_earlier_stop_is_refused_on_the_cli(adapter: str, handles: dict[str, Path], cli: Cli) -> None:
    program, source = _target(adapter, handles)
    start, after = marker_line(source, "start"), marker_line(source, "next")
    first = cli.json("launch", str(program), "--adapter", adapter, "-b", f"{source}:{start}")
    assert first["location"]["line"] == start, first
    old = _refs(cli.json("vars"))["first"]
    assert old > 0
    assert _fields(cli.json("vars", "--variables-reference", str(old))) == {"a": "1", "b": "2"}
    old_frame = cli.json("stack")["frames"][0]["id"]

    stepped = cli.json("next")
    assert stepped["location"]["line"] == after, stepped

    refused = cli("vars", "--variables-reference", str(old), check=2)
    assert f"variablesReference {old} {STALE_REFERENCE}" in refused.err, refused.err
    assert refused.out == ""
    refused = cli("set", "a", "9", "--variables-reference", str(old), check=2)
    assert f"variablesReference {old} {STALE_REFERENCE}" in refused.err, refused.err
    refused = cli("eval", "n", "--frame-id", str(old_frame), check=2)
    assert f"frameId {old_frame} {STALE_FRAME}" in refused.err, refused.err
    refused = cli("frame", "--frame-id", str(old_frame), check=2)
    assert f"frameId {old_frame} {STALE_FRAME}" in refused.err, refused.err

    now = _refs(cli.json("vars"))  # this stop's numbers show this stop's values, and only them
    assert now["first"] not in (0, old)
    assert _fields(cli.json("vars", "--variables-reference", str(now["first"]))) == {"a": "1", "b": "2"}
    assert _fields(cli.json("vars", "--variables-reference", str(now["second"]))) == {"a": "3", "b": "4"}
    frame = cli.json("stack")["frames"][0]["id"]
    assert cli.json("eval", "n + m", "--frame-id", str(frame))["result"] == "11"
    member = "A" if adapter == "go" else "a"
    assert cli.json("set", member, "9", "--variables-reference", str(now["first"]))["value"] == "9"
    assert cli.json("eval", f"first.{member}")["result"] == "9"


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_a_handle_of_an_earlier_stop_is_refused_over_mcp(adapter: str, handles: dict[str, Path]) -> None:
    program, source = _target(adapter, handles)
    start = marker_line(source, "start")

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(program), "adapter": adapter,
                                          "breakpoints": [f"{source}:{start}"]})
            old = _refs(await call(client, "variables"))["first"]
            old_frame = (await call(client, "stackTrace"))["frames"][0]["id"]
            await call(client, "next")
            text = await call_error(client, "variables", {"variablesReference": old})
            assert f"variablesReference {old} {STALE_REFERENCE}" in text, text
            text = await call_error(client, "evaluate", {"expression": "n", "frameId": old_frame})
            assert f"frameId {old_frame} {STALE_FRAME}" in text, text
            now = _refs(await call(client, "variables"))["first"]
            assert _fields(await call(client, "variables", {"variablesReference": now})) == {"a": "1", "b": "2"}
            await call(client, "stop")

    run_async(body)
