"""``dapcli test`` in a cargo project (issue 25): the tests are built with debug info (``cargo test
--no-run``), run under lldb-dap, and the run stops at the failing ``assert_eq!`` in the test,
naming the test and the assertion's message; a passing selection ends with libtest's summary;
an unknown test name is one clear error. Through the CLI and MCP."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from native_helpers import PROGRAMS, dapcli, marker_line, needs, run

pytestmark = [pytest.mark.slow, needs("lldb")]

CRATE = PROGRAMS / "calc_crate"
FAIL = marker_line(CRATE / "src" / "lib.rs", "fail")


@pytest.fixture
def crate(tmp_path: Path) -> Path:
    if shutil.which("cargo") is None:
        pytest.skip("needs cargo (tools/install-adapters.sh installs it)")
    folder = tmp_path / "calc"
    shutil.copytree(CRATE, folder)
    return folder


def test_cargo_test_stops_at_the_failing_assert(crate: Path, cli_env: dict[str, str]) -> None:
    done = dapcli(cli_env, crate, "test", "--json", "--timeout", "300")
    assert done.returncode == 0, done.stderr
    state = json.loads(done.stdout)
    assert state["reason"] == "test failure" and state["location"]["line"] == FAIL, state
    assert state["location"]["path"] == str(crate / "src" / "lib.rs")
    assert state["test"]["id"] == "tests::totals", state["test"]
    message = state["test"]["message"]  # Rust ≥ 1.73: assertion `left == right` failed; before: `(left == right)`
    assert "left == right" in message and "15" in message and "16" in message, message
    assert {v["name"]: v["value"] for v in state["locals"]}["got"] == "15"
    end = json.loads(dapcli(cli_env, crate, "continue", "--json").stdout)
    assert end["status"] == "exited" and end["exitCode"] == 101
    assert "1 passed; 1 failed" in end["test"]["summary"], end["test"]


def test_a_passing_test_and_an_unknown_one(crate: Path, cli_env: dict[str, str]) -> None:
    done = dapcli(cli_env, crate, "test", "tests::adds", "--json", "--timeout", "300")
    assert done.returncode == 0, done.stderr
    state = json.loads(done.stdout)
    assert state["status"] == "exited" and state["exitCode"] == 0, state
    assert (state["test"]["passed"], state["test"]["failed"]) == (1, 0), state["test"]
    assert dapcli(cli_env, crate, "stop").returncode == 0
    missing = dapcli(cli_env, crate, "test", "tests::nosuch")
    assert missing.returncode != 0 and "no test matches tests::nosuch" in missing.stderr, missing.stderr
    assert "Traceback" not in missing.stderr


def test_cargo_test_over_mcp(crate: Path) -> None:
    async def body() -> None:
        from mcp import Client

        from dapcli.frontends.mcp.server import build_server

        async with Client(build_server()) as client:
            state = await _call(client, "debugTest", {"selectors": ["tests::totals"], "cwd": str(crate),
                                                      "timeout": 300})
            assert state["test"]["id"] == "tests::totals" and state["location"]["line"] == FAIL
            await _call(client, "stop")

    run(body, timeout=400)


async def _call(client: Any, tool: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
    result = await client.call_tool(tool, args or {})
    assert not result.is_error, f"{tool} failed: {result.content[0].text}"
    return dict(result.structured_content)
