"""A Python test run started while the session host imports (``dapcli test``).

The session host of ``dapcli test SELECTOR`` spends ~0.7 s of CPU importing before it can parse
its command line; pytest's own start (interpreter, pytest and its plugins, collection, pydevd)
costs about as much. When the one-shot client can tell the run's command line for sure (see
:mod:`dapcli.adapters.debugpy.testhint`), the host starts the run first thing (:func:`start`), without a
debugger: dapcli's test bootstrap (``engine/testrun/boot/dapcli_testboot.py``) collects the tests,
then waits on a private pipe for the address of dapcli's debug adapter and connects to it
(``debugpy.connect``); once the connection is checked to be the run's, the host configures it
as the session will (:data:`CONFIGURATION`), and the run goes on to its first stop. The
``debugTest`` verb takes the run (:func:`take`) when it would have launched the very same command
in the same directory; anything else kills it (:func:`take`, :func:`discard`, and at the latest
:data:`UNCLAIMED_S` s later). The end of the pipe ends the run
and its process group (the host died, or dropped it), so nothing outlives the host.

Its stdout and stderr are pipes read here from the start (a run that prints much never blocks on
them); what they carry goes to the session's output once it is taken (:meth:`EarlyRun.on_output`).
Standard library only (psutil is imported when the run connects).
"""

from __future__ import annotations

import codecs
import contextlib
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable

from dapcli.adapters.adapterpipes import AdapterPipes
from dapcli.adapters.debugpy.command import COMMAND, EVALUATION_TIMEOUTS, NODELAY_DIR, adapter_env
from dapcli.adapters.early import launch as early_launch
from dapcli.adapters.early import process as early_process
from dapcli.adapters.early.slot import EarlySlot

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the one-shot client's hot path)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["EarlyAdapter", "EarlyRun", "attach_arguments", "discard", "servers_are_ours", "start", "take"]

#: A run started early and not taken within this many seconds is killed.
UNCLAIMED_S = 60.0
#: The environment variable that names the control pipe to the bootstrap.
CONTROL_ENV = "DAPCLI_TESTBOOT_FD"
#: The folder of the adapter's debugpy package, for a run whose interpreter has no debugpy.
DEBUGPY_ENV = "DAPCLI_TESTBOOT_DEBUGPY"

#: What dapcli's engine says in ``initialize`` to debugpy (``Session.initialize_arguments``; a
#: test keeps them equal, and the verb takes the early start only while they are).
INITIALIZE_ARGUMENTS: dict[str, Any] = {**early_launch.INITIALIZE_ARGUMENTS, "adapterID": "debugpy"}
#: The request seqs of the early handshake (far above the engine's own, which start at 1).
INITIALIZE_SEQ, ATTACH_SEQ = 1_000_001, 1_000_002
#: The exception filters of a Python test run (``PythonRunner.configure``; a test keeps them equal,
#: and the verb takes the early start only while they are).
EXCEPTION_FILTERS: list[tuple[str, str | None]] = [("userUnhandled", None)]
#: What the engine says once the run connected, in a fresh session (no breakpoints yet): the
#: exception filters, then ``configurationDone`` (``Session._configure``), as (seq, command,
#: arguments). Said early (:meth:`EarlyAdapter._configure`), so that the run goes on to its first
#: stop while the host still imports; the engine's own requests then get these answers.
CONFIGURATION: list[tuple[int, str, dict[str, Any]]] = [
    (1_000_003, "setExceptionBreakpoints", {"filters": [name for name, _ in EXCEPTION_FILTERS]}),
    (1_000_004, "configurationDone", {}),
]

#: ``sink(category, text)``: program output (``stdout``/``stderr``); ``text`` None at the end of that stream.
OutputSink = Callable[[str, "str | None"], None]

#: The test run started early, until the verb takes it.
_early = EarlySlot(lambda early: early.kill())


