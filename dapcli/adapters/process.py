"""Adapter processes: starting a debug adapter and reaching it over stdio or TCP.

:class:`AdapterServer` starts TCP adapters that print their address (``dlv dap``, js-debug's
server) or take a ``{port}``; it drains the adapter's stdout and stderr for as long as it runs
(unread pipes block it) and can relay them as program output (Delve prints the debuggee's output
there), never to our own stdout, which may be an MCP stdio stream. :func:`start_tcp_adapter`
starts one that listens on a port we chose (CodeLLDB). Kept apart from the adapter families so
that describing them (``dapcli adapters``) imports neither asyncio nor the transports.
"""

from __future__ import annotations

import asyncio
import codecs
import collections
import contextlib
import os
import re
import shutil
import signal
import socket
from collections.abc import Callable

from dapcli.adapters.base import OutputSink
from dapcli.adapters.listener import dialed_by, listens_on
from dapcli.errors import AdapterError
from dapcli.protocol.transport import StderrTail, StdioTransport, TcpTransport, Transport

__all__ = ["ADDRESS", "AdapterServer", "ProcessTcpTransport", "ServerTransport", "free_port", "start_command",
           "start_dialing_adapter", "start_tcp_adapter"]

#: ``HOST:PORT`` as adapters print it (``DAP server listening at: 127.0.0.1:38000``,
#: ``Debug server listening at 127.0.0.1:42119``).
ADDRESS = re.compile(r"(\d{1,3}(?:\.\d{1,3}){3}|localhost|\[[0-9A-Fa-f:]+\]):(\d{1,5})\b")
_READ = 1 << 16
_TAIL_LINES = 40


