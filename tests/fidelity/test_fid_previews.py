"""C structs and arrays shown as gdb prints them, on every native adapter and frontend.

lldb-dap answers ``sh`` with ``shape @ 0x7fff…`` and gdb via cdt-gdb-adapter with ``{...}``
(``[5]`` for an array, the address for an array in a frame's locals); gdb itself prints
``{name = "tri", '\\000' <repeats 12 times>, sides = 3}``. dapcli composes that preview from the
children (``verbs/shared/values/preview.py``) and keeps the adapter's text as ``adapterValue``. The expected
texts are compared with what gdb and lldb print themselves on the same program.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from fid_helpers import CC, Cli, call, each, marker_line, mcp_client, run_async

from dapcli.verbs.shared.values.preview import compose_chars, is_summary

pytestmark = pytest.mark.slow

_ADDRESS = re.compile(r"0x[0-9a-f]+")


@pytest.fixture(scope="module")
def previews(programs: Path) -> Path:
    if CC is None:
        pytest.skip("no C compiler (gcc or cc) to build the test program")
    done = subprocess.run([CC, "-g", "-O0", "-o", "previews", "previews.c"], cwd=programs, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return programs / "previews"


def _gdb_prints(program: Path, line: int, expressions: list[str]) -> dict[str, str]:
    """What gdb itself prints for each expression at ``line`` (``$N = `` removed)."""
    gdb = shutil.which("gdb")
    if gdb is None:
        pytest.skip("gdb is not installed (apt install gdb)")
    argv = [gdb, "-nx", "-batch", "-ex", f"break {line}", "-ex", "run"]
    for expression in expressions:
        argv += ["-ex", f"print {expression}"]
    done = subprocess.run([*argv, str(program)], cwd=program.parent, capture_output=True, text=True, timeout=60)
    printed = [row.split(" = ", 1)[1] for row in done.stdout.splitlines() if re.match(r"^\$\d+ = ", row)]
    assert len(printed) == len(expressions), done.stdout + done.stderr
    return dict(zip(expressions, printed, strict=True))


def _lldb_prints(program: Path, line: int, expression: str) -> str:
    """What lldb itself prints for ``expression`` (``(type) value``, one line)."""
    lldb = shutil.which("lldb-19") or shutil.which("lldb")
    if lldb is None:
        pytest.skip("lldb is not installed (apt install lldb-19)")
    done = subprocess.run([lldb, "-b", "-o", f"b {line}", "-o", "run", "-o", f"p {expression}", str(program)],
                          cwd=program.parent, capture_output=True, text=True, timeout=60)
    rows = done.stdout.splitlines()
    start = next(i for i, row in enumerate(rows) if row.startswith(f"(lldb) p {expression}"))
    return rows[start + 1]


def _no_addresses(text: str) -> str:
    return _ADDRESS.sub("0x…", text)


@pytest.mark.parametrize("adapter", each("gdb"))
def test_gdb_values_read_as_gdb_prints_them(adapter: str, previews: Path, cli: Cli) -> None:
    line = marker_line(previews.with_suffix(".c"), "previews")
    wanted = ["items[1]", "arr", "sh", "sh.name", "*heap@3", "items"]
    printed = _gdb_prints(previews, line, wanted)
    state = cli.json("launch", "./previews", "--adapter", adapter, "-b", f"previews.c:{line}")
    for expression in wanted:
        result = cli.json("eval", expression)
        # cdt-gdb-adapter says {...} / [5] / [16] / [3]; dapcli says what gdb says
        assert _no_addresses(result["result"]) == _no_addresses(printed[expression]), (expression, result)
        assert is_summary(result["adapterValue"], result["type"]), result
        assert "valueCutByAdapter" not in result, result  # cdt's {...} is no cut of gdb's
    shown = {v["name"]: v for v in state["locals"]}
    assert shown["arr"]["value"] == "{10, 20, 30, 40, 50}", shown["arr"]  # cdt's locals: the address
    assert shown["sh"]["value"] == printed["sh"] and shown["sh"]["adapterValue"] == "{...}"
    assert shown["heap"].get("adapterValue") is None and _ADDRESS.fullmatch(shown["heap"]["value"])  # a pointer
    text = cli("eval", "sh").out
    assert "{name = \"tri\", '\\000' <repeats 12 times>, sides = 3}" in text, text
    rows = cli("vars").out
    assert "arr = {10, 20, 30, 40, 50}" in rows and "many = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}" in rows, rows
    nested = {v["name"]: v for v in cli.json("vars", "--depth", "1")["variables"]}
    assert re.fullmatch(r'\{name = 0x[0-9a-f]+ "pen", cents = 525\}', nested["items"]["children"][0]["value"])
    watches = cli.json("watch", "add", "sh")["watches"]
    assert watches[0]["value"] == printed["sh"], watches  # a watch shows the preview too
    cli("stop")


@pytest.mark.parametrize("adapter", each("gdb"))
def test_gdb_prints_nested_and_long_values_itself(adapter: str, previews: Path, cli: Cli) -> None:
    """cdt-gdb-adapter says ``{...}`` for a 2-D array or a nested struct and the address for a
    char array: dapcli shows gdb's own print of each (MI ``-data-evaluate-expression`` in the
    value's frame), whole where gdb is whole (``'x' <repeats 299 times>``, not the first 64
    characters read one by one), in the stop, ``vars``, ``vars --depth`` and ``eval``."""
    line = marker_line(previews.with_suffix(".c"), "previews")
    wanted = ["grid", "d", "longs", "d.b", "grid[1]"]
    printed = _gdb_prints(previews, line, wanted)
    assert printed["longs"] == "'x' <repeats 299 times>" and printed["d.b"] == "{q = {x = 3, y = 4}, r = 5}"
    state = cli.json("launch", "./previews", "--adapter", adapter, "-b", f"previews.c:{line}")
    stop = {v["name"]: v["value"] for v in state["locals"]}
    rows = {v["name"]: v for v in cli.json("vars")["variables"]}
    for name in ("grid", "d", "longs"):
        assert stop[name] == printed[name] and rows[name]["value"] == printed[name], (name, stop[name], rows[name])
        assert cli.json("eval", name)["result"] == printed[name]
    assert rows["d"]["adapterValue"] == "{...}"
    deep = cli.json("eval", "d", "--depth", "1")
    assert {c["name"]: c["value"] for c in deep["children"]}["b"] == printed["d.b"], deep
    reference = rows["grid"]["variablesReference"]
    listed = cli.json("vars", "--variables-reference", str(reference))["variables"]  # the frame comes with the value
    assert listed[1]["value"] == printed["grid[1]"], listed
    cli("stop")


@pytest.mark.parametrize("adapter", each("gdb", "lldb", "codelldb"))
def test_a_value_the_debugger_or_the_preview_cut_says_so(adapter: str, previews: Path, cli: Cli) -> None:
    """gdb prints at most 200 elements (``...``), lldb 1024 characters of a string (``"..."``), and
    a composed preview its first 10 items (``, …}``): each says so and what shows the rest; a static
    array (gdb: ``0x… <thousand>``) is previewed like any other."""
    line = marker_line(previews.with_suffix(".c"), "previews")
    cli("launch", "./previews", "--adapter", adapter, "-b", f"previews.c:{line}")
    hp, thousand = cli.json("eval", "hp", "--max-length", "0"), cli.json("eval", "thousand", "--max-length", "0")
    if adapter == "gdb":
        assert hp["result"].endswith("'y' <repeats 200 times>..."), hp
        assert "print elements limit" in hp["valueCutByAdapter"], hp
        assert "`dapcli console 'set print elements unlimited'`" in hp["valueCutByAdapter"], hp
        assert thousand["result"].endswith("198, 199...}") and "print elements" in thousand["valueCutByAdapter"]
        row = {v["name"]: v for v in cli.json("vars")["variables"]}["thousand"]
        assert row["value"].startswith("{0, 1, 2") and "<thousand>" in row["adapterValue"], row  # not the address
        assert "print elements limit" in cli("vars").out
        cli("console", "set print elements unlimited")
        whole = cli.json("eval", "hp", "--max-length", "0")
        assert whole["result"].endswith("'y' <repeats 2999 times>") and "valueCutByAdapter" not in whole, whole
    else:
        assert hp["result"].endswith('yyy"...') and "max-string-summary-length" in hp["valueCutByAdapter"], hp
        assert thousand["result"] == "{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, …}", thousand
        told = f"variables of variablesReference {thousand['variablesReference']} lists them all"
        assert thousand["valueCutByAdapter"] == f"the preview shows the first 10 items; {told}", thousand
        if adapter == "codelldb":  # CodeLLDB reads the setting at once (lldb-dap from its next stop)
            cli("console", "settings set target.max-string-summary-length 1000000")
            whole = cli.json("eval", "hp", "--max-length", "0")
            assert whole["result"] == '"' + "y" * 2999 + '"' and "valueCutByAdapter" not in whole, whole["result"][-20:]
    cli("stop")


@pytest.mark.parametrize("adapter", each("codelldb", "lldb"))
def test_nested_arrays_and_structs_show_their_rows(adapter: str, previews: Path, cli: Cli) -> None:
    """CodeLLDB writes ``int grid[3][4]`` as ``{...}`` and leaves a struct member that is a
    struct out of its text (``b = {r:5}``): dapcli composes them from the children in CodeLLDB's
    own style, the rows as lldb-dap shows them; a text that says everything stays CodeLLDB's."""
    line = marker_line(previews.with_suffix(".c"), "previews")
    state = cli.json("launch", "./previews", "--adapter", adapter, "-b", f"previews.c:{line}")
    stop = {v["name"]: v for v in state["locals"]}
    rows = {v["name"]: v for v in cli.json("vars")["variables"]}
    grid = "{{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}}"
    deep = "{a:{x:1, y:2}, b:{q:{x:3, y:4}, r:5}}" if adapter == "codelldb" else \
        "{a = {x = 1, y = 2}, b = {q = {...}, r = 5}}"
    for shown in (stop, rows):
        assert shown["grid"]["value"] == grid and shown["d"]["value"] == deep, (shown["grid"], shown["d"])
    assert cli.json("eval", "grid")["result"] == grid and cli.json("eval", "d")["result"] == deep
    assert "grid = " + grid in cli("vars").out
    if adapter == "codelldb":
        assert rows["grid"]["adapterValue"] == "{...}" and rows["d"]["adapterValue"] == "{...}", rows
        inner = {c["name"]: c for c in cli.json("eval", "d", "--depth", "1")["children"]}
        assert inner["a"]["value"] == "{x:1, y:2}" and "adapterValue" not in inner["a"], inner  # CodeLLDB's own
        assert inner["b"]["value"] == "{q:{x:3, y:4}, r:5}" and inner["b"]["adapterValue"] == "{r:5}", inner
        # a member that is a pointer stays the address CodeLLDB wrote (its child row shows the target)
        assert re.fullmatch(r"\{v:1, next:0x[0-9a-f]+\}", rows["l1"]["value"]) and "adapterValue" not in rows["l1"]
    cli("stop")


