"""debugpy's ``[...]``: SafeRepr writes what is nested deeper than 2 levels as ``[...]`` (and
``{...}``), which is Python's own mark of a cycle, so ``[[0, [0, [0]]]]`` read as a list that
holds itself. dapcli says so, and ``--max-length 0`` shows the whole value; a real cycle stays
``[...]`` without a note. Over MCP, the text of ``evaluate`` carries the value asked for whole
(``maxLength`` bounds it), and a child's value cut for the text says how much is left out."""

from __future__ import annotations

from pathlib import Path

import pytest
from fid_helpers import Cli, call, marker_line, mcp_client, run_async

pytestmark = pytest.mark.slow


def _launch(cli: Cli, programs: Path) -> None:
    source = programs / "nested.py"
    cli("launch", str(source), "-b", f"{source}:{marker_line(source, 'ready')}")


def test_nested_values_are_not_shown_as_cycles(programs: Path, cli: Cli) -> None:
    _launch(cli, programs)
    rows = {v["name"]: v for v in cli.json("vars")["variables"]}
    assert rows["nested"]["value"] == "[[0, [...]], [1, [...]], [2, [...]]]"  # debugpy's own text
    assert "nested deeper than 2 levels as [...]" in rows["nested"]["valueCutByAdapter"]
    assert "nested deeper than 2 levels" in cli("vars", "--filter", "deep").out
    whole = {v["name"]: v for v in cli.json("vars", "--max-length", "0")["variables"]}
    assert whole["nested"]["value"] == "[[0, [0, [0]]], [1, [1, [1]]], [2, [2, [2]]]]"
    assert whole["deep"]["value"] == "{'a': {'b': {'c': 1}}}"
    assert whole["cycle"]["value"] == "[1, [...]]" and "valueCutByAdapter" not in whole["cycle"]
    assert "valueCutByAdapter" not in whole["nested"]
    evaluated = cli.json("eval", "nested")
    assert "max length 0 asks it for the whole" in evaluated["valueCutByAdapter"]
    assert cli.json("eval", "deep", "--max-length", "0")["result"] == "{'a': {'b': {'c': 1}}}"
    assert "valueCutByAdapter" not in cli.json("eval", "cycle", "--max-length", "0")


def test_mcp_evaluate_text_keeps_the_value_asked_for(programs: Path) -> None:
    source = programs / "nested.py"

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(source),
                                          "breakpoints": [f"{source}:{marker_line(source, 'ready')}"]})
            whole = await client.call_tool("evaluate", {"expression": "'a' * 1000", "maxLength": 0})
            assert whole.content[0].text == f"'a' * 1000 = '{'a' * 1000}' (str)", whole.content[0].text[-80:]
            child = await client.call_tool("evaluate", {"expression": "['b' * 100]", "depth": 1})
            assert "0 = 'bbb" in child.content[0].text and "…(+42 chars in structuredContent)" in \
                child.content[0].text, child.content[0].text
            await call(client, "stop")

    run_async(body)
