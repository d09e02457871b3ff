"""bash-dap through the MCP server: launch with breakpoints, locals, evaluate, step, the exit code."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from mcp_helpers import call, connected, marker_line, run

from dapcli.adapters.bashdap import find_bash_dap

CART = Path(__file__).resolve().parents[1] / "bash" / "programs" / "cart.sh"
pytestmark = pytest.mark.skipif(find_bash_dap() is None or shutil.which("bash") is None,
                                reason="bash tests need bash and bash-dap (pip install bash-dap)")


def _locals(stop: dict) -> dict[str, str]:  # type: ignore[type-arg]
    return {v["name"]: v["value"] for v in stop.get("locals") or []}


def test_launch_locals_evaluate_step_and_exit_code() -> None:
    add = marker_line(CART, "add")

    async def body() -> None:
        async with connected() as client:
            stop = await call(client, "launch", {
                "program": str(CART), "breakpoints": [{"path": str(CART), "line": add, "condition": "(( p == 5 ))"}],
            })
            assert stop["location"]["line"] == add and stop["location"]["function"] == "total"
            assert _locals(stop)["p"] == "5" and _locals(stop)["sum"] == "3"
            assert (await call(client, "evaluate", {"expression": "$((sum * 10))"}))["result"] == "30"
            listed = await call(client, "variables", {})
            assert {v["name"]: v["value"] for v in listed["variables"]}["prices"] == "(3 5 8)"
            step = await call(client, "next")
            assert _locals(step)["sum"] == "8"
            end = await call(client, "continue")
            assert end["status"] == "exited" and end["exitCode"] == 3
            await call(client, "stop")

    run(body)
