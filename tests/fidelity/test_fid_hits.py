"""Issue 10 case 3: Delve 1.20 honours ``hitCondition`` without announcing it, so dapcli sends
it (with a note) instead of refusing; and issue 14: a hit condition that no adapter means is
refused when set, in every frontend (the arguments model checks it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fid_helpers import Cli, call, call_error, each, marker_line, mcp_client, run_async

from dapcli.verbs.breakpoints.args import check_hit_condition

pytestmark = pytest.mark.slow

#: hitCondition → the values of i at the stops (hit k is i = k - 1).
EXPECTED = {"% 3": ["2", "5", "8"], "4": ["3"], "> 7": ["7", "8", "9"]}


def _i(state: dict[str, object]) -> str | None:
    return next((v["value"] for v in state.get("locals") or [] if v["name"] == "i"), None)  # type: ignore[union-attr, index]


@pytest.mark.parametrize("adapter", each("go"))
@pytest.mark.parametrize("hit", list(EXPECTED))
def test_delve_honours_hit_conditions_on_the_cli(adapter: str, hit: str, hitloop: Path, cli: Cli) -> None:
    line = marker_line(hitloop.parent / "main.go", "acc")
    cli("launch", str(hitloop), "--adapter", adapter, "--stop-on-entry")
    added = cli.json("break", "add", f"hitloop/main.go:{line}", "--hit-condition", hit)
    assert added["verified"] is True and added["hitCondition"] == hit.strip()
    assert "supportsHitConditionalBreakpoints" in added["warning"]
    seen = []
    for _ in range(len(EXPECTED[hit]) + 1):
        state = cli.json("continue")
        if state["status"] != "stopped":
            break
        seen.append(_i(state))
    assert seen == EXPECTED[hit]


@pytest.mark.parametrize("adapter", each("go"))
def test_delve_hit_condition_over_mcp(adapter: str, hitloop: Path) -> None:
    line = marker_line(hitloop.parent / "main.go", "acc")

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(hitloop), "adapter": adapter, "stopOnEntry": True})
            await call(client, "setBreakpoint", {"location": f"{hitloop.parent / 'main.go'}:{line}",
                                                 "hitCondition": "% 3"})
            assert _i(await call(client, "continue")) == "2"
            assert _i(await call(client, "continue")) == "5"
            await call(client, "stop")

    run_async(body)


@pytest.mark.parametrize("bad", ["abc", "0", "-1", "%0", ">=", "<1", "3x"])
def test_hit_conditions_no_adapter_means_are_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="hit condition"):
        check_hit_condition(bad)


@pytest.mark.parametrize("good", ["3", ">3", ">= 3", "<3", "<=3", "== 2", "% 4", ">0"])
def test_hit_conditions_adapters_mean_are_kept(good: str) -> None:
    assert check_hit_condition(good) == good


@pytest.mark.parametrize("adapter", each("lldb"))
def test_bad_hit_condition_is_refused_in_cli_and_mcp(adapter: str, c_programs: Path, cli: Cli) -> None:
    stop = marker_line(c_programs / "errors.c", "stop")
    cli("launch", "./errors", "--adapter", adapter, "-b", f"errors.c:{stop}")
    done = cli("break", "add", f"errors.c:{stop}", "--hit-condition", "abc", check=2)
    assert done.err.startswith("error: setBreakpoint: hitCondition: hit condition 'abc'"), done.err
    assert len(cli.json("break", "list")["breakpoints"]) == 1  # the session is left as it was

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(c_programs / "errors"), "adapter": adapter,
                                          "breakpoints": [f"{c_programs / 'errors.c'}:{stop}"]})
            message = await call_error(client, "setBreakpoint", {"location": f"{c_programs / 'errors.c'}:{stop}",
                                                                 "hitCondition": "%0"})
            assert "can never be met" in message
            await call(client, "stop")

    run_async(body)


@pytest.mark.parametrize("adapter", each("go"))
def test_delve_error_format_is_surfaced(adapter: str, hitloop: Path, cli: Cli) -> None:
    """Issue 10 case 1: Delve's real reason is in ``body.error.format``, not in ``message``."""
    line = marker_line(hitloop.parent / "main.go", "acc")
    cli("launch", str(hitloop), "--adapter", adapter, "-b", f"hitloop/main.go:{line}")
    done = cli("eval", "nosuch", check=5)
    assert "could not find symbol value for nosuch" in done.err, done.err


@pytest.mark.parametrize("adapter", each("go"))
def test_go_runtime_panic_shows_the_users_frame(adapter: str, gocrash: Path, cli: Cli) -> None:
    """Issue 10 case 6 for Go: a panic stops inside the runtime; the stop names the user's frame."""
    line = marker_line(gocrash.parent / "main.go", "crash")
    cli("launch", str(gocrash), "--adapter", adapter)
    state = cli.json("status")["stop"]
    assert state["reason"] == "exception"
    assert state["location"]["function"] == "main.process" and state["location"]["line"] == line
    assert state["skippedFrames"] >= 1 and state["frames"][0]["name"].startswith("runtime.")
    assert {v["name"] for v in cli.json("vars")["variables"]} >= {"o", "m"}
    assert cli.json("eval", "o.ID")["result"] == "7"


@pytest.mark.parametrize("bad", ["0", "%0", "<1"])
def test_a_hit_count_no_adapter_means_is_refused_at_launch(bad: str, programs: Path, cli: Cli) -> None:
    """``-b 'FILE:LINE hit 0'`` was taken and never stopped; ``break add`` refused it."""
    line = marker_line(programs / "scaleloop.py", "scale-body")
    done = cli("launch", "-b", f"scaleloop.py:{line} hit {bad}", "scaleloop.py", "--", "5", check=2)
    assert "bad hit count" in done.err and "never be met" in done.err, done.err