# -- adapter processes ---------------------------------------------------------------------------
class AdapterServer:
    """An adapter process that serves DAP on TCP, in its own process group.

    Its stdout and stderr are read until they end: lines go to a tail (for error messages) and,
    when ``relay`` is given, to ``relay(category, text)`` as program output.
    """

    def __init__(self, process: asyncio.subprocess.Process, *, relay: OutputSink | None,
                 exits_on_disconnect: bool) -> None:
        self.process = process
        self.relay = relay
        self.exits_on_disconnect = exits_on_disconnect
        self.host = "127.0.0.1"
        self.port = 0
        #: The port was chosen by us ({port}), not printed by the adapter: connect only once the
        #: adapter is seen listening there (another process may have bound it first).
        self.chosen_port = False
        #: A unix socket the adapter serves on ({socket}: in a private folder of ours), instead of
        #: a TCP port: a loopback port has no owner check, so any local user could connect to it.
        self.path = ""
        #: Our listener that the adapter dials ({client}); only a connection from the adapter's
        #: own process is taken (another local process may connect first).
        self.listener: socket.socket | None = None
        self.tail: collections.deque[str] = collections.deque(maxlen=_TAIL_LINES)
        self.drains: list[asyncio.Task[None]] = []
        #: Called once when the server's connection closes (e.g. removing a build directory).
        self.cleanups: list[Callable[[], None]] = []
        #: Text the server prints (stdout or stderr) once it waits for its client: :meth:`connect`
        #: waits for it (rdbg answers a client that comes earlier with console chatter before
        #: its DAP answer); "" for none.
        self.ready_text = ""
        self._ready = asyncio.Event()
        self._seen = ""

    @property
    def pid(self) -> int:
        return self.process.pid

    #: The command's name, for messages.
    process_name = "the adapter"

    @classmethod
    async def spawn(
        cls, argv: list[str], *, cwd: str | None = None, env: dict[str, str] | None = None,
        relay: OutputSink | None = None, exits_on_disconnect: bool = False, timeout: float = 15.0,
        stdin: str | None = None, ready: str = "",
    ) -> AdapterServer:
        """Start ``argv``. With ``{port}`` in an argument, a free port is chosen and put there;
        otherwise the adapter must print ``HOST:PORT`` on stdout within ``timeout`` seconds.
        ``stdin`` is a path the adapter reads as its stdin (else ``/dev/null``); ``ready``: text
        the adapter prints once it waits for its client (:meth:`connect` waits for it).

        Raises:
            AdapterError: it cannot start, exits, or prints no address in time (with its output).
        """
        port = free_port() if any("{port}" in arg for arg in argv) else 0
        folder = _private_folder() if any("{socket}" in arg for arg in argv) else ""
        path = os.path.join(folder, "dap.sock") if folder else ""
        listener = _loopback_listener() if any("{client}" in arg for arg in argv) else None
        client = f"127.0.0.1:{listener.getsockname()[1]}" if listener is not None else ""
        argv = [arg.replace("{port}", str(port)).replace("{socket}", path).replace("{client}", client) for arg in argv]
        try:
            # `stdin`: a file (or a pty) the adapter hands on to the program it starts (Delve)
            # (O_NOCTTY: a pty must not become the terminal of this process, but of the adapter's session)
            with open(os.open(stdin, os.O_RDONLY | os.O_NOCTTY), "rb") if stdin \
                    else contextlib.nullcontext(asyncio.subprocess.DEVNULL) as source:
                tty = not isinstance(source, int) and source.isatty()
                process = await asyncio.create_subprocess_exec(
                    *argv, stdin=source, stdout=asyncio.subprocess.PIPE,
                    stderr=asyncio.subprocess.PIPE, cwd=cwd, env=env, start_new_session=True, limit=_READ,
                    preexec_fn=_control_stdin if tty else None,
                )
        except OSError as exc:
            if folder:
                shutil.rmtree(folder, ignore_errors=True)
            if listener is not None:
                listener.close()
            raise AdapterError(f"cannot start the adapter {argv[0]}: {exc.strerror or exc}") from None
        server = cls(process, relay=relay, exits_on_disconnect=exits_on_disconnect)
        server.ready_text = ready
        server.process_name = argv[0]
        try:
            if listener is not None:
                server.listener = listener
                server._drain_all()
            elif folder:
                server.path = path
                server.cleanups.append(lambda: shutil.rmtree(folder, ignore_errors=True))
                server._drain_all()
            elif port:
                server.port, server.chosen_port = port, True
                server._drain_all()
            else:
                await asyncio.wait_for(server._read_address(), timeout)
        except BaseException as exc:
            server.kill()
            if isinstance(exc, TimeoutError):
                raise AdapterError(
                    f"{os.path.basename(argv[0])} printed no address to connect to within {timeout:g} s",
                    server.tail_text() or "check the adapter's command",
                ) from None
            raise
        return server

    async def _read_address(self) -> None:
        assert self.process.stdout is not None and self.process.stderr is not None
        self._drain(self.process.stderr, "stderr")
        while True:
            line = await self.process.stdout.readline()
            if not line:
                await asyncio.sleep(0.05)  # let stderr catch up: it says why
                raise AdapterError(f"the adapter exited before it listened: {self.tail_text() or 'no output'}")
            text = line.decode("utf-8", "replace").rstrip()
            found = ADDRESS.search(text)
            if found:
                host = found.group(1).strip("[]")
                self.host, self.port = ("127.0.0.1" if host in ("localhost", "0.0.0.0") else host), int(found.group(2))
                if self.relay is not None and not _loopback(host):  # the user's command chose that address
                    self.relay("important", f"dapcli: warning: the adapter listens on {host}:{self.port}, not only "
                                            "on loopback: other machines can reach it\n")
                self._drain(self.process.stdout, "stdout")
                return
            self.tail.append(text)

    def _drain_all(self) -> None:
        assert self.process.stdout is not None and self.process.stderr is not None
        self._drain(self.process.stdout, "stdout")
        self._drain(self.process.stderr, "stderr")

    def _drain(self, stream: asyncio.StreamReader, category: str) -> None:
        self.drains.append(asyncio.get_running_loop().create_task(self._pump(stream, category)))

    async def _pump(self, stream: asyncio.StreamReader, category: str) -> None:
        decoder = codecs.getincrementaldecoder("utf-8")("replace")
        partial = ""
        while True:
            try:
                data = await stream.read(_READ)
            except (OSError, ValueError):
                data = b""
            text = decoder.decode(data, final=not data)
            if text and self.ready_text and not self._ready.is_set():
                self._seen = (self._seen + text)[-(len(self.ready_text) + len(text)):]
                if self.ready_text in self._seen:
                    self._ready.set()
            if text:
                if self.relay is not None:
                    with contextlib.suppress(Exception):
                        self.relay(category, text)
                lines = (partial + text).split("\n")
                partial = lines.pop()[-2000:]
                self.tail.extend(line.rstrip() for line in lines)
            if not data:
                if partial:
                    self.tail.append(partial)
                return

    async def connect(self, timeout: float = 10.0) -> ServerTransport:
        """A new DAP connection to the server (polling while it starts to accept)."""
        if self.listener is not None:
            return await self._accept(timeout)
        deadline = asyncio.get_running_loop().time() + timeout
        if self.ready_text:
            await self._wait_ready(timeout)
        while True:
            try:
                if self.chosen_port and not listens_on(self.process.pid, self.port):
                    raise AdapterError("not listening yet")
                transport = await ServerTransport.connect_unix(self.path) if self.path else \
                    await ServerTransport.connect(self.host, self.port, timeout=2.0)
                transport.server = self
                return transport
            except AdapterError:
                if self.process.returncode is not None or asyncio.get_running_loop().time() >= deadline:
                    self.kill()
                    raise AdapterError(
                        f"cannot connect to the adapter at {self.path or f'{self.host}:{self.port}'}",
                        self.tail_text() or "check the adapter's command",
                    ) from None
                await asyncio.sleep(0.05)

    async def _wait_ready(self, timeout: float) -> None:
        """Wait until the server printed :attr:`ready_text`.

        Raises:
            AdapterError: it exits first, or does not print it within ``timeout`` seconds.
        """
        exited = asyncio.ensure_future(self.process.wait())
        ready = asyncio.ensure_future(self._ready.wait())
        try:
            await asyncio.wait({exited, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        finally:
            exited.cancel()
            ready.cancel()
        if not self._ready.is_set():
            if self.drains:
                await asyncio.wait(self.drains, timeout=0.2)  # its last words say why
            self.kill()
            said = self.tail_text() or "no output"
            what = "exited before it waited for dapcli" if self.process.returncode is not None else \
                f"was not ready within {timeout:g} s"
            raise AdapterError(f"{os.path.basename(self.process_name)} {what}: {said}",
                               "check the program and the adapter's command")

    async def _accept(self, timeout: float) -> ServerTransport:
        """The connection the adapter dials to our listener; any other is closed unread."""
        listener, self.listener = self.listener, None
        assert listener is not None
        conn = await _accept_from(listener, self.process, timeout)
        if conn is None:
            self.kill()
            raise AdapterError(f"the adapter did not connect back within {timeout:g} s",
                               self.tail_text() or "check the adapter's command")
        reader, writer = await asyncio.open_connection(sock=conn, limit=_READ)
        transport = ServerTransport(reader, writer)
        transport.server = self
        return transport

    async def finish(self, timeout: float = 0.5) -> None:
        """After the last ``disconnect``: a server that exits by itself gets up to ``timeout`` s
        for its output to be relayed to the end; one that never exits (js-debug) is killed now.
        Then the cleanups run. Never raises."""
        if not self.exits_on_disconnect:
            self.kill()
            with contextlib.suppress(asyncio.TimeoutError, ProcessLookupError):
                await asyncio.wait_for(self.process.wait(), 2.0)
        if self.drains:
            await asyncio.wait(self.drains, timeout=timeout)
        cleanups, self.cleanups = self.cleanups, []
        for cleanup in cleanups:
            with contextlib.suppress(Exception):
                cleanup()

    def kill(self) -> None:
        """SIGKILL the server's process group (it was started in its own session)."""
        with contextlib.suppress(OSError):
            os.killpg(self.process.pid, signal.SIGKILL)

    def tail_text(self) -> str:
        return " / ".join(line for line in list(self.tail)[-5:] if line)


class ServerTransport(TcpTransport):
    """A TCP connection to an :class:`AdapterServer` we started."""

    server: AdapterServer | None = None

    @classmethod
    async def connect_unix(cls, path: str, *, timeout: float = 2.0) -> ServerTransport:
        """Connect to the unix socket ``path`` of an adapter we started.

        Raises:
            AdapterError: nothing accepts connections there (yet) within ``timeout`` seconds.
        """
        try:
            reader, writer = await asyncio.wait_for(asyncio.open_unix_connection(path, limit=_READ), timeout)
        except (TimeoutError, OSError) as exc:
            raise AdapterError(f"cannot connect to the adapter at {path}: {getattr(exc, 'strerror', None) or exc}",
                               ) from None
        return cls(reader, writer)

    @property
    def process(self) -> asyncio.subprocess.Process | None:
        """The adapter process when it exits by itself after ``disconnect`` (the session waits
        for it); None for a server that never exits (it is killed)."""
        if self.server is not None and self.server.exits_on_disconnect:
            return self.server.process
        return None

    async def close(self) -> None:
        await super().close()
        if self.server is not None:
            await self.server.finish()

    def stderr_tail(self) -> str:
        return self.server.tail_text() if self.server is not None else ""


async def start_command(argv: list[str], transport: str, *, cwd: str | None = None,
                        relay: OutputSink | None = None) -> tuple[Transport, int]:
    """Start a configured adapter command on ``stdio`` or ``tcp``; return the transport and the
    process group to kill at teardown.

    Raises:
        AdapterError: the command cannot start or be reached.
    """
    if transport == "tcp":
        server = await AdapterServer.spawn(argv, cwd=cwd, relay=relay)
        return await server.connect(), server.pid
    stdio = await StdioTransport.spawn(argv, cwd=cwd)
    return stdio, stdio.pid


# -- TCP adapters ------------------------------------------------------------------------------
class ProcessTcpTransport(TcpTransport):
    """A TCP connection to an adapter process this session started: the session's teardown
    waits for (and reaps) :attr:`process`, as for a stdio adapter."""

    process: asyncio.subprocess.Process


def _loopback_listener() -> socket.socket:
    """A non-blocking TCP listener on a free loopback port, for an adapter that dials us."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.setblocking(False)
    return listener


async def _accept_from(listener: socket.socket, process: asyncio.subprocess.Process,
                       timeout: float) -> socket.socket | None:
    """The connection ``process`` (or a child of it) dials to ``listener`` within ``timeout``
    seconds; any other connection is closed unread. None when it exits or never dials. Closes
    ``listener``."""
    loop = asyncio.get_running_loop()
    ours = listener.getsockname()[1]
    deadline = loop.time() + timeout
    # one accept at a time, never cancelled while a connection may be in it (a cancelled
    # wait_for can drop an accepted socket: the adapter's own, on a loaded machine)
    accept: asyncio.Future[tuple[socket.socket, object]] | None = None
    exited = asyncio.ensure_future(process.wait())
    try:
        while True:
            remaining = deadline - loop.time()
            if remaining <= 0 or process.returncode is not None:
                return None
            if accept is None:
                accept = asyncio.ensure_future(loop.sock_accept(listener))
            await asyncio.wait({accept, exited}, timeout=remaining, return_when=asyncio.FIRST_COMPLETED)
            if not accept.done():
                continue
            conn, peer = accept.result()
            accept = None
            if dialed_by(process.pid, peer[1], ours):
                conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                return conn
            conn.close()  # another local process got here first: not our adapter
    finally:
        exited.cancel()
        if accept is not None:
            accept.cancel()
            if accept.done() and not accept.cancelled() and accept.exception() is None:
                accept.result()[0].close()
        listener.close()


async def start_dialing_adapter(argv: list[str], *, timeout: float = 15.0) -> tuple[ProcessTcpTransport, int]:
    """Start an adapter that dials us (``{port}`` in ``argv``: our loopback listener's port; in
    its own process group, stdout and stderr drained) and take the connection it makes — only
    its own: a loopback port it listened on could be reached first by any local process, which
    would then hold the DAP session (``launch`` included). Returns the transport and the pid.

    Raises:
        AdapterError: it cannot start, exits, or does not connect within ``timeout`` seconds.
    """
    listener = _loopback_listener()
    argv = [arg.replace("{port}", str(listener.getsockname()[1])) for arg in argv]
    try:
        process = await asyncio.create_subprocess_exec(
            *argv, stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, start_new_session=True,
        )
    except OSError as exc:
        listener.close()
        raise AdapterError(f"cannot start the adapter {argv[0]}: {exc.strerror or exc}") from None
    tail = StderrTail()
    assert process.stdout is not None and process.stderr is not None
    tail.drain(process.stderr)
    out = StderrTail()
    out.drain(process.stdout)
    conn = await _accept_from(listener, process, timeout)
    if conn is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, 9)
        raise AdapterError(f"{os.path.basename(argv[0])} did not connect within {timeout:g} s: "
                           f"{tail.text() or out.text() or 'no output'}")
    reader, writer = await asyncio.open_connection(sock=conn, limit=_READ)
    transport = ProcessTcpTransport(reader, writer, tail)
    transport.process = process
    return transport, process.pid


def _private_folder() -> str:
    """A new folder only we can use (0700), short enough for a unix socket path."""
    import tempfile

    folder = tempfile.mkdtemp(prefix="dapcli-dap-")
    if len(folder) > 90:  # a long $TMPDIR: sun_path holds 108 bytes
        shutil.rmtree(folder, ignore_errors=True)
        folder = tempfile.mkdtemp(prefix="dapcli-dap-", dir="/tmp")
    return folder


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago (the adapter binds it next)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def start_tcp_adapter(
    argv: list[str], port: int, *, timeout: float = 15.0,
) -> tuple[ProcessTcpTransport, int]:
    """Start an adapter that listens on ``port`` (in its own process group, stdout and stderr
    drained) and connect to it as soon as it accepts, once that process is seen listening there
    (:func:`listens_on`: never to a port another process took first). Returns the transport and the pid.

    Raises:
        AdapterError: it cannot start, exits, or does not accept within ``timeout`` seconds.
    """
    try:
        process = await asyncio.create_subprocess_exec(
            *argv, stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, start_new_session=True,
        )
    except OSError as exc:
        raise AdapterError(f"cannot start the adapter {argv[0]}: {exc.strerror or exc}") from None
    tail = StderrTail()
    assert process.stdout is not None and process.stderr is not None
    tail.drain(process.stderr)
    out = StderrTail()
    out.drain(process.stdout)
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        if process.returncode is not None:
            raise AdapterError(f"{os.path.basename(argv[0])} exited with status {process.returncode} before it "
                               f"accepted a connection: {tail.text() or out.text()}")
        if listens_on(process.pid, port):  # never connect to a port someone else took first
            with contextlib.suppress(AdapterError):
                transport = await ProcessTcpTransport.connect("127.0.0.1", port, timeout=1.0, tail=tail)
                transport.process = process
                return transport, process.pid
        if asyncio.get_running_loop().time() > deadline:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, 9)
            raise AdapterError(f"{os.path.basename(argv[0])} did not accept connections on port {port} "
                               f"within {timeout:g} s")
        await asyncio.sleep(0.02)


def _loopback(host: str) -> bool:
    """True for a loopback address or ``localhost``."""
    import ipaddress

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _control_stdin() -> None:
    """In the child, after its ``setsid``: its stdin (a pty) becomes its controlling terminal, so
    that the program it starts can be put in that terminal's foreground (Delve does)."""
    import fcntl
    import termios

    with contextlib.suppress(OSError):
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)
