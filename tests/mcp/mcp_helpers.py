"""Helpers for the MCP server tests: run a coroutine bounded, call tools, find programs.

Imported by name (``from mcp_helpers import …``): pytest puts this folder on ``sys.path``.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
from sessionprocs import assert_gone  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
BUGGY = ROOT / "examples" / "buggy.py"
LOOP = Path(__file__).resolve().parent / "programs" / "loop.py"
TEST_TIMEOUT = 180.0  # a hang guard: generous for a loaded machine


def marker_line(path: Path, marker: str) -> int:
    """The 1-based line carrying ``# @marker`` (debugpy's habit: no hard-coded line numbers)."""
    for number, text in enumerate(path.read_text().splitlines(), 1):
        if re.search(rf"#\s*@{re.escape(marker)}\b", text):
            return number
    raise LookupError(f"no @{marker} in {path}")


def run(test: Callable[[], Awaitable[None]], timeout: float = TEST_TIMEOUT) -> None:
    """Run ``test`` on asyncio (the engine's loop), failing after ``timeout`` seconds."""

    async def bounded() -> None:
        with anyio.fail_after(timeout):
            await test()

    anyio.run(bounded)


@contextlib.asynccontextmanager
async def connected(server: Any = None) -> AsyncIterator[Any]:
    """An in-memory ``mcp.Client`` on a fresh server (sessions end when it closes)."""
    from mcp import Client

    from dapcli.frontends.mcp.server import build_server

    async with Client(server or build_server()) as client:
        yield client


async def call(client: Any, tool: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
    """Call ``tool``; assert it succeeded; return its structured content."""
    result = await client.call_tool(tool, args or {})
    assert not result.is_error, f"{tool} failed: {result.content[0].text}"
    assert result.structured_content is not None
    return result.structured_content


async def call_error(client: Any, tool: str, args: dict[str, Any] | None = None) -> str:
    """Call ``tool``; assert it failed with ``isError``; return the error text."""
    result = await client.call_tool(tool, args or {})
    assert result.is_error, f"{tool} should have failed: {result.content[0].text}"
    return str(result.content[0].text)


def text_of(result: Any) -> str:
    return str(result.content[0].text)


