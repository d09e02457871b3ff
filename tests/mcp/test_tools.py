"""tools/list is the verb table: names, descriptions, schemas, annotations (no processes)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from mcp_helpers import call_error, connected, run

from dapcli.verbs import VERBS

SNAPSHOT = Path(__file__).resolve().parent / "tools_snapshot.json"


def list_tools() -> dict[str, Any]:
    found: dict[str, Any] = {}

    async def body() -> None:
        async with connected() as client:
            listing = await client.list_tools()
            assert listing.next_cursor is None
            for tool in listing.tools:
                found[tool.name] = tool.model_dump(mode="json", by_alias=True, exclude_none=True)

    run(body)
    return found


@pytest.fixture(scope="module")
def tools() -> dict[str, Any]:
    return list_tools()


def test_tool_names_equal_the_verb_table(tools: dict[str, Any]) -> None:
    assert sorted(tools) == sorted(VERBS)


@pytest.mark.parametrize("name", sorted(VERBS))
def test_tool_matches_its_verb(tools: dict[str, Any], name: str) -> None:
    spec, tool = VERBS[name], tools[name]
    summary = spec.summary.replace("``", "`")
    assert tool["description"].startswith(summary)
    assert tool["title"] == summary
    schema = tool["inputSchema"]
    assert schema["type"] == "object" and schema["additionalProperties"] is False
    assert set(schema["properties"]) == {p.alias for p in spec.params} | {"session"}
    assert set(schema.get("required", [])) == {p.alias for p in spec.params if p.required}
    for param in spec.params:
        assert schema["properties"][param.alias]["description"] == param.meta.help
    assert schema["properties"]["session"]["type"] == "string"
    assert tool["outputSchema"]["type"] == "object"
    assert "schemaVersion" in tool["outputSchema"]["properties"]
    hints = tool["annotations"]
    assert hints["readOnlyHint"] is spec.read_only
    if not spec.read_only:
        assert hints["destructiveHint"] is spec.destructive
    if spec.executes:
        assert "running" in tool["description"]


def test_destructive_and_read_only_hints(tools: dict[str, Any]) -> None:
    assert tools["stop"]["annotations"]["destructiveHint"] is True
    assert tools["setVariable"]["annotations"]["destructiveHint"] is True
    assert tools["evaluate"]["annotations"]["readOnlyHint"] is True
    assert tools["next"]["annotations"]["destructiveHint"] is False


def test_tools_snapshot(tools: dict[str, Any]) -> None:
    """Names and input schemas change only on purpose: UPDATE_SNAPSHOT=1 rewrites the file."""
    current = {name: tools[name]["inputSchema"] for name in sorted(tools)}
    if os.environ.get("UPDATE_SNAPSHOT") == "1":
        SNAPSHOT.write_text(json.dumps(current, indent=1, sort_keys=True) + "\n")
    assert SNAPSHOT.exists(), "no snapshot yet: run with UPDATE_SNAPSHOT=1"
    assert current == json.loads(SNAPSHOT.read_text()), "tools changed: rerun with UPDATE_SNAPSHOT=1 if on purpose"


def test_tools_list_is_small(tools: dict[str, Any]) -> None:
    """What every agent session pays for in context: the input side stays compact."""
    inputs = [json.dumps({k: t[k] for k in ("name", "description", "inputSchema")}) for t in tools.values()]
    assert sum(map(len, inputs)) / len(inputs) < 900


def test_errors_without_a_session() -> None:
    async def body() -> None:
        async with connected() as client:
            text = await call_error(client, "next")
            assert "no session named 'default'" in text and "launch" in text
            text = await call_error(client, "evaluate", {"expression": "1", "session": "other"})
            assert "no session named 'other'" in text
            assert "expression: field required" in (await call_error(client, "evaluate", {})).lower()
            assert "session: expected a string" in await call_error(client, "status", {"session": 3})
            assert "invalid session name" in await call_error(client, "status", {"session": "a b"})
            text = await call_error(client, "launch", {"program": "does/not/exist.py"})
            assert "program not found" in text
            text = await call_error(client, "launch", {"program": "examples/buggy.py", "adapter": "nope"})
            assert "nope" in text

    run(body)
