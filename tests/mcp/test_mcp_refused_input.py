"""Input that must be refused through MCP (issue 26: items 10, 12): a tool error with one clear
line, nothing started."""

from __future__ import annotations

import pytest
from mcp_helpers import LOOP, call, call_error, connected, run

from dapcli.frontends.mcp.tools import MORE

NAME_RULE = "write NAME=VALUE with NAME of letters, digits and _, not starting with a digit, e.g. DEBUG=1"


@pytest.mark.parametrize(("args", "message"), [
    ({"env": ["A/B=1"]}, f"launch: env: bad environment name 'A/B': {NAME_RULE}"),
    ({"env": {"A B": "1"}}, f"launch: env: bad environment name 'A B': {NAME_RULE}"),
    ({"env": {"A\nB": "1"}}, f"launch: env: bad environment name 'A\\nB': {NAME_RULE}"),
    ({"env": {"1ABC": "2"}}, f"launch: env: bad environment name '1ABC': {NAME_RULE}"),
    ({"env": {"DEBUG": None}}, 'launch: env: the value of \'DEBUG\' must be text, not null '
                               '(write it quoted, e.g. {"DEBUG": "1"})'),
    ({"env": {"DEBUG": 1}}, 'launch: env: the value of \'DEBUG\' must be text, not int '
                            '(write it quoted, e.g. {"DEBUG": "1"})'),
    ({"stopOnEntry": 1}, "launch: stopOnEntry: must be a valid boolean"),
    ({"timeout": "5"}, "launch: timeout: must be a valid number"),
    ({"breakpoints": [{"path": "loop.py", "line": True}]},
     "launch: breakpoints: bad breakpoint {'path': 'loop.py', 'line': True}: line: must be a valid integer"),
    ({"breakpoints": [{"path": "loop.py", "line": "7"}]},
     "launch: breakpoints: bad breakpoint {'path': 'loop.py', 'line': '7'}: line: must be a valid integer"),
    ({"breakpoints": [{"path": "loop.py", "line": 0}]},
     "launch: breakpoints: bad breakpoint {'path': 'loop.py', 'line': 0}: line: must be greater than or equal to 1"),
])
def test_launch_refuses_loose_types_and_bad_names(args: dict, message: str) -> None:
    async def body() -> None:
        async with connected() as client:
            text = await call_error(client, "launch", {"program": str(LOOP), **args})
            assert text.startswith(message + " (")
            assert "Traceback" not in text
            assert (await call(client, MORE, {"verb": "sessions"}))["sessions"] == []

    run(body)


def test_a_stopped_session_refuses_loose_types() -> None:
    async def body() -> None:
        async with connected() as client:
            await call(client, "launch", {"program": str(LOOP), "stopOnEntry": True})
            assert (await call_error(client, "stackTrace", {"levels": "2"})).startswith(
                "stackTrace: levels: must be a valid integer")
            assert (await call_error(client, "evaluate", {"expression": 5})).startswith(
                "evaluate: expression: must be a valid string")
            assert (await call_error(client, MORE, {"verb": "up", "arguments": {"count": True}})).startswith(
                "up: count: expected int, got a boolean")
            assert (await call(client, "status"))["state"] == "stopped"

    run(body)


def test_breakpoint_locations_that_are_no_location(tmp_path) -> None:
    program = tmp_path / "orders.py"
    program.write_text("x = 1\nprint('hi', x)\n")

    async def body() -> None:
        async with connected() as client:
            for location in (f"{program}:1:3:4", {"path": f"{program}:1:3", "line": 4}):
                text = await call_error(client, "launch", {"program": str(program), "breakpoints": [location]})
                assert text.startswith("bad breakpoint location '")  # the path is cut past 80 characters
                assert text.endswith("': a location is FILE:LINE with one line number (no column) "
                                     "(write FILE:LINE, e.g. prog.py:12)")
            assert (await call(client, MORE, {"verb": "sessions"}))["sessions"] == []
            ended = await call(client, "launch", {"program": str(program),
                                                  "breakpoints": [str(tmp_path / "order.py") + ":2"]})
            assert ended["status"] in ("exited", "terminated")
            assert any(w.endswith("order.py:2 never bound: there is no "
                                  f"{__import__('os').path.relpath(tmp_path / 'order.py')} (did you mean "
                                  f"{__import__('os').path.relpath(program)}?)") for w in ended["warnings"]), ended

    run(body)


def test_an_eval_that_ends_the_program_says_so() -> None:
    async def body() -> None:
        async with connected() as client:
            await call(client, "launch", {"program": str(LOOP), "stopOnEntry": True})
            text = await call_error(client, "evaluate", {"expression": "__import__('os')._exit(3)"})
            assert text.startswith("the program ended with exit code 3 while `__import__('os')._exit(3)` was "
                                   "evaluated (start it again with ")

    run(body)


def test_a_long_program_name_is_cut_in_the_error() -> None:
    async def body() -> None:
        async with connected() as client:
            text = await call_error(client, "launch", {"program": "p" * 5000 + ".py"})
            assert text.startswith("program not found: " + "p" * 79 + "…[4845 characters]…" + "p" * 76 + ".py")
            assert len(text) < 500

    run(body)


def test_a_log_message_with_an_unclosed_brace_is_refused_and_the_session_kept() -> None:
    """`C={i`: every adapter logged its own parse error at each pass, in the program's output."""
    async def body() -> None:
        async with connected() as client:
            await call(client, "launch", {"program": str(LOOP), "stopOnEntry": True})
            text = await call_error(client, "setBreakpoint", {"location": f"{LOOP}:3", "logMessage": "C={i"})
            assert text.startswith("log message 'C={i': the { at character 3 is never closed"), text
            listed = await call(client, MORE, {"verb": "listBreakpoints"})
            assert listed["breakpoints"] == []
            await call(client, "setBreakpoint", {"location": f"{LOOP}:3", "logMessage": "C={i} {{not}} }"})
            assert len((await call(client, MORE, {"verb": "listBreakpoints"}))["breakpoints"]) == 1
            await call(client, "stop")

    run(body)
