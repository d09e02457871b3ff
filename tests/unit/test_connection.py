"""Contract tests of dapcli.protocol.connection.Connection over an in-memory transport.

The test plays the adapter through :class:`MemoryTransport`; every wait is bounded.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from dapcli.errors import (
    AdapterError,
    ConnectionLostError,
    DapTimeoutError,
    ProtocolError,
    RequestError,
)
from dapcli.protocol.codec import encode_message
from dapcli.protocol.connection import Connection
from dapcli.protocol.types import EvaluateArguments, NextResponse, StackTraceResponse

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fake_transport import MemoryTransport

Message = dict[str, Any]
TEST_TIMEOUT = 10.0


def run(test: Callable[[], Awaitable[None]]) -> None:
    """Run one async test body with an overall bound."""

    async def bounded() -> None:
        await asyncio.wait_for(test(), TEST_TIMEOUT)

    asyncio.run(bounded())


def connect(stderr: str = "") -> tuple[MemoryTransport, Connection]:
    transport = MemoryTransport(stderr=stderr)
    connection = Connection(transport, name="fake")
    connection.start()
    return transport, connection


_adapter_seq = 1000


def reply(request: Message, body: Any = None, *, success: bool = True, **extra: Any) -> Message:
    """The adapter's response to ``request``."""
    global _adapter_seq
    _adapter_seq += 1
    message: Message = {
        "seq": _adapter_seq,
        "type": "response",
        "request_seq": request["seq"],
        "success": success,
        "command": request["command"],
    }
    if body is not None:
        message["body"] = body
    message.update(extra)
    return message


def event(name: str, body: Any = None, seq: int = 1) -> Message:
    message: Message = {"seq": seq, "type": "event", "event": name}
    if body is not None:
        message["body"] = body
    return message


# -- requests and responses ------------------------------------------------------------------------
def test_requests_are_numbered_and_framed() -> None:
    async def main() -> None:
        transport, conn = connect()
        conn.send("initialize", {"adapterID": "fake"})
        conn.send("evaluate", EvaluateArguments(expression="1+1"))
        conn.send("threads")
        assert transport.messages == [
            {"seq": 1, "type": "request", "command": "initialize", "arguments": {"adapterID": "fake"}},
            # a pydantic model is dumped without its None fields
            {"seq": 2, "type": "request", "command": "evaluate", "arguments": {"expression": "1+1"}},
            {"seq": 3, "type": "request", "command": "threads"},
        ]
        assert transport.written[0] == encode_message(transport.messages[0])
        await conn.close()

    run(main)


def test_responses_matched_by_request_seq_when_out_of_order() -> None:
    async def main() -> None:
        transport, conn = connect()
        tasks = [asyncio.create_task(conn.request("evaluate", {"expression": f"expr{i}"}, timeout=30))
                 for i in range(4)]
        requests = [await transport.next_written() for _ in range(4)]
        assert [r["seq"] for r in requests] == [1, 2, 3, 4]

        def answer(r: Message) -> Message:
            return reply(r, {"result": r["arguments"]["expression"].upper(), "variablesReference": 0})

        # a response for a request nobody sent is ignored
        transport.inject_message(reply({"seq": 99, "command": "evaluate"}, {"result": "stray"}))
        transport.inject_message(answer(requests[3]))
        transport.inject_message(answer(requests[1]), answer(requests[0]))  # two in one chunk
        await asyncio.wait([tasks[3], tasks[1], tasks[0]], timeout=10)
        assert tasks[3].done() and tasks[1].done() and tasks[0].done() and not tasks[2].done()
        transport.inject_message(answer(requests[2]))

        results = await asyncio.gather(*tasks)
        assert [r["result"] for r in results] == ["EXPR0", "EXPR1", "EXPR2", "EXPR3"]
        await conn.close()

    run(main)


