"""A peer that breaks the protocol is told at once, never by a 30 s wait (issue 26, item 2).

The test plays a faulty adapter through :class:`MemoryTransport`: a body shorter than its
``Content-Length``, headers ended by ``\\n\\n``, a response whose ``command`` is not its request's.
Every wait is bounded well below the 30 s request timeout that each fault used to cost.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from dapcli.errors import ConnectionLostError
from dapcli.protocol import codec
from dapcli.protocol.codec import BODY_STALL_LIMIT, FrameDecoder, encode_message
from dapcli.protocol.connection import DEFAULT_TIMEOUT, Connection

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fake_transport import MemoryTransport

Message = dict[str, Any]
BOUND = 5.0  # seconds: far below the 30 s a fault cost before


def run(test: Callable[[], Awaitable[None]], bound: float = 20.0) -> None:
    async def bounded() -> None:
        await asyncio.wait_for(test(), bound)

    asyncio.run(bounded())


def connect() -> tuple[MemoryTransport, Connection]:
    transport = MemoryTransport(stderr="")
    connection = Connection(transport, name="fake")
    connection.start()
    return transport, connection


def answer(request: Message, body: Any = None, **extra: Any) -> Message:
    message: Message = {"seq": 900 + request["seq"], "type": "response", "request_seq": request["seq"],
                        "success": True, "command": request["command"], "body": body or {}}
    message.update(extra)
    return message


def raw(message: Message) -> bytes:
    return json.dumps(message, separators=(",", ":")).encode()


async def failed_at_once(future: asyncio.Future[Message], connection: Connection) -> ConnectionLostError:
    started = time.monotonic()
    with pytest.raises(ConnectionLostError) as caught:
        await connection.result(future, timeout=DEFAULT_TIMEOUT)
    assert time.monotonic() - started < BOUND
    assert caught.value.exit_code == 6
    return caught.value


def test_the_stall_limit_is_well_below_a_request_timeout() -> None:
    assert BODY_STALL_LIMIT <= DEFAULT_TIMEOUT / 4


# -- headers ended by \n\n: read as they are ----------------------------------------------------
def test_headers_with_bare_line_feeds_are_read() -> None:
    async def main() -> None:
        transport, connection = connect()
        future = connection.send("threads")
        request = await transport.next_written()
        body = raw(answer(request, {"threads": [{"id": 1, "name": "main"}]}))
        transport.inject(b"Content-Length: %d\n\n" % len(body) + body)
        started = time.monotonic()
        assert await connection.result(future, timeout=DEFAULT_TIMEOUT) == {"threads": [{"id": 1, "name": "main"}]}
        assert time.monotonic() - started < BOUND
        second = connection.send("threads")  # the stream is still in step
        request = await transport.next_written()
        transport.inject_message(answer(request, {"threads": []}))
        assert await connection.result(second, timeout=BOUND) == {"threads": []}
        await connection.close()

    run(main)


@pytest.mark.parametrize("ending", [b"\n\n", b"\r\n\n", b"\n\r\n", b"\r\n\r\n"])
def test_every_empty_line_ends_a_header(ending: bytes) -> None:
    body = b'{"seq":1,"type":"event","event":"initialized"}'
    data = b"Content-Length: %d" % len(body) + ending + body
    assert FrameDecoder().feed(data) == [json.loads(body)]
    decoder = FrameDecoder()  # split anywhere
    assert [m for i in range(len(data)) for m in decoder.feed(data[i:i + 1])] == [json.loads(body)]


# -- a body shorter than its Content-Length ---------------------------------------------------------
def test_a_truncated_body_followed_by_another_message_fails_every_request_at_once() -> None:
    async def main() -> None:
        transport, connection = connect()
        first, second = connection.send("threads"), connection.send("stackTrace", {"threadId": 1})
        request = await transport.next_written()
        await transport.next_written()
        body = raw(answer(request, {"threads": [{"id": 1, "name": "main"}]}))
        transport.inject(b"Content-Length: %d\r\n\r\n" % (len(body) + 500) + body[:40])
        transport.inject_message({"seq": 5, "type": "event", "event": "output", "body": {"output": "x"}})
        error = await failed_at_once(first, connection)
        assert "fake connection lost during threads: the adapter sent a truncated message: its header " \
               f"announced {len(body) + 500} bytes, but the next message began after 40" in error.message
        assert "truncated message" in (await failed_at_once(second, connection)).message
        with pytest.raises(ConnectionLostError, match="truncated message"):
            connection.send("threads")  # refused at once, not another 30 s
        assert transport.closed

    run(main)


def test_a_truncated_body_then_silence_fails_within_the_stall_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(codec, "BODY_STALL_LIMIT", 1.0)  # the limit itself is checked above

    async def main() -> None:
        transport, connection = connect()
        future = connection.send("threads")
        await transport.next_written()
        transport.inject(b'Content-Length: 1000\r\n\r\n{"seq": 1, "type": "response", "request_seq": 1, "succ')
        error = await failed_at_once(future, connection)
        assert "the adapter sent a truncated message: its header announced 1000 bytes, 54 came and nothing " \
               "more for 1 s" in error.message

    run(main)


def test_an_overstated_length_before_the_next_message_loses_nothing() -> None:
    async def main() -> None:
        transport, connection = connect()
        first = connection.send("threads")
        request = await transport.next_written()
        body = raw(answer(request, {"threads": [{"id": 1, "name": "main"}]}))
        events: list[Message] = []
        connection.on_event(events.append)
        event = {"seq": 7, "type": "event", "event": "stopped", "body": {"reason": "pause", "threadId": 1}}
        transport.inject(b"Content-Length: %d\r\n\r\n" % (len(body) + 200) + body + encode_message(event))
        assert await connection.result(first, timeout=BOUND) == {"threads": [{"id": 1, "name": "main"}]}
        assert events == [event]
        second = connection.send("threads")  # in step again
        request = await transport.next_written()
        transport.inject_message(answer(request, {"threads": []}))
        assert await connection.result(second, timeout=BOUND) == {"threads": []}
        await connection.close()

    run(main)


def test_an_overstated_length_then_silence_is_answered_after_a_poll() -> None:
    async def main() -> None:
        transport, connection = connect()
        future = connection.send("threads")
        request = await transport.next_written()
        body = raw(answer(request, {"threads": []}))
        transport.inject(b"Content-Length: %d\r\n\r\n" % (len(body) + 10) + body)
        started = time.monotonic()
        assert await connection.result(future, timeout=DEFAULT_TIMEOUT) == {"threads": []}
        assert time.monotonic() - started < BOUND
        assert not connection.closed
        await connection.close()

    run(main)


def test_a_slow_but_whole_body_is_not_mistaken_for_a_truncated_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(codec, "BODY_STALL_LIMIT", 1.0)

    async def main() -> None:
        transport, connection = connect()
        future = connection.send("threads")
        request = await transport.next_written()
        body = encode_message(answer(request, {"threads": [{"id": 1, "name": "x" * 100}]}))
        for start in range(0, len(body), 40):  # a few bytes at a time, each pause under the limit
            transport.inject(body[start:start + 40])
            await asyncio.sleep(0.2)
        assert (await connection.result(future, timeout=BOUND))["threads"][0]["id"] == 1

    run(main)


def test_a_body_split_around_its_line_breaks_is_read() -> None:
    # a JSON body may be pretty-printed: raw line breaks that are no header
    message = {"seq": 1, "type": "event", "event": "output", "body": {"output": "Content-Length: 12\r\n"}}
    body = json.dumps(message, indent=2).encode()
    data = b"Content-Length: %d\r\n\r\n" % len(body) + body
    decoder = FrameDecoder()
    assert [m for i in range(len(data)) for m in decoder.feed(data[i:i + 1])] == [message]


# -- a response to another request -------------------------------------------------------------------
def test_a_response_whose_command_is_not_its_requests_is_a_protocol_error() -> None:
    async def main() -> None:
        transport, connection = connect()
        first, second = connection.send("threads"), connection.send("scopes", {"frameId": 1})
        request = await transport.next_written()
        await transport.next_written()
        transport.inject_message(answer(request, {"stackFrames": []}, command="stackTrace"))
        error = await failed_at_once(first, connection)
        assert error.message == ("fake connection lost during threads: the adapter answered request 1 (threads) "
                                 "with a response to 'stackTrace'")
        assert "answered request 1 (threads)" in (await failed_at_once(second, connection)).message

    run(main)


def test_a_response_without_a_command_is_still_accepted() -> None:
    async def main() -> None:
        transport, connection = connect()
        future = connection.send("threads")
        request = await transport.next_written()
        reply = answer(request, {"threads": []})
        del reply["command"]
        transport.inject_message(reply)
        assert await connection.result(future, timeout=BOUND) == {"threads": []}
        await connection.close()

    run(main)


def test_a_huge_stderr_tail_is_cut_from_its_start() -> None:
    async def main() -> None:
        transport = MemoryTransport(stderr="early\n" + "e" * 60_000 + "\nlast words of the adapter")
        connection = Connection(transport, name="fake")
        connection.start()
        future = connection.send("threads")
        transport.inject_eof()
        error = await failed_at_once(future, connection)
        assert error.message.endswith("e / last words of the adapter")
        assert "| stderr: [56,036 characters cut] …eee" in error.message and len(error.message) < 4200

    run(main)
