"""The session's side of an early launch (:mod:`dapcli.adapters.early.launch`).

:class:`EarlyLaunchTransport` sits between the session and lldb-dap, whose start the host
already said. The session's requests are checked, one by one, against those said early: each
one that is the same (command and arguments) gets the answer the adapter gave to the early one;
the adapter's other messages reach the session in the order they came, an answer only once the
session asked its question. Once everything said early is claimed, the session talks to the
adapter directly. A request that differs while some of the early start is unclaimed ends the
transport (:attr:`EarlyLaunchTransport.mismatch` says why): the verb then starts over without
the early start (see ``Session.launch``). With ``DAPCLI_TRACE``, each request answered by an early
one is noted as a ``==`` line (``{"earlyRequest": SEQ, "command": …, "answersRequest": SEQ}``).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from dapcli.adapters.early.launch import EarlyLaunch
from dapcli.protocol.codec import FrameDecoder, encode_message
from dapcli.protocol.transport import AdoptedProcess

__all__ = ["EarlyLaunchMismatch", "EarlyLaunchTransport"]


class EarlyLaunchMismatch(ConnectionError):
    """The session asked for something other than what was said early."""


class EarlyLaunchTransport:
    """A :class:`~dapcli.protocol.transport.Transport` over an :class:`EarlyLaunch` (see the module)."""

    def __init__(self, early: EarlyLaunch) -> None:
        self._early = early
        self.process = AdoptedProcess(early.process)
        self.pid = early.pid
        #: Why the session's requests and the early start parted (None: they did not).
        self.mismatch: str | None = None
        self._loop = asyncio.get_running_loop()
        self._queue: asyncio.Queue[bytes | Exception] = asyncio.Queue()
        self._sent = FrameDecoder()
        self._unclaimed: list[tuple[int, str, dict[str, Any]]] | None = None
        #: early seq → the session's seq of the same request
        self._claimed: dict[int, int] = {}
        self._early_seqs: set[int] = set()
        self._held: list[dict[str, Any] | None] = []
        #: The session's DAP tracer (``DAPCLI_TRACE``), told which of its requests were said early.
        self.trace: Callable[[str, dict[str, Any]], None] | None = None
        early.on_message(self._from_thread)

    # -- Transport ---------------------------------------------------------------------------------
    async def read(self) -> bytes:
        item = await self._queue.get()
        if isinstance(item, Exception):
            self._queue.put_nowait(b"")
            raise item
        return item

    def write(self, data: bytes) -> None:
        for message in self._sent.feed(data):
            if message.get("type") == "request" and self._claims(message):
                continue
            if self.mismatch is None:
                self._early.write(encode_message(message))

    async def close(self) -> None:
        stdin = self._early.process.stdin
        if stdin is not None:
            with contextlib.suppress(OSError, ValueError):
                stdin.close()

    def stderr_tail(self) -> str:
        return "\n".join(line for line in self._early.stderr_lines if line)

    # -- the early start ---------------------------------------------------------------------------
    def _claims(self, message: dict[str, Any]) -> bool:
        """Whether the session's request ``message`` is the next one said early (its answer is
        then the early one's); a different one while some are unclaimed is a mismatch."""
        if self._unclaimed is None:
            self._unclaimed = self._early.seal()  # the early start says nothing more from now on
            self._early_seqs = {seq for seq, _, _ in self._unclaimed}
        if self.mismatch is not None:
            return True
        if not self._unclaimed:
            return False
        seq, command, arguments = self._unclaimed[0]
        if message.get("command") != command or (message.get("arguments") or {}) != arguments:
            self.mismatch = (f"the session asked for {message.get('command')} where the early start "
                             f"had said {command}")
            self._queue.put_nowait(EarlyLaunchMismatch(self.mismatch))
            self._early.kill()
            return True
        self._unclaimed.pop(0)
        self._claimed[seq] = int(message.get("seq") or 0)
        if self.trace is not None:  # the adapter got the early request (its seq), not this one
            self.trace("==", {"earlyRequest": seq, "command": command, "answersRequest": self._claimed[seq]})
        self._release()
        return True

    def _from_thread(self, message: dict[str, Any] | None) -> None:
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody reads any more
            self._loop.call_soon_threadsafe(self._arrived, message)

    def _arrived(self, message: dict[str, Any] | None) -> None:
        self._held.append(message)
        self._release()

    def _release(self) -> None:
        """Pass on what the adapter said, in order, up to an answer the session has not asked for."""
        if self._unclaimed is None:
            return  # all held until the session's first request: which answers are early ones is known then
        while self._held and self.mismatch is None:
            message = self._held[0]
            if message is None:
                self._held.pop(0)
                self._queue.put_nowait(b"")
                return
            if message.get("type") == "response" and message.get("request_seq") in self._early_seqs:
                early = int(message["request_seq"])
                if early not in self._claimed:
                    return  # held until the session asks for it
                message = {**message, "request_seq": self._claimed[early]}
            self._held.pop(0)
            self._queue.put_nowait(encode_message(message))
