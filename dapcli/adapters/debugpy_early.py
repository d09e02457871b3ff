"""debugpy for a test run started early (:mod:`dapcli.adapters.earlytest`): the session's launch
becomes DAP ``attach`` with ``listen`` on debugpy's own adapter, and the run connects to it.

To the session it looks like a launch: :class:`EarlyTransport` sits between the session and the
adapter's stdio and

* tells the run where the adapter listens (debugpy's ``debugpyWaitingForServer`` event, from our
  own adapter, on a port the adapter chose itself on loopback);
* before passing ``initialized`` (nothing is configured or run before it), checks with psutil
  that the one debug server connected to the adapter is this run: in listen mode debugpy's
  adapter authenticates no server (a launch's servers need its token), and another local user
  could otherwise connect first and pose as the program; anything else ends the session. A
  subprocess's server (``startDebugging``) is checked the same way (the run's tree), else refused;
* turns the run's stdout and stderr (pipes the host reads) into ``output`` events, and reports
  the run's end as debugpy's launcher would: ``exited`` with its exit status, then ``terminated``;
* ends the run (its process group) with the session, unless the session detached from it.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import TYPE_CHECKING, Any

import psutil

from dapcli.adapters.debugpy import DebugpyAdapter
from dapcli.protocol.codec import FrameDecoder, encode_message
from dapcli.protocol.transport import Transport

if TYPE_CHECKING:
    from dapcli.adapters.earlytest import EarlyRun
    from dapcli.adapters.options import LaunchOptions

__all__ = ["EarlyDebugpyAdapter", "EarlyTransport"]

#: How long, after ``terminated``, the run may take to exit and close its output (s).
END_WAIT = 5.0
_LOOPBACK = ("127.0.0.1", "::1", "localhost")
#: Launch arguments that mean nothing to an attach (the run is started already).
_LAUNCH_ONLY = ("program", "module", "args", "cwd", "console", "python", "env", "stopOnEntry")


class EarlyDebugpyAdapter(DebugpyAdapter):
    """debugpy's adapter family, attaching to ``early`` instead of launching."""

    launch_request = "attach"

    def __init__(self, early: EarlyRun, adapter_python: str | None = None) -> None:
        super().__init__(adapter_python)
        self.early = early

    def launch_arguments(self, options: LaunchOptions) -> dict[str, Any]:
        """debugpy's launch arguments as an ``attach`` that listens on a loopback port the
        adapter picks; the run's output comes from its pipes (``redirectOutput`` off)."""
        arguments = super().launch_arguments(options)
        for key in _LAUNCH_ONLY:
            arguments.pop(key, None)
        arguments.update(request="attach", listen={"host": "127.0.0.1", "port": 0}, redirectOutput=False)
        return arguments

    async def start(self) -> tuple[Transport, int]:
        transport, pid = await super().start()
        return EarlyTransport(transport, self.early, pid), pid