@pytest.mark.parametrize("adapter", each("lldb"))
def test_lldb_dap_values_read_as_lldb_prints_them(adapter: str, previews: Path, cli: Cli) -> None:
    line = marker_line(previews.with_suffix(".c"), "previews")
    launched = cli("launch", "./previews", "--adapter", adapter, "-b", f"previews.c:{line}").out
    assert "arr={10, 20, 30, 40, 50}" in launched and 'sh={name = "tri", sides = 3}' in launched, launched
    shown = {v["name"]: v for v in cli.json("vars")["variables"]}
    assert shown["arr"]["value"] == "{10, 20, 30, 40, 50}" and "@ 0x" in shown["arr"]["adapterValue"], shown
    sh = cli.json("eval", "sh")
    assert sh["result"] == '{name = "tri", sides = 3}' and sh["adapterValue"].startswith("shape @ 0x"), sh
    # lldb prints (shape) (name = "tri", sides = 3): the same members and values
    assert _lldb_prints(previews, line, "sh").endswith('(name = "tri", sides = 3)')
    item = cli.json("eval", "items[1]")
    assert re.fullmatch(r'\{name = 0x[0-9a-f]+ "ink", cents = 80\}', item["result"]), item
    assert cli.json("eval", "sh.name")["result"] == '"tri"'  # lldb-dap's own text is kept
    rows = cli("vars").out
    assert "arr = {10, 20, 30, 40, 50}" in rows and "sh = {name = \"tri\", sides = 3}" in rows, rows
    cli("stop")


