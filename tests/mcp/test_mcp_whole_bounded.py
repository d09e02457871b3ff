"""Over MCP, a value asked for whole (``maxLength: 0``) that is too large for debugpy's adapter
(an answer over 16 MiB drops the program for good) says so with the call that pages it, and the
session keeps answering."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp_helpers import call, connected, marker_line, run

pytest.importorskip("debugpy", reason="debugpy is not installed")

BIG = Path(__file__).resolve().parents[1] / "cli" / "programs" / "big_values.py"


def test_evaluate_max_length_0_of_a_huge_list_is_bounded() -> None:
    async def body() -> None:
        async with connected() as client:
            await call(client, "launch", {"program": str(BIG),
                                          "breakpoints": [f"{BIG}:{marker_line(BIG, 'ready')}"], "timeout": 60})
            result = await call(client, "evaluate", {"expression": "big", "maxLength": 0, "timeout": 60})
            note = result["valueCutByAdapter"]
            assert "too large to show whole (2,000,000 items" in note, note
            assert '`variables {"name": "big", "start": 0, "count": 100}`' in note, note
            assert (await call(client, "evaluate", {"expression": "1 + 1"}))["result"] == "2"
            await call(client, "stop")

    run(body)
