"""Native debugging as a user drives it, compared with what the adapter said (helper fidn):

* hit conditions mean the same on lldb-dap, CodeLLDB and gdb (cdt) as dapcli documents them
  (lldb-dap stopped at every hit for ``%2``/``>=3``/``==3``, cdt dropped them and never stopped,
  and a bare ``3`` meant "from the 3rd on" with lldb);
* ``set`` reaches a member of an anonymous struct or union (``an.y``);
* a member the adapter cannot list (cdt: anonymous members) no longer fails a whole ``vars``;
* a stop whose frame has more locals than it shows says how many more;
* a value that starts with ``-`` (``set x -7``) is a value on the command line.
"""

from __future__ import annotations

import subprocess
import textwrap
from pathlib import Path

import pytest
from fid_helpers import CC, DAPCLI, Cli, call, call_tool, each, marker_line, mcp_client, run_async

pytestmark = pytest.mark.slow

#: hitCondition → the values of i at the stops of a 6-pass loop (hit k is i = k - 1).
EXPECTED = {"3": ["2"], "==3": ["2"], "% 2": ["1", "3", "5"], "<3": ["0", "1"], ">3": ["3", "4", "5"],
            ">=3": ["2", "3", "4", "5"]}
#: The conditions each adapter is tested with (every one of them was wrong on some adapter).
CASES = [(a, c) for a in ("lldb", "gdb", "codelldb") for c in ("3", "% 2", ">=3", "<3")]


@pytest.fixture(scope="module")
def native(programs: Path) -> Path:
    """nvals.c and nexec.c built with ``-g -O0`` (the folder)."""
    if CC is None:
        pytest.skip("no C compiler (gcc or cc) to build the test programs")
    for name, extra in (("nvals", []), ("nexec", ["-pthread"]), ("nshadow", [])):
        done = subprocess.run([CC, "-g", "-O0", *extra, "-o", name, f"{name}.c"], cwd=programs,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
    return programs


def _i(state: dict[str, object]) -> str | None:
    return next((v["value"] for v in state.get("locals") or [] if v["name"] == "i"), None)  # type: ignore[union-attr, index]


def _stops(cli: Cli, first: dict[str, object], line: int) -> list[str | None]:
    seen, state = [], first
    for _ in range(8):
        if state.get("status") != "stopped" or state["location"]["line"] != line:  # type: ignore[index]
            break
        seen.append(_i(state))
        state = cli.json("continue")
    return seen


@pytest.mark.parametrize(("adapter", "hit"), [pytest.param(a, c, marks=each(a)[0].marks, id=f"{a}-{c}")
                                              for a, c in CASES])
def test_hit_conditions_mean_the_same_on_every_native_adapter(adapter: str, hit: str, native: Path,
                                                              cli: Cli) -> None:
    line = marker_line(native / "nexec.c", "loop")
    first = cli.json("launch", "./nexec", "--adapter", adapter, "-b", f"nexec.c:{line} hit {hit}")
    assert _stops(cli, first, line) == EXPECTED[hit]


@pytest.mark.parametrize("adapter", each("lldb"))
def test_hit_condition_over_mcp_and_a_step_onto_the_line_still_ends_there(adapter: str, native: Path) -> None:
    line = marker_line(native / "nexec.c", "loop")

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(native / "nexec"), "adapter": adapter,
                                          "breakpoints": [f"{native / 'nexec.c'}:{line}"]})
            await call(client, "clearBreakpoints", {})
            await call(client, "setBreakpoint", {"location": f"{native / 'nexec.c'}:{line}", "hitCondition": "==3"})
            assert _i(await call(client, "continue")) == "3"  # hits count from the set: i=1, 2, 3
            await call(client, "next")
            landed = await call(client, "next")  # the for line, then the breakpoint's line: the step ends
            assert landed["location"]["line"] == line and _i(landed) == "4"
            await call(client, "stop")

    run_async(body)


