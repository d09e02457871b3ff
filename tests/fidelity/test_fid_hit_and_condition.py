"""A breakpoint with a condition AND a hit condition counts only the hits where the condition
holds, on every adapter (gdb's and lldb's meaning). debugpy ORs the two (pydevd stops when
either holds: `if i >= 5 hit 2` stopped at i = 1, then at every i ≥ 5): dapcli counts the hits in
the condition, in the debuggee, with no stop per hit; the breakpoint keeps its own words."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from fid_helpers import Cli, call, each, marker_line, mcp_client, run_async

pytestmark = pytest.mark.slow

#: hit condition → the values of i at the stops, over i = 0..9 with the condition i >= 5.
EXPECTED = {"2": ["6"], "%2": ["6", "8"], "<=2": ["5", "6"], ">6": []}


def _i(state: dict[str, object]) -> str | None:
    return next((v["value"] for v in state.get("locals") or [] if v["name"] == "i"), None)  # type: ignore[union-attr, index]


def _stops(cli: Cli, launch: list[str], location: str, hit: str) -> list[str | None]:
    state = cli.json("launch", "-b", f"{location} if i >= 5 hit {hit}", *launch)
    seen = []
    for _ in range(6):
        if state["status"] != "stopped":
            break
        seen.append(_i(state))
        state = cli.json("continue")
    cli("stop")
    return seen


@pytest.mark.parametrize("hit", list(EXPECTED))
def test_python(hit: str, programs: Path, cli: Cli) -> None:
    source = programs / "scaleloop.py"
    seen = _stops(cli, [str(source), "--python", sys.executable, "--", "10"],
                  f"scaleloop.py:{marker_line(source, 'scale-body')}", hit)
    assert seen == EXPECTED[hit]


@pytest.mark.parametrize("adapter", each("lldb", "gdb"))
@pytest.mark.parametrize("hit", ["2", "%2"])
def test_native(adapter: str, hit: str, scaleloop: Path, cli: Cli) -> None:
    source = scaleloop.with_suffix(".c")
    seen = _stops(cli, [str(scaleloop), "--adapter", adapter, "--", "10"],
                  f"scaleloop.c:{marker_line(source, 'scale-body')}", hit)
    assert seen == EXPECTED[hit]


@pytest.mark.parametrize("adapter", each("go"))
@pytest.mark.parametrize("hit", ["2", "%2"])
def test_go(adapter: str, hit: str, hitloop: Path, cli: Cli) -> None:
    line = marker_line(hitloop.parent / "main.go", "acc")
    seen = _stops(cli, [str(hitloop), "--adapter", adapter], f"hitloop/main.go:{line}", hit)
    assert seen == EXPECTED[hit]


def test_python_over_mcp_and_the_label_stays(programs: Path) -> None:
    source = programs / "scaleloop.py"
    line = marker_line(source, "scale-body")

    async def body() -> None:
        async with mcp_client() as client:
            state = await call(client, "launch", {"program": str(source), "python": sys.executable, "args": ["10"],
                                                  "breakpoints": [f"{source}:{line} if i >= 5 hit %2"]})
            assert _i(state) == "6"
            listed = (await call(client, "more", {"verb": "listBreakpoints"}))["breakpoints"]
            assert (listed[0]["condition"], listed[0]["hitCondition"]) == ("i >= 5", "%2")
            assert not listed[0].get("emulated"), listed[0]  # counted by the debuggee, no stop per hit
            assert _i(await call(client, "continue")) == "8"
            assert (await call(client, "continue"))["status"] == "exited"

    run_async(body)


def test_python_condition_with_a_comment(programs: Path, cli: Cli) -> None:
    """The condition's ``# comment`` once swallowed the hit count dapcli adds to it (pydevd then
    reported a syntax error at every hit and never stopped)."""
    source = programs / "scaleloop.py"
    line = marker_line(source, "scale-body")
    cli("launch", str(source), "--python", sys.executable, "--stop-on-entry", "--", "10")
    cli.json("break", "add", f"scaleloop.py:{line}", "--condition", "i >= 5  # five on", "--hit-condition", "2")
    assert _i(cli.json("continue")) == "6"
    cli("stop")
