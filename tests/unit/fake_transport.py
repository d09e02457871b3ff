"""An in-memory :class:`dapcli.protocol.transport.Transport` for connection contract tests.

The test plays the adapter: :meth:`MemoryTransport.inject` / :meth:`inject_message` /
:meth:`inject_eof` put bytes on the wire towards the client, and :attr:`written` is a spy list of
every chunk the client wrote (:meth:`next_written` awaits the next decoded message).
"""

from __future__ import annotations

import asyncio
from typing import Any

from dapcli.errors import ConnectionLostError
from dapcli.protocol.codec import FrameDecoder, encode_message

__all__ = ["MemoryTransport"]


class MemoryTransport:
    def __init__(self, stderr: str = "") -> None:
        self._incoming: asyncio.Queue[bytes] = asyncio.Queue()
        self._outgoing: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._decoder = FrameDecoder()
        self.written: list[bytes] = []  # spy: raw chunks the client wrote, in order
        self.messages: list[dict[str, Any]] = []  # the same, decoded
        self.stderr = stderr
        self.closed = False
        self.close_calls = 0
        self._eof = False

    # -- the Transport protocol (the client side) ---------------------------------------------
    async def read(self) -> bytes:
        if self._eof and self._incoming.empty():
            return b""
        data = await self._incoming.get()
        if not data:
            self._eof = True
        return data

    def write(self, data: bytes) -> None:
        if self.closed:
            raise ConnectionLostError("the memory transport is closed")
        self.written.append(bytes(data))
        for message in self._decoder.feed(data):
            self.messages.append(message)
            self._outgoing.put_nowait(message)

    async def close(self) -> None:
        self.close_calls += 1
        if not self.closed:
            self.closed = True
            self._incoming.put_nowait(b"")  # the reader sees end of stream

    def stderr_tail(self) -> str:
        return self.stderr

    # -- the adapter side ------------------------------------------------------------------------
    def inject(self, data: bytes) -> None:
        """Bytes from the adapter, delivered to the client as one ``read()`` chunk."""
        assert data, "use inject_eof() for end of stream"
        self._incoming.put_nowait(bytes(data))

    def inject_message(self, *messages: dict[str, Any]) -> None:
        """One chunk holding the framed ``messages``."""
        self.inject(b"".join(encode_message(m) for m in messages))

    def inject_eof(self) -> None:
        self._incoming.put_nowait(b"")

    async def next_written(self, timeout: float = 2.0) -> dict[str, Any]:
        """The next message the client writes (decoded), waiting at most ``timeout`` seconds."""
        return await asyncio.wait_for(self._outgoing.get(), timeout)
