"""Issue 10 case 11 in a real pseudo-terminal (pexpect): a REPL that joined a hosted session
announces the stops that other clients make — the CLI from another shell and an agent over
MCP — as they happen, even a stop at the same line as the last one (the toolbar's update is
tested in tests/repl/test_repl_seen_stops.py: prompt-toolkit draws no toolbar on this pty)."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import psutil
import pytest
from clirun import DAPCLI, marker
from testprocs import SUITE_VARS

from dapcli.adapters.debugpy.adapter import DebugpyAdapter

pytestmark = [pytest.mark.slow, pytest.mark.skipif(DebugpyAdapter().find() is None, reason="debugpy is not installed")]

PROGRAMS = Path(__file__).resolve().parent / "programs" / "cases"
TIMEOUT = 30


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    return {**{k: v for k, v in os.environ.items() if (not k.startswith("DAPCLI_") or k in SUITE_VARS)},
            "HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path / "state"), "DAPCLI_RUNTIME_DIR": str(runtime),
            "NO_COLOR": "1", "PROMPT_TOOLKIT_NO_CPR": "1", "TERM": "xterm", "PYTHONUNBUFFERED": "1"}


@pytest.fixture
def work(tmp_path: Path) -> Path:
    target = tmp_path / "work"
    shutil.copytree(PROGRAMS, target)
    return target


@pytest.fixture
def repl(env: dict[str, str], work: Path) -> Iterator[list[pexpect.spawn]]:
    children: list[pexpect.spawn] = []
    yield children
    for child in children:
        if child.isalive():
            child.terminate(force=True)


def mcp_continue(env: dict[str, str], cwd: Path) -> str:
    """``continue`` over MCP (in-memory client, joining the hosted session as serve-mcp does)."""
    from mcp import Client

    from dapcli.dispatch.router import RoutingDispatcher
    from dapcli.frontends.mcp.server import build_server

    async def call() -> str:
        async with Client(build_server(RoutingDispatcher())) as client:
            result = await asyncio.wait_for(client.call_tool("continue", {"session": "shared"}), TIMEOUT)
            assert not result.is_error, result.content[0].text
            return str(result.content[0].text)

    saved = os.environ.get("DAPCLI_RUNTIME_DIR"), os.getcwd()
    os.environ["DAPCLI_RUNTIME_DIR"] = env["DAPCLI_RUNTIME_DIR"]
    os.chdir(cwd)
    try:
        return asyncio.run(call())
    finally:
        if saved[0] is None:
            os.environ.pop("DAPCLI_RUNTIME_DIR", None)
        else:
            os.environ["DAPCLI_RUNTIME_DIR"] = saved[0]
        os.chdir(saved[1])


def test_joined_repl_announces_stops_made_by_the_cli_and_by_mcp(repl: list[pexpect.spawn], env: dict[str, str],
                                                                 work: Path) -> None:
    bump = marker(work / "cases.py", "bump")

    def cli(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([DAPCLI, *argv, "--session", "shared"], env=env, cwd=work, capture_output=True,
                              text=True, timeout=60)

    assert cli("launch", "cases.py", "--python", sys.executable, "-b", f"cases.py:{bump}").returncode == 0
    host = psutil.Process(int(cli("--json", "status").stdout.split('"hostPid": ')[1].split(",")[0]))
    try:
        child = pexpect.spawn(sys.executable, ["-m", "dapcli.frontends.repl", "--session", "shared"], env=env,
                              cwd=str(work), dimensions=(50, 200), encoding="utf-8", timeout=TIMEOUT)
        repl.append(child)
        child.expect_exact("Joined session 'shared'")
        child.expect_exact("(dapcli)")
        # the same breakpoint again (the loop's second key): a stop at the very same line
        done = cli("continue")
        assert done.returncode == 0 and f"cases.py:{bump}" in done.stdout
        child.expect_exact(f"Stopped (breakpoint 1) in bump at cases.py:{bump}")
        # an agent over MCP runs it to its end: the REPL says so
        text = mcp_continue(env, work)
        assert text.startswith("exited"), text
        child.expect_exact("Program exited with exit code 0")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        cli("stop")
    _, alive = psutil.wait_procs([host], timeout=10)
    assert not alive