@pytest.mark.parametrize("adapter", each("gdb", "lldb"))
def test_mcp_stop_and_eval_show_the_preview(adapter: str, previews: Path) -> None:
    source = previews.with_suffix(".c")
    line = marker_line(source, "previews")

    async def body() -> None:
        async with mcp_client() as client:
            launched = await client.call_tool("launch", {"program": str(previews), "adapter": adapter,
                                                         "breakpoints": [f"{source}:{line}"]})
            assert not launched.is_error, launched.content[0].text
            shown = {v["name"]: v for v in launched.structured_content["locals"]}
            assert shown["arr"]["value"] == "{10, 20, 30, 40, 50}", shown
            assert "arr={10, 20, 30, 40, 50}" in launched.content[0].text, launched.content[0].text
            result = await client.call_tool("evaluate", {"expression": "arr"})
            assert not result.is_error
            assert result.structured_content["result"] == "{10, 20, 30, 40, 50}"
            assert "arr = {10, 20, 30, 40, 50}" in result.content[0].text, result.content[0].text
            await call(client, "stop")

    run_async(body)


def test_char_arrays_compose_like_gdb() -> None:
    tri = [ord(c) for c in "tri"] + [0] * 13
    assert compose_chars(tri) == "\"tri\", '\\000' <repeats 12 times>"
    assert compose_chars([ord("a"), 0, ord("b"), 0]) == '"a\\000b"'
    assert compose_chars([ord("x")] * 4, more=True) == '"xxxx"...'
    assert is_summary("int[5] @ 0x7fff0000", "int[5]") and is_summary("0x7ffe", "int [5]")
    assert not is_summary("0x7ffe", "int *") and not is_summary('"tri"', "char[16]")


