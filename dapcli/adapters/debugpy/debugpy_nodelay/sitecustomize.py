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
"""

import os
import socket
import sys

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


class _QuietDebugpyLog:
    """An import hook for ``debugpy.common.log`` alone: runs :func:`_quiet` once it is loaded."""

    def find_spec(self, name, path, target=None):  # type: ignore[no-untyped-def]
        if name != "debugpy.common.log":
            return None
        import importlib.util

        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        load = spec.loader.exec_module

        def exec_module(module):  # type: ignore[no-untyped-def]
            load(module)
            _quiet(module)

        spec.loader.exec_module = exec_module
        return spec


if "debugpy.common.log" not in sys.modules:
    sys.meta_path.insert(0, _QuietDebugpyLog())


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