@pytest.mark.parametrize("adapter", each("gdb"))
def test_hit_condition_in_a_recipe(adapter: str, native: Path, tmp_path: Path) -> None:
    line = marker_line(native / "nexec.c", "loop")
    recipe = tmp_path / "hits.yaml"
    recipe.write_text(textwrap.dedent(f"""\
        target: {{program: {native / 'nexec'}, adapter: {adapter}}}
        breakpoints:
          - "{native / 'nexec.c'}:{line} hit %2"
        steps:
          - continue: {{}}
            expect: {{line: {line}, locals.i.value: "1"}}
          - continue: {{}}
            expect: {{line: {line}, locals.i.value: "3"}}
        """))
    done = subprocess.run([*DAPCLI, "run", str(recipe)], capture_output=True, text=True, timeout=180,
                          env=Cli(native).env, cwd=native)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("adapter", each("lldb", "codelldb"))
def test_set_a_member_of_an_anonymous_struct_and_union(adapter: str, native: Path, cli: Cli) -> None:
    line = marker_line(native / "nvals.c", "inner")
    cli("launch", "./nvals", "--adapter", adapter, "-b", f"nvals.c:{line}")
    assert cli.json("set", "an.y", "8")["value"] == "8"
    assert cli.json("set", "an.q", "1.5")["value"] == "1.5"
    assert cli.json("eval", "an.y")["result"] == "8"
    assert cli.json("eval", "an.q")["result"] == "1.5"


@pytest.mark.parametrize("adapter", each("gdb"))
def test_members_cdt_cannot_list_leave_the_rest_of_vars_and_set_says_how(adapter: str, native: Path,
                                                                          cli: Cli) -> None:
    line = marker_line(native / "nvals.c", "inner")
    cli("launch", "./nvals", "--adapter", adapter, "-b", f"nvals.c:{line}")
    shown = cli("vars", "--depth", "2", "--filter", "an").out
    assert "x = 1" in shown and "Variable object not found" in shown, shown  # cdt's answer, in its row
    refused = cli("set", "an.y", "8", check=2)
    assert "cannot reach an.y" in refused.err and "dapcli eval 'an.y = VALUE'" in refused.err, refused.err
    assert cli.json("eval", "an.y = 8")["result"] == "8"


@pytest.mark.parametrize("adapter", each("lldb", "codelldb"))  # cdt lists 25 locals at the stop, 24 after
def test_a_stop_says_how_many_locals_it_does_not_show(adapter: str, native: Path, cli: Cli) -> None:
    line = marker_line(native / "nvals.c", "inner")
    state = cli.json("launch", "./nvals", "--adapter", adapter, "-b", f"nvals.c:{line}")
    total = cli.json("vars")["total"]
    assert total > 20 and len(state["locals"]) == 20
    assert state["localsTruncated"] == total - 20
    cli("stop")
    text = cli("launch", "./nvals", "--adapter", adapter, "-b", f"nvals.c:{line}").out
    assert f"… {total - 20} more (`dapcli vars`)" in text, text


@pytest.mark.parametrize("adapter", each("lldb"))
def test_mcp_stop_text_counts_the_locals_it_leaves_out(adapter: str, native: Path) -> None:
    line = marker_line(native / "nvals.c", "inner")

    async def body() -> None:
        async with mcp_client() as client:
            result = await call_tool(client, "launch", {"program": str(native / "nvals"), "adapter": adapter,
                                                        "breakpoints": [f"{native / 'nvals.c'}:{line}"]})
            structured = dict(result.structured_content)
            total = len(structured["locals"]) + structured["localsTruncated"]
            listed = (await call(client, "variables", {}))["total"]
            assert total == listed
            text = "".join(c.text for c in result.content if hasattr(c, "text"))
            shown = text.split("locals:", 1)[1].split("… (+", 1)[1].split(" more", 1)[0]
            assert int(shown) + text.split("locals:", 1)[1].split("… (+", 1)[0].count("=") >= total, text
            await call(client, "stop")

    run_async(body)


@pytest.mark.parametrize("adapter", each("gdb", "lldb"))
def test_a_negative_value_on_the_command_line(adapter: str, native: Path, cli: Cli) -> None:
    line = marker_line(native / "nvals.c", "inner")
    cli("launch", "./nvals", "--adapter", adapter, "-b", f"nvals.c:{line}")
    assert cli.json("set", "x", "-7")["value"] == "-7"
    assert cli.json("eval", "-x")["result"] == "7"
    assert cli("eval", "x").out.startswith("-7")


