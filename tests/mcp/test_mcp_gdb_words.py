"""Over MCP, as on the CLI and in the REPL: ``setVariable`` takes gdb's ``var NAME = VALUE``,
``clearBreakpoints`` of a bare LINE is the current file's line and a location with no breakpoint
is an error (isError, the others kept), and ``removeWatch`` names what it deleted. Real debugpy."""

from __future__ import annotations

import sys

import pytest
from mcp_helpers import LOOP, call, call_error, connected, marker_line, run

from dapcli.frontends.mcp.tools import MORE

pytest.importorskip("debugpy", reason="debugpy is not installed")
pytestmark = pytest.mark.slow


def test_gdb_set_var_clear_line_and_remove_watch() -> None:
    loop = marker_line(LOOP, "loop")

    async def body() -> None:
        async with connected() as client:
            await call(client, "launch", {"program": str(LOOP), "python": sys.executable,
                                          "breakpoints": [f"{LOOP}:{loop}", f"{LOOP}:{loop + 1}"]})
            assert (await call(client, "setVariable", {"name": "var", "value": "count = 41"}))["value"] == "41"
            cleared = await call(client, MORE, {"verb": "clearBreakpoints", "arguments": {"path": str(loop + 1)}})
            assert cleared["removed"] == [2]
            error = await call_error(client, MORE, {"verb": "clearBreakpoints", "arguments": {"path": str(loop + 1)}})
            assert "no breakpoint '" in error and f"loop.py:{loop + 1}' (breakpoints: 1 (loop.py:{loop}))" in error
            await call(client, MORE, {"verb": "addWatch", "arguments": {"expression": "count"}})
            removed = await client.call_tool(MORE, {"verb": "removeWatch", "arguments": {"ids": [1]}})
            assert removed.content[0].text.splitlines() == ["deleted watch 1 (count)", "no watches left"]
            assert removed.structured_content["removedExpressions"] == ["count"]

    run(body, timeout=150)