def run_environment(base: dict[str, str] | None = None) -> dict[str, str]:
    """The run's environment, as debugpy's launcher would give it to a launched program: dapcli's
    sitecustomize first on ``PYTHONPATH``, unbuffered UTF-8 output."""
    env = dict(os.environ if base is None else base)
    existing = env.get("PYTHONPATH", "")
    env["PYTHONPATH"] = NODELAY_DIR + (os.pathsep + existing if existing else "")
    env["PYTHONUNBUFFERED"] = "1"
    for name, value in EVALUATION_TIMEOUTS.items():  # as a launch sets them (the user's own value wins)
        env.setdefault(name, value)
    env["PYTHONIOENCODING"] = "utf-8"
    found = _debugpy_dir()
    if found:  # the run imports debugpy from there when its interpreter has none (as debugpy's launcher does)
        env[DEBUGPY_ENV] = found
    return env


def _debugpy_dir() -> str | None:
    """The folder that holds the debugpy package of dapcli's adapter (``sys.executable -m
    debugpy.adapter``), found without importing it; None when there is none."""
    import importlib.util

    try:
        spec = importlib.util.find_spec("debugpy")
    except (ImportError, ValueError):
        return None
    locations = list(spec.submodule_search_locations or []) if spec else []
    return os.path.dirname(locations[0]) if locations else None


class EarlyRun:
    """One test run started early: its process, the write end of its control pipe, its output."""

    def __init__(self, argv: list[str], cwd: str) -> None:
        self.argv = argv
        self.cwd = cwd
        read_end, self._control = os.pipe()  # both ends close-on-exec; the child gets read_end alone
        try:
            env = run_environment()
            env[CONTROL_ENV] = str(read_end)
            self.process = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                            start_new_session=True, pass_fds=(read_end,))
        except BaseException:
            os.close(self._control)
            raise
        finally:
            os.close(read_end)
        self.pid = self.process.pid
        self.kept = False
        #: debugpy's adapter, already attaching (None: the verb starts its own).
        self.adapter: EarlyAdapter | None = None
        self._sink: OutputSink | None = None
        self._buffered: list[tuple[str, str | None]] = []
        self._output_lock = threading.Lock()
        self.output_done = threading.Event()
        self._open = 2
        for stream, category in ((self.process.stdout, "stdout"), (self.process.stderr, "stderr")):
            threading.Thread(target=self._pump, args=(stream, category), daemon=True,
                             name=f"dapcli-early-{category}").start()

    # -- output ------------------------------------------------------------------------------------
    def _pump(self, stream: object, category: str) -> None:
        decoder = codecs.getincrementaldecoder("utf-8")("replace")
        fd = stream.fileno()  # type: ignore[attr-defined]
        while True:
            try:
                data = os.read(fd, 65536)
            except OSError:
                data = b""
            text = decoder.decode(data, final=not data)
            if text:
                self._deliver(category, text)
            if not data:
                break
        with contextlib.suppress(OSError):
            stream.close()  # type: ignore[attr-defined]
        self._deliver(category, None)
        with self._output_lock:
            self._open -= 1
            if self._open == 0:
                self.output_done.set()

    def _deliver(self, category: str, text: str | None) -> None:
        with self._output_lock:
            sink = self._sink
            if sink is None:
                self._buffered.append((category, text))
                return
        sink(category, text)

    def on_output(self, sink: OutputSink) -> None:
        """Send the run's output to ``sink`` (from another thread): what was read so far first."""
        with self._output_lock:
            buffered, self._buffered = self._buffered, []
            for category, text in buffered:
                sink(category, text)
            self._sink = sink

    # -- control -----------------------------------------------------------------------------------
    def release(self, host: str, port: int) -> None:
        """Tell the run to connect to the debug adapter listening at ``host:port``."""
        self._send(f"connect {host} {port}\n")

    def keep(self) -> None:
        """The session detached: the run goes on by itself after the host ends."""
        self.kept = True
        self._send("keep\n")

    def _send(self, line: str) -> None:
        with contextlib.suppress(OSError):
            os.write(self._control, line.encode("ascii"))

    def close_control(self) -> None:
        with contextlib.suppress(OSError):
            os.close(self._control)
        self._control = -1

    @property
    def returncode(self) -> int | None:
        return self.process.poll()

    def terminate(self) -> None:
        """SIGKILL the run's process group now (not waiting for it)."""
        if not self.kept and self.process.poll() is None:
            with contextlib.suppress(OSError):
                os.killpg(self.pid, signal.SIGKILL)

    def kill(self) -> None:
        """End the run and its process group, for sure (unless the session detached from it)."""
        if not self.kept and self.process.poll() is None:  # not once reaped: the pid may be another's
            with contextlib.suppress(OSError):
                os.killpg(self.pid, signal.SIGKILL)
        self.close_control()
        if self.adapter is not None:
            self.adapter.kill()
        if not self.kept:
            with contextlib.suppress(OSError, subprocess.TimeoutExpired):
                self.process.wait(5)


