"""Delve (issue 11): running without debugging reports output and exit code (no
configurationDone without `initialized`), and restart with new arguments."""

from __future__ import annotations

from pathlib import Path

from delve_helpers import BASICS, dispatcher, marker_line, requires_delve, run


def _output(stop: dict) -> str:  # type: ignore[type-arg]
    return "".join(c["output"] for c in stop.get("output") or [])


@requires_delve
def test_no_debug_runs_to_the_end_with_output_and_exit_code(basics_binary: Path) -> None:
    async def body() -> None:
        async with dispatcher() as d:
            result = await d.call("launch", {"program": str(basics_binary), "noDebug": True,
                                             "breakpoints": [f"{BASICS}:{marker_line(BASICS, 'loop')}"]})
            stop = result.to_json()
            for _ in range(30):
                if stop["status"] != "running":
                    break
                stop = (await d.call("wait", {"timeout": 1})).to_json()
            assert stop["exitCode"] == 3
            text = _output(stop) + "".join(c["output"] for c in (await d.call("output", {})).to_json()["chunks"])
            assert "héllo wörld 3 140" in text

    run(body)


@requires_delve
def test_restart_keeps_breakpoints_and_stops_at_them(basics_binary: Path) -> None:
    loop = marker_line(BASICS, "loop")

    async def body() -> None:
        async with dispatcher() as d:
            await d.call("launch", {"program": str(basics_binary), "breakpoints": [f"{BASICS}:{loop}"]})
            stop = (await d.call("restart", {"args": ["again"]})).to_json()
            assert stop["status"] == "stopped" and stop["location"]["line"] == loop

    run(body)
