"""The hostile trial through MCP (debugpy, in-memory client): each bad call is a tool error
(isError) of one line without a traceback, and the stopped session is unchanged after it."""

from __future__ import annotations

from typing import Any

import pytest
from mcp_helpers import LOOP, call, connected, marker_line, run

pytest.importorskip("debugpy", reason="debugpy is not installed")

LINE = marker_line(LOOP, "loop")

def _nested(levels: int) -> Any:
    value: Any = 1
    for _ in range(levels):
        value = [value]
    return value


#: (tool, arguments, text the error holds)
BAD: list[tuple[str, dict[str, Any], str]] = [
    ("variables", {"variablesReference": -1}, "variablesReference: must be greater than or equal to 0"),
    ("variables", {"variablesReference": 2**70}, "variablesReference: must be less than or equal to"),
    ("stackTrace", {"threadId": 2**63}, "threadId: must be less than or equal to"),
    ("evaluate", {"expression": "1", "frameId": 2**60}, "frameId: must be less than or equal to"),
    ("addWatch", {"expression": "  "}, "expression: must not be empty"),
    ("launch", {"program": str(LOOP), "env": {"A": "b\x00"}, "session": "other"}, "env: contains a NUL byte"),
    ("launch", {"program": str(LOOP), "settings": {"k\x00": 1}, "session": "other"}, "settings: contains a NUL byte"),
    ("launch", {"program": str(LOOP), "adapterConfig": {"a": _nested(40)}, "session": "other"},
     "nested more than 32 levels deep"),
    ("evaluate", {"expression": "(_ for _ in ()).throw(ValueError('a\\nb'))"}, "ValueError"),
]


def test_bad_calls_are_one_line_tool_errors_and_the_session_lives_on() -> None:
    async def body() -> None:
        async with connected() as client:
            stop = await call(client, "launch", {"program": str(LOOP), "breakpoints": [f"{LOOP}:{LINE}"]})
            assert stop["location"]["line"] == LINE
            for tool, args, text in BAD:
                result = await client.call_tool(tool, args)
                message = str(result.content[0].text)
                assert result.is_error, (tool, args, message)
                assert text in message, (tool, message)
                assert "Traceback" not in message and "internal error" not in message, (tool, message)
                assert "\n" not in message.strip(), (tool, message)
                status = await call(client, "status")
                assert status["state"] == "stopped" and status["session"] == "default", (tool, status)
            assert (await call(client, "evaluate", {"expression": "1 + 2"}))["result"] == "3"

    run(body, timeout=120)


def test_env_may_be_an_object() -> None:
    async def body() -> None:
        async with connected() as client:
            await call(client, "launch", {"program": str(LOOP), "breakpoints": [f"{LOOP}:{LINE}"],
                                          "env": {"DAPCLI_HOSTILE": "yes"}})
            value = await call(client, "evaluate", {"expression": "__import__('os').environ['DAPCLI_HOSTILE']"})
            assert value["result"] == "'yes'"

    run(body, timeout=120)
