"""MCP's stop text shows what decides a stop whole (up to its cap, the cut marked), though it
cuts locals short: a bare ``assert``'s operands, a ``KeyError``'s key and keys, a condition's
names; the structured content carries the same values in ``deciding``."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from mcp_helpers import call, connected, marker_line, run

pytest.importorskip("debugpy", reason="debugpy is not installed")
pytestmark = pytest.mark.slow

PROGRAM = Path(__file__).resolve().parents[1] / "cli" / "programs" / "deciding.py"
ROWS = str([(f"row-{i}", i * i) for i in range(12)])


async def _launch(client: object, mode: str, **extra: object) -> tuple[dict, str]:
    result = await client.call_tool("launch", {"program": str(PROGRAM), "python": sys.executable,  # type: ignore[attr-defined]
                                               "args": [mode], **extra})
    assert not result.is_error, result.content[0].text
    return result.structured_content, result.content[0].text


def test_assert_key_error_and_condition_values_are_whole_in_the_text() -> None:
    async def body() -> None:
        async with connected() as client:
            stop, text = await _launch(client, "assert")
            assert "assert rows == expected" in text and "no description" not in text
            assert f"  rows = {ROWS}" in text
            assert f"  expected = {ROWS.replace('81)', '80)')}" in text
            assert [v["name"] for v in stop["deciding"]] == ["rows", "expected"]
            await call(client, "stop")

            stop, text = await _launch(client, "key")
            assert "  key = 'requst_timeout'" in text
            assert "'request_timeout'" in next(line for line in text.splitlines() if "config.keys() = " in line)
            await call(client, "stop")

            stop, text = await _launch(client, "long")
            whole = repr("ab" * 1500)
            assert f"  blob = {whole[:1000]}…(+{len(whole) - 1000} chars; evaluate blob with maxLength=0)" in text
            assert stop["deciding"][0]["valueTruncated"] == len(whole) - 1000
            await call(client, "stop")

            line = marker_line(PROGRAM, "scan") + 1
            stop, text = await _launch(client, "scan", breakpoints=[
                f'{PROGRAM}:{line} if row[0] == "row-10" and label.endswith("0")'])
            assert stop["reason"] == "breakpoint"
            assert "  label = '" + "x" * 60 + "row-10'" in text
            await call(client, "stop")

    run(body, timeout=150)
