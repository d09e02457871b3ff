"""The protocol layer against real processes and sockets: the fake adapter's injected faults must
surface as the documented dapcli errors, and TCP transports must be set up right."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from dapcli.errors import AdapterError, ConnectionLostError, DapTimeoutError, RequestError
from dapcli.protocol.codec import FrameDecoder, encode_message
from dapcli.protocol.connection import Connection
from dapcli.protocol.transport import StdioTransport, TcpTransport

ADAPTER = Path(__file__).resolve().parent / "fake_adapter.py"
CRASH_MESSAGE = "fatal error: fake adapter crashed while handling threads"
TEST_TIMEOUT = 60.0  # a hang guard: generous for a loaded machine


def run(test: Callable[[], Awaitable[None]]) -> None:
    async def bounded() -> None:
        await asyncio.wait_for(test(), TEST_TIMEOUT)

    asyncio.run(bounded())


@contextlib.asynccontextmanager
async def fake_adapter(mode: str) -> AsyncIterator[tuple[StdioTransport, Connection]]:
    transport = await StdioTransport.spawn([sys.executable, str(ADAPTER), mode])
    connection = Connection(transport, name="fake-adapter")
    connection.start()
    try:
        yield transport, connection
    finally:
        await connection.close()  # closes stdin: the fake adapter exits on EOF
        try:
            await asyncio.wait_for(transport.process.wait(), 30)
        except TimeoutError:
            transport.process.kill()
            await asyncio.wait_for(transport.process.wait(), 30)


async def initialize(connection: Connection) -> dict[str, Any]:
    return await connection.request("initialize", {"adapterID": "fake", "clientID": "dapcli"}, timeout=30)


def test_normal_session() -> None:
    async def main() -> None:
        async with fake_adapter("normal") as (transport, conn):
            events: list[str] = []
            conn.on_event(lambda m: events.append(m["event"]))
            assert await initialize(conn) == {"supportsConfigurationDoneRequest": True}
            result = await conn.request("evaluate", {"expression": "héllo → 世界 🐛"}, timeout=30)
            assert result["result"] == "🐛 界世 → olléh"
            assert (await conn.request("threads", timeout=30))["threads"] == [{"id": 1, "name": "main"}]
            with pytest.raises(RequestError, match="does not support pause"):
                await conn.request("pause", {"threadId": 1}, timeout=30)
            await conn.request("disconnect", timeout=30)
            assert await conn.wait_closed(30)
            assert events == ["initialized"]
            assert await asyncio.wait_for(transport.process.wait(), 30) == 0

    run(main)


@pytest.mark.parametrize(("mode", "exit_code"), [("crash", 3), ("hangup", 4)])
def test_crash_reports_connection_lost_with_stderr(mode: str, exit_code: int) -> None:
    # hangup: stdout ends before the reason reaches stderr; it must still be in the error
    async def main() -> None:
        async with fake_adapter(mode) as (transport, conn):
            await initialize(conn)
            with pytest.raises(ConnectionLostError) as caught:
                await conn.request("threads", timeout=30)
            error = caught.value
            assert type(error) is ConnectionLostError and error.exit_code == 6
            assert "threads" in error.message
            assert CRASH_MESSAGE in error.message
            assert await asyncio.wait_for(transport.process.wait(), 30) == exit_code

    run(main)


def test_garbage_reports_protocol_error() -> None:
    async def main() -> None:
        async with fake_adapter("garbage") as (_transport, conn):
            # the initialize response arrived intact, just before the garbage
            assert await initialize(conn) == {"supportsConfigurationDoneRequest": True}
            with pytest.raises(ConnectionLostError) as caught:  # ProtocolError is one, too
                await conn.request("threads", timeout=30)
            assert "invalid DAP header" in caught.value.message
            assert conn.closed

    run(main)


def test_silent_adapter_times_out() -> None:
    async def main() -> None:
        async with fake_adapter("silent") as (_transport, conn):
            await initialize(conn)
            started = time.monotonic()
            with pytest.raises(DapTimeoutError, match="threads"):
                await conn.request("threads", timeout=0.2)
            assert time.monotonic() - started < 10.0  # never answered: for ever without the timeout
            # the adapter is still there and still answers other requests
            assert (await conn.request("evaluate", {"expression": "ab"}, timeout=30))["result"] == "ba"

    run(main)


def test_a_flood_of_stderr_does_not_block_the_adapter() -> None:
    # a stderr line over the reader's limit must not stop the draining (the pipe would fill up)
    async def main() -> None:
        async with fake_adapter("noisy") as (transport, conn):
            await initialize(conn)
            assert (await conn.request("threads", timeout=30))["threads"] == [{"id": 1, "name": "main"}]
            deadline = time.monotonic() + 30
            while "noisy: threads answered" not in transport.stderr_tail() and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
            assert transport.stderr_tail().endswith("noisy: threads answered")

    run(main)


def test_spawning_a_missing_adapter_raises_adapter_error() -> None:
    async def main() -> None:
        with pytest.raises(AdapterError, match="cannot start the adapter"):
            await StdioTransport.spawn(["/nonexistent/dapcli-test-adapter", "--stdio"])

    run(main)


# -- TCP -----------------------------------------------------------------------------------------------
async def serve_dap(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """A minimal adapter on a socket: answers every request with an empty success."""
    decoder = FrameDecoder()
    seq = 0
    try:
        while data := await reader.read(65536):
            for message in decoder.feed(data):
                seq += 1
                writer.write(
                    encode_message(
                        {
                            "seq": seq,
                            "type": "response",
                            "request_seq": message["seq"],
                            "command": message["command"],
                            "success": True,
                            "body": {"echo": message["command"]},
                        }
                    )
                )
                if message["command"] == "disconnect":
                    writer.close()
                    return
    finally:
        writer.close()


def test_tcp_transport_sets_nodelay_and_talks_dap() -> None:
    async def main() -> None:
        server = await asyncio.start_server(serve_dap, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        try:
            transport = await TcpTransport.connect("127.0.0.1", port, timeout=30)
            sock = transport.socket
            assert sock is not None
            assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
            assert sock.getpeername()[1] == port

            conn = Connection(transport, name="tcp")
            conn.start()
            assert await conn.request("initialize", {"adapterID": "tcp"}, timeout=30) == {"echo": "initialize"}
            await conn.request("disconnect", timeout=30)
            # the adapter hung up: what is still pending fails, and later sends too
            assert await conn.wait_closed(30)
            with pytest.raises(ConnectionLostError):
                await conn.request("threads", timeout=30)
            await conn.close()
        finally:
            server.close()
            await asyncio.wait_for(server.wait_closed(), 5)

    run(main)


def test_tcp_connect_to_a_closed_port_fails_fast() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    # nothing listens there any more

    async def main() -> None:
        started = time.monotonic()
        with pytest.raises(AdapterError) as caught:
            await TcpTransport.connect("127.0.0.1", port, timeout=60)
        assert time.monotonic() - started < 15.0  # refused: not the 60 s timeout
        assert f"127.0.0.1:{port}" in caught.value.message
        assert caught.value.hint

    run(main)
