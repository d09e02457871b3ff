"""Injected by dapcli into a debuggee's PYTHONPATH: set TCP_NODELAY on loopback TCP sockets.

debugpy 1.8.22 writes each DAP header and body with two ``sendall()`` calls on a socket without
TCP_NODELAY, so Nagle + delayed ACK stall every request ~40 ms (microsoft/debugpy#2054). This
module patches ``socket.socket.connect`` for loopback addresses, then chains to the next
``sitecustomize`` on ``sys.path`` so that a user's own one still runs. Opt out with
``dapcli launch --no-nodelay``.
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
