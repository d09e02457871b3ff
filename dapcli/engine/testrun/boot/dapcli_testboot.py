"""Run pytest or unittest under debugpy, traced only while the tests run.

``python dapcli_testboot.py pytest|unittest ARGS…`` (started by debugpy, as dapcli's program).
pydevd traces every call from the first line on; importing pytest, its plugins and collecting the
tests under that tracer is ~10x slower than without it. This starts with the tracer off on this
thread and turns it on once collection is done (``debugpy.trace_this_thread``), so the tests
themselves run traced: failures, breakpoints and steps in them behave as usual. A breakpoint in
code that runs at import or collection time is not hit. Needs nothing but the standard library,
the runner and debugpy (which runs this).

Started early (``DAPCLI_TESTBOOT_FD=N`` in the environment: dapcli's session host started it
while it was still importing, see ``dapcli/adapters/debugpy/earlytest.py``), it runs without debugpy
until the tests are collected, then waits for one line on file descriptor N,
``connect HOST PORT``, and connects to dapcli's debug adapter there (``debugpy.connect``; the
adapter listens for it, DAP ``attach`` with ``listen``); the tests run once the debugger is
configured. The end of that pipe (the host is gone, or dropped this process) ends this process
and its process group at once, unless ``keep`` was read first (the session detached).
"""

import contextlib
import os
import sys
import threading


def _trace(on):
    try:
        import debugpy

        debugpy.trace_this_thread(on)
    except Exception:  # not under debugpy: run untraced, the tests still run
        pass


class _Early:
    """The wait for dapcli's adapter of an early-started run (see the module's text)."""

    def __init__(self, fd):
        self.address = None
        self.kept = False
        self.connected = False
        self._ready = threading.Event()
        thread = threading.Thread(target=self._read, args=(fd,), name="dapcli-testboot-control", daemon=True)
        thread.is_pydev_daemon_thread = True  # pydevd neither traces nor suspends it
        thread.pydev_do_not_trace = True
        thread.start()

    def _read(self, fd):
        pending = b""
        while True:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                chunk = b""
            if not chunk:
                break
            pending += chunk
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                words = line.decode("ascii", "replace").split()
                if words[:1] == ["connect"] and len(words) == 3 and words[2].isdigit():
                    self.address = (words[1], int(words[2]))
                    self._ready.set()
                elif words == ["keep"]:
                    self.kept = True
        if not self.kept:  # the host is gone, or dropped this run: nothing may outlive it
            try:
                if os.getpgid(0) == os.getpid():  # its own process group (never the host's)
                    os.killpg(os.getpid(), 9)
            finally:
                os._exit(1)

    def connect(self):
        """Wait for the adapter's address, connect, and wait until the debugger is configured."""
        if self.connected:
            return
        self.connected = True
        self._ready.wait()
        debugpy = _import_debugpy()
        with _no_start_pause():
            debugpy.connect(self.address)
        debugpy.wait_for_client()
        os.environ["DEBUGPY_RUNNING"] = "true"  # as a program debugpy runs sees it


class _Time:
    """pydevd's ``time`` module, less the fixed pause of ``PyDB.initialize_network`` (pydevd
    sleeps 0.1 s there to "give threads time to start"; ``Thread.start()`` has already waited
    until its reader and writer threads run). Every other use is the module's own."""

    def __init__(self, real):
        self._real = real

    def __getattr__(self, name):
        return getattr(self._real, name)

    def sleep(self, seconds):
        if sys._getframe(1).f_code.co_name != "initialize_network":
            self._real.sleep(seconds)


@contextlib.contextmanager
def _no_start_pause():
    """While debugpy connects: without pydevd's pause after it starts its threads (see
    :class:`_Time`), which would be 0.1 s on the way to the first stop."""
    pydevd = sys.modules.get("pydevd")
    real = getattr(pydevd, "time", None)
    if real is None or not hasattr(real, "sleep"):
        yield
        return
    pydevd.time = _Time(real)
    try:
        yield
    finally:
        pydevd.time = real


_early = None
_debugpy_dir = None


def _import_debugpy():
    """debugpy; from dapcli's adapter's folder when this interpreter has none (only debugpy is
    taken from there: the folder leaves ``sys.path`` again, as debugpy's launcher does)."""
    try:
        import debugpy
    except ImportError:
        if not _debugpy_dir:
            raise
        sys.path.insert(0, _debugpy_dir)
        try:
            import debugpy
        finally:
            sys.path.remove(_debugpy_dir)
    return debugpy


class _Traced:
    """A pytest plugin: turn tracing on when the run loop starts (collection is over)."""

    def pytest_runtestloop(self, session):
        if _early is not None:
            _early.connect()
        _trace(True)


def _pytest(args):
    import pytest

    return pytest.main(args, plugins=[_Traced()])


def _unittest(args):
    import unittest

    class Program(unittest.TestProgram):
        def runTests(self):
            if _early is not None:
                _early.connect()
            _trace(True)
            super().runTests()

    Program(module=None, argv=["python -m unittest", *args])
    return 0


def main():
    global _early, _debugpy_dir
    runner, args = sys.argv[1], sys.argv[2:]
    sys.path[0] = os.getcwd()  # as `python -m RUNNER` does (not this file's directory)
    fd = os.environ.pop("DAPCLI_TESTBOOT_FD", None)
    _debugpy_dir = os.environ.pop("DAPCLI_TESTBOOT_DEBUGPY", None)
    if fd is not None:
        _early = _Early(int(fd))
        with contextlib.suppress(Exception):
            _import_debugpy()
            import debugpy.server.api  # noqa: F401 (pydevd: imported now, not once the adapter waits)
    else:
        _trace(False)
    try:
        code = _pytest(args) if runner == "pytest" else _unittest(args)
    finally:
        if _early is not None:
            _early.connect()  # the session sees the run end, whatever ended it before the tests ran
    sys.exit(int(code))


if __name__ == "__main__":
    main()
