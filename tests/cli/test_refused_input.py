"""Input that must be refused on the command line (issue 26: items 10, 12): one line, exit 2,
nothing started."""

from __future__ import annotations

import pytest
from conftest import PYTHON, Cli, one_line_error

NAME_RULE = "write NAME=VALUE with NAME of letters, digits and _, not starting with a digit, e.g. DEBUG=1"


@pytest.mark.parametrize(("entry", "shown"), [
    ("A/B=1", "'A/B'"), ("A B=1", "'A B'"), ("A\nB=1", "'A\\nB'"), ("1ABC=2", "'1ABC'"), ("=1", "''"),
    ("-X=1", "'-X'"),
])
def test_launch_refuses_a_bad_environment_name(dc: Cli, entry: str, shown: str) -> None:
    done = dc.run("launch", "hello.py", "--python", PYTHON, "--env", entry, "--timeout", "5", check=2)
    assert one_line_error(done.err) == f"error: launch: env: bad environment name {shown}: {NAME_RULE}"
    assert done.out == ""
    assert dc.run("sessions").out.startswith("No sessions")


def test_launch_refuses_an_environment_entry_without_a_value(dc: Cli) -> None:
    err = dc.run("launch", "hello.py", "--python", PYTHON, "--env", "DEBUG", check=2).err
    assert one_line_error(err) == f"error: launch: env: bad environment entry 'DEBUG' (no =): {NAME_RULE}"


def test_a_long_bad_name_is_cut_in_the_message(dc: Cli) -> None:
    err = dc.run("launch", "hello.py", "--python", PYTHON, "--env", "/" * 5000 + "=1", check=2).err
    line = one_line_error(err)
    assert f"error: launch: env: bad environment name '{'/' * 60}'… (5000 characters): " in line
    assert len(line) < 300


def test_good_names_reach_the_program(dc: Cli) -> None:
    dc.launch("env_show.py", "show", options=("--env", "DEBUG=a=b", "--env", "_N1=x"))
    assert dc.json("eval", "os.environ['DEBUG'], os.environ['_N1']")["result"] == "('a=b', 'x')"


def test_the_host_rpc_is_strict(dc: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """A client of the session host's socket gets the same strict model as every frontend."""
    from dapcli.dispatch import remote
    from dapcli.errors import UsageError

    dc.launch("loops.py", "call")
    monkeypatch.setenv("DAPCLI_RUNTIME_DIR", dc.runtime_dir)
    monkeypatch.delenv("DAPCLI_SESSION", raising=False)
    for verb, args, message in [
        ("stackTrace", {"levels": "3"}, "stackTrace: levels: must be a valid integer"),
        ("stackTrace", {"levels": True}, "stackTrace: levels: expected int, got a boolean"),
        ("evaluate", {"expression": 5}, "evaluate: expression: must be a valid string"),
        ("setBreakpoint", {"location": 3}, "setBreakpoint: location: must be a valid string"),
    ]:
        with remote.connect("default") as client, pytest.raises(UsageError) as caught:
            client.call(verb, args)
        assert caught.value.message == message
    assert dc.json("status")["state"] == "stopped"


@pytest.mark.parametrize("location", ["orders.py:1:3:4", "orders.py:1:3"])
def test_a_location_with_a_column_is_refused(dc: Cli, tmp_path, location: str) -> None:
    (tmp_path / "orders.py").write_text("x = 1\nprint('hi', x)\n")
    done = dc.run("launch", "orders.py", "--python", PYTHON, "-b", location, cwd=tmp_path, check=2)
    assert one_line_error(done.err) == (f"error: bad breakpoint location {location!r}: a location is FILE:LINE "
                                        "with one line number (no column)")
    assert "hint: write FILE:LINE, e.g. prog.py:12" in done.err
    assert dc.run("sessions").out.startswith("No sessions")


def test_a_breakpoint_that_never_bound_is_told_at_the_end(dc: Cli, tmp_path) -> None:
    (tmp_path / "orders.py").write_text("x = 1\nprint('hi', x)\n")
    done = dc.run("--json", "launch", "orders.py", "--python", PYTHON, "-b", "order.py:2", "--timeout", "30",
                  cwd=tmp_path, timeout=60)
    dc.sessions.add("default")
    state = done.json()
    assert state["status"] in ("exited", "terminated")
    assert "breakpoint 1 at order.py:2 never bound: there is no order.py (did you mean orders.py?)" in state["warnings"]
    said = dc.run("launch", "orders.py", "--python", PYTHON, "-b", "order.py:2", "--session", "t", "--timeout", "30",
                  cwd=tmp_path, timeout=60)
    dc.sessions.add("t")
    assert ("warning: breakpoint 1 at order.py:2 never bound: there is no order.py (did you mean orders.py?)"
            in said.out + said.err)


def test_a_huge_session_file_is_refused_before_it_is_read(dc: Cli) -> None:
    """Reading a 100 MB session file took 2 s and 208 MB."""
    import os

    path = os.path.join(dc.runtime_dir, "default.json")
    with open(path, "w") as handle:
        handle.write('{"pid": 1,')
        handle.truncate(100 * 1024 * 1024)
    os.chmod(path, 0o600)
    err = dc.run("status", check=3).err
    assert one_line_error(err) == ("error: session file of 'default' is too large (104857600 bytes; at most 4194304): "
                                   "not read")
    assert f"hint: remove it: rm {path}" in err


def test_a_long_program_name_is_cut_in_the_error(dc: Cli) -> None:
    """A 5,000-character program name gave a 10 KB error line."""
    name = "p" * 5000 + ".py"
    line = one_line_error(dc.run("launch", name, "--python", PYTHON, check=2).err)
    shown = "p" * 79 + "…[4845 characters]…" + "p" * 76 + ".py"
    assert line.startswith(f"error: program not found: {shown} (looked at ")
    assert len(line) < 500


def test_a_breakpoint_file_beside_the_launched_program_is_that_one(dc: Cli, tmp_path) -> None:
    """`dapcli launch src/app.py -b util.py:2` from the project's root means src/util.py (pdb finds
    it on the script's sys.path, gdb by its trailing name); a file named like neither is pending,
    with the nearest file beside the program suggested at once."""
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "util.py").write_text("def twice(n):\n    doubled = n * 2\n    return doubled\n")
    (tmp_path / "src" / "app.py").write_text("from util import twice\n\nprint(twice(21))\n")
    state = dc.json("launch", "src/app.py", "--python", PYTHON, "-b", "util.py:2", "--timeout", "30",
                    cwd=tmp_path, timeout=60)
    dc.sessions.add("default")
    assert state["status"] == "stopped" and state["reason"] == "breakpoint", state
    assert state["frames"][0]["path"] == str(tmp_path / "src" / "util.py")
    assert state["frames"][0]["line"] == 2 and not state.get("warnings")
    listed = dc.json("break", "list")
    assert [b["path"] for b in listed["breakpoints"]] == [str(tmp_path / "src" / "util.py")]
    dc.run("stop")
    said = dc.run("launch", "src/app.py", "--python", PYTHON, "-b", "utils.py:2", "--timeout", "30",
                  cwd=tmp_path, timeout=60)
    text = said.out + said.err
    assert "utils.py:2 is pending (not verified)" in text and "later (did you mean src/util.py?)" in text, text


