"""debugpy's grouped big containers page as the list they stand for: ``vars --start/--count``
reaches items past the first 100 (inside debugpy's ``more`` ranges) and "N more" counts every
item — in ``vars``, expanded trees and over MCP."""

from __future__ import annotations

from pathlib import Path

import pytest
from fid_helpers import Cli, call, marker_line, mcp_client, run_async

pytestmark = pytest.mark.slow


def _refs(state: dict) -> dict[str, int]:
    return {v["name"]: v.get("variablesReference", 0) for v in state["locals"]}


def test_paging_reaches_items_in_more_ranges(programs: Path, cli: Cli) -> None:
    refs = _refs(cli.json("launch", "groups.py", "-b", f"groups.py:{marker_line(programs / 'groups.py', 'bp')}"))
    big = str(refs["big"])
    first = cli.json("vars", "--variables-reference", big, "--count", "3")
    assert first["total"] == 2501 and first["truncated"] == 2498, first  # 2500 items and debugpy's len()
    page = cli.json("vars", "--variables-reference", big, "--start", "1099", "--count", "3")
    assert [v["value"] for v in page["variables"]] == ["1099", "1100", "1101"], page
    last = cli.json("vars", "--variables-reference", big, "--start", "2499", "--count", "5")
    assert [v["value"] for v in last["variables"]] == ["2499", "2500"] and "truncated" not in last, last
    table = cli.json("vars", "--variables-reference", str(refs["table"]), "--start", "150", "--count", "1")
    assert table["total"] == 301 and table["variables"][0]["value"] == "150", table
    shown = cli("vars", "--filter", "big", "--depth", "1", "--count", "3").out
    assert "… 2498 more" in shown, shown


def test_paging_over_mcp(programs: Path) -> None:
    line = marker_line(programs / "groups.py", "bp")

    async def body() -> None:
        async with mcp_client() as client:
            state = await call(client, "launch", {"program": str(programs / "groups.py"),
                                                  "breakpoints": [f"{programs / 'groups.py'}:{line}"]})
            page = await call(client, "variables", {"variablesReference": _refs(state)["big"], "start": 200,
                                                    "count": 2})
            assert page["total"] == 2501 and [v["value"] for v in page["variables"]] == ["200", "201"], page
            await call(client, "stop")

    run_async(body)
