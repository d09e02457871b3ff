"""Injected by dapcli into a debuggee's PYTHONPATH: set TCP_NODELAY on loopback TCP sockets.

debugpy 1.8.22 writes each DAP header and body with two ``sendall()`` calls on a socket without
TCP_NODELAY, so Nagle + delayed ACK stall every request ~40 ms (microsoft/debugpy#2054). This
module patches ``socket.socket.connect`` for loopback addresses, then chains to the next
``sitecustomize`` on ``sys.path`` so that a user's own one still runs. Opt out with
``dapcli launch --no-nodelay``.

It also stops debugpy describing the environment when nothing logs it: debugpy 1.8.22's
``log.describe_environment`` reads the metadata of every installed distribution before it
checks whether ``info`` is logged at all (~0.1-0.2 s per call; the adapter, its launcher and
the debuggee call it four times before the program's first line). dapcli's adapter and its
launcher get this directory on their ``PYTHONPATH`` too.

And it bounds the ``__repr__`` that pydevd runs for each value of a ``variables`` or
``evaluate`` answer: pydevd interrupts a slow ``evaluate`` by itself (its
``PYDEVD_INTERRUPT_THREAD_TIMEOUT``) but not a value's repr, so one local whose ``__repr__``
never returns wedged the stopped thread: no stop view, and nothing else answered at that stop.
Each value's repr now runs under pydevd's own timeout tracker and thread interrupt (a
KeyboardInterrupt in the stopped thread: Ctrl+C for the main thread, which also ends a sleep; an
asynchronous exception for another thread, which ends a loop but not a sleep in C) and, when
interrupted, is shown as ``<repr did not finish in N s>``. ``DAPCLI_REPR_TIMEOUT`` in the
program's environment sets N (default 2; 0: never interrupt). A program that handles SIGINT
itself is not interrupted in its main thread (its handler would run).
"""

import contextlib
import os
import socket
import sys
import threading
import time

_connect = socket.socket.connect


def _nodelay_connect(self, address):  # type: ignore[no-untyped-def]
    result = _connect(self, address)
    try:
        if self.family in (socket.AF_INET, socket.AF_INET6) and self.type == socket.SOCK_STREAM:
            host = address[0] if isinstance(address, tuple) else ""
            if host in ("127.0.0.1", "localhost", "::1"):
                self.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    except OSError:
        pass
    return result


socket.socket.connect = _nodelay_connect  # type: ignore[method-assign]


def _quiet(log):  # type: ignore[no-untyped-def]
    """Make ``log.describe_environment`` a no-op unless ``info`` is being logged."""
    original = getattr(log, "describe_environment", None)
    if original is None or not hasattr(log, "_levels"):
        return

    def describe_environment(header):  # type: ignore[no-untyped-def]
        if "info" in log._levels:
            original(header)

    log.describe_environment = describe_environment


#: The default of ``DAPCLI_REPR_TIMEOUT``: seconds a value's repr may take (pydevd itself warns
#: about a value that takes over 0.5 s).
REPR_SECONDS = 2.0
#: Interrupts sent to one repr, ``_AGAIN`` s apart: pydevd catches the first one and tries
#: ``repr()`` once more, which a second one ends.
_TRIES = 4
_AGAIN = 0.1


def _repr_seconds():  # type: ignore[no-untyped-def]
    try:
        return float(os.environ.get("DAPCLI_REPR_TIMEOUT", REPR_SECONDS))
    except ValueError:
        return REPR_SECONDS


def _interruptible():  # type: ignore[no-untyped-def]
    """False in the main thread when the program handles SIGINT itself: pydevd interrupts the
    main thread with a SIGINT, which would run the program's own handler."""
    if threading.current_thread() is not threading.main_thread():
        return True
    import signal

    try:
        return signal.getsignal(signal.SIGINT) is signal.default_int_handler
    except Exception:
        return False


def _bound_reprs(module):  # type: ignore[no-untyped-def]
    """Run each ``_AbstractVariable.get_var_data`` (the value, type and reference of one
    variable, its repr included) under pydevd's own interrupt after :func:`_repr_seconds`."""
    variable = getattr(module, "_AbstractVariable", None)
    original = getattr(variable, "get_var_data", None)
    seconds = _repr_seconds()
    if original is None or seconds <= 0:
        return
    try:
        from _pydevd_bundle.pydevd_constants import get_global_debugger
        from _pydevd_bundle.pydevd_timeout import create_interrupt_this_thread_callback
    except Exception:
        return

    def get_var_data(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        tracker = getattr(get_global_debugger(), "timeout_tracker", None)
        if tracker is None or not _interruptible():
            return original(self, *args, **kwargs)
        interrupt = create_interrupt_this_thread_callback()
        lock = threading.Lock()
        state = {"done": False, "fired": False}

        def on_timeout():  # type: ignore[no-untyped-def]
            # on pydevd's timeout thread: interrupt until the repr gives up (pydevd retries it once)
            for _ in range(_TRIES):
                with lock:
                    if state["done"]:
                        return
                    state["fired"] = True
                    interrupt()
                time.sleep(_AGAIN)

        data = None
        try:
            try:
                with tracker.call_on_timeout(seconds, on_timeout):
                    data = original(self, *args, **kwargs)
            finally:
                with lock:
                    state["done"] = True  # no interrupt is sent after this
            if state["fired"]:
                time.sleep(_AGAIN)  # one sent just before is taken here, not in pydevd's own code
        except KeyboardInterrupt:
            if not state["fired"]:
                raise  # not ours: the program's own Ctrl+C
        if not state["fired"]:
            return data
        marked = f"<repr did not finish in {seconds:g} s>"
        if isinstance(data, dict):
            return dict(data, value=marked)
        try:
            reference = self.get_variable_reference()
        except Exception:
            reference = 0
        return {"name": self.name, "value": marked, "type": type(self.value).__name__,
                "variablesReference": reference}

    variable.get_var_data = get_var_data


#: Modules patched once they are loaded: debugpy's log, pydevd's variables.
_PATCHES = {"debugpy.common.log": _quiet, "_pydevd_bundle.pydevd_suspended_frames": _bound_reprs}


class _PatchOnImport:
    """An import hook for the modules of :data:`_PATCHES` alone: patches each once it is loaded."""

    def find_spec(self, name, path, target=None):  # type: ignore[no-untyped-def]
        patch = _PATCHES.pop(name, None)
        if patch is None:
            return None
        import importlib.util

        if not _PATCHES and self in sys.meta_path:
            with contextlib.suppress(ValueError):  # another thread's import removed it
                sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        load = spec.loader.exec_module

        def exec_module(module):  # type: ignore[no-untyped-def]
            load(module)
            patch(module)

        spec.loader.exec_module = exec_module
        return spec


for _name in [n for n in _PATCHES if n in sys.modules]:
    _PATCHES.pop(_name)
if _PATCHES:
    sys.meta_path.insert(0, _PatchOnImport())


def _chain() -> None:
    import importlib.machinery
    import importlib.util

    here = os.path.dirname(os.path.abspath(__file__))
    path = [p for p in sys.path if os.path.abspath(p or ".") != here]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", path)
    if spec is None or spec.loader is None:
        return
    module = importlib.util.module_from_spec(spec)
    sys.modules["sitecustomize"] = module
    spec.loader.exec_module(module)


_chain()
