"""An adapter process on pipes, started before the session host's engine is there: what
:class:`dapcli.adapters.debugpy.earlytest.EarlyAdapter` and :class:`dapcli.adapters.early.launch.EarlyLaunch`
share. Its stderr is read into :attr:`AdapterPipes.stderr_lines` by a thread; what it says is kept
in order until a sink takes it (:meth:`AdapterPipes.on_message`). Standard library only.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import threading
from collections import deque

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the one-shot client's hot path)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

__all__ = ["AdapterPipes"]


class AdapterPipes:
    """``process`` (a ``subprocess.Popen`` with pipes on stdin, stdout and stderr)."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        self.process = process
        self.pid = process.pid
        #: The adapter's last lines on stderr (for error messages).
        self.stderr_lines: deque[str] = deque(maxlen=40)
        self._lock = threading.Lock()
        self._write_lock = threading.Lock()
        self._buffered: list[dict[str, Any] | None] = []
        self._sink: Callable[[dict[str, Any] | None], None] | None = None

    def write(self, data: bytes) -> None:
        """Raises ConnectionError when the adapter's stdin is closed."""
        stdin = self.process.stdin
        with self._write_lock:
            try:
                assert stdin is not None
                stdin.write(data)
                stdin.flush()
            except (OSError, ValueError, AssertionError) as exc:
                raise ConnectionError(f"the adapter's stdin is closed: {exc}") from None

    def start_reading(self, name: str) -> None:
        """Read the adapter's stdout (each message seen by :meth:`follow`, then delivered) and its
        stderr, in two daemon threads named after ``name``."""
        threading.Thread(target=self._read, daemon=True, name=name).start()
        threading.Thread(target=self.drain_stderr, daemon=True, name=f"{name}-stderr").start()

    def follow(self, message: dict[str, Any]) -> None:
        """Called with each message (in the reading thread) before it is delivered."""

    def _read(self) -> None:
        from dapcli.protocol.codec import FrameDecoder

        decoder = FrameDecoder()
        fd = self.process.stdout.fileno()  # type: ignore[union-attr]
        try:
            while True:
                data = os.read(fd, 65536)
                if not data:
                    break
                for message in decoder.iter_messages(data):
                    self.follow(message)
                    self.deliver(message)
        except Exception:  # a framing error or a closed pipe: the end of the stream
            pass
        with contextlib.suppress(OSError):
            self.process.stdout.close()  # type: ignore[union-attr]
        self.deliver(None)

    def drain_stderr(self) -> None:
        """Read the adapter's stderr to its end (a thread's target)."""
        with contextlib.suppress(OSError, ValueError):
            for line in self.process.stderr:  # type: ignore[union-attr]
                self.stderr_lines.append(line.decode("utf-8", "replace").rstrip())
        with contextlib.suppress(OSError):
            self.process.stderr.close()  # type: ignore[union-attr]

    def deliver(self, message: dict[str, Any] | None) -> None:
        """Hand ``message`` (None: the end of the stream) to the sink, or keep it until there is one."""
        with self._lock:
            sink = self._sink
            if sink is None:
                self._buffered.append(message)
                return
        sink(message)

    def on_message(self, sink: Callable[[dict[str, Any] | None], None]) -> None:
        """Send the adapter's messages to ``sink`` (from another thread; None at the end of the
        stream): what came so far first."""
        with self._lock:
            buffered, self._buffered = self._buffered, []
            for message in buffered:
                sink(message)
            self._sink = sink