def test_only_a_debuggers_own_cut_is_said_to_be_one() -> None:
    from dapcli.verbs.shared.values.fullvalue import native_cut

    assert native_cut("{0, 1, 2, 199...}", "gdb") and native_cut("0x1 'y' <repeats 200 times>...", "gdb")
    assert native_cut('"abc"...', "gdb") and native_cut('0x5 "yyy"...', "lldb") and native_cut('"yy"...', "codelldb")
    assert not native_cut("{...}", "gdb") and not native_cut("{x = 1, y = 2}", "gdb") and not native_cut('"..."', "gdb")
    assert not native_cut('"wait..."', "lldb") and not native_cut("{0, 1, …}", "lldb")


def test_debugpy_values_are_not_previewed(programs: Path, cli: Cli) -> None:
    """debugpy's values already show the contents: they stay exactly as it sent them."""
    ready = marker_line(programs / "values.py", "values-ready")
    cli("launch", "values.py", "-b", f"values.py:{ready}")
    rows = cli.json("vars")["variables"]
    assert rows and all("adapterValue" not in row for row in rows), rows
    cli("stop")


def test_debugpy_value_in_full_is_whole_and_cuts_are_told_truly(programs: Path, cli: Cli) -> None:
    """debugpy cuts a list at 60 items (``58, ...]``) before dapcli sees it: ``--max-length 0``
    must give all of it, and the text must not promise more than exists."""
    ready = marker_line(programs / "values.py", "values-ready")
    cli("launch", "values.py", "-b", f"values.py:{ready}")
    whole = cli.json("eval", "big", "--max-length", "0")
    assert whole["result"] == repr(list(range(1000))), whole["result"][-80:]
    assert "valueCutByAdapter" not in whole and "valueTruncated" not in whole
    cut = cli("eval", "big").out
    # no "…+N chars": N would count only what dapcli cut from debugpy's cut text
    assert "chars (--max-length 0 shows all)" not in cut and "debugpy cut this value; max length 0 asks it for " \
        "the whole" in cut, cut
    computed = cli.json("eval", "big[:100]", "--max-length", "0")  # a call-free slice: asked again as repr()
    assert computed["result"] == repr(list(range(100)))
    called = cli.json("eval", "list(big)", "--max-length", "0")  # a call is not evaluated twice: said so
    assert called["result"].endswith("...]") and "lists them all" in called["valueCutByAdapter"], called
    text = cli.json("eval", "text", "--max-length", "0")
    assert text["result"] == repr("héllo\twörld " + "x" * 400)
    rows = {v["name"]: v for v in cli.json("vars", "--max-length", "0")["variables"]}
    assert rows["big"]["value"] == repr(list(range(1000))), rows["big"]["value"][-60:]
    cli("stop")


