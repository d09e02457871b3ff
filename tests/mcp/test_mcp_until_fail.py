"""MCP ``debugTest`` with ``untilFail`` and ``breakpoints`` on a real flaky pytest test (it counts
its runs in a file of FLAKY_DIR and fails on run FLAKY_FAIL_ON): the failure of run 3 in one
call, said in the text; all runs passing said so; a bad number of runs is a tool error."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from mcp_helpers import ROOT, call, call_error, connected, marker_line, run, text_of

pytest.importorskip("debugpy", reason="debugpy is not installed")
pytestmark = pytest.mark.slow

FLAKY = ROOT / "tests" / "cli" / "programs" / "flaky"


@pytest.fixture
def counts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The folder the flaky test counts its runs in (the run inherits this process's environment)."""
    monkeypatch.setenv("FLAKY_DIR", str(tmp_path))
    monkeypatch.setenv("FLAKY_FAIL_ON", "3")
    return tmp_path


def test_until_fail_stops_at_the_failure_of_run_3(counts: Path) -> None:
    async def body() -> None:
        async with connected() as client:
            result = await client.call_tool("debugTest", {
                "selectors": ["test_flaky.py"], "cwd": str(FLAKY), "python": sys.executable, "untilFail": 10,
            })
            assert not result.is_error, text_of(result)
            stop = result.structured_content
            assert stop["status"] == "stopped"
            assert stop["location"]["line"] == marker_line(FLAKY / "test_flaky.py", "assert")
            assert stop["test"]["id"] == "test_flaky.py::test_sometimes"
            assert (stop["test"]["run"], stop["test"]["runs"]) == (3, 10)
            assert "FAILED test_flaky.py::test_sometimes (failed on run 3 of 10): assert 3 != 3" in text_of(result)
            assert (counts / "runs").read_text() == "3"
            end = await client.call_tool("continue", {})
            assert end.structured_content["exitCode"] == 1
            assert "test run ended: failed on run 3 of 10: 1 failed, 1 passed (pytest exit code 1)" in text_of(end)

    run(body, timeout=240)


def test_all_runs_pass(counts: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FLAKY_FAIL_ON", "99")

    async def body() -> None:
        async with connected() as client:
            result = await client.call_tool("debugTest", {
                "selectors": ["test_flaky.py"], "cwd": str(FLAKY), "python": sys.executable, "untilFail": 3,
            })
            assert not result.is_error, text_of(result)
            assert result.structured_content["status"] in ("exited", "terminated")
            assert result.structured_content["exitCode"] == 0
            assert "test run ended: passed 3 of 3 runs: all 2 tests passed (pytest exit code 0)" in text_of(result)
            assert (counts / "runs").read_text() == "3"

    run(body, timeout=240)


def test_breakpoints_stop_inside_the_run_and_continue_goes_on_to_the_next_run(counts: Path) -> None:
    bump = marker_line(FLAKY / "counter.py", "bump")

    async def body() -> None:
        async with connected() as client:
            stop = await call(client, "debugTest", {
                "selectors": ["test_flaky.py"], "cwd": str(FLAKY), "python": sys.executable, "untilFail": 4,
                "breakpoints": [{"path": str(FLAKY / "counter.py"), "line": bump, "condition": "count == 1"}],
            })
            assert (stop["reason"], stop["location"]["line"]) == ("breakpoint", bump)
            assert (stop["test"]["run"], stop["test"]["runs"]) == (2, 4)
            failure = await call(client, "continue", {"timeout": 120})
            assert (failure["test"]["run"], failure["test"]["message"]) == (3, "assert 3 != 3")

    run(body, timeout=240)


@pytest.mark.parametrize("value", [0, -2, 2.5, "x"])
def test_bad_number_of_runs_is_a_tool_error(value: object) -> None:
    async def body() -> None:
        async with connected() as client:
            text = await call_error(client, "debugTest", {"selectors": ["test_flaky.py"], "cwd": str(FLAKY),
                                                          "untilFail": value})
            assert "untilFail" in text and len(text.splitlines()) <= 2, text
            assert "no session named 'default'" in await call_error(client, "status")

    run(body)
