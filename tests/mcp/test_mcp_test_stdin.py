"""MCP ``debugTest`` with ``stdin``: the tests read that file as their stdin."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from mcp_helpers import call, connected, run

pytest.importorskip("debugpy", reason="debugpy is not installed")
pytestmark = pytest.mark.slow


def test_debug_test_with_a_stdin_file(tmp_path: Path) -> None:
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "test_reads.py").write_text("import sys\n\n\ndef test_reads():\n    line = sys.stdin.readline()\n"
                                            "    assert line == 'expected'\n")
    (tmp_path / "input.txt").write_text("given")

    async def body() -> None:
        async with connected() as client:
            stop = await call(client, "debugTest", {"selectors": ["test_reads.py"], "cwd": str(tmp_path),
                                                    "python": sys.executable, "stdin": str(tmp_path / "input.txt")})
            assert stop["test"]["id"] == "test_reads.py::test_reads"
            assert [v["value"] for v in stop["locals"] if v["name"] == "line"] == ["'given'"]
            await call(client, "stop")

    run(body)
