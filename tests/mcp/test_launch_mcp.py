"""The MCP `launch` tool and the `input`/`restart` verbs (through `more`) as issue 11 describes
them: structured breakpoints, adapterConfig, stdin typed through `input`, restart with new arguments."""

from __future__ import annotations

import sys
from pathlib import Path

import psutil
from mcp_helpers import assert_gone, call, call_error, connected, marker_line, run

PROGRAMS = Path(__file__).resolve().parent / "programs"
CART = PROGRAMS / "cart.py"
SUM = PROGRAMS / "sum_input.py"
HELLO = PROGRAMS / "hello.py"


def _output(stop: dict) -> str:  # type: ignore[type-arg]
    return "".join(c["output"] for c in stop.get("output") or [])


def test_structured_breakpoints_and_adapter_config_in_one_launch() -> None:
    loop = marker_line(CART, "loop")

    async def body() -> None:
        async with connected() as client:
            stop = await call(client, "launch", {
                "program": str(CART), "python": sys.executable,
                "breakpoints": [{"path": str(CART), "line": loop, "condition": "i == 3"}, {"function": "add"}],
                "adapterConfig": {"showReturnValue": True},
            })
            assert stop["location"]["line"] == loop
            assert [v["value"] for v in stop["locals"] if v["name"] == "i"] == ["3"]
            stop = await call(client, "continue")
            assert stop["location"]["function"] == "add"
            stop = await call(client, "stepOut")
            assert "(return) add" in [v["name"] for v in stop["locals"]]
            await call(client, "stop")

    run(body)


def test_bad_structured_breakpoint_is_an_error_with_the_right_shape() -> None:
    async def body() -> None:
        async with connected() as client:
            text = await call_error(client, "launch", {"program": str(CART), "breakpoints": [{"line": 3}]})
            assert "path and line, or function" in text and '"path": "cart.py"' in text

    run(body)


def test_input_types_to_the_program_over_mcp() -> None:
    async def body() -> None:
        async with connected() as client:
            stop = await call(client, "launch", {"program": str(SUM), "python": sys.executable, "terminal": True,
                                                 "timeout": 1})
            assert stop["status"] == "running"
            status = await call(client, "status")
            below = psutil.Process().children(recursive=True)
            first = await call(client, "more", {"verb": "input", "arguments": {"text": "19"}})
            assert first["sent"] == 3 and first["stop"]["status"] == "running"  # it reads again
            typed = await call(client, "more", {"verb": "input", "arguments": {"text": "23"}})
            stop = typed["stop"]  # the exit the input led to
            assert stop["exitCode"] == 0 and "sum 42" in _output(stop)
            assert (await call(client, "wait"))["status"] == "exited"
            assert status["state"] == "running"
            await call(client, "stop")
        assert_gone({p.pid for p in below})

    run(body)


def test_restart_with_new_arguments_over_mcp() -> None:
    hello = marker_line(HELLO, "hello")

    async def body() -> None:
        async with connected() as client:
            await call(client, "launch", {"program": str(HELLO), "python": sys.executable, "args": ["first"],
                                          "breakpoints": [f"{HELLO}:{hello}"]})
            stop = await call(client, "more", {"verb": "restart", "arguments": {"args": ["again"]}})
            assert stop["status"] == "stopped" and stop["location"]["line"] == hello
            stop = await call(client, "continue")
            assert "hello again" in _output(stop)

    run(body)
