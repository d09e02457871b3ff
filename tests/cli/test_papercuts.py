"""Small spellings a daily user reaches for, through the CLI on real debugpy: `vars NAME`, pytest's
assertion temporaries left out of `vars`, `input` that returns the stop it led to, `status` of
a test session, `launch --timeout` kept to, exception filters at launch (`--catch`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import PYTHON, Cli, line_of, one_line_error

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
CART_TESTS = EXAMPLES / "tests" / "test_cart.py"


def _names(result: dict) -> dict[str, str]:
    return {v["name"]: v["value"] for v in result["variables"]}


def test_vars_hides_pytest_temporaries_and_takes_a_name(dc: Cli) -> None:
    state = dc.json("test", "--python", PYTHON, "tests/test_cart.py", cwd=EXAMPLES, timeout=120)
    dc.sessions.add("default")
    dc.record("default")
    assert state["test"]["id"] == "tests/test_cart.py::test_total_with_discount"

    shown = dc.json("vars", cwd=EXAMPLES)
    assert _names(shown) == {"expected": "24.41"}
    assert shown["hidden"] == 5 and shown["total"] == 1
    text = dc.run("vars", cwd=EXAMPLES).out
    assert "@py_" not in text.replace("@py_… hidden", "") and "5 pytest temporaries @py_… hidden: --all" in text

    every = _names(dc.json("vars", "--all", cwd=EXAMPLES))
    assert every["@py_assert4"] == "26.73" and every["expected"] == "24.41" and len(every) == 6

    assert _names(dc.json("vars", "expected", cwd=EXAMPLES)) == {"expected": "24.41"}  # exact
    assert _names(dc.json("vars", "expec", cwd=EXAMPLES)) == {"expected": "24.41"}  # else as --filter
    assert _names(dc.json("vars", "@py_assert4", cwd=EXAMPLES)) == {"@py_assert4": "26.73"}  # asked by name

    missing = dc.run("vars", "nope", cwd=EXAMPLES, check=2)
    assert one_line_error(missing.err) == "error: no variable 'nope' in Locals; there are: expected"
    both = dc.run("vars", "x", "--filter", "y", cwd=EXAMPLES, check=2)
    assert one_line_error(both.err) == "error: give a NAME or --filter, not both"
    assert "substring" in dc.run("vars", "--help", cwd=EXAMPLES).out


def test_vars_name_is_an_exact_match_first(dc: Cli) -> None:
    dc.launch("loops.py", "add_return")
    # `a` is in the names `a` and `total`: by name only `a` itself
    assert _names(dc.json("vars", "a")) == {"a": "0"}
    assert set(_names(dc.json("vars", "--filter", "a"))) == {"a", "total"}
    assert set(_names(dc.json("vars", "--filter", "[ab]"))) == {"a", "b"}  # a glob
    # a filter that matches nothing says so: "Locals: (none)" read as a frame without locals
    every = dc.json("vars")["total"]
    assert dc.run("vars", "--filter", "nope").out.strip() == f"Locals: (none matching 'nope' of {every})"
    assert {k: v for k, v in dc.json("vars", "--filter", "nope").items() if k in ("filter", "unfiltered")} == {
        "filter": "nope", "unfiltered": every}


def test_status_of_a_test_session_names_the_command_and_the_test(dc: Cli) -> None:
    dc.json("test", "--python", PYTHON, "tests/test_cart.py", cwd=EXAMPLES, timeout=120)
    dc.sessions.add("default")
    dc.record("default")
    status = dc.json("status", cwd=EXAMPLES)
    assert status["program"] == "pytest tests/test_cart.py"
    assert status["testId"] == "tests/test_cart.py::test_total_with_discount"
    text = dc.run("status", cwd=EXAMPLES).out
    assert "dapcli_testboot" not in text
    assert any(line.split() == ["test", "tests/test_cart.py::test_total_with_discount"] for line in text.splitlines())
    dc.json("continue", cwd=EXAMPLES)
    end = dc.json("continue", cwd=EXAMPLES)
    assert end["status"] == "exited"
    assert "testId" not in dc.json("status", cwd=EXAMPLES)  # no test runs now


def test_launch_catch_stops_at_a_raised_exception_from_the_start(dc: Cli) -> None:
    stop = dc.launch("meter.py", options=("--catch", "raised", "--json")).json()
    assert (stop["reason"], stop["location"]["line"]) == ("exception", line_of("meter.py", "raised"))
    assert stop["exception"]["description"] == "caught"
    filters = {f["filter"]: f["enabled"] for f in dc.json("exceptions", "list")["filters"]}
    assert filters == {"raised": True, "uncaught": False, "userUnhandled": False}
    end = dc.json("continue")
    assert (end["status"], end["exitCode"]) == ("exited", 0)


def test_launch_catch_takes_a_comma_list_and_refuses_unknown_filters(dc: Cli) -> None:
    stop = dc.launch("meter.py", options=("--catch", "raised,uncaught", "--json")).json()
    assert stop["reason"] == "exception"
    filters = {f["filter"]: f["enabled"] for f in dc.json("exceptions", "list")["filters"]}
    assert filters == {"raised": True, "uncaught": True, "userUnhandled": False}
    dc.run("stop")
    refused = dc.launch("meter.py", options=("--catch", "raised,thrown"), check=2)
    assert one_line_error(refused.err) == "error: python has no exception filter 'thrown'"
    assert "hint: its filters: raised, uncaught, userUnhandled" in refused.err
    both = dc.launch("meter.py", options=("--catch", "raised", "--no-stop-on-exception"), check=2)
    assert one_line_error(both.err) == "error: --catch and --no-stop-on-exception contradict each other"
    test = dc.run("test", "--python", PYTHON, "--catch", "thrown", "tests/test_cart.py", cwd=EXAMPLES, check=2,
                  timeout=120)
    assert one_line_error(test.err) == "error: python has no exception filter 'thrown'"


def test_input_returns_the_stop_it_led_to(dc: Cli) -> None:
    running = dc.launch("sum_input.py", "sum", options=("--terminal", "--json"), timeout=3).json()
    assert running["status"] == "running"
    first = dc.json("input", "30")
    assert first["sent"] == 3 and first["stop"]["status"] == "running"  # it reads the next line
    second = dc.json("input", "12")
    stop = second["stop"]
    assert (stop["status"], stop["location"]["line"]) == ("stopped", line_of("sum_input.py", "sum"))
    assert {v["name"]: v["value"] for v in stop["locals"] if v["name"] in ("a", "b")} == {"a": "30", "b": "12"}
    shown = dc.run("input", "--wait", "0", "ignored").out  # stopped: the text waits for the program
    assert shown.strip() == "Sent 8 bytes to the program."
    text = dc.run("continue").out
    assert "sum 42" in text


def test_launch_timeout_is_kept_to(dc: Cli) -> None:
    """The adapter's start counts in the user's timeout (it waited the whole timeout after it)."""
    state = dc.launch("infinite.py", options=("--json",), timeout=8).json()
    assert state["status"] == "running"
    assert 7.9 <= state["elapsedMs"] / 1000 <= 8.6, state["elapsedMs"]


def test_a_mistyped_program_gets_the_nearest_name(dc: Cli) -> None:
    """`launch bugy.py` said only "check the path"; a breakpoint's mistyped file was already
    told the nearest name."""
    typo = dc.run("launch", "bugy.py", cwd=EXAMPLES, check=2)
    assert one_line_error(typo.err).startswith("error: program not found: bugy.py (looked at "), typo.err
    assert "hint: did you mean buggy.py?" in typo.err, typo.err
    nothing = dc.run("launch", "zzzz_qq.py", cwd=EXAMPLES, check=2)
    assert "hint: check the path" in nothing.err, nothing.err
