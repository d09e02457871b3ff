"""Delve (issue 11): running without debugging reports output and exit code (no
configurationDone without `initialized`), restart with new arguments, and leaving an attached
program (detach by default; a terminate that Delve 1.20 does not carry out is reported)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import psutil
from conftest import _build
from delve_helpers import BASICS, PROGRAMS, dispatcher, marker_line, requires_delve, run


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


@requires_delve
def test_stop_terminate_on_an_attached_program_says_when_it_lives_on(go_build_dir: Path) -> None:
    spin = _build(PROGRAMS / "spin" / "spin.go", go_build_dir / "spin", debug=True)
    process = subprocess.Popen([str(spin)], stdout=subprocess.DEVNULL, start_new_session=True)

    async def body() -> None:
        async with dispatcher() as d:
            await d.call("attach", {"processId": process.pid, "adapter": "go"})
            ended = (await d.call("stop", {})).to_json()
            assert ended["status"] == "detached" and f"pid {process.pid}" in ended["note"]
            assert process.poll() is None
            await d.call("attach", {"processId": process.pid, "adapter": "go"})
            ended = (await d.call("stop", {"terminate": True})).to_json()
            assert ended["status"] == "terminated"
            alive = psutil.pid_exists(process.pid) and process.poll() is None
            if alive:  # Delve 1.20 says it ended the program and does not: say so, with the kill command
                assert f"kill {process.pid}" in ended["note"]
            else:
                assert "note" not in ended

    try:
        run(body)
    finally:
        process.kill()
        process.wait()


@requires_delve
def test_attach_by_pid_without_adapter_uses_delve_for_a_go_program(go_build_dir: Path) -> None:
    spin = _build(PROGRAMS / "spin" / "spin.go", go_build_dir / "spin", debug=True)
    process = subprocess.Popen([str(spin)], stdout=subprocess.DEVNULL, start_new_session=True)

    async def body() -> None:
        async with dispatcher() as d:
            await d.call("attach", {"processId": process.pid})  # no adapter: told from /proc/PID/exe
            assert [s.adapter.name for s in d.manager.sessions.values()] == ["go"]
            ended = (await d.call("stop", {})).to_json()
            assert ended["status"] == "detached"

    try:
        run(body)
    finally:
        process.kill()
        process.wait()