@pytest.mark.parametrize("adapter", each("gdb", "lldb"))
def test_log_point_values_on_every_native_adapter(adapter: str, native: Path, cli: Cli) -> None:
    """cdt-gdb-adapter printed ``i={i}`` as written; dapcli fills in the values (as lldb-dap does)."""
    loop, square = marker_line(native / "nexec.c", "loop"), marker_line(native / "nexec.c", "square")
    state = cli.json("launch", "./nexec", "--adapter", adapter, "-b", f"nexec.c:{loop} log i={{i}} total={{total}}",
                     "-b", f"nexec.c:{square}")
    assert state["location"]["line"] == square
    said = "".join(c["output"] for c in cli.json("output")["chunks"])
    lines = [line for line in said.splitlines() if line.startswith("i=")]
    assert lines == ["i=0 total=0", "i=1 total=0", "i=2 total=1", "i=3 total=3", "i=4 total=6", "i=5 total=10"], said


@pytest.mark.parametrize("adapter", each("gdb"))
def test_log_point_with_a_hit_condition_over_mcp(adapter: str, native: Path) -> None:
    loop, square = marker_line(native / "nexec.c", "loop"), marker_line(native / "nexec.c", "square")

    async def body() -> None:
        async with mcp_client() as client:
            state = await call(client, "launch", {
                "program": str(native / "nexec"), "adapter": adapter,
                "breakpoints": [f"{native / 'nexec.c'}:{loop} hit %2 log i={{i}} bad={{nosuch}}",
                                f"{native / 'nexec.c'}:{square}"]})
            assert state["location"]["line"] == square
            said = "".join(c["output"] for c in (await call(client, "output", {}))["chunks"])
            lines = [line for line in said.splitlines() if line.startswith("i=")]
            assert [line.split(" bad=")[0] for line in lines] == ["i=1", "i=3", "i=5"], said
            assert all(line.split(" bad=")[1].startswith("<") for line in lines), said  # the error, marked
            await call(client, "stop")

    run_async(body)


@pytest.mark.parametrize("adapter", each("lldb", "codelldb", "gdb"))
def test_watchpoint_on_a_static_global_and_its_stop_is_a_watchpoint(adapter: str, native: Path, cli: Cli) -> None:
    """lldb-dap and CodeLLDB answered "variable not found" (the name was looked up in the locals
    only); cdt reported the stop as ``generic``."""
    loop = marker_line(native / "nexec.c", "loop")
    cli("launch", "./nexec", "--adapter", adapter, "-b", f"nexec.c:{loop}")
    added = cli.json("watchpoint", "add", "total")
    assert added["dataBreakpoints"][0]["verified"] is True
    cli("break", "clear")  # (break clear deletes watchpoints too: add it again)
    cli.json("watchpoint", "add", "total")
    state = cli.json("continue")  # i = 0: total += 0 writes the same value (gdb stops only on a change)
    if adapter == "gdb":
        assert state["reason"] == "watchpoint" and state["rawReason"] == "generic", state
        assert state["description"] == "watchpoint: total (old value 0, new value 1)", state
    else:
        assert state["reason"] == "watchpoint", state
    assert cli.json("eval", "total")["result"] in ("0", "1")


@pytest.mark.parametrize("adapter", each("lldb", "codelldb", "gdb"))
def test_set_a_char_an_enum_and_a_bool_as_written_in_c(adapter: str, native: Path, cli: Cli) -> None:
    """lldb refused ``'B'``, ``BLUE`` and ``false`` ("is not a valid integer string value"); gdb takes them."""
    line = marker_line(native / "nvals.c", "inner")
    cli("launch", "./nvals", "--adapter", adapter, "-b", f"nvals.c:{line}")
    cli("set", "ch", "'B'")
    cli("set", "col", "BLUE")
    cli("set", "uc", "65")
    assert cli.json("eval", "ch")["result"] in ("'B'", "66 'B'")
    assert cli.json("eval", "col")["result"] == "BLUE"
    assert cli.json("eval", "(int)ch + (int)uc")["result"] == "131"
    if adapter != "gdb":  # gdb (C) has no `false` without stdbool's macro in its debug info
        cli("set", "flag", "false")
        assert cli.json("eval", "flag")["result"] == "false"
    refused = cli("set", "ch", "'nope", check=5)
    assert "error:" in refused.err and "Traceback" not in refused.err


