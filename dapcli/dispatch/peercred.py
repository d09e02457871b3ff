"""Who is on the other end of a unix socket: the session sockets serve their owner only.

Linux: ``SO_PEERCRED`` (pid, uid, gid of the connecting process). Elsewhere (no ``SO_PEERCRED``)
the socket's mode 0600 inside the 0700 runtime directory is the only guard. Stdlib only.
"""

from __future__ import annotations

import os
import socket
import struct
from typing import Any

__all__ = ["peer_uid", "trusted_peer"]

_CREDENTIALS = struct.Struct("3i")  # struct ucred: pid, uid, gid


def peer_uid(sock: Any) -> int | None:
    """The uid of the process connected to ``sock``; None when the platform cannot tell."""
    option = getattr(socket, "SO_PEERCRED", None)
    if option is None:
        return None
    data = sock.getsockopt(socket.SOL_SOCKET, option, _CREDENTIALS.size)
    _, uid, _ = _CREDENTIALS.unpack(data)
    return int(uid)


def trusted_peer(sock: Any) -> bool:
    """True when the peer of ``sock`` (a socket, or asyncio's ``TransportSocket``) runs as this
    process's uid (or the platform cannot tell)."""
    if sock is None:
        return False
    try:
        uid = peer_uid(sock)
    except OSError:
        return False
    return uid is None or uid == os.getuid()