class EarlyAdapter(AdapterPipes):
    """debugpy's adapter started early (:mod:`dapcli.adapters.early.process`), and the start of its
    conversation, held until the engine takes it: ``initialize`` and ``attach`` with
    ``listen`` (:func:`attach_arguments`) are sent at once; when the adapter says where it
    listens, the run is told (:meth:`EarlyRun.release`) and connects while the host still imports.
    Everything the adapter sends is kept in order for the engine (:meth:`on_message`)."""

    def __init__(self, process: subprocess.Popen[bytes], run: EarlyRun, attach: dict[str, Any]) -> None:
        super().__init__(process)
        self.attach_arguments = attach
        self._run = run
        self._port: int | None = None
        #: Whether, when the adapter said ``initialized``, every debug server connected to it was
        #: the run's (None: not checked here).
        self.servers_checked: bool | None = None
        #: :data:`CONFIGURATION`, once said (only after the check above passed).
        self.configured: list[tuple[int, str, dict[str, Any]]] = []
        self._capabilities: dict[str, Any] | None = None
        from dapcli.protocol.codec import encode_message

        # said before anything reads its output: a refused write leaves nothing behind but the process
        self.write(encode_message({"seq": INITIALIZE_SEQ, "type": "request", "command": "initialize",
                                   "arguments": INITIALIZE_ARGUMENTS}))
        self.write(encode_message({"seq": ATTACH_SEQ, "type": "request", "command": "attach", "arguments": attach}))
        self.start_reading("dapcli-early-adapter")

    def follow(self, message: dict[str, Any]) -> None:
        event = message.get("event") if message.get("type") == "event" else None
        if event == "debugpyWaitingForServer":
            self._release(message.get("body") or {})
        elif event == "initialized" and self._port is not None:  # the run connected: is it alone?
            self.servers_checked = servers_are_ours(self.pid, self._run.pid, self._port)
            if self.servers_checked:
                self._configure()
        elif message.get("type") == "response" and message.get("request_seq") == INITIALIZE_SEQ:
            self._capabilities = (message.get("body") or {}) if message.get("success") else None

    def _configure(self) -> None:
        """Say :data:`CONFIGURATION` now, as the engine will once it is there, when the adapter
        offers what the engine would ask for (the filters, ``configurationDone``)."""
        offered = {str(f.get("filter")) for f in (self._capabilities or {}).get("exceptionBreakpointFilters") or []
                   if isinstance(f, dict)}
        if not (self._capabilities or {}).get("supportsConfigurationDoneRequest") \
                or not {name for name, _ in EXCEPTION_FILTERS} <= offered:
            return
        from dapcli.protocol.codec import encode_message

        self.configured = list(CONFIGURATION)  # before a word of it: the engine's requests are checked against it
        with contextlib.suppress(ConnectionError):
            for seq, command, arguments in CONFIGURATION:
                self.write(encode_message({"seq": seq, "type": "request", "command": command,
                                           "arguments": arguments}))

    def _release(self, body: dict[str, Any]) -> None:
        host, port = str(body.get("host") or ""), body.get("port")
        if host in ("127.0.0.1", "::1", "localhost") and isinstance(port, int):  # the adapter's own loopback port
            self._port = port
            self._run.release("127.0.0.1" if host == "localhost" else host, port)

    def kill(self) -> None:
        """End the adapter (its process group). Its stdout and stderr are closed by the threads
        that read them, at their end (never under a read: the descriptor could be reused)."""
        if self.process.poll() is None:
            with contextlib.suppress(OSError):
                os.killpg(self.pid, signal.SIGKILL)
        with contextlib.suppress(OSError, ValueError):
            if self.process.stdin is not None:
                self.process.stdin.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(5)


