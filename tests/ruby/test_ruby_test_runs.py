"""``dapcli test`` on Ruby tests under rdbg: a failing minitest test and a failing RSpec example
stop at the failing assertion in the test, naming the test and its message; the run's summary
and exit code at the end. Through the CLI and MCP's ``debugTest``."""

from __future__ import annotations

import shutil
from typing import Any

import pytest
from ruby_helpers import PROGRAMS, dapcli, dapcli_json, locals_of, marker_line, requires_rdbg, run

pytestmark = [pytest.mark.slow, requires_rdbg]

SHOP = PROGRAMS / "shop"
ASSERT = marker_line(SHOP / "test" / "test_shop.rb", "assert")
EXPECT = marker_line(SHOP / "spec" / "shop_spec.rb", "expect")
requires_rspec = pytest.mark.skipif(shutil.which("rspec") is None,
                                    reason="needs rspec (apt-get install ruby-rspec: tools/install-adapters.sh)")


def test_a_failing_minitest_test_stops_at_its_assertion(cli_env: dict[str, str]) -> None:
    state = dapcli_json(cli_env, "test", "test/test_shop.rb", "--cwd", str(SHOP))
    assert state["status"] == "stopped" and state["reason"] == "test failure"
    assert state["location"]["path"] == str(SHOP / "test" / "test_shop.rb") and state["location"]["line"] == ASSERT
    assert state["test"]["id"] == "BasketTest#test_total_with_discount"
    assert state["test"]["message"] == "Expected: 9\n  Actual: 5"
    assert locals_of(state)["total"] == "5"
    assert dapcli_json(cli_env, "eval", "@basket.items")["result"] == '{"tea"=>3, "jam"=>10}'
    end = dapcli_json(cli_env, "continue")
    assert end["status"] == "exited" and end["exitCode"] == 1
    assert end["test"]["summary"] == "FAIL: 3 runs, 1 failures, 0 errors, 0 skips"


def test_minitest_runs_the_tests_named_and_says_when_none_matches(cli_env: dict[str, str]) -> None:
    passing = dapcli_json(cli_env, "test", "test/test_shop.rb", "test_total", "--cwd", str(SHOP))
    assert passing["status"] == "exited" and passing["exitCode"] == 0
    assert passing["test"]["summary"] == "the 1 test passed"
    none = dapcli(cli_env, "test", "test/test_shop.rb", "test_nothing_like_it", "--cwd", str(SHOP))
    assert none.returncode == 2 and "minitest ran no test" in none.stderr


@requires_rspec
def test_a_failing_rspec_example_stops_at_its_expectation(cli_env: dict[str, str]) -> None:
    state = dapcli_json(cli_env, "test", "spec/shop_spec.rb", "--cwd", str(SHOP))
    assert state["reason"] == "test failure" and state["location"]["line"] == EXPECT
    assert state["location"]["path"] == str(SHOP / "spec" / "shop_spec.rb")
    assert state["test"]["id"] == "Basket takes the discount off once"
    assert state["test"]["message"] == "expected: 9\n     got: 5\n\n(compared using ==)"
    assert locals_of(state)["total"] == "5"
    end = dapcli_json(cli_env, "continue")
    assert end["status"] == "exited" and end["exitCode"] == 1
    assert end["test"]["summary"] == "FAIL: 2 examples, 1 failures"


def test_debug_test_over_mcp() -> None:
    async def body() -> None:
        from mcp import Client

        from dapcli.frontends.mcp.server import build_server

        async with Client(build_server()) as client:
            state = await call(client, "debugTest", {"selectors": ["test/test_shop.rb"], "cwd": str(SHOP)})
            assert state["test"]["id"] == "BasketTest#test_total_with_discount"
            assert state["location"]["line"] == ASSERT
            assert (await call(client, "evaluate", {"expression": "total"}))["result"] == "5"
            end = await call(client, "continue")
            assert end["exitCode"] == 1
            await call(client, "stop")

    run(body)


async def call(client: Any, tool: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
    result = await client.call_tool(tool, args or {})
    assert not result.is_error, f"{tool} failed: {result.content[0].text}"
    return dict(result.structured_content)
