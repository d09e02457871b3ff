"""Delve (Go) through the verb table, in-process (``LocalDispatcher``), on real programs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from delve_helpers import (
    BASICS,
    MULTI,
    assert_gone,
    dispatcher,
    marker_line,
    requires_delve,
    run,
    session_pids,
)

from dapcli.dispatch.local import LocalDispatcher
from dapcli.errors import RequestError

pytestmark = [pytest.mark.slow, requires_delve]

LOOP = marker_line(BASICS, "loop")
CALL = marker_line(BASICS, "call")
PRINT = marker_line(BASICS, "print")
SCALE_ENTRY = marker_line(BASICS, "scale_entry")
SCALE = marker_line(BASICS, "scale")
SCALE_RETURN = marker_line(BASICS, "scale_return")
WORKER = marker_line(BASICS, "worker")


async def call(d: LocalDispatcher, verb: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
    return (await d.call(verb, args or {})).to_json()


async def stop_and_check(d: LocalDispatcher) -> None:
    """End the session and prove that Delve, the debuggee and everything below are gone."""
    session = d.manager.get("default")
    pids = session_pids(session)
    assert pids, "the session has no adapter process"
    await call(d, "stop")
    assert_gone(pids)


def test_structs_slices_maps_evaluate_output_and_exit_code(basics_binary: Path) -> None:
    async def body() -> None:
        async with dispatcher() as d:
            stop = await call(d, "launch", {"program": str(basics_binary), "breakpoints": [f"{BASICS}:{LOOP}"]})
            assert stop["status"] == "stopped" and stop["reason"] == "breakpoint"
            assert stop["location"]["line"] == LOOP and stop["location"]["function"] == "main.main"
            assert stop["location"]["path"] == str(BASICS)
            assert {"p", "nums", "ages", "total"} <= {v["name"] for v in stop["locals"]}
            assert not stop.get("warnings"), "a binary built with -N -l gets no warning"

            found = await call(d, "variables", {"depth": 1})
            by_name = {v["name"]: v for v in found["variables"]}
            point = {c["name"]: c["value"] for c in by_name["p"]["children"]}
            assert point == {"X": "1", "Y": "2", "Name": '"pünkt"'}
            assert [c["value"] for c in by_name["nums"]["children"]] == ["10", "20", "30"]
            ages = {c["name"]: c["value"] for c in by_name["ages"]["children"]}
            assert ages['"ann"'] == "31" and ages['"bob"'] == "42"

            value = await call(d, "evaluate", {"expression": "p.X + nums[2]"})
            assert value["result"] == "31"
            with pytest.raises(RequestError) as failed:
                await call(d, "evaluate", {"expression": "nosuch"})
            assert "could not find symbol value for nosuch" in failed.value.message  # body.error.format

            await call(d, "clearBreakpoints")
            end = await call(d, "continue")
            assert end["status"] == "exited" and end["exitCode"] == 3
            printed = await call(d, "output")
            stdout = "".join(c["output"] for c in printed["chunks"] if c["category"] == "stdout")
            stderr = "".join(c["output"] for c in printed["chunks"] if c["category"] == "stderr")
            assert "héllo wörld 3 140\n" in stdout
            assert "stderr line 70 2\n" in stderr
            assert "dlv help" not in "".join(c["output"] for c in printed["chunks"])
            status = await call(d, "status")
            assert status["exitCode"] == 3 and status["state"] == "exited"
            await stop_and_check(d)

    run(body)


def test_conditional_breakpoint(basics_binary: Path) -> None:
    async def body() -> None:
        async with dispatcher() as d:
            stop = await call(d, "launch", {"program": str(basics_binary), "stopOnEntry": True})
            assert stop["status"] == "stopped"
            added = await call(d, "setBreakpoint", {"location": f"{BASICS}:{LOOP}", "condition": "i == 2"})
            assert added["verified"] is True
            stop = await call(d, "continue")
            assert stop["location"]["line"] == LOOP
            values = {v["name"]: v["value"] for v in (await call(d, "variables"))["variables"]}
            assert values["i"] == "2" and values["n"] == "30" and values["total"] == "50"
            await stop_and_check(d)

    run(body)


def test_step_in_over_out(basics_binary: Path) -> None:
    async def body() -> None:
        async with dispatcher() as d:
            stop = await call(d, "launch", {"program": str(basics_binary), "breakpoints": [f"{BASICS}:{CALL}"]})
            assert stop["location"]["line"] == CALL
            stop = await call(d, "stepIn")  # Delve stops on the func line first
            assert stop["location"]["function"] == "main.scale" and stop["location"]["line"] == SCALE_ENTRY
            stop = await call(d, "next")
            assert stop["location"]["line"] == SCALE
            assert {v["name"] for v in stop["locals"]} >= {"p", "k"}
            stack = await call(d, "stackTrace")
            assert [f["name"] for f in stack["frames"][:2]] == ["main.scale", "main.main"]
            stop = await call(d, "next")
            assert stop["reason"] == "step" and stop["location"]["line"] == SCALE_RETURN
            stop = await call(d, "stepOut")
            assert stop["location"]["function"] == "main.main" and stop["location"]["line"] in (CALL, PRINT)
            if stop["location"]["line"] == CALL:
                stop = await call(d, "next")
            assert stop["location"]["line"] == PRINT
            assert (await call(d, "evaluate", {"expression": "q.X"}))["result"] == "3"
            await stop_and_check(d)

    run(body)


def test_set_variable_changes_what_the_program_prints(basics_binary: Path) -> None:
    async def body() -> None:
        async with dispatcher() as d:
            await call(d, "launch", {"program": str(basics_binary), "breakpoints": [f"{BASICS}:{PRINT}"]})
            changed = await call(d, "setVariable", {"name": "total", "value": "99"})
            assert changed["value"] == "99"
            await call(d, "clearBreakpoints")
            end = await call(d, "continue")
            assert end["exitCode"] == 3
            printed = "".join(c["output"] for c in (await call(d, "output"))["chunks"])
            assert "héllo wörld 3 99\n" in printed
            await stop_and_check(d)

    run(body)


def test_goroutines_are_threads(basics_binary: Path) -> None:
    async def body() -> None:
        async with dispatcher() as d:
            stop = await call(d, "launch", {"program": str(basics_binary), "breakpoints": [f"{BASICS}:{WORKER}"]})
            assert stop["location"]["function"] == "main.worker" and stop["location"]["line"] == WORKER
            goroutine = stop["threadId"]
            assert goroutine != 1, "the worker runs in its own goroutine"
            threads = (await call(d, "threads"))["threads"]
            ids = {th["id"] for th in threads}
            assert {1, goroutine} <= ids
            assert next(th for th in threads if th["id"] == goroutine)["current"] is True
            main_stack = await call(d, "stackTrace", {"threadId": 1})
            assert any(f["name"] == "main.main" for f in main_stack["frames"])
            assert (await call(d, "evaluate", {"expression": "id * 10"}))["result"] == "70"
            await stop_and_check(d)

    run(body)


def test_source_file_and_package_directory_are_built_by_delve() -> None:
    async def body() -> None:
        async with dispatcher() as d:
            stop = await call(d, "launch", {"program": str(BASICS), "breakpoints": [f"{BASICS}:{LOOP}"]})
            assert stop["status"] == "stopped" and stop["location"]["line"] == LOOP
            session = d.manager.get("default")
            assert session.adapter.name == "go"
            await stop_and_check(d)

            inner = marker_line(MULTI / "count.go", "inner")
            stop = await call(d, "launch", {"program": str(MULTI), "breakpoints": [f"{MULTI / 'count.go'}:{inner}"]})
            assert stop["location"]["function"] == "main.count" and stop["location"]["line"] == inner
            await call(d, "clearBreakpoints")
            end_state = await call(d, "continue")
            assert end_state["status"] == "exited" and end_state["exitCode"] == 0
            assert "words: 9" in "".join(c["output"] for c in (await call(d, "output"))["chunks"])
            await stop_and_check(d)
            assert not list(MULTI.glob("__debug_bin*")) and not list(BASICS.parent.glob("__debug_bin*"))

    run(body)


def test_optimized_binary_gets_a_warning(basics_optimized: Path) -> None:
    async def body() -> None:
        async with dispatcher() as d:
            stop = await call(d, "launch", {"program": str(basics_optimized), "stopOnEntry": True})
            assert any("-gcflags" in w and "optimizations" in w for w in stop["warnings"])
            await stop_and_check(d)

    run(body)


def test_stop_while_running_ends_everything(basics_binary: Path) -> None:
    async def body() -> None:
        async with dispatcher() as d:
            await call(d, "launch", {"program": str(basics_binary), "breakpoints": [f"{BASICS}:{CALL}"]})
            session = d.manager.get("default")
            pids = session_pids(session)
            assert len(pids) >= 2, "dlv and the debuggee"
            await call(d, "stop")
            assert_gone(pids)

    run(body)


def test_build_error_shows_the_compiler_message(tmp_path: Path) -> None:
    broken = tmp_path / "broken.go"
    broken.write_text("package main\n\nfunc main() {\n\tx :=\n}\n")

    async def body() -> None:
        async with dispatcher() as d:
            with pytest.raises(RequestError) as failed:
                await call(d, "launch", {"program": str(broken)})
            assert "Build error" in failed.value.message and "syntax error" in failed.value.message
            assert not d.manager.sessions

    run(body)


def test_pause_and_stop_a_running_program(tmp_path: Path) -> None:
    sleeper = tmp_path / "sleeper.go"
    sleeper.write_text('package main\n\nimport (\n\t"fmt"\n\t"time"\n)\n\nfunc main() {\n\tfor i := 0; ; i++ {\n'
                       '\t\tfmt.Println("tick", i)\n\t\ttime.Sleep(20 * time.Millisecond)\n\t}\n}\n')

    async def body() -> None:
        async with dispatcher() as d:
            state = await call(d, "launch", {"program": str(sleeper), "timeout": 1.0})
            assert state["status"] == "running"
            paused = await call(d, "pause")  # Delve's stop names no thread: the current goroutine is chosen
            assert paused["status"] == "stopped" and paused["reason"] == "pause"
            assert paused["threadId"] is not None and paused["frames"]
            assert "tick 0" in "".join(c["output"] for c in (await call(d, "output"))["chunks"])
            resumed = await call(d, "continue", {"timeout": 0.3})
            assert resumed["status"] == "running"
            await stop_and_check(d)

    run(body)