@pytest.mark.parametrize("message", ["C={i", "A={s + '{'} x", "{"])
def test_a_log_message_with_an_unclosed_brace_is_refused(dc: Cli, tmp_path, message: str) -> None:
    (tmp_path / "loop.py").write_text("for i in range(3):\n    print(i)\n")
    done = dc.run("launch", "loop.py", "--python", PYTHON, "-b", f"loop.py:2 log {message}", cwd=tmp_path, check=2)
    assert one_line_error(done.err).startswith(f"error: log message {message!r}: the {{ at character "), done.err
    assert dc.run("sessions").out.startswith("No sessions")
    dc.run("launch", "loop.py", "--python", PYTHON, "--stop-on-entry", cwd=tmp_path, timeout=60)
    dc.sessions.add("default")
    refused = dc.run("break", "add", "loop.py:2", "--log-message", message, cwd=tmp_path, check=2)
    assert "is never closed" in refused.err and dc.json("break", "list")["breakpoints"] == []


def test_variables_reference_0_is_refused_in_one_line(dc: Cli, tmp_path) -> None:
    """0 marks a value without children: debugpy answered "Unable to find thread to evaluate
    variable reference." (exit 5)."""
    (tmp_path / "two.py").write_text("x = 1\ny = 2\nprint(x + y)\n")
    dc.run("launch", "two.py", "--python", PYTHON, "-b", "two.py:3", cwd=tmp_path, timeout=60)
    dc.sessions.add("default")
    for argv in (("vars", "--variables-reference", "0"), ("set", "x", "5", "--variables-reference", "0")):
        done = dc.run(*argv, check=2)
        assert one_line_error(done.err) == ("error: variablesReference 0 has no children: DAP gives 0 to a value "
                                            "that has none"), done.err
    assert [v["value"] for v in dc.json("vars")["variables"]] == ["1", "2"]  # nothing changed


def test_an_unknown_output_category_is_refused_with_the_closest(dc: Cli, tmp_path) -> None:
    """`output --category stdotu` said "(no output yet)" with exit 0 although there was output."""
    (tmp_path / "say.py").write_text("print('said')\n")
    dc.run("launch", "say.py", "--python", PYTHON, cwd=tmp_path, timeout=60)
    dc.sessions.add("default")
    done = dc.run("output", "--category", "stdotu", check=2)
    assert one_line_error(done.err) == "error: no output category 'stdotu' (did you mean 'stdout'?)", done.err
    assert "said" in dc.run("output", "--category", "stdout").out
    assert dc.run("output", "--category", "important").out.strip() == "(no output yet)"  # DAP's: nothing of it
