"""Stop and result text says each thing once: a crash's signal (not ``signal: signal SIGSEGV``),
in the CLI's text, the MCP ``text`` and recipe transcripts; debugpy's "(note: full exception
trace is shown but execution is paused at: …)" aside is not shown."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from fid_helpers import CC, Cli, call_tool, each, mcp_client, run_async

from dapcli.frontends.recipe.transcript import summarize_result
from dapcli.verbs.shared.stop.stoplabel import exception_headline

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def segv(programs: Path) -> Path:
    if CC is None:
        pytest.skip("no C compiler (gcc or cc) to build the test programs")
    done = subprocess.run([CC, "-g", "-O0", "-o", "segv", "segv.c"], cwd=programs, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return programs / "segv"


@pytest.mark.parametrize("adapter", each("lldb", "gdb"))
def test_segfault_names_the_signal_once(adapter: str, segv: Path, cli: Cli) -> None:
    text = cli("launch", "./segv", "--adapter", adapter, "--", "crash").out
    assert "signal SIGSEGV" in text and "signal: signal" not in text, text
    cli("stop")
    state = cli.json("launch", "./segv", "--adapter", adapter, "--", "crash")
    line = summarize_result(state)
    assert "SIGSEGV" in line and "signal: signal" not in line, line
    cli("stop")

    async def body() -> None:
        async with mcp_client() as client:
            result = await call_tool(client, "launch", {"program": str(segv), "adapter": adapter, "args": ["crash"]})
            said = result.content[0].text
            assert "exception signal SIGSEGV" in said and "signal: signal" not in said, said
            await call_tool(client, "stop")

    run_async(body)


def test_debugpy_paused_at_note_is_not_shown() -> None:
    """pydevd appends the note to the exception's name (``pydevd_comm.py``); shown without it."""
    name = "ValueError       (note: full exception trace is shown but execution is paused at: outer)"
    assert exception_headline(name, "bad value") == "ValueError: bad value"
    assert exception_headline("signal", "signal SIGSEGV: invalid address") == "signal SIGSEGV: invalid address"
    assert summarize_result({"session": "default", "status": "stopped", "reason": "exception", "exception": {
        "exceptionId": name, "description": "bad value"}}) == "stopped (exception): ValueError: bad value"