def test_debugpy_value_in_full_over_mcp(programs: Path) -> None:
    source = programs / "values.py"
    ready = marker_line(source, "values-ready")

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(source), "breakpoints": [f"{source}:{ready}"]})
            whole = await call(client, "evaluate", {"expression": "big", "maxLength": 0})
            assert whole["result"] == repr(list(range(1000)))
            cut = await client.call_tool("evaluate", {"expression": "big"})
            assert "debugpy cut this value" in cut.content[0].text, cut.content[0].text
            await call(client, "stop")

    run_async(body)


@pytest.mark.parametrize("adapter", each("gdb", "lldb"))
def test_recipe_checks_the_preview(adapter: str, previews: Path, cli: Cli) -> None:
    line = marker_line(previews.with_suffix(".c"), "previews")
    recipe = previews.parent / f"previews-{adapter}.yaml"
    recipe.write_text(f"""name: previews on {adapter}
target: {{program: previews, adapter: {adapter}}}
breakpoints: [previews.c:{line}]
steps:
  - continue: {{}}
    expect: {{line: {line}, locals.arr.value: "{{10, 20, 30, 40, 50}}"}}
  - evaluate: {{expression: "arr"}}
    expect: {{result: "{{10, 20, 30, 40, 50}}"}}
""")
    done = cli("run", recipe.name, check=None)
    assert done.code == 0, done.out + done.err


@pytest.mark.parametrize("adapter", each("gdb", "lldb"))
def test_a_cut_preview_says_how_much_was_cut(adapter: str, previews: Path, cli: Cli) -> None:
    """A composed preview longer than --max-length is cut like any value, and says so (it ended
    in ``…`` with no count and no hint)."""
    line = marker_line(previews.with_suffix(".c"), "previews")
    cli("launch", "./previews", "--adapter", adapter, "-b", f"previews.c:{line}")
    whole = cli.json("eval", "items", "--max-length", "0")["result"]
    assert whole.startswith("{{name = 0x") and whole.endswith('"ink", cents = 80}}'), whole
    cut = cli.json("eval", "items", "--max-length", "20")
    assert cut["result"] == whole[:20] + "…" and cut["valueTruncated"] == len(whole) - 20, cut
    shown = cli("eval", "items", "--max-length", "20").out
    assert f"…+{len(whole) - 20} chars (--max-length 0 shows all)" in shown, shown
    row = next(v for v in cli.json("vars", "--max-length", "20")["variables"] if v["name"] == "items")
    assert row["value"] == whole[:20] + "…" and row["valueTruncated"] == len(whole) - 20, row
    cli("stop")