def test_send_then_result_later_and_missing_body() -> None:
    async def main() -> None:
        transport, conn = connect()
        launch = conn.send("launch", {"program": "a.out"})
        request = await transport.next_written()
        transport.inject_message(reply(request))  # no body at all
        await asyncio.wait([launch], timeout=10)  # the response arrives before anyone awaits its result
        assert launch.done()
        assert await conn.result(launch, timeout=1) == {}
        await conn.close()

    run(main)


def test_a_timeout_of_zero_returns_an_answer_already_there_with_a_stall_check() -> None:
    """The launch sequence asks ``result(started, timeout=0)`` once the launch was answered: with a
    stall check set (a frozen-debuggee probe) that timed out at once, failing every lldb launch."""

    async def main() -> None:
        transport, conn = connect()
        conn.stall_check = lambda command: None
        launch = conn.send("launch", {"program": "a.out"})
        request = await transport.next_written()
        transport.inject_message(reply(request, {"ok": 1}))
        await asyncio.wait([launch], timeout=10)
        assert await conn.result(launch, timeout=0) == {"ok": 1}
        pending = conn.send("threads")
        with pytest.raises(DapTimeoutError):
            await conn.result(pending, timeout=0)
        await conn.close()

    run(main)


# -- events ------------------------------------------------------------------------------------------
def test_events_are_delivered_to_listeners_in_order() -> None:
    async def main() -> None:
        transport, conn = connect()
        first: list[str] = []
        second: list[str] = []
        conn.on_event(lambda m: first.append(m["body"]["output"]))
        conn.on_event(lambda m: second.append(m["body"]["output"]))

        pending = asyncio.create_task(conn.request("threads", timeout=2))
        request = await transport.next_written()
        transport.inject_message(event("output", {"output": "0"}, 1))
        transport.inject_message(*(event("output", {"output": str(i)}, i + 1) for i in range(1, 20)))
        # events and the response in one chunk: the events before it are seen before it returns
        transport.inject_message(
            event("output", {"output": "20"}, 21),
            reply(request, {"threads": []}),
            event("output", {"output": "21"}, 22),
        )
        assert await pending == {"threads": []}
        assert first[:21] == [str(i) for i in range(21)]

        # one frame split over many chunks
        data = encode_message(event("output", {"output": "22 — split"}, 23))
        for i in range(0, len(data), 3):
            transport.inject(data[i : i + 3])
        for _ in range(100):
            if len(first) == 23:
                break
            await asyncio.sleep(0.01)
        assert first == [*(str(i) for i in range(22)), "22 — split"]
        assert second == first
        await conn.close()

    run(main)


def test_a_failing_listener_does_not_break_the_connection() -> None:
    async def main() -> None:
        loop = asyncio.get_running_loop()
        reported: list[dict[str, Any]] = []
        loop.set_exception_handler(lambda _loop, context: reported.append(context))
        transport, conn = connect()
        seen: list[str] = []

        def broken(message: Message) -> None:
            raise ValueError("listener bug")

        conn.on_event(broken)
        conn.on_event(lambda m: seen.append(m["event"]))
        pending = asyncio.create_task(conn.request("threads", timeout=2))
        request = await transport.next_written()
        transport.inject_message(event("stopped"), reply(request, {"threads": []}))
        assert await pending == {"threads": []}
        assert seen == ["stopped"]
        assert not conn.closed
        assert any(isinstance(c.get("exception"), ValueError) for c in reported)  # not silently lost
        await conn.close()

    run(main)


