"""js-debug values said as they are: a value asked for in full (``--max-length 0``) is not
js-debug's ``clipboard`` copy text (a ``Map`` as ``{}``, every type ``string``); a preview that
js-debug cut at 100 items (``…]``) says so and names what lists the rest; a string's tab and
newline are written ``\\t`` and ``\\n`` in ``vars`` as ``eval`` writes them, not as spaces and a
broken row."""

from __future__ import annotations

from pathlib import Path

import pytest
from fid_helpers import Cli, call, marker_line, mcp_client, run_async

from dapcli.adapters.registry import by_name

pytestmark = [pytest.mark.slow, pytest.mark.skipif(by_name("node").find() is None,
                                                   reason="js-debug is not installed (see `dapcli adapters`)")]


def _launch(cli: Cli, programs: Path) -> None:
    source = programs / "jsvalues.js"
    cli("launch", str(source), "-b", f"{source}:{marker_line(source, 'ready')}", timeout=120)


def test_a_value_in_full_keeps_its_type_and_items(programs: Path, cli: Cli) -> None:
    _launch(cli, programs)
    whole = cli.json("eval", "m", "--max-length", "0")
    assert (whole["result"], whole["type"]) == ("Map(2) {size: 2, a => 1, b => 2}", "Map"), whole
    assert whole["variablesReference"] > 0
    point = cli.json("eval", "point", "--max-length", "0")
    assert (point["result"], point["type"]) == ("{x: 3, y: 4}", "Object"), point


def test_a_preview_js_debug_cut_points_to_the_items(programs: Path, cli: Cli) -> None:
    _launch(cli, programs)
    big = next(v for v in cli.json("vars", "--max-length", "0")["variables"] if v["name"] == "big")
    assert big["value"].endswith("196, 198, …]")
    assert big["valueCutByAdapter"] == ("js-debug shows only the first items of this value; variables of "
                                        f"variablesReference {big['variablesReference']} lists them all")
    evaluated = cli.json("eval", "big", "--max-length", "0")
    assert evaluated["type"] == "Array" and "lists them all" in evaluated["valueCutByAdapter"]
    assert "lists them all" in cli("eval", "big").out
    last = cli.json("vars", "--variables-reference", str(big["variablesReference"]), "--start", "999", "--count", "1")
    assert [(v["name"], v["value"]) for v in last["variables"]] == [("999", "1998")]


def test_a_strings_control_characters_are_escaped(programs: Path, cli: Cli) -> None:
    _launch(cli, programs)
    listed = {v["name"]: v["value"] for v in cli.json("vars")["variables"]}
    assert listed["tab"] == "'a\\tb\\nc'" and listed["slash"] == "'a\\\\tb'", listed
    assert cli.json("eval", "tab")["result"] == listed["tab"]
    assert "├── tab = 'a\\tb\\nc'  (string)" in cli("vars").out

    async def body() -> None:
        async with mcp_client() as client:
            source = programs / "jsvalues.js"
            await call(client, "launch", {"program": str(source),
                                          "breakpoints": [f"{source}:{marker_line(source, 'ready')}"]})
            text = (await client.call_tool("variables", {})).content[0].text
            assert "tab = 'a\\tb\\nc'" in text, text
            await call(client, "stop")

    run_async(body)


def test_control_characters_of_other_values_are_escaped_as_eval_writes_them(programs: Path, cli: Cli) -> None:
    """js-debug lists a ``Map`` key ``b<LF>``, a ``Symbol``'s tab and a function's source lines
    raw (a row broken in two) while ``eval`` writes them escaped: ``vars``, the stop's locals and
    MCP show them as ``eval`` does."""
    source = programs / "jsvalues.js"
    state = cli("--json", "launch", str(source), "-b", f"{source}:{marker_line(source, 'ready')}", timeout=120).json()
    listed = {v["name"]: v["value"] for v in cli.json("vars")["variables"]}
    stop = {v["name"]: v["value"] for v in state["locals"]}
    for name in ("keyed", "sym", "fn"):
        evaluated = cli.json("eval", name)["result"]
        assert listed[name] == evaluated == stop[name] and "\n" not in evaluated and "\t" not in evaluated, name
    assert listed["keyed"] == "Map(1) {size: 1, b\\n => 2}" and listed["sym"] == "Symbol(tag\\tx)", listed
    assert "keyed = Map(1) {size: 1, b\\n => 2}  (Map)" in cli("vars").out
    # a key named with a line break: raw in JSON (as js-debug named it), one row in the tree
    children = cli.json("vars", "keys", "--depth", "1")["variables"][0]["children"]
    assert [c["name"] for c in children][:2] == ["k\nx", "t\tab"], children
    tree = cli("vars", "keys", "--depth", "1").out
    assert "── k\\x0ax = 1  (number)" in tree and "── t\\x09ab = 2  (number)" in tree, tree

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(source),
                                          "breakpoints": [f"{source}:{marker_line(source, 'ready')}"]})
            text = (await client.call_tool("variables", {})).content[0].text
            assert "keyed = Map(1) {size: 1, b\\n => 2}" in text, text
            await call(client, "stop")

    run_async(body)


def test_a_getter_not_run_is_said_to_be_one(programs: Path, cli: Cli) -> None:
    """js-debug lists a getter ``lazy`` with the getter function as its value (``ƒ g() {…}``, type
    ``function``): dapcli says it was not read and what runs it, and that gives the value (42)."""
    _launch(cli, programs)
    getter = next(c for c in cli.json("vars", "acc", "--depth", "1")["variables"][0]["children"] if c["name"] == "g")
    assert getter["lazy"] is True and getter["value"].startswith("ƒ"), getter
    reference = getter["variablesReference"]
    tree = " ".join(cli("vars", "acc", "--depth", "1").out.split())
    assert "(not read: a getter; `dapcli vars --variables-reference" in tree and "runs it)" in tree, tree
    read = cli.json("vars", "--variables-reference", str(reference))["variables"]
    assert [(v["name"], v["value"]) for v in read] == [("g", "42")], read

    async def body() -> None:
        async with mcp_client() as client:
            source = programs / "jsvalues.js"
            await call(client, "launch", {"program": str(source),
                                          "breakpoints": [f"{source}:{marker_line(source, 'ready')}"]})
            text = (await client.call_tool("variables", {"name": "acc", "depth": 1})).content[0].text
            assert "[not read: a getter; variables with variablesReference=" in text, text
            await call(client, "stop")

    run_async(body)