@pytest.mark.parametrize("adapter", each("gdb"))
def test_a_value_gdb_cannot_read_is_an_error_not_an_empty_value(adapter: str, native: Path, cli: Cli) -> None:
    """cdt answers ``*p`` with ``p`` NULL as ``success`` with an empty result."""
    line = marker_line(native / "nvals.c", "inner")
    cli("launch", "./nvals", "--adapter", adapter, "-b", f"nvals.c:{line}")
    cli("set", "px", "0")
    refused = cli("eval", "*px", check=5)
    assert "could not read the value of *px (int)" in refused.err and "print *px" in refused.err, refused.err
    assert "Cannot access memory at address 0x0" in cli("console", "print *px", check=None).err


@pytest.mark.parametrize("adapter", each("lldb"))
def test_a_refused_set_that_changed_the_value_says_so(adapter: str, native: Path, cli: Cli) -> None:
    """lldb 19 writes a ``long double`` and answers "unable to write value to memory"."""
    line = marker_line(native / "nvals.c", "inner")
    cli("launch", "./nvals", "--adapter", adapter, "-b", f"nvals.c:{line}")
    done = cli("set", "ld", "1.25", check=None)
    if done.code == 0:  # a later lldb that writes it without complaint
        assert cli.json("eval", "ld")["result"] == "1.25"
        return
    assert "unable to write value to memory" in done.err and "ld now reads 1.25; it was 3.75" in done.err, done.err
    assert cli.json("eval", "ld")["result"] == "1.25"


@pytest.mark.parametrize("adapter", each("codelldb", "lldb", "gdb"))
def test_set_an_array_element(adapter: str, native: Path, cli: Cli) -> None:
    """CodeLLDB refuses ``setVariable`` on any array element ("Could not set variable value.")."""
    line = marker_line(native / "nvals.c", "inner")
    cli("launch", "./nvals", "--adapter", adapter, "-b", f"nvals.c:{line}")
    assert cli.json("set", "grid[1][2]", "99")["value"] == "99"
    cli("set", "emb[0]", "'z'")
    assert cli.json("eval", "grid[1][2]")["result"] == "99"
    assert cli.json("eval", "(int)emb[0]")["result"] == "122"


@pytest.mark.parametrize("adapter", each("lldb"))
def test_a_watchpoint_hit_condition_lldb_cannot_mean_is_refused(adapter: str, native: Path, cli: Cli) -> None:
    loop = marker_line(native / "nexec.c", "loop")
    cli("launch", "./nexec", "--adapter", adapter, "-b", f"nexec.c:{loop}")
    refused = cli("watchpoint", "add", "total", "--hit-condition", "%2", check=2)
    assert "cannot stop a watchpoint on hit %2" in refused.err, refused.err
    assert cli.json("watchpoint", "list")["dataBreakpoints"] == []


@pytest.mark.parametrize("adapter", each("gdb", "lldb"))
def test_a_shadowed_variable_is_not_given_the_inner_ones_value(adapter: str, native: Path, cli: Cli) -> None:
    """cdt lists both ``shadow`` (inner first) and reads both by name: the outer one showed 2, not 1."""
    line = marker_line(native / "nshadow.c", "inner")
    state = cli.json("launch", "./nshadow", "--adapter", adapter, "-b", f"nshadow.c:{line}")
    values = [(v["name"], v["value"]) for v in state["locals"] if v["name"].startswith("shadow")]
    if adapter == "lldb":  # lldb-dap names them apart and reads each
        assert sorted(values) == [("shadow @ nshadow.c:3", "1"), ("shadow @ nshadow.c:6", "2")], values
    else:
        assert values[0] == ("shadow", "2") and all(v != "1" and v != "2" for _, v in values[1:]), values
        assert all("hidden by an inner shadow" in v for _, v in values[1:]), values
