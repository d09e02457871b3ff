"""Go values as Delve sends them, shown without a blank or a wrong count: the value a pointer
points to (Delve names it ``""``) is named ``*pp``; a value that Delve cut itself (a string at
512 bytes ``...+2288 more"``, a slice at 64 items ``...+936 more]``, a map's one-line text at
256 characters ``...``) says so and says what shows the rest, in the CLI's text and ``--json``
and over MCP; ``vars --max-length 0`` gets Delve's whole string; the ``stack`` and ``threads``
tables head their id column ``id``, as the JSON and DAP's ``StackFrame``/``Thread`` do."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from fid_helpers import GO, Cli, call, marker_line, mcp_client, needs, run_async

pytestmark = [pytest.mark.slow, needs("go")]

LONG = "héllo wörld " * 200


@pytest.fixture(scope="module")
def govalues(programs: Path) -> Path:
    """programs/govalues built for debugging."""
    if GO is None:
        pytest.skip("needs go to build the Go program")
    folder = programs / "govalues"
    done = subprocess.run([GO, "build", "-gcflags=all=-N -l", "-o", "govalues", "."], cwd=folder,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return folder / "govalues"


def _launch(cli: Cli, govalues: Path) -> None:
    source = govalues.parent / "main.go"
    cli("launch", str(govalues), "-b", f"{source}:{marker_line(source, 'ready')}")


def _error(cli: Cli, *args: str) -> dict:  # type: ignore[type-arg]
    """The ``--json`` error of a command the adapter refuses (exit 5)."""
    return json.loads(cli("--json", *args, check=5).err)["error"]  # type: ignore[no-any-return]


def _row(listing: dict, name: str) -> dict:  # type: ignore[type-arg]
    return next(v for v in listing["variables"] if v["name"] == name)


def test_the_value_a_pointer_points_to_is_named(govalues: Path, cli: Cli) -> None:
    _launch(cli, govalues)
    text = cli("vars", "--filter", "pp", "--depth", "2").out
    assert "└── *pp = main.Point {X: 1" in text, text
    child = cli.json("eval", "pp", "--depth", "1")["children"][0]
    assert (child["name"], child["value"]) == ("*pp", 'main.Point {X: 1, Y: 2, Name: "pünkt"}')
    chain = cli("eval", "list", "--depth", "3").out
    assert "*list = main.Node {Val: 1" in chain and "*list.Next = main.Node {Val: 2" in chain, chain
    # the adapter's own (empty) name still sets it
    assert cli("set", "pp.X", "7").code == 0
    assert cli.json("eval", "p.X")["result"] == "7"


def test_a_string_delve_cut_says_so_and_comes_whole(govalues: Path, cli: Cli) -> None:
    _launch(cli, govalues)
    row = _row(cli.json("vars", "--filter", "long"), "long")
    assert "valueTruncated" not in row, row  # Delve cut it first: a count of dapcli's cut would be false
    assert "Delve left out 2288 more bytes" in row["valueCutByAdapter"], row
    text = cli("vars", "--filter", "long").out
    assert "Delve left out 2288 more bytes of this string; max length 0 asks it for the whole" in " ".join(
        line.strip(" │") for line in text.splitlines()), text
    whole = _row(cli.json("vars", "--filter", "long", "--max-length", "0"), "long")
    assert whole["value"] == f'"{LONG}"' and "valueCutByAdapter" not in whole
    evaluated = cli.json("eval", "long")
    assert "Delve left out 2288 more bytes" in evaluated["valueCutByAdapter"]
    assert cli.json("eval", "long", "--max-length", "0")["result"] == f'"{LONG}"'


def test_a_slice_and_a_map_delve_cut_point_to_their_items(govalues: Path, cli: Cli) -> None:
    _launch(cli, govalues)
    listing = cli.json("vars", "--filter", "big*")
    big, bigmap = _row(listing, "big"), _row(listing, "bigmap")
    assert big["valueCutByAdapter"] == ("Delve shows only the first items of this value (936 more); variables of "
                                        f"variablesReference {big['variablesReference']} lists them all")
    assert "Delve cut this text" in bigmap["valueCutByAdapter"], bigmap
    evaluated = cli.json("eval", "big", "--max-length", "0")
    assert evaluated["result"].endswith(",...+936 more]")
    assert "(936 more)" in evaluated["valueCutByAdapter"]
    in_full = _row(cli.json("vars", "--filter", "bigmap", "--max-length", "0"), "bigmap")
    assert in_full["value"].endswith(",...+236 more]") and "(236 more)" in in_full["valueCutByAdapter"]
    page = cli.json("vars", "--variables-reference", str(big["variablesReference"]), "--start", "998", "--count", "5")
    assert [(v["name"], v["value"]) for v in page["variables"]] == [("[998]", "1996"), ("[999]", "1998")]


def test_set_says_the_value_the_variable_took(govalues: Path, cli: Cli) -> None:
    # Delve answers setVariable with the expression it was sent ("3+4"), not the value (7)
    _launch(cli, govalues)
    assert cli("set", "n", "3+4").out.strip() == "n = 7"
    assert cli.json("set", "p.X", "p.Y+8")["value"] == "10"
    # the pointer's target, as `vars` names it, can be set
    assert cli("set", "*ip", "n*2").out.strip() == "*ip = 14"
    assert cli.json("eval", "n")["result"] == "14" and cli.json("eval", "p.X")["result"] == "10"


def test_refusals_of_an_expression_say_what_to_do(govalues: Path, cli: Cli) -> None:
    _launch(cli, govalues)
    unknown = _error(cli, "eval", "nosuch")
    assert "could not find symbol value for nosuch" in unknown["message"]
    assert "`dapcli vars` lists the names this frame sees" in unknown["hint"]
    assert "dapcli vars" in _error(cli, "eval", "big[5000]")["hint"]
    refused = _error(cli, "set", "n", '"text"')
    assert "can not convert" in refused["message"] and "give n a value of its own type" in refused["hint"]


def test_a_fatal_error_is_an_exception_with_its_message(govalues: Path, cli: Cli) -> None:
    # Delve answers exceptionInfo for a fatal error with "no runtime error found"
    state = cli.json("launch", str(govalues), "--", "deadlock")
    assert state["reason"] == "exception" and state["location"]["line"] == marker_line(
        govalues.parent / "main.go", "deadlock")
    assert state["exception"] == {"exceptionId": "fatal error",
                                  "description": '"all goroutines are asleep - deadlock!"'}, state


@pytest.fixture(scope="module")
def gosteps(programs: Path) -> Path:
    """programs/gosteps built for debugging."""
    if GO is None:
        pytest.skip("needs go to build the Go program")
    folder = programs / "gosteps"
    done = subprocess.run([GO, "build", "-gcflags=all=-N -l", "-o", "gosteps", "."], cwd=folder,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return folder / "gosteps"


def test_a_step_delve_refuses_is_an_error_not_an_exception(gosteps: Path, cli: Cli) -> None:
    source = gosteps.parent / "main.go"
    cli("launch", str(gosteps), "-b", f"{source}:{marker_line(source, 'release')}",
        "-b", f"{source}:{marker_line(source, 'worker')}")
    interrupted = cli.json("next")
    assert interrupted["reason"] == "breakpoint" and interrupted["threadId"] != 1, interrupted
    assert interrupted["location"]["line"] == marker_line(source, "worker")
    assert any("interrupted the next of goroutine 1" in w for w in interrupted["warnings"]), interrupted
    refused = json.loads(cli("--json", "next", check=4).err)["error"]
    assert refused["message"] == ("Delve did not run next: Unable to step while the previous step is "
                                  "interrupted by a breakpoint."), refused
    assert refused["hint"].startswith("`dapcli continue` finishes the step")
    assert "Traceback" not in cli("next", check=4).err
    still = cli.json("status")["stop"]  # where the breakpoint left it, not an "exception"
    assert (still["reason"], still["location"]["line"]) == ("breakpoint", marker_line(source, "worker")), still
    finished = cli.json("continue")
    assert (finished["reason"], finished["threadId"]) == ("step", 1), finished
    assert finished["location"]["line"] == marker_line(source, "after")


def test_a_shadowed_variable_is_not_set_through_the_inner_one(gosteps: Path, cli: Cli) -> None:
    # Delve's setVariable of `(x)` evaluates the name: it sets the inner x and answers success
    source = gosteps.parent / "main.go"
    cli("launch", str(gosteps), "-b", f"{source}:{marker_line(source, 'shadow')}")
    refused = cli("set", "(x)", "9", check=2)
    assert "Delve cannot set (x), the x that an inner one shadows" in refused.err, refused.err
    assert "step past the inner block" in refused.err
    assert {v["name"]: v["value"] for v in cli.json("vars")["variables"]} == {"(x)": "1", "x": "2"}
    assert cli("set", "x", "7").out.strip() == "x = 7"


def test_stack_and_threads_head_their_id_column_id(govalues: Path, cli: Cli) -> None:
    _launch(cli, govalues)
    stack = cli("stack").out.splitlines()[0].split()
    assert stack[-1] == "id" and "frameId" not in stack, stack
    assert cli("stack").out.splitlines()[1].split()[-1].isdigit()  # Delve renews the ids per stackTrace
    threads = cli("threads").out.splitlines()[0].split()
    assert threads[0] == "id" and "threadId" not in threads, threads


def test_over_mcp_the_names_and_the_cuts_are_said(govalues: Path) -> None:
    source = govalues.parent / "main.go"

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(govalues),
                                          "breakpoints": [f"{source}:{marker_line(source, 'ready')}"]})
            result = await client.call_tool("evaluate", {"expression": "pp", "depth": 1})
            assert result.structured_content["children"][0]["name"] == "*pp"
            assert "*pp = main.Point" in result.content[0].text, result.content[0].text
            listed = await client.call_tool("variables", {"filter": "long"})
            assert "Delve left out 2288 more bytes" in listed.content[0].text, listed.content[0].text
            await call(client, "stop")

    run_async(body)
