"""MCP ``debugTest``: one call returns the failing test's stop (id, message, location, locals,
stack), compact enough for an agent; the run goes on with ``continue`` to the runner's exit."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from mcp_helpers import ROOT, call, call_error, connected, marker_line, run

from dapcli.frontends.mcp.tools import MORE

pytest.importorskip("debugpy", reason="debugpy is not installed")
pytestmark = pytest.mark.slow

EXAMPLES = ROOT / "examples"
CART_TESTS = EXAMPLES / "tests" / "test_cart.py"


def test_debug_test_returns_the_failure_in_one_call() -> None:
    async def body() -> None:
        async with connected() as client:
            result = await client.call_tool("debugTest", {
                "selectors": ["tests/test_cart.py::test_total_with_discount"], "cwd": str(EXAMPLES),
                "python": sys.executable,
            })
            assert not result.is_error, result.content[0].text
            stop = result.structured_content
            assert stop["status"] == "stopped"
            assert (os.path.abspath(stop["location"]["path"]), stop["location"]["line"]) == (str(CART_TESTS),
                                                                            marker_line(CART_TESTS, "assert"))
            test = stop["test"]
            assert test["id"] == "tests/test_cart.py::test_total_with_discount"
            assert test["message"].startswith("assert 26.73 == 24.41")
            assert [f["name"] for f in test["stack"]] == ["test_total_with_discount"]
            # the stop's frames and a later stackTrace show the test, not dapcli's bootstrap
            assert [f["name"] for f in stop["frames"]] == ["test_total_with_discount"]
            trace = await client.call_tool("stackTrace", {})
            assert not trace.is_error, trace.content[0].text
            assert [f["name"] for f in trace.structured_content["frames"]] == ["test_total_with_discount"]
            assert "dapcli_testboot" not in trace.content[0].text
            assert {v["name"]: v["value"] for v in stop["locals"]} == {"expected": "24.41"}
            text = result.content[0].text
            assert "FAILED tests/test_cart.py::test_total_with_discount: assert 26.73 == 24.41" in text
            assert len(text.encode()) < 4000  # sized for an agent's context

            end = await client.call_tool("continue", {})
            assert end.structured_content["exitCode"] == 1
            assert end.structured_content["test"]["summary"] == "1 failed"

    run(body, timeout=120)



def test_debug_test_without_pytest_is_a_tool_error(tmp_path: Path) -> None:
    venv = tmp_path / "nopytest"  # a real interpreter without pytest
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=60)
    python = venv / "bin" / "python"

    async def body() -> None:
        async with connected() as client:
            text = await call_error(client, "debugTest", {
                "selectors": ["tests/test_cart.py"], "cwd": str(EXAMPLES), "python": str(python)})
            assert f"pytest is not installed for {python}" in text and "pip install pytest" in text
            assert "Traceback" not in text
            assert (await call(client, MORE, {"verb": "sessions"}))["sessions"] == []

    run(body)
