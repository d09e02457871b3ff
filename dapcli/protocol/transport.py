"""Byte transports under a DAP connection: a child process's stdio, or a TCP socket.

Both implement :class:`Transport`. TCP sockets always get ``TCP_NODELAY`` (without it, Nagle's
algorithm plus delayed ACK adds ~40 ms to every request on Linux loopback).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import socket
import subprocess
from typing import Protocol

from dapcli.errors import AdapterError, ConnectionLostError

__all__ = ["StderrTail", "StdioTransport", "TcpTransport", "Transport"]

_READ_SIZE = 1 << 16
_STDERR_GRACE = 0.5  # at end of stdout, how long to let stderr catch up (the adapter's last words)


class Transport(Protocol):
    """What a :class:`~dapcli.protocol.connection.Connection` needs from a byte stream."""

    async def read(self) -> bytes:
        """Return the next chunk of bytes; ``b""`` at end of stream."""
        ...

    def write(self, data: bytes) -> None: ...

    async def close(self) -> None: ...

    def stderr_tail(self) -> str:
        """The last lines the peer wrote to its stderr (for error messages), or ``""``."""
        ...


class StderrTail:
    """Drains a stream (an adapter's stderr) into a bounded buffer of its last lines."""

    def __init__(self, max_lines: int = 40) -> None:
        self.lines: collections.deque[str] = collections.deque(maxlen=max_lines)
        self.task: asyncio.Task[None] | None = None

    def drain(self, stream: asyncio.StreamReader) -> None:
        self.task = asyncio.get_running_loop().create_task(self._drain(stream))

    async def _drain(self, stream: asyncio.StreamReader) -> None:
        while True:
            try:
                line = await stream.readline()
            except ValueError:  # a line over the stream's limit (dropped): keep draining, or the
                continue  # adapter blocks on a full stderr pipe and its process never finishes
            if not line:
                return
            self.lines.append(line.decode("utf-8", "replace").rstrip())

    async def wait(self, timeout: float) -> None:
        """Wait up to ``timeout`` s for the stream to end (everything written to it is read)."""
        if self.task is not None and not self.task.done():
            await asyncio.wait({self.task}, timeout=timeout)

    def text(self) -> str:
        return "\n".join(line for line in self.lines if line)


class StdioTransport:
    """An adapter process spoken to over its stdin/stdout; stderr is drained into a tail.

    The process starts in a new session (its own process group) so that teardown can kill the
    whole group, debuggee included.
    """

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self._tail = StderrTail()
        if process.stderr is not None:
            self._tail.drain(process.stderr)

    @classmethod
    async def spawn(
        cls, argv: list[str], *, env: dict[str, str] | None = None, cwd: str | None = None
    ) -> StdioTransport:
        """Start ``argv`` with pipes on stdin/stdout/stderr.

        Raises:
            AdapterError: the executable does not exist or cannot be run.
        """
        try:
            process = await asyncio.create_subprocess_exec(
                *argv,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                env=env,
                cwd=cwd,
                start_new_session=True,
                limit=_READ_SIZE,
            )
        except OSError as exc:
            raise AdapterError(f"cannot start the adapter {argv[0]}: {exc.strerror or exc}") from None
        return cls(process)

    @classmethod
    async def adopt(cls, popen: subprocess.Popen[bytes]) -> StdioTransport:
        """A transport over an adapter started before the event loop ran (with pipes on its
        stdin/stdout/stderr, in its own session): see :mod:`dapcli.adapters.early.process`."""
        return cls(await AdoptedProcess.connect(popen))  # type: ignore[arg-type]

    @property
    def pid(self) -> int:
        return self.process.pid

    async def read(self) -> bytes:
        assert self.process.stdout is not None
        data = await self.process.stdout.read(_READ_SIZE)
        if not data:
            # the adapter's stderr (why it died) may still be in flight: without this, the
            # ConnectionLostError built right after this EOF can miss it
            await self._tail.wait(_STDERR_GRACE)
        return data

    def write(self, data: bytes) -> None:
        stdin = self.process.stdin
        if stdin is None or stdin.is_closing():
            raise ConnectionLostError("the adapter's stdin is closed")
        stdin.write(data)

    async def close(self) -> None:
        stdin = self.process.stdin
        if stdin is not None and not stdin.is_closing():
            stdin.close()

    def stderr_tail(self) -> str:
        return self._tail.text()


class AdoptedProcess:
    """What :class:`StdioTransport` and the session's teardown use of an
    ``asyncio.subprocess.Process`` (pid, streams, ``returncode``, ``wait()``), for a
    ``subprocess.Popen`` started before the event loop."""

    def __init__(self, popen: subprocess.Popen[bytes]) -> None:
        self._popen = popen
        self.pid = popen.pid
        self.stdin: asyncio.StreamWriter | None = None
        self.stdout: asyncio.StreamReader | None = None
        self.stderr: asyncio.StreamReader | None = None

    @classmethod
    async def connect(cls, popen: subprocess.Popen[bytes]) -> AdoptedProcess:
        loop = asyncio.get_running_loop()
        process = cls(popen)
        assert popen.stdin is not None and popen.stdout is not None and popen.stderr is not None
        readers = []
        for pipe in (popen.stdout, popen.stderr):
            reader = asyncio.StreamReader(limit=_READ_SIZE, loop=loop)
            await loop.connect_read_pipe(lambda r=reader: asyncio.StreamReaderProtocol(r, loop=loop), pipe)
            readers.append(reader)
        process.stdout, process.stderr = readers
        transport, protocol = await loop.connect_write_pipe(asyncio.streams.FlowControlMixin, popen.stdin)
        process.stdin = asyncio.StreamWriter(transport, protocol, None, loop)
        return process

    @property
    def returncode(self) -> int | None:
        return self._popen.poll()

    async def wait(self) -> int:
        """The exit status, once the process ended (polled: it is not a child asyncio watches)."""
        while self._popen.poll() is None:
            await asyncio.sleep(0.02)
        return self._popen.returncode


class TcpTransport:
    """A TCP connection to an adapter (``TCP_NODELAY`` set)."""

    def __init__(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, tail: StderrTail | None = None
    ) -> None:
        self._reader = reader
        self._writer = writer
        self._tail = tail

    @property
    def socket(self) -> socket.socket | None:
        """The connected socket (an asyncio ``TransportSocket`` wrapper), e.g. for ``getsockopt``."""
        return self._writer.get_extra_info("socket")

    @classmethod
    async def connect(
        cls, host: str, port: int, *, timeout: float = 10.0, tail: StderrTail | None = None
    ) -> TcpTransport:
        """Connect to ``host:port``.

        Raises:
            AdapterError: nothing accepts connections there within ``timeout`` seconds.
        """
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(host, port, limit=_READ_SIZE), timeout
            )
        except (TimeoutError, OSError) as exc:
            reason = "timed out" if isinstance(exc, asyncio.TimeoutError) else \
                "connection refused" if isinstance(exc, ConnectionRefusedError) else (exc.strerror or str(exc))
            raise AdapterError(
                f"cannot connect to a debug adapter at {host}:{port}: {reason}",
                "check that the program was started with the debugger listening on that port",
            ) from None
        sock = writer.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return cls(reader, writer, tail)

    async def read(self) -> bytes:
        try:
            return await self._reader.read(_READ_SIZE)
        except OSError:
            return b""

    def write(self, data: bytes) -> None:
        if self._writer.is_closing():
            raise ConnectionLostError("the adapter connection is closed")
        self._writer.write(data)

    async def close(self) -> None:
        if not self._writer.is_closing():
            self._writer.close()
        with contextlib.suppress(TimeoutError, OSError):
            await asyncio.wait_for(self._writer.wait_closed(), 1.0)

    def stderr_tail(self) -> str:
        return self._tail.text() if self._tail else ""
