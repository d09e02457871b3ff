"""``vars NAME --start/--count`` pages NAME's children (it printed ``Locals: (none)``), saying who
cut the page; debugpy's groups (special, function, class variables) are named when ``vars``
leaves them out and listed with ``--all`` (a module's ``main``, ``fact``, ``Node`` were hidden
silently); on debugpy, lldb-dap and gdb, in the CLI and over MCP."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from fid_helpers import CC, Cli, call, call_error, each, marker_line, mcp_client, run_async

pytestmark = pytest.mark.slow


def _launch(cli: Cli, programs: Path) -> None:
    source = programs / "modvals.py"
    cli("launch", str(source), "-b", f"{source}:{marker_line(source, 'ready')}")


def test_a_name_with_start_and_count_pages_its_children(programs: Path, cli: Cli) -> None:
    _launch(cli, programs)
    for extra in ((), ("--depth", "1")):
        page = cli.json("vars", "d", "--start", "10", "--count", "3", *extra)
        assert [(v["name"], v["value"]) for v in page["variables"]] == [("'k10'", "10"), ("'k11'", "11"),
                                                                         ("'k12'", "12")], page
        assert page["parent"] == "d" and page["start"] == 10 and page["pagedBy"] == "dapcli", page
        assert page["total"] == 101 and page["truncated"] == 88, page  # 100 items and debugpy's len()
    shown = cli("vars", "d", "--start", "10", "--count", "3").out
    assert "d (11–13 of 101)" in shown and "'k11' = 11" in shown and "(none)" not in shown, shown
    assert "paged by dapcli" in shown, shown
    items = cli.json("vars", "big", "--start", "250", "--count", "2")  # past debugpy's first 100
    assert [v["value"] for v in items["variables"]] == ["250", "251"], items
    refused = cli("vars", "count", "--start", "1", check=2)
    assert refused.err.startswith("error: count has no children to page (it is 7)"), refused.err
    assert len(refused.err.strip().splitlines()) == 2 and "Traceback" not in refused.err, refused.err
    assert cli.json("vars", "count")["variables"][0]["value"] == "7"  # the session as it was


def test_module_level_groups_are_said_and_listed_with_all(programs: Path, cli: Cli) -> None:
    _launch(cli, programs)
    listed = cli.json("vars")
    names = [v["name"] for v in listed["variables"]]
    assert names == ["big", "count", "d", "sys", "tree"], names
    groups = {g["name"]: g for g in listed["hiddenGroups"]}
    assert groups["function variables"]["names"] == ["fact", "main"], groups
    assert groups["class variables"]["names"] == ["Node"] and groups["class variables"]["count"] == 1, groups
    assert "__name__" in groups["special variables"]["names"], groups
    shown = cli("vars").out
    assert "not listed: debugpy's special variables (" in shown and "function variables (fact, main)" in shown, shown
    assert "class variables (Node)" in shown and "--all lists them" in shown, shown
    for args in (("vars", "--all"), ("vars", "--all", "--scope", "Globals")):
        every = cli.json(*args)
        names = [v["name"] for v in every["variables"]]
        assert {"fact", "main", "Node", "__name__", "sys"} <= set(names), names
        assert "hiddenGroups" not in every, every
    assert cli.json("vars", "fact")["variables"][0]["value"].startswith("<function fact at 0x")
    assert [v["name"] for v in cli.json("vars", "--filter", "ma*")["variables"]] == ["main"]


def test_paging_a_name_over_mcp(programs: Path) -> None:
    source = programs / "modvals.py"

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(source),
                                          "breakpoints": [f"{source}:{marker_line(source, 'ready')}"]})
            page = await client.call_tool("variables", {"name": "d", "start": 10, "count": 3})
            assert [v["value"] for v in page.structured_content["variables"]] == ["10", "11", "12"], page
            text = page.content[0].text
            assert text.startswith("d: 3 of 101 from 10") and "'k11' = 11" in text, text
            assert "paged by dapcli" in text, text
            listed = await client.call_tool("variables", {})
            assert "function variables (fact, main)" in listed.content[0].text and "all=true lists them" in \
                listed.content[0].text, listed.content[0].text
            refused = await client.call_tool("variables", {"name": "count", "start": 1})
            assert refused.is_error and "count has no children to page" in refused.content[0].text, refused
            await call(client, "stop")

    run_async(body)


@pytest.fixture(scope="module")
def pagearr(programs: Path) -> Path:
    """programs/pagearr.c built with ``-g -O0``."""
    if CC is None:
        pytest.skip("no C compiler (gcc or cc) to build the test programs")
    done = subprocess.run([CC, "-g", "-O0", "-o", "pagearr", "pagearr.c"], cwd=programs, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return programs / "pagearr"


@pytest.mark.parametrize("adapter", each("lldb", "gdb"))
def test_a_c_array_pages_by_name(adapter: str, pagearr: Path, cli: Cli) -> None:
    source = pagearr.with_suffix(".c")
    cli("launch", str(pagearr), "--adapter", adapter, "-b", f"{source}:{marker_line(source, 'ready')}")
    page = cli.json("vars", "a", "--start", "10", "--count", "3")
    assert [v["value"] for v in page["variables"]] == ["100", "110", "120"], page
    assert page["total"] == 100 and page["truncated"] == 87 and page["parent"] == "a", page
    # lldb-dap says how many elements there are and pages itself; cdt-gdb-adapter does not say
    assert page["pagedBy"] == ("adapter" if adapter == "lldb" else "dapcli"), page
    refused = cli("vars", "n", "--start", "1", check=2)
    assert "n has no children to page (it is 100)" in refused.err, refused.err


def test_a_value_the_adapter_cut_has_no_false_count(programs: Path, cli: Cli) -> None:
    """debugpy cut ``big`` (500 items) at 60 items and ``d`` at 60 keys: a count of what dapcli
    cut from that text is not what is missing; the note says who cut it and what shows it."""
    _launch(cli, programs)
    rows = {v["name"]: v for v in cli.json("vars")["variables"]}
    for name in ("big", "d"):
        assert rows[name]["value"].endswith("…") and "valueTruncated" not in rows[name], rows[name]
        assert rows[name]["valueCutByAdapter"] == ("debugpy cut this value (it shows at most 60 items); max length 0 "
                                                   "shows it whole"), rows[name]
    shown = " ".join(cli("vars", "big").out.split())
    assert "(debugpy cut this value (it shows at most 60 items); max length 0 shows it whole)" in shown, shown
    assert "chars (--max-length 0 shows all)" not in shown, shown
    whole = cli.json("vars", "big", "--max-length", "0")["variables"][0]
    assert whole["value"] == repr(list(range(500))) and len(whole["value"]) == 2390, whole["value"][-40:]
    assert "valueCutByAdapter" not in whole and "valueTruncated" not in whole, whole
    evaluated = cli.json("eval", "big")
    assert "valueTruncated" not in evaluated and "debugpy cut this value" in evaluated["valueCutByAdapter"], evaluated
    # a value only dapcli cut still says how much: the count is true there
    own = cli.json("eval", "'z' * 300")
    assert own["valueTruncated"] == 302 - 200 and "valueCutByAdapter" not in own, own


def test_debugpy_nesting_note_is_said_once_with_the_marker_shown(programs: Path, cli: Cli) -> None:
    _launch(cli, programs)
    row = cli.json("vars", "tree")["variables"][0]
    assert row["value"] == "{'a': {'b': {...}}, 'l': [[...]], 'e': {'f': {...}}}", row
    assert row["valueCutByAdapter"].startswith("debugpy writes what is nested deeper than 2 levels as {...} and "
                                               "[...];"), row
    shown = cli("vars", "tree", "--depth", "3").out
    assert shown.count("nested deeper than 2 levels") == 1, shown
    assert "as {...} and [...]; --depth or max length 0 shows it" in " ".join(shown.split()), shown
    rows = cli.json("vars", "tree", "--depth", "1")["variables"][0]["children"]
    notes = {c["name"]: c.get("valueCutByAdapter") for c in rows}
    assert notes["'a'"].startswith("debugpy writes what is nested deeper than 2 levels as {...};"), notes
    assert notes["'l'"].startswith("debugpy writes what is nested deeper than 2 levels as [...];"), notes


def test_debugpy_nesting_note_once_over_mcp(programs: Path) -> None:
    source = programs / "modvals.py"

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(source),
                                          "breakpoints": [f"{source}:{marker_line(source, 'ready')}"]})
            tree = await client.call_tool("variables", {"name": "tree", "depth": 3})
            text = tree.content[0].text
            assert text.count("nested deeper than 2 levels") == 1 and "as {...} and [...]" in text, text
            big = await client.call_tool("variables", {"name": "big"})
            assert "chars cut" not in big.content[0].text and "debugpy cut this value" in big.content[0].text, \
                big.content[0].text
            await call(client, "stop")

    run_async(body)


# -- a page past the end is refused, never "(none)" ------------------------------------------------
def test_a_page_past_the_end_is_refused_with_the_count(programs: Path, cli: Cli) -> None:
    """``vars --start 99999`` printed "Locals: (none)" and ``stack --start 5`` an empty table,
    both exit 0: the scope has variables and the stack has frames. gdb: "No frame at level 5."."""
    _launch(cli, programs)
    listed = cli.json("vars")
    total = listed["total"]
    refused = cli("vars", "--start", "99999", check=2)
    assert refused.err.startswith(f"error: start 99,999 is past the end: {listed['scope']} lists {total} variables "
                                  f"(start 0–{total - 1})"), refused.err
    assert "(none)" not in refused.out + refused.err and "Traceback" not in refused.err, refused
    assert "hint: `dapcli vars --scope Locals` shows the first page" in refused.err, refused.err
    child = cli("vars", "d", "--start", "101", "--count", "3", check=2)
    assert child.err.startswith("error: start 101 is past the end: d lists 101 variables (start 0–100)"), child.err
    assert "`dapcli vars d` shows the first page" in child.err, child.err
    last = cli.json("vars", "d", "--start", "100", "--count", "3")  # the last one is still a page
    assert [v["name"] for v in last["variables"]] == ["len()"], last
    frames = cli.json("stack")["totalFrames"]
    stack = cli("stack", "--start", str(frames + 3), check=2)
    has = f"{frames} frame{'' if frames == 1 else 's'}"
    assert stack.err.startswith(f"error: no frame at level {frames + 3}: the stack has {has}\n"), stack.err
    assert "`dapcli stack` shows it from the innermost frame (level 0)" in stack.err, stack.err
    assert len(cli.json("stack", "--start", str(frames - 1))["frames"]) == 1  # the outermost frame alone
    every = cli.json("vars", "big", "--count", "0")  # DAP: a count of 0 is all
    items = [v["value"] for v in every["variables"] if v["name"] != "len()"]
    assert items == [str(i) for i in range(500)] and "truncated" not in every, every
    assert cli.json("vars")["total"] == total  # the session as it was


def test_a_page_past_the_end_is_an_error_over_mcp(programs: Path) -> None:
    source = programs / "modvals.py"

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(source),
                                          "breakpoints": [f"{source}:{marker_line(source, 'ready')}"]})
            text = await call_error(client, "variables", {"start": 500})
            assert text.startswith("start 500 is past the end: Locals lists ") and "(none)" not in text, text
            assert "variables {\"scope\":\"Locals\"}" in text or "scope" in text, text
            text = await call_error(client, "stackTrace", {"start": 40})
            assert text.startswith("no frame at level 40: the stack has "), text
            await call(client, "stop")

    run_async(body)


@pytest.mark.parametrize("adapter", each("lldb", "gdb"))
def test_a_c_page_past_the_end_is_refused(adapter: str, pagearr: Path, cli: Cli) -> None:
    source = pagearr.with_suffix(".c")
    cli("launch", str(pagearr), "--adapter", adapter, "-b", f"{source}:{marker_line(source, 'ready')}")
    refused = cli("vars", "a", "--start", "100", "--count", "3", check=2)
    assert refused.err.startswith("error: start 100 is past the end: a lists 100 variables (start 0–99)"), refused.err
    assert [v["value"] for v in cli.json("vars", "a", "--start", "99", "--count", "3")["variables"]] == ["990"]
    stack = cli("stack", "--start", "9", check=2)
    assert stack.err.startswith("error: no frame at level 9"), stack.err
