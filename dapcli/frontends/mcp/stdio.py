"""Stdio for the MCP server on the event loop itself (no worker thread per line).

The SDK's ``stdio_server()`` reads and writes through ``anyio.wrap_file``: every line read and
every write+flush is a round trip to a worker thread, a fixed cost on each tool call, and a
blocked read that cancellation cannot interrupt. This module hands ``stdio_server`` line streams
backed by asyncio pipe transports instead, after claiming fds 0 and 1 as the SDK does (fd 0 then
reads the null device and fd 1 writes to stderr, so a stray ``print`` or child process cannot
corrupt the wire). A line that is not a JSON-RPC message is answered here with a JSON-RPC
error (the SDK would only log it; see ``wire_errors``). When stdin or stdout is not a pipe or
socket (a terminal, a regular file), it falls back to the SDK's own streams, still answering such
lines (through the SDK's write stream).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import io
import json
import os
import stat
from collections.abc import AsyncIterator
from typing import Any

import anyio
import mcp_types as types
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage

from dapcli.frontends.mcp.prelude import REPLAY_ID
from dapcli.frontends.mcp.wire_errors import refusal

__all__ = ["fast_stdio_server"]

#: Longest JSON-RPC line accepted (bytes; ``DAPCLI_MCP_LINE_LIMIT`` overrides it). A longer line
#: is answered with a JSON-RPC error (id null: it was never read) and the server goes on.
LINE_LIMIT = 64 * 1024 * 1024


def line_limit() -> int:
    try:
        return max(1024, int(os.environ.get("DAPCLI_MCP_LINE_LIMIT", "")))
    except ValueError:
        return LINE_LIMIT


class _LineReader:
    """Async iterator of text lines (what ``stdio_server`` reads from its ``stdin``)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter | None = None,
                 limit: int = LINE_LIMIT, first: list[bytes] | None = None) -> None:
        self._first = list(first or [])  # read before the stream: what the prelude read
        self._reader = reader
        self._writer = writer
        self._limit = limit

    def __aiter__(self) -> _LineReader:
        return self

    async def __anext__(self) -> str:
        while True:
            if self._first:
                line = self._first.pop(0)
                if not line.endswith(b"\n"):  # the input ended inside this line: its tail may follow
                    line += await self._rest_of_line()
                if len(line.rstrip(b"\r\n")) > self._limit:  # read whole by the prelude: refused all the same
                    self._refuse_large()
                    continue
            else:
                line = await self._line()
                if line is None:
                    continue
            text = line.decode("utf-8", errors="replace")
            answer = refusal(text)
            if answer is None:
                return text
            if self._writer is not None:  # the SDK would drop it unanswered
                self._writer.write(answer)

    async def _rest_of_line(self) -> bytes:
        try:
            return await self._line() or b""
        except StopAsyncIteration:
            return b""

    async def _line(self) -> bytes | None:
        """The next line from the stream (None: one over the limit, refused and skipped)."""
        try:
            return await self._reader.readuntil(b"\n")
        except asyncio.IncompleteReadError as end:
            if not end.partial:
                raise StopAsyncIteration from None
            return end.partial
        except asyncio.LimitOverrunError as over:
            await self._skip_line(over.consumed)
            return None

    async def _skip_line(self, consumed: int) -> None:
        """Drop the rest of a line over the limit, then refuse it with a JSON-RPC error."""
        while True:
            await self._reader.readexactly(consumed)
            try:
                await self._reader.readuntil(b"\n")  # the line's end
                break
            except asyncio.IncompleteReadError:
                break
            except asyncio.LimitOverrunError as over:
                consumed = over.consumed
        self._refuse_large()

    def _refuse_large(self) -> None:
        """Answer a line over the limit with a JSON-RPC error (its id was not read)."""
        if self._writer is not None:
            error = {"jsonrpc": "2.0", "id": None, "error": {
                "code": -32600, "message": f"message too large: over {self._limit} bytes; it was not read"}}
            self._writer.write(json.dumps(error).encode() + b"\n")