# -- reverse requests ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("command", "arguments"),
    [
        ("runInTerminal", {"kind": "integrated", "cwd": "/tmp", "args": ["/bin/true"]}),
        ("startDebugging", {"configuration": {"request": "attach"}, "request": "attach"}),
    ],
)
def test_reverse_request_without_handler_is_refused(command: str, arguments: Message) -> None:
    async def main() -> None:
        transport, conn = connect()
        conn.send("initialize", {"adapterID": "fake"})  # the client's seq 1
        await transport.next_written()
        transport.inject_message({"seq": 41, "type": "request", "command": command, "arguments": arguments})
        answer = await transport.next_written()
        assert isinstance(answer.pop("message"), str)
        assert answer == {
            "seq": 2,  # the client's own numbering continues
            "type": "response",
            "request_seq": 41,
            "command": command,
            "success": False,
        }
        assert len(transport.written) == 2
        await conn.close()

    run(main)


def test_reverse_request_handler_body_is_sent() -> None:
    async def main() -> None:
        transport, conn = connect()
        received: list[Message] = []

        async def run_in_terminal(arguments: Message) -> Message:
            received.append(arguments)
            await asyncio.sleep(0.01)
            return {"processId": 4242, "shellProcessId": 7}

        conn.on_reverse_request("runInTerminal", run_in_terminal)
        arguments = {"kind": "integrated", "cwd": "/tmp", "args": ["python3", "app.py"]}
        transport.inject_message({"seq": 5, "type": "request", "command": "runInTerminal", "arguments": arguments})
        answer = await transport.next_written()
        assert answer == {
            "seq": 1,
            "type": "response",
            "request_seq": 5,
            "command": "runInTerminal",
            "success": True,
            "body": {"processId": 4242, "shellProcessId": 7},
        }
        assert received == [arguments]
        await conn.close()

    run(main)


def test_reverse_request_handler_failure_is_a_failed_response() -> None:
    async def main() -> None:
        transport, conn = connect()

        async def broken(arguments: Message) -> Message:
            raise OSError("no terminal available")

        async def empty(arguments: Message) -> None:
            return None

        conn.on_reverse_request("runInTerminal", broken)
        conn.on_reverse_request("startDebugging", empty)
        transport.inject_message({"seq": 8, "type": "request", "command": "runInTerminal"})
        answer = await transport.next_written()
        assert answer["success"] is False and answer["request_seq"] == 8
        assert answer["message"] == "no terminal available"
        transport.inject_message(
            {
                "seq": 9,
                "type": "request",
                "command": "startDebugging",
                "arguments": {"configuration": {}, "request": "launch"},
            }
        )
        answer = await transport.next_written()
        assert answer["success"] is True and answer["request_seq"] == 9 and answer["body"] == {}
        assert answer["seq"] == 2
        await conn.close()

    run(main)


# -- failed and typed responses ---------------------------------------------------------------------
def test_failed_response_raises_request_error_with_formatted_text() -> None:
    async def main() -> None:
        transport, conn = connect()
        pending = asyncio.create_task(conn.request("evaluate", {"expression": "value"}, timeout=2))
        request = await transport.next_written()
        transport.inject_message(
            reply(
                request,
                {
                    "error": {
                        "id": 2009,
                        "format": "could not find symbol value for {name}",
                        "variables": {"name": "value"},
                        "showUser": True,
                    }
                },
                success=False,
                message="Unable to evaluate expression",
            )
        )
        with pytest.raises(RequestError) as caught:
            await pending
        error = caught.value
        assert isinstance(error, AdapterError) and error.exit_code == 5
        assert error.command == "evaluate"
        assert str(error) == error.message
        assert error.message.endswith("could not find symbol value for value")
        assert "{name}" not in error.message
        await conn.close()

    run(main)


