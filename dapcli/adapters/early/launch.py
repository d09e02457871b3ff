"""A plain ``launch`` said to its adapter while the session host imports.

``dapcli launch EXE -b FILE:LINE`` spends most of its time importing the engine in the session
host (~0.4 s) while the adapter, started early (:mod:`dapcli.adapters.early.process`), waits.
When the one-shot client can tell the whole start for sure
(:func:`dapcli.adapters.early.runner.plan`: a native program for lldb-dap or a ``.py`` program
for debugpy, only ``-b FILE:LINE`` breakpoints on existing lines of regular files, arguments
after ``--``, no other option, no adapters file), the host says that start itself, first thing
(:class:`EarlyLaunch`): ``initialize`` and ``launch`` at once, then on ``initialized`` one
``setBreakpoints`` per file and the adapter's default exception filters; where the family allows
it (``AdapterSpec.early_configuration_done``: lldb-dap) also ``configurationDone``, so that the
program runs to its first stop while the host still imports (debugpy's program waits for the
session's own ``configurationDone``).

Every request is what the engine itself says in that start: ``initialize`` carries
:data:`INITIALIZE_ARGUMENTS` (``Session.initialize_arguments``; a test keeps them equal), the
``launch`` arguments come from the family's own ``launch_arguments``, and the engine's requests
are checked one by one against those said early
(:class:`dapcli.adapters.early.launch_transport.EarlyLaunchTransport`), which get their answers.
``configurationDone`` is said early only when every breakpoint was verified, so that a launch
the engine would refuse never runs the program unseen. Anything that differs ends the early
start (its adapter and program are killed) and the launch starts over the usual way; before
``configurationDone`` nothing of the program has run then.

Standard library only (the one-shot client reads :data:`PREFIX`); the host calls :func:`start`
with the family that speaks for the plan (:mod:`dapcli.adapters.early.runner`). No family is known here.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess

from dapcli.adapters.adapterpipes import AdapterPipes
from dapcli.adapters.early import process as early_process
from dapcli.adapters.early.slot import EarlySlot

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the one-shot client's hot path)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["PREFIX", "EarlyLaunch", "discard", "start", "take"]

#: The host's last argument for an early launch: this prefix, then the JSON of
#: :func:`dapcli.adapters.early.runner.plan`.
PREFIX = "launch:"
#: What the engine says in ``initialize`` (``Session.initialize_arguments``, with the family's
#: ``adapterID``; a test keeps them equal). ``supportsRunInTerminalRequest`` is False: a plan has
#: no option (no ``--terminal``, ``--stdin``, ``--set console=…``, ``--config``), so the engine
#: offers no terminal either; were they ever to differ, the early start ends and the launch starts over.
INITIALIZE_ARGUMENTS: dict[str, Any] = {
    "clientID": "dapcli", "clientName": "dapcli", "locale": "en", "linesStartAt1": True,
    "columnsStartAt1": True, "pathFormat": "path", "supportsVariableType": True, "supportsVariablePaging": True,
    "supportsRunInTerminalRequest": False, "supportsMemoryReferences": True, "supportsProgressReporting": False,
    "supportsInvalidatedEvent": False, "supportsStartDebuggingRequest": True,
}
#: Request seqs of the early start (far above the engine's own, which start at 1).
FIRST_SEQ = 2_000_001
#: An early start not taken within this many seconds is killed.
UNCLAIMED_S = 60.0

#: The early launch started, until the session takes it.
_early = EarlySlot(lambda early: early.kill())


class EarlyLaunch(AdapterPipes):
    """One early start (see the module): the adapter ``process`` (started as ``argv``) of the
    family ``family`` (an AdapterSpec, which phrases ``launch``), what was said to it
    (:attr:`sent`: (seq, command, arguments), in order) and everything it said, kept in order
    until the engine takes it (:meth:`on_message`)."""

    def __init__(self, process: subprocess.Popen[bytes], argv: list[str], spec: dict[str, Any], family: Any) -> None:
        from dapcli.adapters.options import LaunchOptions

        super().__init__(process)
        self.adapter = str(spec["adapter"])
        self.argv = argv
        self.spec = spec
        options = LaunchOptions(program=spec["program"], args=list(spec["args"]), cwd=spec["cwd"])
        family.prepare(options, spec["cwd"])  # debugpy: the interpreter that runs the program
        self.initialize_arguments = {**INITIALIZE_ARGUMENTS, "adapterID": family.adapter_id}
        self.launch_arguments = family.launch_arguments(options)
        #: Whether ``configurationDone`` may be said early (every breakpoint verified): see
        #: ``AdapterSpec.early_configuration_done``.
        self.configures = bool(family.early_configuration_done)
        self.breakpoints: dict[str, list[int]] = {}
        for path, line in spec["breakpoints"]:
            self.breakpoints.setdefault(path, []).append(line)
        #: What was said early, in order: (seq, command, arguments).
        self.sent: list[tuple[int, str, dict[str, Any]]] = []
        #: Set once the engine's requests are its own (nothing more is said early).
        self.sealed = False
        self._seq = FIRST_SEQ
        self._pending: list[str] = []  # the files whose setBreakpoints is still to be said
        self._awaiting: int | None = None  # the seq of the early request whose answer comes next
        self._launched = False
        self._verified = True
        self._capabilities: dict[str, Any] = {}
        #: The host's watchdog, once the adapter is registered there (see :func:`start`).
        self.watchdog: Any = None
        self._say("initialize", self.initialize_arguments)
        self._say("launch", self.launch_arguments)
        self.start_reading("dapcli-early-launch")

    # -- saying ------------------------------------------------------------------------------------
    def _say(self, command: str, arguments: dict[str, Any]) -> int | None:
        """Send one early request, unless the engine took over; returns its seq."""
        from dapcli.protocol.codec import encode_message

        with self._lock:
            if self.sealed:
                return None
            seq = self._seq
            self._seq += 1
            self.sent.append((seq, command, arguments))  # before a byte of it: the engine checks against it
        try:
            self.write(encode_message({"seq": seq, "type": "request", "command": command, "arguments": arguments}))
        except ConnectionError:
            return None
        return seq

    def seal(self) -> list[tuple[int, str, dict[str, Any]]]:
        """Nothing more is said early; returns what was."""
        with self._lock:
            self.sealed = True
            return list(self.sent)

    # -- the adapter's side ------------------------------------------------------------------------
    def follow(self, message: dict[str, Any]) -> None:
        """The next step of the early start, on the adapter's answers (before the engine sees them)."""
        kind = message.get("type")
        if kind == "event" and message.get("event") == "process" and self.watchdog is not None:
            pid = (message.get("body") or {}).get("systemProcessId")
            if isinstance(pid, int) and pid > 0:
                self.watchdog.watch(pid=pid)  # lldb-server runs the program in a session of its own
        if kind == "event" and message.get("event") == "initialized":
            self._pending = sorted(self.breakpoints)
            self._next()
            return
        if kind != "response":
            return
        seq, command = message.get("request_seq"), message.get("command")
        if command == "initialize" and seq == FIRST_SEQ:
            self._capabilities = (message.get("body") or {}) if message.get("success") else {}
        elif command == "launch" and seq == FIRST_SEQ + 1:
            self._launched = bool(message.get("success"))
        elif seq == self._awaiting:
            if command == "setBreakpoints":
                answers = (message.get("body") or {}).get("breakpoints") or []
                self._verified = self._verified and bool(message.get("success")) and len(answers) > 0 and all(
                    isinstance(a, dict) and a.get("verified") is True for a in answers)
            elif command == "setExceptionBreakpoints" and not message.get("success"):
                self._verified = False
            self._next()

    def _next(self) -> None:
        """Say the next request of the configuration (as ``Session._configure`` does)."""
        self._awaiting = None
        if self._pending:
            path = self._pending.pop(0)
            self._awaiting = self._say("setBreakpoints", {
                "source": {"name": os.path.basename(path), "path": path},
                "breakpoints": [{"line": line} for line in self.breakpoints[path]]})
            return
        filters = self._capabilities.get("exceptionBreakpointFilters")
        if filters and not any(c == "setExceptionBreakpoints" for _, c, _ in self.sent):
            self._awaiting = self._say("setExceptionBreakpoints", {"filters": default_filters(filters)})
            return
        if self.configures and self._verified and self._launched \
                and self._capabilities.get("supportsConfigurationDoneRequest") \
                and not any(c == "configurationDone" for _, c, _ in self.sent):
            self._say("configurationDone", {})

    def kill(self) -> None:
        """End the adapter and everything it started: its process group, and the program, which
        lldb-server runs in a session of its own."""
        if self.process.poll() is None:
            import psutil

            try:
                tree = psutil.Process(self.pid).children(recursive=True)
            except psutil.Error:
                tree = []
            with contextlib.suppress(OSError):
                os.killpg(self.pid, signal.SIGKILL)
            for process in tree:
                with contextlib.suppress(psutil.Error):
                    process.kill()
        if self.watchdog is not None:
            self.watchdog.unwatch(pgid=self.pid)
        with contextlib.suppress(OSError, ValueError):
            if self.process.stdin is not None:
                self.process.stdin.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(5)


