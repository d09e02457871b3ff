"""Never wedged by a value asked for whole, on real debugpy: debugpy's adapter drops its connection
to the program for good at an answer over 16 MiB, so what dapcli fetches whole by itself
(``--max-length 0`` of eval and vars, the values that decide a stop) is bounded; a value too large
says so with the calls that show it in parts, and every later call is answered."""

from __future__ import annotations

import time

from conftest import Cli, loc

PROGRAM = "big_values.py"


def _answers(dc: Cli) -> None:
    """The session still answers: an evaluation, and a step to the next line."""
    assert dc.json("eval", "1 + 1", timeout=60)["result"] == "2"
    assert dc.json("next", timeout=60)["location"]["line"] == int(loc(PROGRAM, "after").split(":")[1])


def test_eval_max_length_0_of_a_huge_list_says_it_is_too_large_and_how_to_page_it(dc: Cli) -> None:
    dc.launch(PROGRAM, "ready", timeout=60)
    started = time.monotonic()
    result = dc.json("eval", "big", "--max-length", "0", timeout=60)
    assert time.monotonic() - started < 25, "the whole-value fetch waited for its timeout"
    note = result["valueCutByAdapter"]
    assert "too large to show whole (2,000,000 items" in note, note
    assert "`dapcli vars big --start 0 --count 100`" in dc.run("eval", "big", "--max-length", "0").out
    assert result["result"].endswith("58, ...]")  # debugpy's own text, its cut said
    last = dc.json("vars", "big", "--start", "1999998", "--count", "2")["variables"]
    assert [(v["name"], v["value"]) for v in last] == [("1999998", "1999998"), ("1999999", "1999999")]
    _answers(dc)


def test_eval_and_vars_max_length_0_of_a_huge_string_and_dict_keep_the_session(dc: Cli) -> None:
    dc.launch(PROGRAM, "ready", timeout=60)
    text = dc.json("eval", "text", "--max-length", "0", timeout=60)["valueCutByAdapter"]
    assert "too large to show whole (20,000,000 characters" in text, text
    assert "text[0:100000]" in text
    part = dc.json("eval", "text[0:100000]", "--max-length", "0", timeout=60)
    assert part["result"] == "'" + "x" * 100_000 + "'" and "valueCutByAdapter" not in part
    table = dc.json("eval", "table", "--max-length", "0", timeout=60)["valueCutByAdapter"]
    assert "too large to show whole" in table and "vars table --start 0 --count 100" in table, table
    rows = {v["name"]: v for v in dc.json("vars", "--max-length", "0", timeout=60)["variables"]}
    for name in ("big", "text", "table"):
        assert "too large to show whole" in rows[name]["valueCutByAdapter"], rows[name]
    _answers(dc)


def test_eval_max_length_0_of_an_expression_is_never_sent_unbounded(dc: Cli) -> None:
    # not a plain name: dapcli does not evaluate it twice, and never asks debugpy for all of it
    dc.launch(PROGRAM, "ready", timeout=60)
    result = dc.json("eval", "text * 2", "--max-length", "0", timeout=60)
    assert "debugpy cut this string" in result["valueCutByAdapter"]
    assert "dapcli eval '_whole = text * 2' --statement" in result["valueCutByAdapter"]
    inner = dc.json("eval", "[text[:300]]", "--max-length", "0", timeout=60)  # debugpy cuts it at 128
    assert "debugpy may have cut parts of this value" in inner["valueCutByAdapter"], inner
    dc.run("eval", "--statement", "_whole = [text[:300]]")
    whole = dc.json("eval", "_whole", "--max-length", "0", timeout=60)
    assert whole["result"] == "['" + "x" * 300 + "']" and "valueCutByAdapter" not in whole
    _answers(dc)


def test_a_condition_on_huge_values_stops_and_leaves_the_session_answering(dc: Cli) -> None:
    # the stop reads the condition's names whole (its deciding values): bounded too
    dc.launch(PROGRAM, f"{loc(PROGRAM, 'ready')} if big and text and table", timeout=60)
    state = dc.json("status")
    assert state["state"] == "stopped"
    _answers(dc)
