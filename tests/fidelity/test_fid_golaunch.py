"""Launching a Go package that is no program says what to do in one line: a library package
(Delve: "not an executable file"), or ``package main`` without ``func main`` (a build error)
— on the CLI and over MCP. Delve's own words stay in the message."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fid_helpers import Cli, call_tool, each, mcp_client, run_async

pytestmark = pytest.mark.slow


@pytest.fixture
def gocli(tmp_path: Path) -> Iterator[Cli]:
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "go.mod").write_text("module lib\n\ngo 1.19\n")
    (tmp_path / "lib" / "lib.go").write_text("package lib\n\nfunc Add(a, b int) int { return a + b }\n")
    (tmp_path / "nomain").mkdir()
    (tmp_path / "nomain" / "go.mod").write_text("module nomain\n\ngo 1.19\n")
    (tmp_path / "nomain" / "m.go").write_text("package main\n\nfunc helper() int { return 1 }\n")
    runner = Cli(tmp_path)
    yield runner
    runner.close()


@pytest.mark.parametrize("adapter", each("go"))
@pytest.mark.parametrize("program", ["lib/lib.go", "lib"])
def test_a_library_package_says_it_is_no_program(adapter: str, program: str, gocli: Cli) -> None:
    failed = gocli("launch", program, "--adapter", adapter, check=5)
    assert "not an executable file" in failed.err  # Delve's words
    assert "is package lib, a library, not a program" in failed.err and "dapcli test --adapter go" in failed.err


@pytest.mark.parametrize("adapter", each("go"))
def test_package_main_without_func_main_says_add_one(adapter: str, gocli: Cli) -> None:
    failed = gocli("launch", "nomain/m.go", "--adapter", adapter, check=5)
    assert "function main is undeclared" in failed.err
    assert "package main in nomain/m.go has no func main(): add one" in failed.err  # as the user named it


@pytest.mark.parametrize("adapter", each("go"))
def test_the_hint_over_mcp(adapter: str, gocli: Cli) -> None:
    async def body() -> None:
        async with mcp_client() as client:
            result = await call_tool(client, "launch", {"program": str(gocli.cwd / "lib"), "adapter": adapter})
            assert result.is_error and "a library, not a program" in result.content[0].text, result.content[0].text

    run_async(body)
