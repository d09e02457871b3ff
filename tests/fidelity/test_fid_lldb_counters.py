"""lldb-dap 19 decides the hit conditions its ``hitCondition`` cannot say by itself (native first).

lldb-dap reads ``hitCondition`` as a number only ("from the Nth hit on"). ``%N``, ``<N``, ``<=N``
and a log point's hit condition were counted by dapcli, which took a stop at every hit (or, for a
log point, sent the text lldb ignored: ``hit 3`` logged at every hit from the 3rd). Now each goes
to lldb as a condition on a persistent variable (``$dapcli_hits_…``, declared first): lldb's own
breakpoint shows that condition and a hit count of the stops it made, the stops are the ones the
hit condition asks for, and the breakpoint keeps its label (``hitCondition``, ``logMessage``)
without an ``emulated`` mark. A hit condition added while the program runs (lldb cannot declare
the variable then) is counted by dapcli, and said to be emulated, until its first hit.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fid_helpers import Cli, call, each, marker_line, mcp_client, run_async

pytestmark = pytest.mark.slow

WAIT = "900"  # lldb pays ~1 ms a hit even when it decides by itself (a loaded machine: longer)


def _local(state: dict[str, object], name: str) -> str | None:
    return next((v["value"] for v in state.get("locals") or [] if v["name"] == name), None)  # type: ignore[union-attr, index]


def _slow(cli: Cli, *args: str) -> dict:
    return cli("--json", *args, timeout=float(WAIT) + 60).json()


def _stdout(cli: Cli) -> str:
    return "".join(c["output"] for c in cli.json("output", "--category", "stdout")["chunks"])


@pytest.mark.parametrize("adapter", each("lldb"))
def test_a_modulo_hit_count_of_10000_costs_one_stop(adapter: str, scaleloop: Path, cli: Cli) -> None:
    """``hit %10000`` over 10,000 passes: one stop, at the last pass; lldb's own breakpoint carries
    the counting condition, its counter says 10,000 hits and its hit count says one stop."""
    line = marker_line(scaleloop.parent / "scaleloop.c", "scale-body")
    state = _slow(cli, "launch", "./scaleloop", "--adapter", adapter, "--timeout", WAIT,
                  "-b", f"scaleloop.c:{line} hit %10000", "--", "10000")
    assert state["status"] == "stopped" and state["reason"] == "breakpoint", state
    assert state.get("hitBreakpointIds") == [1] and _local(state, "i") == "9999", state
    listed = cli.json("break", "list")["breakpoints"]
    assert [(b["hitCondition"], b["verified"], b.get("condition"), b.get("emulated")) for b in listed] == [
        ("%10000", True, None, None)], listed
    said = cli("console", "breakpoint list").out
    counter = re.search(r"Condition: \(\+\+\$(dapcli_hits_\w+)\) % 10000 == 0", said)
    assert counter is not None, said
    assert re.search(r"\b1: file = .*hit count = 1\b", said), said  # lldb stopped once
    assert cli("console", f"expr ${counter.group(1)}").out.strip().endswith("= 10000")
    done = _slow(cli, "continue", "--timeout", WAIT)
    assert done["status"] in ("exited", "terminated"), done
    assert "sum=49995000" in _stdout(cli)


@pytest.mark.parametrize("adapter", each("lldb"))
@pytest.mark.parametrize(("clause", "expected"), [
    ("hit % 4", ["3", "7", "11"]),
    ("if i >= 5 hit % 3", ["7", "10"]),  # counted where the condition holds
    ("hit < 3", ["0", "1"]),
    ("hit <= 2", ["0", "1"]),
])
def test_hit_conditions_lldb_counts_itself(adapter: str, clause: str, expected: list[str], scaleloop: Path,
                                           cli: Cli) -> None:
    line = marker_line(scaleloop.parent / "scaleloop.c", "scale-body")
    state = cli.json("launch", "./scaleloop", "--adapter", adapter, "-b", f"scaleloop.c:{line} {clause}", "--", "12")
    assert not [w for w in state.get("warnings") or [] if "emulated" in w], state
    seen = []
    while state["status"] == "stopped":
        assert state["reason"] == "breakpoint" and state.get("hitBreakpointIds") == [1], state
        seen.append(_local(state, "i"))
        state = cli.json("continue")
    assert seen == expected
    assert state["status"] in ("exited", "terminated"), state


@pytest.mark.parametrize("adapter", each("lldb"))
@pytest.mark.parametrize(("clause", "hit", "expected"), [
    ("hit 3", "3", ["2"]),  # it logged at every pass from the 3rd
    ("hit %4", "%4", ["3", "7", "11"]),  # it logged at every pass
    ("if i > 4 hit 2", "2", ["6"]),
    ("hit >=10", ">=10", ["9", "10", "11"]),  # lldb-dap's own hitCondition (an ignore count)
])
def test_log_points_with_hit_conditions_log_at_those_hits_only(adapter: str, clause: str, hit: str,
                                                               expected: list[str], scaleloop: Path, cli: Cli) -> None:
    """A log point's hit condition is lldb's to decide: it logs at those passes only, without a
    stop, and keeps its label."""
    line = marker_line(scaleloop.parent / "scaleloop.c", "scale-body")
    end = marker_line(scaleloop.parent / "scaleloop.c", "scale-end")
    state = cli.json("launch", "./scaleloop", "--adapter", adapter, "-b", f"scaleloop.c:{line} {clause} log at i={{i}}",
                     "-b", f"scaleloop.c:{end}", "--", "12")
    assert state["status"] == "stopped" and state["location"]["line"] == end, state
    listed = cli.json("break", "list")["breakpoints"]
    assert [(b.get("hitCondition"), b.get("logMessage"), b.get("emulated")) for b in listed] == [
        (hit, "at i={i}", None), (None, None, None)], listed
    rows = {text.split()[0]: text for text in cli("break", "list").out.splitlines() if text[:1].isdigit()}
    assert f"hit {hit}; log 'at i={{i}}'" in rows["1"] and "emulated" not in rows["1"], rows
    logged = [text for text in _stdout(cli).splitlines() if text.startswith("at ")]
    assert logged == [f"at i={n}" for n in expected]


@pytest.mark.parametrize("adapter", each("lldb"))
def test_a_hit_condition_added_while_running_goes_to_lldb_at_its_first_hit(adapter: str, c_programs: Path,
                                                                           cli: Cli) -> None:
    """lldb declares no variable while the program runs: dapcli counts that breakpoint (said
    emulated in the text and ``--json``) until its first hit, where the program is stopped: there
    lldb takes the count (declared holding dapcli's), and from then on decides alone."""
    tick = marker_line(c_programs / "sleepy.c", "tick")
    state = cli.json("launch", "./sleepy", "--adapter", adapter, "--timeout", "0.5")
    assert state["status"] == "running", state
    added = cli.json("break", "add", f"sleepy.c:{tick} hit %2")
    assert (added["hitCondition"], added.get("emulated")) == ("%2", ["hitCondition"]), added
    assert "hit %2; emulated: dapcli counts the hits (a stop per hit)" in cli("break", "list").out
    first = cli.json("wait", "--timeout", "60")
    assert first["status"] == "stopped" and first.get("hitBreakpointIds") == [1], first
    listed = cli.json("break", "list")["breakpoints"]
    assert [(b["hitCondition"], b.get("emulated")) for b in listed] == [("%2", None)], listed  # lldb's now
    said = cli("console", "breakpoint list").out
    assert re.search(r"Condition: \(\+\+\$dapcli_hits_\w+\) % 2 == 0", said), said
    then = cli.json("continue", "--timeout", "60")
    assert then["status"] == "stopped", then
    assert int(_local(then, "counter") or 0) == int(_local(first, "counter") or 0) + 2, (first, then)
    # lldb stopped 3 times: the one hit dapcli counted and resumed, then the two stops lldb decided
    assert re.search(r"\b1: file = .*hit count = 3\b", cli("console", "breakpoint list").out)


@pytest.mark.parametrize("adapter", each("lldb"))
def test_lldb_counted_hit_condition_over_mcp(adapter: str, scaleloop: Path) -> None:
    source = scaleloop.parent / "scaleloop.c"
    line = marker_line(source, "scale-body")

    async def run() -> None:
        async with mcp_client() as client:
            state = await call(client, "launch", {"program": str(scaleloop), "adapter": adapter, "args": ["9"],
                                                  "breakpoints": [f"{source}:{line} hit % 4"]})
            assert not [w for w in state.get("warnings") or [] if "emulated" in w], state
            result = await client.call_tool("listBreakpoints", {})
            listed = dict(result.structured_content)["breakpoints"]
            assert [(b["hitCondition"], b.get("emulated")) for b in listed] == [("% 4", None)], listed
            assert "emulated" not in result.content[0].text and "hit % 4" in result.content[0].text
            await call(client, "stop")

    run_async(run)
