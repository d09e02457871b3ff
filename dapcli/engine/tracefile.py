"""The DAP traffic trace (``DAPCLI_TRACE=FILE``): one line per message, secrets redacted.

Each line is ``TIME DIRECTION JSON`` (each string cut at 1 MiB before it is redacted, the line
at 4 MiB: an adapter's text cut for the user is read whole here); DIRECTION is ``->`` (to the
adapter), ``<-`` (from it) or ``==`` (a request of the session answered by the same one said to the
adapter early, see :mod:`dapcli.adapters.early.launch_transport`). Environment values and
tokens are replaced by ``<redacted>`` (:mod:`dapcli.protocol.redact`). The file is created mode
0600 (an existing file of the user's is set to 0600 too) and grows to at most
``DAPCLI_TRACE_MAX_BYTES`` (default 50 MB): then one last line says the trace was cut.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import time
from collections.abc import Callable
from typing import Any

from dapcli.protocol.redact import redact_message

__all__ = ["DEFAULT_MAX_BYTES", "MAX_LINE", "open_trace"]

DEFAULT_MAX_BYTES = 50 * 1024 * 1024
MAX_LINE = 4 * 1024 * 1024


def _limit() -> int:
    try:
        return max(0, int(os.environ.get("DAPCLI_TRACE_MAX_BYTES", DEFAULT_MAX_BYTES)))
    except ValueError:
        return DEFAULT_MAX_BYTES


def open_trace(path: str) -> Callable[[str, dict[str, Any]], None]:
    """A tracer appending to ``path`` (0600, size-capped, redacted); raises OSError."""
    # O_NONBLOCK: a FIFO with no reader fails at once instead of blocking the session host
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW | os.O_NONBLOCK, 0o600)
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid():
        os.close(fd)  # another user's file (in a shared /tmp) would receive the session's traffic
        why = "not a regular file" if not stat.S_ISREG(info.st_mode) else f"owned by uid {info.st_uid}"
        raise OSError(errno.EPERM, f"refusing to trace into {path}: {why}")
    os.set_blocking(fd, True)
    os.fchmod(fd, 0o600)
    handle = os.fdopen(fd, "a", encoding="utf-8")
    limit = _limit()
    written = [info.st_size]

    def trace(direction: str, message: dict[str, Any]) -> None:
        if written[0] >= limit:
            return
        line = f"{time.time():.6f} {direction} {json.dumps(redact_message(message))[:MAX_LINE]}\n"
        if written[0] + len(line) > limit:
            line = f"{time.time():.6f} -- trace cut: DAPCLI_TRACE_MAX_BYTES={limit} reached\n"
            written[0] = limit
        else:
            written[0] += len(line)
        handle.write(line)
        handle.flush()

    return trace
