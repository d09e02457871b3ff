"""MCP after ``debugTest``: ``restart`` (through ``more``) stops at the failure again, and a
later stop's text and structured content name the test it is in."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from mcp_helpers import call, connected, marker_line, run

from dapcli.frontends.mcp.tools import MORE

pytest.importorskip("debugpy", reason="debugpy is not installed")
pytestmark = pytest.mark.slow

PROJECT = Path(__file__).resolve().parents[1] / "cli" / "programs" / "pkgproject"


def test_restart_and_a_later_stop_name_their_tests(tmp_path: Path) -> None:
    project = tmp_path / "pkgproject"
    shutil.copytree(PROJECT, project)
    tests = project / "tests" / "test_shop.py"

    async def body() -> None:
        async with connected() as client:
            first = await call(client, "debugTest", {"cwd": str(project), "python": sys.executable})
            assert first["test"]["id"] == "tests/test_shop.py::test_misspelled"
            again = await client.call_tool(MORE, {"verb": "restart"})
            assert not again.is_error, again.content[0].text
            stop = again.structured_content
            assert stop["test"]["id"] == "tests/test_shop.py::test_misspelled"
            assert stop["location"]["path"] == str(project / "shop" / "__init__.py")
            assert "FAILED tests/test_shop.py::test_misspelled" in again.content[0].text
            await call(client, "setBreakpoint", {"location": f"{tests}:{marker_line(tests, 'last')}"})
            later = await client.call_tool("continue", {})
            assert later.structured_content["reason"] == "breakpoint"
            assert later.structured_content["test"]["id"] == "tests/test_shop.py::test_last"
            assert "in test tests/test_shop.py::test_last" in later.content[0].text
            assert "test_misspelled" not in later.content[0].text

    run(body, timeout=150)
