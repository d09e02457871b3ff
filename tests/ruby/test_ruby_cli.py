"""Ruby under rdbg through the real one-shot CLI: every row of the coverage table (launch,
breakpoint kinds, steps, stack, vars, eval, set, exceptions), with Ruby's values asserted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ruby_helpers import (
    CART,
    assert_gone,
    dapcli,
    dapcli_json,
    locals_of,
    marker_line,
    output_of,
    requires_rdbg,
)

pytestmark = [pytest.mark.slow, requires_rdbg]

SHOW, LOOP, TOTAL = marker_line(CART, "show"), marker_line(CART, "loop"), marker_line(CART, "total")
TALLIED, RISKY, UNCAUGHT = marker_line(CART, "tallied"), marker_line(CART, "risky"), marker_line(CART, "uncaught")


def test_launch_values_stack_eval_set_and_the_exit_code(cli_env: dict[str, str]) -> None:
    state = dapcli_json(cli_env, "launch", "cart.rb", "-b", f"cart.rb:{SHOW}")
    assert state["status"] == "stopped" and state["reason"] == "breakpoint"
    assert state["location"]["line"] == SHOW and state["location"]["function"] == "<main>"
    assert state.get("description") is None  # rdbg's "BP - Line /path:N (line)" says nothing more
    shown = locals_of(state)
    assert shown["name"] == '"ferris"' and shown["primes"] == "[3, 5, 8]" and shown["ages"] == '{"ann"=>41}'
    assert '@owner="ferris"' in shown["cart"] and shown["total"] == "nil"

    cart = dapcli_json(cli_env, "eval", "cart", "--depth", "1")
    members = {c["name"]: c["value"] for c in cart["children"]}
    assert members["@owner"] == '"ferris"' and members["@items"] == '[["tea", 3], ["jam", 5]]'
    assert dapcli_json(cli_env, "eval", "primes.map { |p| p * 2 }")["result"] == "[6, 10, 16]"
    missing = dapcli(cli_env, "eval", "nosuch")
    assert missing.returncode != 0 and "NameError: undefined local variable or method `nosuch'" in missing.stderr

    changed = dapcli_json(cli_env, "set", "name", '"crab"')
    assert changed["value"] == '"crab"' and changed["emulated"] == ["setVariable"]
    said = dapcli(cli_env, "set", 'ages["ann"]', "42").stdout
    assert said.startswith('ages["ann"] = 42') and "emulated: an assignment evaluated in the frame" in said
    bad = dapcli(cli_env, "set", "name", '"unterminated')
    assert bad.returncode != 0 and "SyntaxError" in bad.stderr
    assert locals_of(dapcli_json(cli_env, "vars"))["name"] == '"crab"'

    status = dapcli_json(cli_env, "status")
    assert status["adapter"] == "ruby" and status["state"] == "stopped"
    pids = {status["adapterPid"], status["hostPid"]}
    end = dapcli_json(cli_env, "continue")
    assert end["status"] == "exited" and end["exitCode"] == 3 and end.get("description") is None
    assert "total 16 8\n" in output_of(end)
    assert dapcli(cli_env, "stop").returncode == 0
    assert_gone(pids)


def test_condition_hit_count_log_point_and_function_breakpoint(cli_env: dict[str, str]) -> None:
    state = dapcli_json(cli_env, "launch", "cart.rb", "-b", f"cart.rb:{LOOP} if v == 5",
                        "-b", f"cart.rb:{TALLIED} log sum is {{sum}} of {{values.size}} {{nosuch}}",
                        "-b", "Cart#total")
    assert state["location"]["line"] == LOOP and locals_of(state)["v"] == "5" and locals_of(state)["sum"] == "3"
    assert not any("does not announce" in w for w in state.get("warnings") or [])

    listed = {b["id"]: b for b in dapcli_json(cli_env, "break", "list")["breakpoints"]}
    assert listed[2].get("emulated") is None and "no stop" in listed[2]["warning"]
    assert listed[3]["function"] == "Cart#total" and listed[3]["line"] == TOTAL
    # rdbg ignores setFunctionBreakpoints: a line breakpoint stands in, and says so
    assert listed[3]["warning"].startswith("emulated: a line breakpoint on the function's first line")
    assert any(w.startswith("breakpoint 3 at Cart#total: emulated: a line breakpoint") for w in state["warnings"])
    assert "emulated: a line breakpoint" in dapcli(cli_env, "break", "list").stdout

    stop = dapcli_json(cli_env, "continue")  # the log point writes without stopping
    assert stop["location"]["line"] == TOTAL and stop["location"]["function"] == "block in total"
    assert "sum is 16 of 3 <undefined local variable or method `nosuch' for main:Object>\n" in output_of(stop)
    assert locals_of(stop)["price"] == "3"

    dapcli(cli_env, "stop")
    state = dapcli_json(cli_env, "launch", "cart.rb", "-b", f"cart.rb:{LOOP} hit 3")
    assert locals_of(state)["v"] == "8" and locals_of(state)["sum"] == "8"  # the third pass only
    assert state["status"] == "stopped"
    end = dapcli_json(cli_env, "continue")
    assert end["status"] == "exited" and end["exitCode"] == 3


def test_a_deleted_or_changed_breakpoint_is_gone_from_rdbg(cli_env: dict[str, str]) -> None:
    """rdbg 1.4's setBreakpoints only adds: dapcli deletes the file's breakpoints in rdbg first."""
    state = dapcli_json(cli_env, "launch", "cart.rb", "-b", f"cart.rb:{LOOP}", "-b", f"cart.rb:{TOTAL}")
    assert state["location"]["line"] == LOOP and locals_of(state)["v"] == "3"
    assert dapcli(cli_env, "break", "delete", "1").returncode == 0
    stop = dapcli_json(cli_env, "continue")
    assert stop["location"]["line"] == TOTAL  # not the loop's next pass
    assert dapcli(cli_env, "break", "add", f"cart.rb:{LOOP}").returncode == 0
    assert dapcli(cli_env, "condition", "2", "price == 99").returncode == 0
    end = dapcli_json(cli_env, "continue")  # the loop has run; the total's condition never holds
    assert end["status"] == "exited", end


def test_steps_and_the_value_a_method_returned(cli_env: dict[str, str]) -> None:
    state = dapcli_json(cli_env, "launch", "cart.rb", "-b", f"cart.rb:{SHOW}")
    assert state["location"]["line"] == SHOW
    inside = dapcli_json(cli_env, "step")
    assert inside["location"]["function"] == "Object#tally" and inside["location"]["line"] == SHOW - 18
    frames = [f["name"] for f in dapcli_json(cli_env, "stack")["frames"]]
    assert frames[:2] == ["Object#tally", "<main>"]
    over = dapcli_json(cli_env, "next")
    assert over["location"]["line"] == SHOW - 17 and locals_of(over)["sum"] == "0"
    out = dapcli_json(cli_env, "finish")
    assert out["location"]["function"] == "Object#tally"
    assert locals_of(out)["_return"] == "16"
    back = dapcli_json(cli_env, "next")
    assert back["location"]["function"] == "<main>"


def test_an_uncaught_exception_stops_where_it_was_raised(cli_env: dict[str, str]) -> None:
    state = dapcli_json(cli_env, "launch", "cart.rb", "--", "raise")
    assert state["reason"] == "exception" and state["location"]["line"] == UNCAUGHT
    assert state["exception"]["exceptionId"] == "ArgumentError"
    assert state["exception"]["description"] == "too big: 16"
    assert locals_of(state)["total"] == "16"
    end = dapcli_json(cli_env, "continue")
    assert end["status"] == "exited" and end["exitCode"] == 1
    assert "too big: 16 (ArgumentError)" in output_of(end)


def test_catch_filters_stop_at_a_raise_that_is_rescued(cli_env: dict[str, str]) -> None:
    """rdbg's own filters: ``RuntimeError`` (on by default) and ``any``; ``--catch`` names them."""
    state = dapcli_json(cli_env, "launch", "cart.rb", "--catch", "any", "--", "rescue")
    assert state["reason"] == "exception" and state["location"]["line"] == RISKY
    assert state["exception"]["exceptionId"] == "RuntimeError" and state["exception"]["description"] == "boom 2"
    end = dapcli_json(cli_env, "continue")
    assert end["status"] == "exited" and end["exitCode"] == 3
    dapcli(cli_env, "stop")
    refused = dapcli(cli_env, "launch", "cart.rb", "--catch", "uncaught")
    assert refused.returncode == 2 and "its filters: any, RuntimeError" in refused.stderr


