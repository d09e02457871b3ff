"""Units of the one place that scopes handles to their stop (engine/refs.py) and of the one
line splitter (files.split_lines)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from dapcli.engine.refs import HandleTable, may_change_values
from dapcli.errors import UsageError
from dapcli.files import split_lines
from dapcli.protocol import types as t
from dapcli.protocol.connection import body_model


def _stack() -> Any:
    return body_model(t.StackTraceResponse).model_validate(  # type: ignore[union-attr]
        {"stackFrames": [{"id": 0, "name": "main", "line": 3, "column": 1}]})


def test_numbers_are_never_given_twice_and_old_ones_are_refused() -> None:
    table = HandleTable()
    body = body_model(t.VariablesResponse).model_validate(  # type: ignore[union-attr]
        {"variables": [{"name": "s", "value": "{...}", "variablesReference": 1000},
                       {"name": "n", "value": "5", "variablesReference": 0}]})
    table.incoming(1, "variables", body)
    first = body.variables[0].variablesReference
    assert body.variables[1].variablesReference == 0
    again = body_model(t.EvaluateResponse).model_validate(  # type: ignore[union-attr]
        {"result": "{...}", "variablesReference": 1000})
    table.incoming(1, "evaluate", again)
    assert again.variablesReference == first  # the same number at the same stop: the same handle
    sent = table.outgoing(1, t.VariablesArguments(variablesReference=first))
    assert sent.variablesReference == 1000
    later = {"variables": [{"name": "other", "value": "{...}", "variablesReference": 1000}]}
    table.incoming(2, "variables", later)  # Delve: 1000 again, for another value
    assert later["variables"][0]["variablesReference"] not in (first, 1000)
    with pytest.raises(UsageError, match=f"variablesReference {first} is from an earlier stop"):
        table.outgoing(2, {"variablesReference": first})
    with pytest.raises(UsageError, match="no variablesReference 999999999 at this stop"):
        table.outgoing(2, {"variablesReference": 999999999})


def test_frame_ids_are_scoped_the_same_way_and_late_answers_are_stale() -> None:
    table = HandleTable()
    stack = _stack()
    table.incoming(4, "stackTrace", stack)
    frame = stack.stackFrames[0].id
    assert frame > 0 and table.outgoing(4, t.ScopesArguments(frameId=frame)).frameId == 0
    table.at(4).scope_frames[7] = frame
    assert table.at(5).scope_frames == {}  # what was known of a stop does not outlive it
    with pytest.raises(UsageError, match=f"frameId {frame} is from an earlier stop .*list the frames again"):
        table.check_frame(5, frame)
    late = _stack()
    table.incoming(4, "stackTrace", late)  # answered after the program ran again
    with pytest.raises(UsageError, match="earlier stop"):
        table.check_frame(5, late.stackFrames[0].id)


def test_a_new_run_numbers_on_and_refuses_the_old_runs_numbers() -> None:
    table = HandleTable()
    old = {"variables": [{"name": "s", "value": "{...}", "variablesReference": 3}]}
    table.incoming(7, "variables", old)
    number = old["variables"][0]["variablesReference"]
    again = table.sharing("")  # restart: the new session's stops count from 1 again
    new = {"variables": [{"name": "s", "value": "{...}", "variablesReference": 3}]}
    again.incoming(1, "variables", new)
    assert new["variables"][0]["variablesReference"] > number
    with pytest.raises(UsageError, match=f"variablesReference {number} is from an earlier stop .*list the "
                                         "variables again with ⟦variables"):
        again.outgoing(1, {"variablesReference": number})


def test_a_number_of_another_session_of_the_tree_is_refused_by_name() -> None:
    parent = HandleTable("default")
    child = parent.sharing("default.1")  # a debugpy subprocess session
    mine, theirs = _stack(), _stack()
    parent.incoming(1, "stackTrace", mine)
    child.incoming(1, "stackTrace", theirs)  # both adapters call their frame 0
    ours, its = mine.stackFrames[0].id, theirs.stackFrames[0].id
    assert ours != its
    with pytest.raises(UsageError, match=f"frameId {its} is of session 'default.1', not of 'default'; list "
                                         "this session's frames with ⟦stackTrace"):
        parent.check_frame(1, its)
    assert child.outgoing(1, {"frameId": its})["frameId"] == 0


@pytest.mark.parametrize(("command", "arguments", "stale"), [
    ("setVariable", {"variablesReference": 0, "name": "n", "value": "1"}, True),
    ("evaluate", {"expression": "v.push_back(9)", "context": "repl"}, True),
    ("evaluate", {"expression": "v.push_back(9)"}, True),
    ("evaluate", {"expression": "v", "context": "watch"}, False),  # the eval verb says so itself
    ("variables", {"variablesReference": 0}, False),
])
def test_a_request_that_changes_values_drops_the_stops_children_counts(command: str, arguments: dict[str, Any],
                                                                        stale: bool) -> None:
    table = HandleTable()
    table.at(3).sizes[5] = (0, 3)
    table.sending(3, command, arguments)
    assert (table.at(3).sizes == {}) is stale


@pytest.mark.parametrize(("expression", "changes"), [
    ("x", False), ("a == b", False), ("a != b", False), ("a <= b", False), ("p->x + xs[2]", False),
    ("(int)x", False), ("f => 1", False), ("x = 1", True), ("x += 1", True), ("x <<= 2", True), ("i++", True),
    ("--i", True), ("v.push_back(9)", True), ("call f()", True),
])
def test_what_may_change_values(expression: str, changes: bool) -> None:
    assert may_change_values(expression) is changes


def test_an_adapter_says_what_may_change_values_in_its_evaluate() -> None:
    from dapcli.adapters.delve import DelveAdapter

    pattern = DelveAdapter().evaluate_changes
    assert not may_change_values("len(xs)", pattern) and not may_change_values("x = 1", pattern)
    assert may_change_values("call grow(xs)", pattern)


def test_a_reference_listed_before_a_change_is_refused_where_the_adapter_keeps_old_values() -> None:
    table = HandleTable()
    old = {"variables": [{"name": "s", "value": "{...}", "variablesReference": 1000}]}
    table.incoming(2, "variables", old)
    number = old["variables"][0]["variablesReference"]
    table.sending(2, "setVariable", {"variablesReference": number, "name": "a", "value": "7"})
    assert table.outgoing(2, {"variablesReference": number})["variablesReference"] == 1000  # the verb's read-back
    table.check_reference(2, number)  # an adapter that lists live values: still good
    with pytest.raises(UsageError, match=f"variablesReference {number} was listed before a value changed"):
        table.check_reference(2, number, snapshot=True)
    again = {"variables": [{"name": "s", "value": "{...}", "variablesReference": 1000}]}
    table.incoming(2, "variables", again)  # the same adapter number listed again: a new number of ours
    assert again["variables"][0]["variablesReference"] > number
    table.check_reference(2, again["variables"][0]["variablesReference"], snapshot=True)


@pytest.mark.parametrize(("text", "lines"), [
    ("", []), ("a", ["a"]), ("a\n", ["a"]), ("\n", [""]), ("a\r\nb\rc\nd", ["a", "b", "c", "d"]),
    ("x\u2028y\u2029z\x0c\x1c\x1d\x1e\x85w\nq\n\n", ["x\u2028y\u2029z\x0c\x1c\x1d\x1e\x85w", "q", ""]),
])
def test_lines_end_only_at_newline_return_or_both(text: str, lines: list[str]) -> None:
    assert split_lines(text) == lines
    assert "".join(split_lines(text, keepends=True)) == text
    assert len(split_lines(text, keepends=True)) == len(lines)


def _best_cpu(text: str) -> float:
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        split_lines(text)
        split_lines(text, keepends=True)
        best = min(best, time.process_time() - started)
    return best


@pytest.mark.parametrize("unit", ["\r", "\u2028\n", "a", "\r\n\u2029"])
def test_splitting_is_linear(unit: str) -> None:
    # CPU time at N and 4N (never wall time: the machine may be loaded): linear is ~4x; the
    # factor is generous and the addend absorbs timer noise
    at_n, at_4n = _best_cpu(unit * 50_000), _best_cpu(unit * 200_000)
    assert at_4n < 10 * at_n + 0.01, f"{at_n:.4f} s at 50k, {at_4n:.4f} s at 200k"