def default_filters(offered: list[Any]) -> list[str]:
    """The exception filters on until the user chooses (``Session.default_exception_filters``):
    the adapter's defaults, plus ``uncaught`` where it is offered off (js-debug)."""
    return [str(f.get("filter")) for f in offered
            if isinstance(f, dict) and (f.get("default") or f.get("filter") == "uncaught")]


def start(spec: dict[str, Any], family: Any, process: subprocess.Popen[bytes], watchdog: Any = None) -> None:
    """Start the early launch ``spec`` (from :func:`dapcli.adapters.early.runner.plan`) on its
    adapter ``process``, for ``family`` (the AdapterSpec that speaks for it); its adapter (and
    program) are registered with ``watchdog`` (the host's
    :class:`~dapcli.engine.processes.Watchdog`), so that a host killed outright takes them along.
    Never raises (the verb starts its own adapter then)."""
    try:
        argv = spec.get("command")
        if not isinstance(argv, list):
            early_process.kill(process)
            return
        try:
            early = EarlyLaunch(process, argv, spec, family)
        except Exception:  # a program the family refuses (prepare): the verb says why
            early_process.kill(process)
            return
        if watchdog is not None:
            watchdog.watch(pgid=early.pid)
            early.watchdog = watchdog
    except Exception:  # a guess only: the verb starts its own adapter
        return
    _early.put(early, UNCLAIMED_S)


def take(adapter: str, argv: list[str]) -> EarlyLaunch | None:
    """The early start, if it is of the family ``adapter`` started as ``argv`` and still runs;
    it is the caller's now. An early start of anything else is killed."""
    taken: EarlyLaunch | None = _early.take(
        lambda early: early.adapter == adapter and early.argv == argv and early.process.poll() is None)
    return taken


def discard() -> None:
    """Kill the early start, unless it was taken."""
    _early.discard()