def test_stdin_and_arguments(cli_env: dict[str, str], tmp_path: Path) -> None:
    given = tmp_path / "input.txt"
    given.write_text("hello there\n")
    end = dapcli_json(cli_env, "launch", "cart.rb", "--stdin", str(given), "--", "stdin")
    assert end["status"] == "exited" and end["exitCode"] == 3
    assert "read hello there\n" in output_of(end)


def test_a_program_that_does_not_parse_says_why(cli_env: dict[str, str], tmp_path: Path) -> None:
    broken = tmp_path / "broken.rb"
    broken.write_text("def oops(\n")
    end = dapcli_json(cli_env, "launch", str(broken))
    assert end["status"] == "exited" and end["exitCode"] == 1
    assert "syntax error, unexpected end-of-input" in output_of(end)


def test_adapters_lists_ruby(cli_env: dict[str, str]) -> None:
    listed = {a["name"]: a for a in json.loads(dapcli(cli_env, "adapters", "--json").stdout)["adapters"]}
    assert listed["ruby"]["found"] and listed["ruby"]["extensions"] == [".rb"]
    assert listed["ruby"]["version"]


def test_attach_to_a_program_started_with_rdbg_open(cli_env: dict[str, str]) -> None:
    """``rdbg --open --sock-path=PATH -- cart.rb``, then ``dapcli attach PATH``: the program waits
    at its start; breakpoints, values; ``stop`` detaches and the program runs to its end."""
    import subprocess
    import tempfile

    from ruby_helpers import PROGRAMS, RDBG

    folder = tempfile.mkdtemp(prefix="rs", dir="/tmp")  # a unix socket path stays short
    socket = f"{folder}/dbg.sock"
    program = subprocess.Popen([str(RDBG), "--open", f"--sock-path={socket}", "--", str(CART)], cwd=PROGRAMS,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert program.stderr is not None
        for line in program.stderr:  # bounded by the program: it waits for a debugger after this line
            if "wait for debugger connection" in line:
                break
        state = dapcli_json(cli_env, "attach", socket, "-b", f"cart.rb:{LOOP} if v == 8")
        assert state["status"] == "stopped" and state["reason"] == "pause"
        assert dapcli_json(cli_env, "status")["adapter"] == "ruby"
        stop = dapcli_json(cli_env, "continue")
        assert stop["location"]["line"] == LOOP and locals_of(stop)["sum"] == "8"
        assert dapcli_json(cli_env, "eval", "values.sum")["result"] == "16"
        done = dapcli(cli_env, "stop")
        assert done.returncode == 0 and "detached" in done.stdout
        out, _ = program.communicate(timeout=30)
        assert program.returncode == 3 and "total 16 8" in out
    finally:
        program.kill()
        program.wait(timeout=10)
        import shutil

        shutil.rmtree(folder, ignore_errors=True)


def test_attach_refuses_a_socket_for_another_adapter(cli_env: dict[str, str], tmp_path: Path) -> None:
    (tmp_path / "x.sock").write_text("")
    done = dapcli(cli_env, "attach", str(tmp_path / "x.sock"), "--adapter", "python")
    assert done.returncode == 2 and "python does not attach to a program's unix socket" in done.stderr
    missing = dapcli(cli_env, "attach", str(tmp_path / "none.sock"))
    assert missing.returncode == 2 and "no socket at" in missing.stderr


def test_stop_on_entry_and_a_breakpoint_on_the_first_line(cli_env: dict[str, str]) -> None:
    """rdbg ignores stopOnEntry and its own first stop is passed: dapcli's breakpoint on the first
    line of code is the entry; a user's breakpoint on that line stops too."""
    state = dapcli_json(cli_env, "launch", "cart.rb", "--stop-on-entry")
    assert state["reason"] == "entry" and state["location"]["line"] == 2 and state["location"]["function"] == "<main>"
    assert dapcli_json(cli_env, "next")["location"]["function"] == "<class:Cart>"
    dapcli(cli_env, "stop")
    state = dapcli_json(cli_env, "launch", "cart.rb", "-b", "cart.rb:2")
    assert state["reason"] == "breakpoint" and state["location"]["line"] == 2
