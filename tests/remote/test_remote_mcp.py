"""Remote debugging through MCP tools (in-memory client): ``attach`` with ``pathMappings``."""

from __future__ import annotations

import pytest
from remote_helpers import Layout, assert_gone, free_port, marker_line, mcp_client, run_async, tool, tool_error
from test_remote_cli import EACH, SERVERS

pytestmark = pytest.mark.slow


def attach_args(adapter: str, port: int) -> dict[str, object]:
    address = f"127.0.0.1:{port}"
    if adapter in ("gdb", "lldb"):
        return {"adapter": adapter, "target": address}
    return {"connect": address, "adapter": adapter}


@pytest.mark.parametrize("adapter", EACH)
def test_attach_with_path_mappings(adapter: str, layout: Layout) -> None:
    factory, name, marker, _ = SERVERS[adapter]
    local = layout.checkout / name
    line = marker_line(local, marker)
    port = free_port()

    async def body() -> None:
        async with mcp_client() as client:
            await tool(client, "more", {"verb": "attach", "arguments": {
                **attach_args(adapter, port), "breakpoints": [f"{local}:{line}"],
                "pathMappings": [f"{layout.srv}={layout.checkout}"]}})
            stop = await tool(client, "wait", {"timeout": 60})
            assert stop["status"] == "stopped" and stop["location"]["path"] == str(local), stop
            assert stop["location"]["line"] == line
            stack = await tool(client, "stackTrace")
            assert stack["frames"][0]["path"] == str(local)
            listing = await tool(client, "source")
            assert listing["path"] == str(local) and listing["currentLine"] == line
            assert any("@" + marker in row["text"] for row in listing["lines"] if row.get("current"))
            status = await tool(client, "status")
            await tool(client, "stop")
        assert_gone({pid for pid in (status.get("adapterPid"),) if pid})

    with factory(layout, port):
        run_async(body)


def test_bad_mapping_is_a_tool_error(layout: Layout) -> None:
    async def body() -> None:
        async with mcp_client() as client:
            text = await tool_error(client, "more", {"verb": "attach", "arguments": {
                "connect": "127.0.0.1:9", "pathMappings": ["/app"]}})
            assert "bad path mapping '/app': write it as REMOTE=LOCAL" in text
            text = await tool_error(client, "launch", {"program": str(layout.checkout / "prog.py"),
                                                       "pathMappings": [f"/app={layout.root}/nowhere"]})
            assert "does not exist" in text
            sessions = await tool(client, "more", {"verb": "sessions"})
            assert sessions["sessions"] == []

    run_async(body)
