"""tools/list is the verb table: names, descriptions, schemas, annotations (no processes)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from mcp_helpers import call, call_error, connected, run

from dapcli.frontends.mcp.tools import DIRECT, MORE
from dapcli.verbs import VERBS

SNAPSHOT = Path(__file__).resolve().parent / "tools_snapshot.json"


def list_tools(output_schemas: bool = False) -> dict[str, Any]:
    from dapcli.frontends.mcp.server import build_server

    found: dict[str, Any] = {}

    async def body() -> None:
        async with connected(build_server(output_schemas=output_schemas)) as client:
            listing = await client.list_tools()
            assert listing.next_cursor is None
            for tool in listing.tools:
                found[tool.name] = tool.model_dump(mode="json", by_alias=True, exclude_none=True)

    run(body)
    return found


@pytest.fixture(scope="module")
def tools() -> dict[str, Any]:
    return list_tools()


def test_every_verb_is_reachable(tools: dict[str, Any]) -> None:
    """The common verbs are tools of their own; every other one is a verb of the ``more`` tool."""
    assert sorted(tools) == sorted([*(DIRECT & set(VERBS)), MORE])
    listed = tools[MORE]["description"]
    for name in set(VERBS) - DIRECT:
        assert f"- {name}(" in listed, name


@pytest.mark.parametrize("name", sorted(DIRECT & set(VERBS)))
def test_tool_matches_its_verb(tools: dict[str, Any], name: str) -> None:
    spec, tool = VERBS[name], tools[name]
    summary = spec.summary.replace("``", "`")
    assert tool["description"].startswith(summary)
    assert "outputSchema" not in tool  # only with --output-schemas
    schema = tool["inputSchema"]
    assert schema["type"] == "object"  # unknown keys: refused by the verb's model (test_bad_input…)
    assert set(schema["properties"]) == {p.alias for p in spec.params} | {"session"}
    assert set(schema.get("required", [])) == {p.alias for p in spec.params if p.required}
    for param in spec.params:
        assert schema["properties"][param.alias]["description"] == param.meta.help
    assert schema["properties"]["session"]["type"] == "string"
    hints = tool["annotations"]
    assert hints.get("readOnlyHint", False) is spec.read_only  # false is the MCP default
    if not spec.read_only:
        assert hints["destructiveHint"] is spec.destructive
    if spec.executes:
        assert "stop state" in tool["description"]  # the server's instructions explain 'running'


def test_output_schemas_behind_a_flag() -> None:
    tools = list_tools(output_schemas=True)
    assert tools["next"]["outputSchema"]["type"] == "object"
    assert "schemaVersion" in tools["evaluate"]["outputSchema"]["properties"]


def test_destructive_and_read_only_hints(tools: dict[str, Any]) -> None:
    assert tools["stop"]["annotations"]["destructiveHint"] is True
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
    """What every agent conversation pays for in context: the whole listing stays under 16 KiB
    (with room for new verbs: a verb in ``more`` costs ~90 bytes, a tool of its own ~700)."""
    listing = json.dumps({"tools": list(tools.values())}, separators=(",", ":"))
    assert len(listing) <= 16_384, len(listing)


def test_more_runs_a_verb_and_refuses_bad_input() -> None:
    async def body() -> None:
        async with connected() as client:
            result = await call(client, MORE, {"verb": "adapters"})
            assert any(a["name"] == "python" for a in result["adapters"])
            assert "expected one of" in await call_error(client, MORE, {"verb": "nope"})
            assert "no session named 'default'" in await call_error(client, MORE, {"verb": "up"})
            assert "put them in arguments" in await call_error(client, MORE, {"verb": "up", "count": 1})
            assert "unknown parameter" in await call_error(client, MORE, {"verb": "up", "arguments": {"x": 1}})

    run(body)


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


@pytest.mark.parametrize(("name", "arguments"), [
    ("launch", {"program": "cart.py", "env": {"DEBUG": "1"}}),  # an object, as README says
    ("launch", {"program": "cart.py", "env": ["DEBUG=1"]}),
])
def test_schema_admits_what_the_verb_accepts(tools: dict[str, Any], name: str, arguments: dict[str, Any]) -> None:
    """A client that validates its arguments against the schema may send every form the verb takes."""
    import jsonschema

    jsonschema.validate(arguments, tools[name]["inputSchema"])
    VERBS[name].args_model.model_validate(arguments)


def test_checked_params_declare_their_wider_input() -> None:
    """A ``check`` that converts another type (an object to a list, a number to text) says so in
    ``accepts``, so the schema offers it (a parameter that only checks needs none)."""
    import jsonschema

    for spec in VERBS.values():
        model_schema = spec.args_model.model_json_schema()
        for param in spec.params:
            if param.meta.accepts is None:
                continue
            field = model_schema["properties"][param.alias]
            assert "anyOf" in json.dumps(field), (spec.name, param.alias)
    jsonschema.validate({"ids": [3, "cart.py:17"]}, VERBS["removeBreakpoint"].args_model.model_json_schema())
