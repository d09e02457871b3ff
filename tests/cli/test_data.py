"""Variables of nested, cyclic and huge data: depth-limited, bounded, with truncation markers."""

from __future__ import annotations

import json
import time
from typing import Any

from conftest import Cli

#: Generous bound on how many nodes one answer may hold (dapcli caps a tree at a few hundred).
MAX_NODES = 1000


def _by_name(variables: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {v["name"]: v for v in variables}


def _count(variables: list[dict[str, Any]] | None) -> int:
    return sum(1 + _count(v.get("children")) for v in variables or [])


def _depth(variables: list[dict[str, Any]] | None) -> int:
    return max((1 + _depth(v.get("children")) for v in variables or []), default=0)


def test_vars_depth_one_on_nested_data(dc: Cli) -> None:
    dc.launch("data.py", "inspect")
    flat = _by_name(dc.json("vars")["variables"])
    assert {"nested", "cyclic", "ring", "numbers", "big", "count"} <= set(flat)
    assert all("children" not in v for v in flat.values())  # depth 0: no children
    assert flat["nested"]["variablesReference"] > 0
    assert flat["count"]["variablesReference"] == 0
    one = _by_name(dc.json("vars", "--depth", "1")["variables"])
    nested = _by_name(one["nested"]["children"])
    assert "'level1'" in nested and "'items'" in nested
    assert nested["'level1'"]["value"].startswith("{'level2'")
    assert "children" not in nested["'level1'"]  # exactly one level
    two = _by_name(dc.json("vars", "--depth", "2", "--filter", "nested")["variables"])
    assert set(two) == {"nested"}
    level1 = _by_name(_by_name(two["nested"]["children"])["'level1'"]["children"])
    assert "'level2'" in level1
    # paging into a child by its variablesReference
    page = dc.json("vars", "--variables-reference", str(nested["'items'"]["variablesReference"]))
    values = {v["name"]: v["value"] for v in page["variables"]}
    assert values["0"] == "1"
    assert values["1"].startswith("[2, [3")
    # the human tree shows the nesting
    out = dc.run("vars", "--depth", "1", "--filter", "nested").out
    assert "'level1' = {'level2'" in out


def test_cyclic_data_is_bounded(dc: Cli) -> None:
    dc.launch("data.py", "inspect")
    started = time.monotonic()
    data = dc.json("eval", "cyclic", "--depth", "30", timeout=60)
    assert time.monotonic() - started < 30  # a cycle followed without bound never ends
    assert data["result"] == "{'name': 'loop', 'self': {...}}"
    assert _count(data["children"]) <= MAX_NODES
    assert _depth(data["children"]) <= 30
    # the value that is already on the path is not expanded again
    child = _by_name(data["children"])["'self'"]
    assert child["value"] == data["result"]
    assert "children" not in child or _count(child["children"]) < _count(data["children"])
    ring = dc.json("vars", "--depth", "30", "--filter", "ring", timeout=20)
    assert _count(ring["variables"]) <= MAX_NODES
    out = dc.run("vars", "--depth", "30", timeout=20).out
    assert len(out) < 500_000


def test_huge_list_is_cut_with_a_marker(dc: Cli) -> None:
    dc.launch("data.py", "inspect")
    data = dc.json("vars", "--depth", "1", "--filter", "numbers", "--count", "50")
    numbers = data["variables"][0]
    assert numbers["name"] == "numbers"
    assert len(numbers["children"]) == 50
    assert numbers["truncated"] > 0  # the marker that more children exist
    # debugpy cut its repr at 60 items: said, and no count of what dapcli cut from that cut text
    assert "valueTruncated" not in numbers and "debugpy cut this value" in numbers["valueCutByAdapter"], numbers
    assert len(numbers["value"]) <= 201
    assert len(json.dumps(data)) < 50_000
    out = dc.run("vars", "--depth", "1", "--filter", "numbers", "--count", "50").out
    assert "more" in out  # the human tree says that it was cut
    # evaluating the whole thing is bounded as well, and len() is right
    assert dc.json("eval", "len(numbers)")["result"] == "5000"
    result = dc.json("eval", "numbers")
    assert len(result["result"]) <= 201 and "valueTruncated" not in result, result
    assert "max length 0 asks it for the whole" in result["valueCutByAdapter"], result


def test_huge_string_is_cut_with_a_marker(dc: Cli) -> None:
    launched = dc.launch("data.py", "inspect").out
    big = _by_name(dc.json("vars")["variables"])["big"]
    assert len(big["value"]) <= 201
    # debugpy sent 65,540 of its 1,048,578 characters: no count of what dapcli cut from those
    assert "valueTruncated" not in big and "debugpy cut this string" in big["valueCutByAdapter"], big
    result = dc.json("eval", "big")
    assert len(result["result"]) <= 201 and "valueTruncated" not in result, result
    assert "max length 0 asks it for the whole" in result["valueCutByAdapter"], result
    longer = dc.json("eval", "big", "--max-length", "5000")
    assert 5000 <= len(longer["result"]) <= 5001
    assert dc.json("eval", "len(big)")["result"] == str(1024 * 1024)
    out = dc.run("eval", "big").out
    assert len(out) < 2000
    assert "(debugpy cut this string (it shows at most 65,536 characters, the middle left out); max length 0 asks " \
        "it for the whole)" in out, out
    rows = dc.run("vars").out  # each cut row says what shows it whole
    assert "debugpy cut this string (it shows at most 65,536 characters, the middle left out); max length 0" in \
        " ".join(rows.split()), rows
    assert "chars (--max-length 0 shows all)" not in rows, rows
    assert len(dc.json("vars", "--filter", "big", "--max-length", "0")["variables"][0]["value"]) == 1024 * 1024 + 2
    # the stop's locals line: which command shows a cut one whole
    assert "shows big whole" in launched and "`dapcli eval big --max-length 0`" in launched, launched
    # the stop state's locals are short as well
    out = dc.run("status").out
    assert len(out) < 20_000