def servers_are_ours(adapter_pid: int, run_pid: int, port: int) -> bool:
    """Whether every connection to the adapter's server ``port`` comes from the run or one of
    its subprocesses (read from ``/proc`` through psutil): in listen mode debugpy's adapter
    authenticates no server (a launch's servers need its token), so another local user could
    connect first and pose as the program."""
    import psutil

    try:
        adapter = psutil.Process(adapter_pid).net_connections(kind="tcp")
        root = psutil.Process(run_pid)
    except psutil.Error:
        return False
    servers = {c.raddr.port for c in adapter if c.status == psutil.CONN_ESTABLISHED and c.laddr
               and c.laddr.port == port and c.raddr}
    if not servers:
        return False
    ours: set[int] = set()
    try:
        tree = [root]
        for process in tree:  # the run's own connections first: its subprocesses are read only when needed
            with contextlib.suppress(psutil.Error):
                ours |= {c.laddr.port for c in process.net_connections(kind="tcp")
                         if c.raddr and c.raddr.port == port and c.laddr}
            if servers <= ours:
                return True
            if process is root:
                tree += root.children(recursive=True)
    except psutil.Error:
        return False
    return False


def attach_arguments(boot: str) -> dict[str, Any]:
    """The ``attach`` that debugpy's family makes of a test run's launch (see
    ``dapcli.adapters.debugpy.earlyattach``; a test keeps them equal, and the verb takes the early
    start only while they are): listen on a loopback port the adapter picks."""
    return {
        "type": "python", "request": "attach", "name": "dapcli", "justMyCode": True, "redirectOutput": False,
        "breakOnSystemExit": [], "listen": {"host": "127.0.0.1", "port": 0},
        "showReturnValue": True,
        "rules": [{"path": os.path.join(NODELAY_DIR, "sitecustomize.py"), "include": False},
                  {"path": boot, "include": False}],
    }


def start(spec: dict[str, object]) -> None:
    """Start the run ``spec`` (``{"argv": [...], "cwd": DIR, "attach": {...}}``, from the
    one-shot client's hint), then debugpy's adapter (:func:`dapcli.adapters.early.process.spawn`) and
    its attach; never raises (the verb launches it itself then)."""
    argv, cwd, attach = spec.get("argv"), spec.get("cwd"), spec.get("attach")
    if not (isinstance(argv, list) and argv and all(isinstance(a, str) for a in argv) and isinstance(cwd, str)):
        return
    with contextlib.suppress(OSError, ValueError):
        run = EarlyRun([str(a) for a in argv], cwd)
        _early.put(run, UNCLAIMED_S)
        early_process.spawn(COMMAND, adapter_env())
        adapter = early_process.take(COMMAND, adapter_env()) if isinstance(attach, dict) else None
        if adapter is not None:
            try:
                run.adapter = EarlyAdapter(adapter, run, attach)  # type: ignore[arg-type]
            except ConnectionError:
                early_process.kill(adapter)  # it died at once: the verb starts its own


def take(argv: list[str], cwd: str) -> EarlyRun | None:
    """The run started early, if it runs ``argv`` in ``cwd`` and still lives; it is the caller's
    now. A run started early for anything else is killed."""
    taken: EarlyRun | None = _early.take(
        lambda early: early.argv == argv and os.path.realpath(early.cwd) == os.path.realpath(cwd)
        and early.returncode is None)
    return taken


def discard() -> None:
    """Kill the run started early, unless it was taken."""
    _early.discard()


def boot_argv(python: str, boot: str, args: list[str]) -> list[str]:
    """The command line of a test run: what debugpy's launcher runs, without debugpy's own
    arguments (``-X frozen_modules=off`` as it adds it for Python ≥ 3.11)."""
    frozen = ["-X", "frozen_modules=off"] if sys.version_info[:2] >= (3, 11) else []
    return [python, *frozen, boot, *args]