class _LineWriter:
    """``write``/``flush`` coroutines (what ``stdio_server`` needs from its ``stdout``); the
    answer to the ``initialize`` a prelude replayed is dropped (the client had its own)."""

    def __init__(self, writer: asyncio.StreamWriter, replayed: bool = False) -> None:
        self._writer = writer
        self._replayed = replayed

    async def write(self, text: str) -> None:
        if self._replayed and REPLAY_ID in text[:200] and json.loads(text).get("id") == REPLAY_ID:
            self._replayed = False
            return
        self._writer.write(text.encode("utf-8"))

    async def flush(self) -> None:
        await self._writer.drain()


def _streamable(fd: int) -> bool:
    mode = os.fstat(fd).st_mode
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)  # not a terminal: asyncio would leave it non-blocking


def _claim(fd: int, diversion: int) -> int:
    """A private duplicate of ``fd`` (the wire); ``fd`` itself now points at ``diversion``."""
    private = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 3)
    os.dup2(diversion, fd)
    os.close(diversion)
    return private


class _CheckedLines:
    """The SDK's own line reading (a terminal or a regular file on stdin), with each line that is
    not a JSON-RPC message answered through the SDK's write stream instead of dropped."""

    def __init__(self, lines: Any) -> None:
        self._lines = lines
        self.write_stream: Any = None
        self.ready = anyio.Event()

    def __aiter__(self) -> AsyncIterator[str]:
        return self._checked()

    async def _checked(self) -> AsyncIterator[str]:
        async for line in self._lines:
            answer = refusal(line)
            if answer is None:
                yield line
                continue
            await self.ready.wait()
            await self.write_stream.send(SessionMessage(types.JSONRPCError.model_validate_json(answer)))


@contextlib.asynccontextmanager
async def _sdk_stdio_checked() -> AsyncIterator[tuple[Any, Any]]:
    """``stdio_server()`` over fd 0 claimed here (as the SDK would), lines checked."""
    if not _usable(0):
        async with stdio_server() as streams:
            yield streams
        return
    wire_in = _claim(0, os.open(os.devnull, os.O_RDONLY))
    text = io.TextIOWrapper(os.fdopen(wire_in, "rb", buffering=0, closefd=False), encoding="utf-8",
                            errors="replace")
    lines = _CheckedLines(anyio.wrap_file(text))
    try:
        async with stdio_server(lines) as (read_stream, write_stream):  # type: ignore[arg-type]
            lines.write_stream = write_stream
            lines.ready.set()
            yield read_stream, write_stream
    finally:
        with contextlib.suppress(OSError):
            os.dup2(wire_in, 0)
        with contextlib.suppress(OSError):
            os.close(wire_in)


def _usable(fd: int) -> bool:
    try:
        os.fstat(fd)
        return True
    except OSError:
        return False


@contextlib.asynccontextmanager
async def fast_stdio_server(first: list[bytes] | None = None) -> AsyncIterator[tuple[Any, Any]]:
    """Like ``mcp.server.stdio.stdio_server()``: yields ``(read_stream, write_stream)``.
    ``first``: lines read before the stream (by a :class:`~.prelude.Prelude`: stdio is a pipe
    or socket then)."""
    if not (_streamable(0) and _streamable(1)):
        async with _sdk_stdio_checked() as streams:
            yield streams
        return
    loop = asyncio.get_running_loop()
    wire_in = _claim(0, os.open(os.devnull, os.O_RDONLY))
    wire_out = _claim(1, os.dup(2))
    limit = line_limit()
    reader = asyncio.StreamReader(limit=limit)
    read_transport, _ = await loop.connect_read_pipe(
        lambda: asyncio.StreamReaderProtocol(reader), os.fdopen(wire_in, "rb", buffering=0)
    )
    write_transport, protocol = await loop.connect_write_pipe(
        asyncio.streams.FlowControlMixin, os.fdopen(wire_out, "wb", buffering=0)
    )
    writer = asyncio.StreamWriter(write_transport, protocol, None, loop)
    try:
        lines = _LineReader(reader, writer, limit, first)
        replayed = any(REPLAY_ID.encode() in line for line in first or [])
        async with stdio_server(lines, _LineWriter(writer, replayed)) as streams:  # type: ignore[arg-type]
            yield streams
    finally:
        for fd, wire in ((0, wire_in), (1, wire_out)):
            with contextlib.suppress(OSError):
                os.dup2(wire, fd)  # the wire back on fd 0/1 (unless the transport already closed it)
        read_transport.close()
        write_transport.close()
