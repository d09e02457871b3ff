"""A handle lives for one stop, and no cache outlives what made it (issue: stale handles).

* ``restart`` runs the program again in a new session object: its adapter numbers its handles
  from the start again, and dapcli's numbers used to start again too, so a ``variablesReference``
  or ``frameId`` of the old run silently showed a value of the new one. The numbers now go on
  from the old run's, and an old one is refused with the one line that says which verb lists
  them again — on the CLI and over MCP.
* ``status`` (read only) reset the selected frame to the stop's top: after ``up``, ``eval`` ran
  in the wrong frame.
* An ``evaluate`` that grows a vector (``v.push_back(9)``) left the children count learned at
  the stop in place: ``vars`` of the vector listed its old length.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from fid_helpers import CC, DAPCLI, GO, Cli, call, call_error, each, marker_line, mcp_client, run_async

pytestmark = pytest.mark.slow

CXX = shutil.which("g++") or shutil.which("clang++")
EARLIER = "is from an earlier stop (the program has run since)"


@pytest.fixture(scope="module")
def built(programs: Path) -> dict[str, Path]:
    """family → program: refs.py, handles.c (``-g -O0``), gohandles (``-N -l``), grows.cpp."""
    found = {"python": programs / "refs.py"}
    if CC is not None:
        done = subprocess.run([CC, "-g", "-O0", "-o", "handles", "handles.c"], cwd=programs,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        found["c"] = programs / "handles"
    if CXX is not None:
        done = subprocess.run([CXX, "-g", "-O0", "-o", "grows", "grows.cpp"], cwd=programs,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        found["cpp"] = programs / "grows"
    if GO is not None:
        folder = programs / "gohandles"
        done = subprocess.run([GO, "build", "-gcflags=all=-N -l", "-o", "gohandles", "."], cwd=folder,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        found["go"] = folder / "gohandles"
    return found


def _target(adapter: str, built: dict[str, Path]) -> tuple[list[str], Path, int, str, dict[str, str]]:
    """(launch words, source, stop line, the local to expand, its children's values)."""
    if adapter == "debugpy":
        source = built["python"]
        return [str(source)], source, marker_line(source, "bp"), "other", {"0": "'x'", "1": "'y'"}
    family = "go" if adapter == "go" else "c"
    if family not in built:
        pytest.skip(f"cannot build the {family} program here")
    program = built[family]
    source = program.parent / ("main.go" if family == "go" else "handles.c")
    member = "a" if family == "c" else "A"
    return ([str(program), "--adapter", adapter], source, marker_line(source, "start"), "first",
            {member.lower(): "1", "b": "2"})


def _refs(state: dict) -> dict[str, int]:
    return {v["name"]: v.get("variablesReference", 0) for v in state.get("locals") or state.get("variables") or []}


def _children(listed: dict) -> dict[str, str]:
    """Name → value of the members and elements (debugpy's ``len()`` left out)."""
    return {v["name"].lower().strip("[]"): v["value"] for v in listed["variables"] if v["name"] != "len()"}


def _elements(listed: dict) -> list[str]:
    """The values of the indexed children (CodeLLDB's ``[raw]`` view left out)."""
    return [v["value"] for v in listed["variables"] if v["name"][1:-1].isdigit()]


@pytest.mark.parametrize("adapter", [pytest.param("debugpy", id="debugpy"), *each("lldb", "gdb", "go")])
def test_a_handle_of_the_run_before_a_restart_is_refused(adapter: str, built: dict[str, Path], cli: Cli) -> None:
    words, source, line, local, children = _target(adapter, built)
    first = cli.json("launch", *words, "-b", f"{source}:{line}")
    assert first["location"]["line"] == line, first
    old = _refs(cli.json("vars"))[local]
    assert _children(cli.json("vars", "--variables-reference", str(old))) == children
    old_frame = cli.json("stack")["frames"][0]["id"]

    again = cli.json("restart")
    assert again["location"]["line"] == line, again
    refused = cli("vars", "--variables-reference", str(old), check=2)
    assert refused.err.startswith(f"error: variablesReference {old} {EARLIER}; list the variables again "
                                  "with `dapcli vars`\n"), refused.err
    assert refused.out == ""
    refused = cli("eval", "1", "--frame-id", str(old_frame), check=2)
    assert f"frameId {old_frame} {EARLIER}; list the frames again with `dapcli stack`" in refused.err, refused.err

    now = _refs(cli.json("vars"))[local]  # the new run's numbers are new, and show the new run's values
    assert now > old
    assert _children(cli.json("vars", "--variables-reference", str(now))) == children


def test_an_agent_holding_a_handle_across_a_restart_is_told_to_list_again(built: dict[str, Path]) -> None:
    source = built["python"]
    line = marker_line(source, "bp")

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": str(source), "breakpoints": [f"{source}:{line}"]})
            old = _refs(await call(client, "variables"))["other"]
            old_frame = (await call(client, "stackTrace"))["frames"][0]["id"]
            await call(client, "more", {"verb": "restart"})
            text = await call_error(client, "variables", {"variablesReference": old})
            assert f"variablesReference {old} {EARLIER}; list the variables again with `variables`" in text, text
            text = await call_error(client, "evaluate", {"expression": "tag", "frameId": old_frame})
            assert f"frameId {old_frame} {EARLIER}; list the frames again with `stackTrace`" in text, text
            now = _refs(await call(client, "variables"))["other"]
            assert _children(await call(client, "variables", {"variablesReference": now})) == {"0": "'x'",
                                                                                               "1": "'y'"}
            await call(client, "stop")

    run_async(body)


@pytest.mark.parametrize("adapter", [pytest.param("debugpy", id="debugpy"), *each("lldb", "gdb")])
def test_status_keeps_the_frame_selected_at_the_same_stop(adapter: str, built: dict[str, Path], cli: Cli) -> None:
    if adapter == "debugpy":
        source = built["python"]
        cli.json("launch", str(source), "-b", f"{source}:{marker_line(source, 'bp')}")
        caller = "<module>"
    else:
        if "c" not in built:
            pytest.skip("no C compiler")
        source = built["c"].parent / "handles.c"
        cli.json("launch", str(built["c"]), "--adapter", adapter, "-b", "use")
        caller = "main"
    assert cli.json("up")["frame"]["name"] == caller
    status = cli.json("status")
    assert status["stop"]["frames"][0]["name"] != caller  # the stop is where it was
    selected = [f["name"] for f in cli.json("stack")["frames"] if f.get("selected")]
    assert selected == [caller]
    if adapter != "debugpy":
        assert cli.json("eval", "n")["result"] == "5"  # main's n, not use's missing one


@pytest.mark.parametrize("adapter", each("lldb", "codelldb"))
def test_children_are_counted_again_after_an_evaluate_grows_a_value(adapter: str, built: dict[str, Path],
                                                                     cli: Cli) -> None:
    if "cpp" not in built:
        pytest.skip("no C++ compiler")
    source = built["cpp"].parent / "grows.cpp"
    cli.json("launch", str(built["cpp"]), "--adapter", adapter, "-b", f"{source}:{marker_line(source, 'stop')}")
    vector = _refs(cli.json("vars"))["v"]
    assert _elements(cli.json("vars", "--variables-reference", str(vector))) == ["1", "2", "3"]
    cli("eval", "v.push_back(9)", check=None)  # lldb answers a void call with an error; it ran
    assert cli.json("eval", "v.size()")["result"] == "4"
    listed = cli.json("vars", "--variables-reference", str(vector))
    assert _elements(listed) == ["1", "2", "3", "9"]
    page = cli.json("vars", "--variables-reference", str(vector), "--start", "3", "--count", "1")
    assert _elements(page) == ["9"]


BEFORE_CHANGE = "was listed before a value changed at this stop (set, eval) and would show the old values"


@pytest.mark.parametrize("adapter", each("go"))
def test_a_reference_listed_before_a_set_is_refused_where_the_adapter_keeps_old_values(
        adapter: str, built: dict[str, Path], cli: Cli) -> None:
    words, source, line, local, _ = _target(adapter, built)
    cli.json("launch", *words, "-b", f"{source}:{line}")
    old = _refs(cli.json("vars"))[local]
    assert _children(cli.json("vars", "--variables-reference", str(old))) == {"a": "1", "b": "2"}
    assert cli.json("set", "first.A", "7")["value"] == "7"
    refused = cli("vars", "--variables-reference", str(old), check=2)  # Delve would list A = 1
    assert refused.err.startswith(f"error: variablesReference {old} {BEFORE_CHANGE}; list the variables again "
                                  "with `dapcli vars`\n"), refused.err
    now = _refs(cli.json("vars"))[local]
    assert now != old
    assert _children(cli.json("vars", "--variables-reference", str(now))) == {"a": "7", "b": "2"}
    assert cli.json("eval", "first.A")["result"] == "7"
    assert cli.json("eval", "first.A + 1")["result"] == "8"  # a plain read changes nothing: the number stays
    assert cli.json("eval", 'len("abc")')["result"] == "3"  # nor does a builtin (only Delve's `call f()` runs code)
    assert _children(cli.json("vars", "--variables-reference", str(now))) == {"a": "7", "b": "2"}


@pytest.mark.parametrize("adapter", each("go"))
def test_an_agent_holding_a_reference_across_a_set_is_told_to_list_again(adapter: str,
                                                                         built: dict[str, Path]) -> None:
    words, source, line, local, _ = _target(adapter, built)

    async def body() -> None:
        async with mcp_client() as client:
            await call(client, "launch", {"program": words[0], "adapter": adapter,
                                          "breakpoints": [f"{source}:{line}"]})
            old = _refs(await call(client, "variables"))[local]
            await call(client, "more", {"verb": "setVariable", "arguments": {"name": "first.B", "value": "9"}})
            text = await call_error(client, "variables", {"variablesReference": old})
            assert f"variablesReference {old} {BEFORE_CHANGE}; list the variables again with `variables`" in text
            now = _refs(await call(client, "variables"))[local]
            assert _children(await call(client, "variables", {"variablesReference": now})) == {"a": "1", "b": "9"}
            await call(client, "stop")

    run_async(body)


def test_the_repl_refuses_a_frame_of_the_run_before_a_restart(built: dict[str, Path], cli: Cli) -> None:
    source = built["python"]
    line = marker_line(source, "bp")
    commands = "stack\nrestart\nframe --frame-id 1\nstack\nquit\n"  # the first stop's frames are numbered from 1
    done = subprocess.run([*DAPCLI, "repl", str(source), "-b", f"{source}:{line}"], input=commands, text=True,
                          capture_output=True, env=cli.env, cwd=cli.cwd, timeout=120)
    out = done.stdout.replace("\r", "\n")
    assert done.returncode == 0, done.stderr
    assert f"frameId 1 {EARLIER}; list the frames again with `stack`" in out, out
    assert out.count(f"refs.py:{line}") >= 2  # the new run stopped where the old one did


def test_a_recipe_step_with_a_reference_saved_before_a_restart_fails_with_the_refusal(
        built: dict[str, Path], cli: Cli, tmp_path: Path) -> None:
    source = built["python"]
    recipe = tmp_path / "restart.yaml"
    recipe.write_text(f"""target:
  program: {source}
breakpoints: ["{source}:{marker_line(source, 'bp')}"]
steps:
  - continue: {{}}
  - variables: {{name: other}}
    save: {{ref: variables.0.variablesReference}}
  - restart: {{}}
  - variables: {{variablesReference: "${{ref}}"}}
""")
    done = cli("run", str(recipe), check=2)
    assert f"{EARLIER}; list the variables again with `dapcli vars`" in done.out, done.out
    assert "step 4 (variables)" in done.out


def test_an_agent_holding_a_handle_of_an_ended_session_is_refused_in_a_new_one_of_the_same_name(
        built: dict[str, Path]) -> None:
    source = built["python"]
    line = marker_line(source, "bp")

    async def body() -> None:
        async with mcp_client() as client:
            launch = {"program": str(source), "breakpoints": [f"{source}:{line}"]}
            await call(client, "launch", launch)
            old = _refs(await call(client, "variables"))["other"]
            await call(client, "stop")
            await call(client, "launch", launch)  # `default` again, numbered from 1 by its adapter
            text = await call_error(client, "variables", {"variablesReference": old})
            assert f"variablesReference {old} {EARLIER}; list the variables again with `variables`" in text, text
            now = _refs(await call(client, "variables"))["other"]
            assert now > old
            assert _children(await call(client, "variables", {"variablesReference": now})) == {"0": "'x'",
                                                                                               "1": "'y'"}
            await call(client, "stop")

    run_async(body)
