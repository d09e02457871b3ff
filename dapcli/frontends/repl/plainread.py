"""Reading the REPL's commands from a pipe or a file (``printf 'b 4\\nc\\n' | dapcli repl prog.py``).

No prompt_toolkit application (it warns "Input is not a terminal", draws each prompt and the
status bar into the output): each line is read plainly, echoed once as ``(dapcli) LINE`` (as a
transcript reads), and its result printed. A daemon thread reads, so that leaving never waits
on a pipe that stays open.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import threading
from typing import BinaryIO

__all__ = ["PlainReader", "stdin_is_plain"]


def stdin_is_plain() -> bool:
    """True when stdin is not a terminal (a pipe, a file, /dev/null)."""
    try:
        return not os.isatty(0)
    except OSError:
        return False


class PlainReader:
    """Lines of ``stream`` (default: stdin's bytes), one per :meth:`read`; None at end of input."""

    def __init__(self, stream: BinaryIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stdin.buffer
        self._queue: asyncio.Queue[str | None] | None = None

    def _pump(self, loop: asyncio.AbstractEventLoop, queue: asyncio.Queue[str | None]) -> None:
        try:
            for raw in iter(self.stream.readline, b""):
                loop.call_soon_threadsafe(queue.put_nowait, raw.decode("utf-8", "replace").rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        finally:
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody is reading any more
                loop.call_soon_threadsafe(queue.put_nowait, None)

    async def read(self) -> str | None:
        """The next line (without its newline); None at end of input (and after)."""
        if self._queue is None:
            self._queue = asyncio.Queue()
            threading.Thread(target=self._pump, args=(asyncio.get_running_loop(), self._queue),
                             name="dapcli-repl-stdin", daemon=True).start()
        line = await self._queue.get()
        if line is None:
            self._queue.put_nowait(None)  # stays at the end
        return line
