"""Bad input through MCP: a tool error (isError) with one clear line, nothing started."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp_helpers import call, call_error, connected, run

from dapcli.frontends.mcp.tools import MORE


@pytest.mark.parametrize(("program", "kind"), [("/dev/zero", "a character device"), ("/tmp", "a directory")])
def test_launch_refuses_what_is_not_a_program_file(program: str, kind: str) -> None:
    async def body() -> None:
        async with connected() as client:
            text = await call_error(client, "launch", {"program": program})
            assert f"{program} is {kind}, not a program file" in text
            assert "Traceback" not in text
            assert (await call(client, MORE, {"verb": "sessions"}))["sessions"] == []

    run(body)


def test_launch_refuses_a_fifo(tmp_path: Path) -> None:
    import os

    fifo = tmp_path / "fifo_prog.py"
    os.mkfifo(fifo)

    async def body() -> None:
        async with connected() as client:
            assert "is a FIFO, not a program file" in await call_error(client, "launch", {"program": str(fifo)})

    run(body)


@pytest.mark.parametrize("name", ["a" * 300, "é" * 200, "", "../x"])
def test_invalid_session_names_are_tool_errors(name: str) -> None:
    async def body() -> None:
        async with connected() as client:
            assert "invalid session name" in await call_error(client, "status", {"session": name})
            assert "invalid session name" in await call_error(client, "evaluate", {"expression": "1", "session": name})
            assert "invalid session name" in await call_error(client, MORE, {"verb": "up", "session": name})

    run(body)


def test_an_unknown_tool_names_the_closest_ones() -> None:
    """The SDK said only "Unknown tool: lauch"."""
    async def body() -> None:
        async with connected() as client:
            assert await call_error(client, "lauch", {}) == "unknown tool 'lauch'; did you mean launch?"
            said = await call_error(client, "zzzz", {})
            assert said == "unknown tool 'zzzz'; tools/list lists the tools; `more` runs the others", said

    run(body)
