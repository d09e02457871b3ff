"""A Python test run started while the session host imports (``dapcli test``).

The session host of ``dapcli test SELECTOR`` spends ~0.7 s of CPU importing before it can parse
its command line; pytest's own start (interpreter, pytest and its plugins, collection, pydevd)
costs about as much. When the one-shot client can tell the run's command line for sure (see
:mod:`dapcli.dispatch.testhint`), the host starts the run first thing (:func:`start`), without a
debugger: dapcli's test bootstrap (``engine/testrun/boot/dapcli_testboot.py``) collects the tests,
then waits on a private pipe for the address of dapcli's debug adapter and connects to it
(``debugpy.connect``). The ``debugTest`` verb takes the run (:func:`take`) when it would have
launched the very same command in the same directory; anything else kills it (:func:`take`,
:func:`discard`, and at the latest :data:`UNCLAIMED_S` s later). The end of the pipe ends the run
and its process group (the host died, or dropped it), so nothing outlives the host.

Its stdout and stderr are pipes read here from the start (a run that prints much never blocks on
them); what they carry goes to the session's output once it is taken (:meth:`EarlyRun.on_output`).
Standard library only.
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

from dapcli.adapters.prestart import NODELAY_DIR

__all__ = ["EarlyRun", "discard", "start", "take"]

#: A run started early and not taken within this many seconds is killed.
UNCLAIMED_S = 60.0
#: The environment variable that names the control pipe to the bootstrap.
CONTROL_ENV = "DAPCLI_TESTBOOT_FD"

#: ``sink(category, text)``: program output (``stdout``/``stderr``); ``text`` None at the end of that stream.
OutputSink = Callable[[str, "str | None"], None]

_lock = threading.Lock()
_early: EarlyRun | None = None


def run_environment(base: dict[str, str] | None = None) -> dict[str, str]:
    """The run's environment, as debugpy's launcher would give it to a launched program: dapcli's
    sitecustomize first on ``PYTHONPATH``, unbuffered UTF-8 output."""
    env = dict(os.environ if base is None else base)
    existing = env.get("PYTHONPATH", "")
    env["PYTHONPATH"] = NODELAY_DIR + (os.pathsep + existing if existing else "")
    env["PYTHONUNBUFFERED"] = "1"
    env["PYTHONIOENCODING"] = "utf-8"
    return env


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

    def kill(self) -> None:
        """End the run and its process group, for sure (unless the session detached from it)."""
        if not self.kept and self.process.poll() is None:  # not once reaped: the pid may be another's
            with contextlib.suppress(OSError):
                os.killpg(self.pid, signal.SIGKILL)
        self.close_control()
        if not self.kept:
            with contextlib.suppress(OSError, subprocess.TimeoutExpired):
                self.process.wait(5)


def start(spec: dict[str, object]) -> None:
    """Start the run ``spec`` (``{"argv": [...], "cwd": DIR}``, from the one-shot client's hint);
    never raises (the verb launches it itself then)."""
    global _early
    argv, cwd = spec.get("argv"), spec.get("cwd")
    if not (isinstance(argv, list) and argv and all(isinstance(a, str) for a in argv) and isinstance(cwd, str)):
        return
    with contextlib.suppress(OSError, ValueError):
        run = EarlyRun([str(a) for a in argv], cwd)
        with _lock:
            _early = run
        timer = threading.Timer(UNCLAIMED_S, discard)
        timer.daemon = True
        timer.start()


def take(argv: list[str], cwd: str) -> EarlyRun | None:
    """The run started early, if it runs ``argv`` in ``cwd`` and still lives; it is the caller's
    now. A run started early for anything else is killed."""
    global _early
    with _lock:
        early, _early = _early, None
    if early is None:
        return None
    if early.argv == argv and os.path.realpath(early.cwd) == os.path.realpath(cwd) and early.returncode is None:
        return early
    early.kill()
    return None


def discard() -> None:
    """Kill the run started early, unless it was taken."""
    global _early
    with _lock:
        early, _early = _early, None
    if early is not None:
        early.kill()


def boot_argv(python: str, boot: str, args: list[str]) -> list[str]:
    """The command line of a test run: what debugpy's launcher runs, without debugpy's own
    arguments (``-X frozen_modules=off`` as it adds it for Python ≥ 3.11)."""
    frozen = ["-X", "frozen_modules=off"] if sys.version_info[:2] >= (3, 11) else []
    return [python, *frozen, boot, *args]
