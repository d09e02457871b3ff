"""What a new user typed, as gdb spells it: ``set var n = 3`` (and ``set variable``, ``set n = 3``),
``break clear LINE`` (the current file's line; a location with no breakpoint is an error), and
``watch delete`` saying what it deleted. Real debugpy on a real program."""

from __future__ import annotations

from conftest import Cli, line_of, one_line_error

PROGRAM = "loops.py"


def test_set_var_takes_gdbs_spellings(dc: Cli) -> None:
    dc.launch(PROGRAM, "loop_body")
    assert dc.run("set", "var", "i", "=", "7").out.strip() == "i = 7"
    assert dc.run("set", "variable", "acc", "=", "40").out.strip() == "acc = 40"
    assert dc.run("set", "acc", "=", "41").out.strip() == "acc = 41"
    assert dc.run("set", "var", "acc = acc + 1").out.strip() == "acc = 42"  # one word, as the REPL gives it
    assert dc.run("set", "acc", "5").out.strip() == "acc = 5"  # dapcli's own spelling is unchanged
    values = {v["name"]: v["value"] for v in dc.json("vars")["variables"]}
    assert values["i"] == "7" and values["acc"] == "5"
    # `==` is no assignment: the name stays `var`, and the error says that no such variable is here
    failed = dc.run("set", "var", "acc", "==", "3", check=2)
    assert "no variable 'var'" in one_line_error(failed.err)
    # gdb's spelling without its value: said so, not "no variable 'var'" with an eval that cannot run
    for words in (("var", "acc", "="), ("variable", "acc", "="), ("acc", "=")):
        missing = dc.run("set", *words, check=2)
        assert missing.err.startswith("error: set var acc = has no value after the =\n"), missing.err
        assert "--statement" not in missing.err, missing.err
    assert {v["name"]: v["value"] for v in dc.json("vars")["variables"]}["acc"] == "5"  # as it was


def test_break_clear_line_of_the_current_file(dc: Cli) -> None:
    body, call = line_of(PROGRAM, "loop_body"), line_of(PROGRAM, "call")
    dc.launch(PROGRAM, "loop_body", "call")  # breakpoint 1 at the loop body, 2 at the call
    cleared = dc.json("break", "clear", str(call))
    assert cleared["removed"] == [2]
    assert [(b["id"], b["line"]) for b in cleared["breakpoints"]] == [(1, body)]
    failed = dc.run("break", "clear", str(call), check=2)  # nothing there any more: said, not silent
    error = one_line_error(failed.err)
    assert f"no breakpoint 'loops.py:{call}'" in error and f"1 (loops.py:{body})" in error
    missing_file = dc.run("break", "clear", "cart.py", check=2)
    assert "no breakpoint in cart.py" in one_line_error(missing_file.err)
    assert [b["id"] for b in dc.json("break", "list")["breakpoints"]] == [1]  # the others are kept
    assert dc.json("break", "clear", f"{PROGRAM}:{body}")["removed"] == [1]


def test_break_clear_line_before_a_stop_means_the_program_file(dc: Cli) -> None:
    body = line_of(PROGRAM, "loop_body")
    dc.launch(PROGRAM, "loop_body", options=("--stop-on-entry",))
    assert dc.json("break", "clear", str(body))["removed"] == [1]


def test_watch_delete_says_what_it_deleted(dc: Cli) -> None:
    dc.launch(PROGRAM, "loop_body")
    dc.run("watch", "add", "acc")
    dc.run("watch", "add", "i * 2")
    first = dc.run("watch", "delete", "1").out
    assert first.splitlines()[0] == "deleted watch 1 (acc)" and "watch 2: i * 2 = 0" in first
    assert dc.run("watch", "delete", "2").out.strip() == "deleted watch 2 (i * 2); no watch expressions left"
    assert dc.json("watch", "list")["watches"] == []
