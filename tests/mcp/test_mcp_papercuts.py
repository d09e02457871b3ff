"""Small spellings through MCP on real debugpy: ``launch`` with ``exceptionFilters``, ``output``'s
``category`` as one name, ``variables`` by name without pytest's temporaries, ``status`` of a
test session naming its command and test."""

from __future__ import annotations

import sys

import pytest
from mcp_helpers import LOOP, ROOT, call, call_error, connected, marker_line, run

from dapcli.adapters.registry import by_name

pytest.importorskip("debugpy", reason="debugpy is not installed")
pytestmark = pytest.mark.slow

METER = ROOT / "tests" / "recipe" / "programs" / "meter.py"
EXAMPLES = ROOT / "examples"
KILLED = ROOT / "tests" / "fidelity" / "programs" / "killed.js"


def test_launch_with_exception_filters_and_output_category_as_one_name() -> None:
    async def body() -> None:
        async with connected() as client:
            stop = await call(client, "launch", {"program": str(METER), "python": sys.executable,
                                                 "exceptionFilters": ["raised"]})
            assert (stop["reason"], stop["location"]["line"]) == ("exception", marker_line(METER, "raised"))
            end = await call(client, "continue")
            assert end["exitCode"] == 0
            for category in ("stdout", "all", ["stdout"]):
                found = await call(client, "output", {"category": category})
                assert "read 42" in "".join(c["output"] for c in found["chunks"]), category
            refused = await call_error(client, "output", {"category": 3})
            assert "category" in refused
            await call(client, "stop")

            said = await call_error(client, "launch", {"program": str(METER), "python": sys.executable,
                                                       "exceptionFilters": "raised,thrown"})
            assert "python has no exception filter 'thrown'" in said
            assert "its filters: raised, uncaught, userUnhandled" in said

    run(body)


def test_output_tool_says_category_takes_one_name() -> None:
    async def body() -> None:
        async with connected() as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            category = tools["output"].input_schema["properties"]["category"]
            assert {"type": "string"} in category["anyOf"] and "one name or a list" in category["description"]

    run(body)


def test_variables_by_name_and_status_of_a_test_session() -> None:
    async def body() -> None:
        async with connected() as client:
            stop = await call(client, "debugTest", {"selectors": ["tests/test_cart.py"], "cwd": str(EXAMPLES),
                                                    "python": sys.executable})
            assert stop["test"]["id"] == "tests/test_cart.py::test_total_with_discount"
            listed = await call(client, "variables")
            assert [v["name"] for v in listed["variables"]] == ["expected"] and listed["hidden"] == 5
            every = await call(client, "variables", {"all": True})
            assert len(every["variables"]) == 6
            one = await call(client, "variables", {"name": "@py_assert4"})
            assert [(v["name"], v["value"]) for v in one["variables"]] == [("@py_assert4", "26.73")]
            missing = await call_error(client, "variables", {"name": "nope"})
            assert "no variable 'nope' in Locals; there are: expected" in missing

            status = await client.call_tool("status", {})
            assert status.structured_content["program"] == "pytest tests/test_cart.py"
            assert status.structured_content["testId"] == "tests/test_cart.py::test_total_with_discount"
            text = status.content[0].text
            assert "dapcli_testboot" not in text
            assert "launch pytest tests/test_cart.py" in text
            assert "in test tests/test_cart.py::test_total_with_discount" in text.splitlines()[0]
            await call(client, "stop")

    run(body)


def test_debug_test_refuses_an_unknown_exception_filter() -> None:
    async def body() -> None:
        async with connected() as client:
            said = await call_error(client, "debugTest", {"selectors": ["tests/test_cart.py"], "cwd": str(EXAMPLES),
                                                          "python": sys.executable, "exceptionFilters": ["thrown"]})
            assert "python has no exception filter 'thrown'" in said

    run(body)


def test_launch_timeout_counts_from_the_start() -> None:
    """The adapter's start counts in the user's timeout (the launch waited the whole timeout after it)."""
    async def body() -> None:
        async with connected() as client:
            state = await call(client, "launch", {"program": str(LOOP), "python": sys.executable, "timeout": 8})
            assert state["status"] == "running"
            assert 7.9 <= state["elapsedMs"] / 1000 <= 8.6, state["elapsedMs"]
            await call(client, "stop")

    run(body)


@pytest.mark.skipif(by_name("node").find() is None, reason="js-debug is not installed")
def test_js_debug_signal_and_unknown_request() -> None:
    async def body() -> None:
        async with connected() as client:
            end = await call(client, "launch", {"program": str(KILLED), "args": ["SIGKILL"], "timeout": 30})
            assert (end["status"], end["signal"]) == ("exited", "SIGKILL"), end
            status = await client.call_tool("status", {})
            assert "killed by SIGKILL" in status.content[0].text
            await call(client, "stop")
            await call(client, "launch", {"program": str(KILLED), "args": ["SIGKILL"], "stopOnEntry": True,
                                          "timeout": 30})
            said = await call_error(client, "more", {"verb": "dap", "arguments": {"command": "nosuchcmd"}})
            assert "'nosuchcmd' is not a DAP request, and node never answers a request it does not know" in said
            await call(client, "stop")

    run(body)


def test_source_of_a_line_range() -> None:
    """``source`` with ``9:11``, gdb's ``9,11`` or ``FILE:9,11`` shows exactly those lines (it read
    ``…/9`` as a file); a range that ends before it starts is one isError line."""
    from dapcli.frontends.mcp.tools import MORE

    line = marker_line(LOOP, "loop")

    async def body() -> None:
        async with connected() as client:
            await call(client, "launch", {"program": str(LOOP), "stopOnEntry": True, "python": sys.executable})
            await call(client, "setBreakpoint", {"location": f"{LOOP}:{line}"})
            stop = await call(client, "continue", {"timeout": 60})
            assert stop["location"]["line"] == line, stop
            for location in (f"{line - 1}:{line + 1}", f"{line - 1},{line + 1}", f"{LOOP}:{line - 1},{line + 1}"):
                shown = await client.call_tool(MORE, {"verb": "source", "arguments": {"location": location}})
                assert not shown.is_error, shown.content[0].text
                assert [s["line"] for s in shown.structured_content["lines"]] == [line - 1, line, line + 1]
                assert "count += 1  # @loop" in shown.content[0].text and "def spin" not in shown.content[0].text
            backwards = await call_error(client, MORE, {"verb": "source",
                                                        "arguments": {"location": f"{line + 1}:{line - 1}"}})
            assert f"bad line range '{line + 1}:{line - 1}'" in backwards
            await call(client, "stop")

    run(body)
