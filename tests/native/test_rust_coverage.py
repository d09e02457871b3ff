"""Every verb on a Rust binary (issue 25's coverage table): breakpoints with a condition, a hit
count, a log message and on a function; step in, over and out (with the returned value); stack;
eval; set; the exit code; attach by pid — on lldb-dap and CodeLLDB through the CLI, and over MCP.
Values are asserted as Rust shows them."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import psutil
import pytest
from native_helpers import PROGRAMS, dapcli, each_adapter, marker_line, run

from dapcli.adapters.native.common import ptrace_problem

pytestmark = pytest.mark.slow

SOURCE = PROGRAMS / "coverage.rs"
LOOP, SQUARE, DONE, SPIN = (marker_line(SOURCE, m) for m in ("loop", "square", "done", "spin"))


@pytest.fixture(scope="module")
def coverage(tmp_path_factory: pytest.TempPathFactory) -> Path:
    rustc = shutil.which("rustc")
    if rustc is None:
        pytest.skip("needs rustc (tools/install-adapters.sh installs it)")
    folder = tmp_path_factory.mktemp("rustcov")
    shutil.copy(SOURCE, folder / SOURCE.name)
    done = subprocess.run([rustc, "-g", "-C", "opt-level=0", "-o", "coverage", SOURCE.name], cwd=folder,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return folder / "coverage"


def _json(env: dict[str, str], cwd: Path, *args: str) -> dict[str, Any]:
    cut = args.index("--") if "--" in args else len(args)  # --json before the program's arguments
    done = dapcli(env, cwd, *args[:cut], "--json", *args[cut:])
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    return json.loads(done.stdout)


def _locals(state: dict[str, Any]) -> dict[str, str]:
    return {v["name"]: v["value"] for v in state.get("locals") or []}


@pytest.mark.parametrize("adapter", each_adapter("lldb", "codelldb"))
def test_condition_set_steps_stack_and_exit_code(adapter: str, coverage: Path, cli_env: dict[str, str]) -> None:
    cwd = coverage.parent
    state = _json(cli_env, cwd, "launch", "./coverage", "--adapter", adapter,
                  "-b", f"coverage.rs:{LOOP} if i == 3", "--", "hello")
    assert state["reason"] == "breakpoint" and state["location"]["line"] == LOOP, state
    shown = _locals(state)
    assert shown["i"] == "3" and shown["total"] == "5" and shown["label"] == '"hello"', shown
    assert shown["point"].replace(" ", "") in ("{x=3,y=4}", "{x:3,y:4}"), shown  # lldb's, CodeLLDB's
    assert _json(cli_env, cwd, "set", "total", "100")["value"] == "100"
    assert _json(cli_env, cwd, "eval", "total")["result"] == "100"
    inside = _json(cli_env, cwd, "step")
    assert inside["reason"] == "step" and inside["location"]["line"] == SQUARE, inside
    assert "square" in inside["location"]["function"] and _locals(inside)["n"] == "3"
    names = [f["name"] for f in _json(cli_env, cwd, "stack")["frames"]]
    assert "square" in names[0] and "main" in names[1], names
    assert _json(cli_env, cwd, "eval", "n * n")["result"] == "9"
    back = _json(cli_env, cwd, "finish")
    assert back["location"]["line"] == LOOP and "main" in back["location"]["function"], back
    end = _json(cli_env, cwd, "continue")
    assert end["status"] == "exited" and end["exitCode"] == 25, end  # (100 + 9 + 16) % 100
    assert dapcli(cli_env, cwd, "stop").returncode == 0


@pytest.mark.parametrize("adapter", each_adapter("lldb", "codelldb"))
def test_hit_log_and_function_breakpoints(adapter: str, coverage: Path, cli_env: dict[str, str]) -> None:
    cwd = coverage.parent
    state = _json(cli_env, cwd, "launch", "./coverage", "--adapter", adapter, "-b", f"coverage.rs:{SQUARE} hit 3")
    assert state["reason"] == "breakpoint" and _locals(state)["n"] == "2", state
    listed = _json(cli_env, cwd, "break", "list")["breakpoints"]
    assert [(b["hitCondition"], b.get("emulated")) for b in listed] == [("3", None)], listed  # the adapter's own
    assert _json(cli_env, cwd, "continue")["status"] == "exited"
    assert dapcli(cli_env, cwd, "stop").returncode == 0

    state = _json(cli_env, cwd, "launch", "./coverage", "--adapter", adapter,
                  "-b", f"coverage.rs:{SQUARE} log n is {{n}}", "-b", f"coverage.rs:{DONE}")
    assert state["location"]["line"] == DONE and _locals(state)["total"] == "30", state
    lines = [line for c in _json(cli_env, cwd, "output")["chunks"] for line in c["output"].splitlines()]
    assert [line for line in lines if line.startswith("n is")] == [f"n is {n}" for n in range(5)], lines
    assert dapcli(cli_env, cwd, "stop").returncode == 0

    state = _json(cli_env, cwd, "launch", "./coverage", "--adapter", adapter, "-b", "square")
    assert state["reason"] == "breakpoint" and "square" in state["location"]["function"], state
    assert state["location"]["line"] == SQUARE and _locals(state)["n"] == "0"
    assert dapcli(cli_env, cwd, "stop").returncode == 0


@pytest.mark.parametrize("adapter", each_adapter("lldb", "codelldb"))
def test_attach_to_a_running_rust_program(adapter: str, coverage: Path, cli_env: dict[str, str]) -> None:
    target = subprocess.Popen([str(coverage), "spin"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        problem = ptrace_problem(target.pid)
        if problem:
            pytest.skip(f"ptrace is not permitted here: {problem[0]}")
        cwd = coverage.parent
        _json(cli_env, cwd, "attach", "--process-id", str(target.pid), "--adapter", adapter)
        stop = _json(cli_env, cwd, "pause")
        assert stop["status"] == "stopped" and stop["reason"] == "pause", stop
        assert "main" in stop["location"]["function"] and stop["location"]["line"] == SPIN, stop
        assert _locals(stop)["label"] == '"spin"'
        assert _json(cli_env, cwd, "stop")["status"] == "detached"
        with pytest.raises(subprocess.TimeoutExpired):  # it survives the detach, running
            target.wait(0.5)
        assert psutil.Process(target.pid).status() != psutil.STATUS_STOPPED
    finally:
        target.kill()
        target.wait(10)


def test_rust_verbs_over_mcp(coverage: Path) -> None:
    from dapcli.adapters.registry import by_name

    if by_name("lldb").find() is None:
        pytest.skip("needs lldb-dap")
    source = str(coverage.parent / "coverage.rs")

    async def body() -> None:
        from mcp import Client

        from dapcli.frontends.mcp.server import build_server

        async with Client(build_server()) as client:
            state = await call(client, "launch", {"program": str(coverage), "adapter": "lldb", "args": ["mcp"],
                                                  "breakpoints": [f"{source}:{LOOP} if i == 2"]})
            assert _locals(state)["i"] == "2" and _locals(state)["label"] == '"mcp"', state
            await call(client, "evaluate", {"expression": "total = 50", "statement": True})
            assert (await call(client, "evaluate", {"expression": "total"}))["result"] == "50"
            inside = await call(client, "stepIn")
            assert inside["location"]["line"] == SQUARE and _locals(inside)["n"] == "2"
            frames = (await call(client, "stackTrace"))["frames"]
            assert "square" in frames[0]["name"] and "main" in frames[1]["name"]
            await call(client, "next")
            back = await call(client, "stepOut")
            assert back["location"]["line"] == LOOP, back
            await call(client, "setBreakpoint", {"location": f"{source}:{SQUARE}", "hitCondition": "2"})
            again = await call(client, "continue")
            assert again["location"]["line"] == SQUARE and _locals(again)["n"] == "4", again  # 2nd from here: i 3, 4
            end = await call(client, "continue")
            assert end["status"] == "exited" and end["exitCode"] == (50 + 4 + 9 + 16) % 100, end
            await call(client, "stop")

    run(body)


async def call(client: Any, tool: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
    result = await client.call_tool(tool, args or {})
    assert not result.is_error, f"{tool} failed: {result.content[0].text}"
    return dict(result.structured_content)