class EarlyTransport:
    """The adapter's transport, with the early run's part of the conversation (see the module)."""

    def __init__(self, inner: Transport, early: EarlyRun, adapter_pid: int) -> None:
        self._inner = inner
        self._early = early
        self._adapter_pid = adapter_pid
        self._loop = asyncio.get_running_loop()
        self._queue: asyncio.Queue[bytes | Exception] = asyncio.Queue()
        self._sent = FrameDecoder()
        self._attach_seq: int | None = None
        self._server_port: int | None = None
        self._verified = False
        self._closed = False
        self._tasks = [self._loop.create_task(self._pump()), self._loop.create_task(self._watch_start())]
        early.on_output(self._output_from_thread)

    @property
    def process(self) -> Any:
        return getattr(self._inner, "process", None)

    @property
    def pid(self) -> int:
        return int(getattr(self._inner, "pid", 0))

    # -- Transport ---------------------------------------------------------------------------------
    async def read(self) -> bytes:
        item = await self._queue.get()
        if isinstance(item, Exception):
            self._queue.put_nowait(b"")
            raise item
        return item

    def write(self, data: bytes) -> None:
        for message in self._sent.feed(data):
            if message.get("type") != "request":
                continue
            if message.get("command") == "attach":
                self._attach_seq = int(message.get("seq") or 0)
            elif message.get("command") == "disconnect" and \
                    (message.get("arguments") or {}).get("terminateDebuggee") is False:
                self._early.keep()  # a detach: the run goes on by itself
        self._inner.write(data)

    async def close(self) -> None:
        self._closed = True
        await self._inner.close()
        for task in self._tasks:
            task.cancel()
        await asyncio.to_thread(self._early.kill)

    def stderr_tail(self) -> str:
        return self._inner.stderr_tail()

    # -- the adapter's messages --------------------------------------------------------------------
    async def _pump(self) -> None:
        decoder = FrameDecoder()
        try:
            while True:
                data = await self._inner.read()
                if not data:
                    break
                for message in decoder.iter_messages(data):
                    await self._incoming(message)
        except Exception as exc:  # the connection fails with it (a refused server, a framing error)
            self._queue.put_nowait(exc if isinstance(exc, OSError) else ConnectionError(str(exc)))
            return
        await self._drain_output()
        self._queue.put_nowait(b"")

    async def _incoming(self, message: dict[str, Any]) -> None:
        if message.get("type") == "request" and message.get("command") == "startDebugging" \
                and not self._servers_are_ours():  # a subprocess's server: the run's tree only
            self._inner.write(encode_message({
                "seq": 0, "type": "response", "request_seq": message.get("seq"), "success": False,
                "command": "startDebugging", "message": "refused: a debug server that is not the test run's"}))
            return
        if message.get("type") == "event":
            event, body = message.get("event"), message.get("body") or {}
            if event == "debugpyWaitingForServer":
                host, port = str(body.get("host") or ""), body.get("port")
                if host in _LOOPBACK and isinstance(port, int):
                    self._server_port = port
                    self._early.release("127.0.0.1" if host == "localhost" else host, port)
            elif event == "initialized":
                self._verify_server()
            elif event == "process":
                if body.get("systemProcessId") not in (None, self._early.pid):
                    raise ConnectionError(f"the debug server is process {body.get('systemProcessId')}, "
                                          f"not the test run {self._early.pid}; the session was ended")
            elif event == "exited":
                return  # the run's own status is reported with `terminated` (pydevd does not know it)
            elif event == "terminated":
                await self._report_exit()
        self._queue.put_nowait(encode_message(message))

    def _verify_server(self) -> None:
        """Raises ConnectionError unless every debug server connected to the adapter is the run."""
        if not self._servers_are_ours():
            raise ConnectionError("a process other than the test run connected to the debug adapter; "
                                  "the session was ended")
        self._verified = True

    def _servers_are_ours(self) -> bool:
        """Whether every connection to the adapter's server port comes from the run or one of
        its subprocesses (read from ``/proc`` through psutil; listen mode has no token)."""
        port = self._server_port
        if port is None:
            return False
        try:
            adapter = psutil.Process(self._adapter_pid).net_connections(kind="tcp")
            root = psutil.Process(self._early.pid)
            tree = [root, *root.children(recursive=True)]
        except psutil.Error:
            return False
        ours = set()
        for process in tree:
            with contextlib.suppress(psutil.Error):
                ours |= {c.laddr.port for c in process.net_connections(kind="tcp")
                         if c.raddr and c.raddr.port == port and c.laddr}
        servers = {c.raddr.port for c in adapter if c.status == psutil.CONN_ESTABLISHED and c.laddr
                   and c.laddr.port == port and c.raddr}
        return bool(servers) and servers <= ours

    async def _report_exit(self) -> None:
        """Before ``terminated``: wait (bounded) for the run to end and its output to close, then
        report ``exited`` with its status as debugpy's launcher would (a signal N as 256 − N)."""
        deadline = time.monotonic() + END_WAIT
        while self._early.returncode is None and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        code = self._early.returncode
        if code is None:
            return  # still running (detached): no exit to report
        await self._drain_output(max(0.0, deadline - time.monotonic()))
        self._queue.put_nowait(encode_message({"seq": 0, "type": "event", "event": "exited",
                                               "body": {"exitCode": code if code >= 0 else 256 + code}}))

    async def _drain_output(self, timeout: float = 1.0) -> None:
        deadline = time.monotonic() + timeout
        while not self._early.output_done.is_set() and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0)  # output handed over by call_soon_threadsafe runs first

    async def _watch_start(self) -> None:
        """A run that ends before its debug server connected fails the ``attach`` (with what it
        printed), instead of leaving the adapter waiting for it."""
        while not self._verified:
            code = self._early.returncode
            if code is not None and self._attach_seq is not None:
                await self._drain_output()
                self._queue.put_nowait(encode_message({
                    "seq": 0, "type": "response", "request_seq": self._attach_seq, "success": False,
                    "command": "attach",
                    "message": f"the test run ended (exit code {code}) before the debugger attached",
                }))
                return
            await asyncio.sleep(0.05)

    # -- the run's output --------------------------------------------------------------------------
    def _output_from_thread(self, category: str, text: str | None) -> None:
        if text and not self._closed:
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody reads any more
                self._loop.call_soon_threadsafe(self._output, category, text)

    def _output(self, category: str, text: str) -> None:
        self._queue.put_nowait(encode_message({"seq": 0, "type": "event", "event": "output",
                                               "body": {"category": category, "output": text}}))
