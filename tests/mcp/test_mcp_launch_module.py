"""MCP `launch` with `module` that Python cannot find: a tool error (isError) in one line that
says so, and no session left behind."""

from __future__ import annotations

import sys
from pathlib import Path

from mcp_helpers import call, call_error, connected, run


def test_missing_module_is_a_tool_error(tmp_path: Path) -> None:
    async def body() -> None:
        async with connected() as client:
            text = await call_error(client, "launch", {"module": "nosuch_mod_wf3", "python": sys.executable,
                                                       "cwd": str(tmp_path)})
            assert "-m nosuch_mod_wf3: No module named nosuch_mod_wf3" in text
            sessions = await call(client, "sessions")
            assert not any(s.get("name") == "default" for s in sessions.get("sessions") or []), sessions

    run(body)
