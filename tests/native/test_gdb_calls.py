"""gdb (cdt-gdb-adapter): an evaluated expression whose function call faults or stops at a
breakpoint leaves the program where it stopped, and the evaluation fails saying why; gdb dying
under the adapter ends the session at once, said in one line, its processes gone."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
from pathlib import Path

import pytest
from native_helpers import CC, PROGRAMS, Driver, assert_gone, each_adapter, marker_line, process_tree, run

from dapcli.engine.state import SessionState
from dapcli.errors import DapcliError

CALLS_C = PROGRAMS / "calls.c"
STOP, ADD = marker_line(CALLS_C, "stop"), marker_line(CALLS_C, "add-body")


@pytest.fixture(scope="module")
def calls(build_dir: Path) -> Path:
    assert CC is not None
    shutil.copy(CALLS_C, build_dir / "calls.c")
    done = subprocess.run([CC, "-g", "-O0", "-o", "calls", "calls.c"], cwd=build_dir, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return build_dir / "calls"


async def _error(d: Driver, verb: str, **args: object) -> str:
    try:
        result = await d(verb, **args)
    except DapcliError as exc:
        return exc.message
    raise AssertionError(f"{verb} {args} did not fail: {result}")


async def _where(d: Driver) -> list[tuple[str, int]]:
    frames = (await d("stackTrace"))["frames"]
    return [(f["name"], f["line"]) for f in frames]


@pytest.mark.parametrize("adapter", each_adapter("gdb"))
def test_a_call_that_faults_leaves_the_stop_as_it_was(adapter: str, calls: Path) -> None:
    async def body() -> None:
        d = Driver(calls.parent)
        try:
            await d("launch", program="calls", adapter=adapter, breakpoints=[f"calls.c:{STOP}"])
            said = await _error(d, "evaluate", expression="crash()")
            assert "received signal SIGSEGV" in said and "back where it stopped" in said, said
            assert await _where(d) == [("main", STOP)]
            assert (await d("evaluate", expression="x"))["result"] == "5"
            bt = await d("console", command="bt")
            assert "called from gdb" not in str(bt) and "crash" not in str(bt), bt
            stop = await d("next")
            assert stop["reason"] == "step" and stop["location"]["line"] == STOP + 1, stop
        finally:
            await d.close()

    run(body)


@pytest.mark.parametrize("adapter", each_adapter("gdb"))
def test_a_call_stopped_at_a_breakpoint_is_abandoned(adapter: str, calls: Path) -> None:
    async def body() -> None:
        d = Driver(calls.parent)
        try:
            await d("launch", program="calls", adapter=adapter, breakpoints=[f"calls.c:{STOP}", f"calls.c:{ADD}"])
            said = await _error(d, "evaluate", expression="add(1, 2)")
            assert "stopped at breakpoint 2 (in add)" in said and "back where it stopped" in said, said
            assert await _where(d) == [("main", STOP)]
            assert (await d("evaluate", expression="x"))["result"] == "5"
            status = await d("status")
            assert status["state"] == "stopped", status
            stop = await d("continue")  # the program's own call of add: breakpoint 2, named
            assert stop["reason"] == "breakpoint" and stop.get("hitBreakpointIds") == [2], stop
            assert (await d("evaluate", expression="a"))["result"] == "5"
        finally:
            await d.close()

    run(body)


@pytest.mark.parametrize("adapter", each_adapter("gdb"))
def test_gdb_dying_ends_the_session_and_a_blocked_continue(adapter: str, calls: Path, spin: Path) -> None:
    async def body() -> None:
        d = Driver(spin.parent)
        try:
            tick = marker_line(spin.parent / "spin.c", "tick")
            await d("launch", program="spin", adapter=adapter, breakpoints=[f"spin.c:{tick}"])
            session = d.session
            tree = process_tree(session)
            gdb = [p for p in tree if p.name() == "gdb"]
            assert len(gdb) == 1, tree
            await d("clearBreakpoints")
            running = asyncio.ensure_future(d("continue", timeout=120))
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 30
            while session.state is not SessionState.RUNNING and loop.time() < deadline:
                await asyncio.sleep(0.02)  # polls the state the continue sets (bounded)
            assert session.state is SessionState.RUNNING
            gdb[0].kill()
            try:
                result = await asyncio.wait_for(running, 30)  # at once: not the continue's 120 s
                said = str(result)
            except DapcliError as exc:
                said = exc.message
            assert f"gdb (pid {gdb[0].pid}) died" in said, said
            assert session.ended and session.state is SessionState.TERMINATED
            status = await d("status")
            assert status["state"] == "terminated" and "gdb" in (status.get("ended") or str(status)), status
            await asyncio.to_thread(assert_gone, tree)  # node, gdb and the program (the loop ends them)
        finally:
            await d.close()

    run(body)