@pytest.mark.parametrize(
    ("response_fields", "expected"),
    [
        # Delve really puts "summary: details" in format and the summary in message
        (
            {
                "message": "Unable to evaluate expression",
                "body": {
                    "error": {
                        "id": 2009,
                        "format": "Unable to evaluate expression: could not find {what}",
                        "variables": {"what": "x"},
                    }
                },
            },
            "Unable to evaluate expression: could not find x",
        ),
        # an unknown variable is left as written
        ({"message": "error", "body": {"error": {"id": 1, "format": "bad {missing} thing"}}}, "bad {missing} thing"),
        # no structured error: the message
        ({"message": "Thread 3 is not paused"}, "Thread 3 is not paused"),
        # nothing at all
        ({}, "next failed"),
    ],
)
def test_failed_response_text_variants(response_fields: Message, expected: str) -> None:
    async def main() -> None:
        transport, conn = connect()
        pending = asyncio.create_task(conn.request("next", {"threadId": 3}, timeout=2))
        request = await transport.next_written()
        transport.inject_message(reply(request, success=False, **response_fields))
        with pytest.raises(RequestError) as caught:
            await pending
        assert caught.value.message == expected
        await conn.close()

    run(main)


def test_typed_body_with_a_generated_response_class() -> None:
    async def main() -> None:
        transport, conn = connect()
        pending = asyncio.create_task(conn.request("stackTrace", {"threadId": 1}, StackTraceResponse, timeout=2))
        request = await transport.next_written()
        transport.inject_message(
            reply(
                request,
                {
                    "stackFrames": [
                        {
                            "id": 1000,
                            "name": "main.main",
                            "line": 12,
                            "column": 1,
                            "source": {"path": "/src/main.go"},
                            "vendorExtra": True,
                        },
                        {"id": 1001, "name": "runtime.main", "line": 250, "column": 0},
                    ],
                    "totalFrames": 2,
                },
            )
        )
        body = await pending
        assert [frame.name for frame in body.stackFrames] == ["main.main", "runtime.main"]
        assert body.stackFrames[0].source.path == "/src/main.go"
        assert body.totalFrames == 2

        # a body off the spec in its details is mended: a frame without an id cannot be named (dropped),
        # a missing line is 0, a null name "?"
        pending = asyncio.create_task(conn.request("stackTrace", {"threadId": 1}, StackTraceResponse, timeout=2))
        request = await transport.next_written()
        transport.inject_message(reply(request, {"stackFrames": [{"name": "no id or line"},
                                                                 {"id": 5, "name": None, "column": 1}]}))
        body = await pending
        assert [(f.id, f.name, f.line) for f in body.stackFrames] == [(5, "?", 0)]

        # a body that is not an object at all is a protocol error on one line, not a crash
        pending = asyncio.create_task(conn.request("stackTrace", {"threadId": 1}, StackTraceResponse, timeout=2))
        request = await transport.next_written()
        transport.inject_message(reply(request, ["not", "a", "body"]))
        with pytest.raises(ProtocolError, match=r"^the adapter sent an invalid stackTrace response: [^\n]*$"):
            await pending

        # a response class without a body model returns the raw body
        pending = asyncio.create_task(conn.request("next", {"threadId": 1}, NextResponse, timeout=2))
        request = await transport.next_written()
        transport.inject_message(reply(request, {"anything": 1}))
        assert await pending == {"anything": 1}
        await conn.close()

    run(main)


# -- failures of the connection ------------------------------------------------------------------------
def test_eof_fails_all_pending_requests_at_once_with_stderr_tail() -> None:
    async def main() -> None:
        stderr = "starting\npanic: runtime error: invalid memory address\ngoroutine 1 [running]:"
        transport, conn = connect(stderr=stderr)
        futures = [conn.send(command) for command in ("threads", "stackTrace", "scopes")]
        waiting = asyncio.create_task(conn.request("variables", {"variablesReference": 1}, timeout=30))
        await asyncio.sleep(0)
        started = time.monotonic()
        transport.inject_eof()
        assert await conn.wait_closed(10.0)
        assert all(f.done() for f in futures)  # all failed together, when the EOF was read
        assert time.monotonic() - started < 5.0  # not the 30 s of the waiting request
        for future, command in zip(futures, ("threads", "stackTrace", "scopes"), strict=True):
            with pytest.raises(ConnectionLostError) as caught:
                await conn.result(future, timeout=1)
            assert type(caught.value) is ConnectionLostError
            assert command in caught.value.message
            assert "panic: runtime error: invalid memory address" in caught.value.message
        with pytest.raises(ConnectionLostError, match="panic: runtime error"):
            await waiting
        assert conn.closed and conn.close_reason
        # a new request fails at once, too
        with pytest.raises(ConnectionLostError, match="panic"):
            await conn.request("threads", timeout=1)

    run(main)


