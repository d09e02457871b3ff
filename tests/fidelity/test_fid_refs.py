"""A ``variablesReference`` from an earlier stop is refused with a clear message, never
expanded into whatever value the adapter gives that number now (debugpy reuses the numbers;
Delve renumbers from 1000 at every stop) — in ``vars``, ``set`` and over MCP."""

from __future__ import annotations

from pathlib import Path

import pytest
from fid_helpers import Cli, call, call_tool, marker_line, mcp_client, run_async

pytestmark = pytest.mark.slow


def _refs(state: dict) -> dict[str, int]:
    return {v["name"]: v.get("variablesReference", 0) for v in state["locals"]}


def test_a_reference_of_an_earlier_stop_is_refused(programs: Path, cli: Cli) -> None:
    first = _refs(cli.json("launch", "refs.py", "-b", f"refs.py:{marker_line(programs / 'refs.py', 'bp')}"))
    other = first["other"]
    assert cli.json("vars", "--variables-reference", str(other))["variables"][0]["value"] == "'x'"
    second = _refs(cli.json("continue"))
    if other in second.values():
        pytest.skip("debugpy gave the same number to a value of this stop")
    refused = cli("vars", "--variables-reference", str(other), check=2)
    assert f"variablesReference {other} is from an earlier stop" in refused.err, refused.err
    assert "'second'" not in refused.out
    refused = cli("set", "0", "'z'", "--variables-reference", str(other), check=2)
    assert "from an earlier stop" in refused.err
    now = cli.json("vars", "--variables-reference", str(second["other"]))  # this stop's number works
    assert [v["value"] for v in now["variables"]][:2] == ["'x'", "'y'"]


def test_a_stale_reference_over_mcp(programs: Path) -> None:
    line = marker_line(programs / "refs.py", "bp")

    async def body() -> None:
        async with mcp_client() as client:
            first = await call(client, "launch", {"program": str(programs / "refs.py"),
                                                  "breakpoints": [f"{programs / 'refs.py'}:{line}"]})
            other = _refs(first)["other"]
            second = _refs(await call(client, "continue"))
            if other in second.values():
                pytest.skip("debugpy gave the same number to a value of this stop")
            result = await call_tool(client, "variables", {"variablesReference": other})
            assert result.is_error and "from an earlier stop" in result.content[0].text, result.content[0].text
            await call(client, "stop")

    run_async(body)
