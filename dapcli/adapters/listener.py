"""Is a loopback TCP port ours? An adapter started with ``--port N`` (CodeLLDB, a configured
``{port}`` command) is reached by connecting to N, but between choosing a free N and the adapter
binding it, any local process (another user's included) can bind N first and would then be
handed our DAP traffic (launch arguments, environment). So we connect only once the process we
started, or one of its children, is seen listening on N (read from ``/proc`` through psutil)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import psutil

__all__ = ["dialed_by", "listens_on"]


def listens_on(pid: int, port: int) -> bool:
    """True when process ``pid`` or one of its descendants has a TCP socket in LISTEN state on
    ``port`` (any local address). False when none has yet, or the process is gone."""
    return _owns(pid, lambda c: c.status == psutil.CONN_LISTEN and bool(c.laddr) and c.laddr.port == port)


def dialed_by(pid: int, port: int, to_port: int) -> bool:
    """True when process ``pid`` or one of its descendants owns the TCP connection from local
    ``port`` to ``to_port`` (the adapter dialing our listener, not another local process)."""
    return _owns(pid, lambda c: bool(c.laddr) and c.laddr.port == port and bool(c.raddr) and c.raddr.port == to_port)


def _owns(pid: int, matches: Callable[[Any], bool]) -> bool:
    """True when process ``pid`` or one of its descendants has a TCP socket that ``matches``."""
    try:
        root = psutil.Process(pid)
        processes = [root, *root.children(recursive=True)]
    except psutil.Error:
        return False
    for process in processes:
        try:
            connections = process.net_connections(kind="tcp")
        except psutil.Error:
            continue
        if any(matches(c) for c in connections):
            return True
    return False