def test_response_never_sent_times_out() -> None:
    async def main() -> None:
        transport, conn = connect()
        started = time.monotonic()
        with pytest.raises(DapTimeoutError) as caught:
            await conn.request("threads", timeout=0.2)
        elapsed = time.monotonic() - started
        assert 0.15 <= elapsed < 10.0
        assert "threads" in caught.value.message and caught.value.exit_code == 7

        # the connection stays usable, and the late response is harmless
        request = await transport.next_written()
        transport.inject_message(reply(request, {"threads": []}))
        pending = asyncio.create_task(conn.request("threads", timeout=2))
        second = await transport.next_written(timeout=2)
        transport.inject_message(reply(second, {"threads": [{"id": 1, "name": "main"}]}))
        assert (await pending)["threads"][0]["name"] == "main"
        assert not conn.closed
        await conn.close()

    run(main)


@pytest.mark.parametrize(
    "garbage",
    [
        b"HTTP/1.1 400 Bad Request\r\nServer: nope\r\n\r\n",
        b"Content-Length: 5\r\n\r\nhello",
        b"x" * 10_000,
    ],
)
def test_garbage_on_the_wire_fails_pending_requests(garbage: bytes) -> None:
    async def main() -> None:
        transport, conn = connect(stderr="adapter log line")
        first = conn.send("initialize")
        second = conn.send("threads")
        # a good response in the same chunk as the garbage is still delivered
        transport.inject(encode_message(reply({"seq": 1, "command": "initialize"}, {})) + garbage)
        assert await conn.wait_closed(2.0)
        assert await conn.result(first, timeout=1) == {}
        with pytest.raises(ConnectionLostError) as caught:  # ProtocolError is one, too
            await conn.result(second, timeout=1)
        assert "threads" in caught.value.message
        assert "adapter log line" in caught.value.message
        assert transport.closed  # the connection dropped a stream that lost framing
        with pytest.raises(ConnectionLostError):
            conn.send("threads")

    run(main)


def test_send_after_close_raises() -> None:
    async def main() -> None:
        transport, conn = connect()
        pending = conn.send("threads")
        await conn.close()
        assert conn.closed and transport.closed
        with pytest.raises(ConnectionLostError):
            await conn.result(pending, timeout=1)
        with pytest.raises(ConnectionLostError):
            conn.send("threads")
        with pytest.raises(ConnectionLostError):
            await conn.request("threads", timeout=1)
        await conn.close()  # closing twice is harmless

    run(main)


def test_write_failure_is_a_connection_lost_error() -> None:
    class BrokenPipeTransport(MemoryTransport):
        def write(self, data: bytes) -> None:
            raise BrokenPipeError(32, "Broken pipe")

    async def main() -> None:
        transport = BrokenPipeTransport(stderr="adapter died")
        conn = Connection(transport)
        conn.start()
        with pytest.raises(ConnectionLostError, match="Broken pipe"):
            conn.send("threads")
        await conn.close()

    run(main)


def test_unserializable_arguments_do_not_leave_a_pending_request() -> None:
    async def main() -> None:
        transport, conn = connect()
        with pytest.raises(TypeError):
            conn.send("evaluate", {"expression": object()})
        pending = asyncio.create_task(conn.request("threads", timeout=2))
        request = await transport.next_written()
        assert request["seq"] == 1  # no gap in the numbering either
        transport.inject_message(reply(request, {"threads": []}))
        assert await pending == {"threads": []}
        await conn.close()

    run(main)
