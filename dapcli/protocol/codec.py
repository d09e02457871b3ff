"""Content-Length framing of DAP messages (DAP spec, "Base Protocol").

A frame is ``Content-Length: N\\r\\n`` (other headers allowed) + ``\\r\\n`` + N bytes of UTF-8 JSON.
N counts bytes, not characters. The decoder accepts arbitrarily split input and messages of any
size (tested with ≥ 10 MB).

A stream that breaks the framing is told at once, never by a wait for bytes that will not come:

* header lines ended by a bare ``\\n`` (``Content-Length: N\\n\\n``) are read as well: the frame
  is unambiguous;
* a body shorter than its ``Content-Length`` is seen when the next header arrives inside it (a
  raw line break cannot be part of JSON): a body that is complete JSON is delivered (the length
  was overstated) and decoding goes on at that header; else the message was truncated
  (:class:`~dapcli.errors.ProtocolError`);
* when no byte comes in the middle of a body (:meth:`FrameDecoder.stalled`, called by the
  connection), a body that is complete JSON is delivered; one that stays incomplete for
  :data:`BODY_STALL_LIMIT` seconds is a truncated message.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from dapcli.errors import ProtocolError

__all__ = ["FrameDecoder", "encode_message"]

_SEPARATOR = b"\r\n\r\n"
#: The end of a header: an empty line, its line breaks ``\r\n`` or a bare ``\n``.
_HEADER_END = re.compile(rb"\r?\n\r?\n")
#: The start of a header inside a body (JSON has no raw line break, so this cannot be a body's).
_HEADER_IN_BODY = re.compile(rb"(?i)content-length[ \t]*:[ \t]*\d+[ \t]*\r?\n")
_MAX_HEADER = 8192
_HEADER_LINE = 80  # how far before a line break a Content-Length header line may start
#: Seconds without a byte in the middle of a body after which an incomplete body is a truncated
#: message (real adapters write a message at once; the wait is counted in the connection's
#: polls, so a busy event loop does not shorten it).
BODY_STALL_LIMIT = 5.0
#: Largest message body accepted (bytes): a larger ``Content-Length`` (or a stream that never
#: ends one) would be buffered until memory ran out. Real answers stay far below it (values are
#: paged and bounded by the adapters).
MAX_MESSAGE = 256 * 1024 * 1024


def encode_message(message: dict[str, Any]) -> bytes:
    """Return one framed message: the header and the compact UTF-8 JSON body."""
    text = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
    try:
        body = text.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates (e.g. undecodable argv bytes): send them \u-escaped
        body = json.dumps(message, separators=(",", ":")).encode("ascii")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class FrameDecoder:
    """Incremental decoder: ``feed(bytes)`` returns the complete messages seen so far.

    Raises:
        ProtocolError: a header without ``Content-Length``, a header over 8 KB, a body announced
            over :data:`MAX_MESSAGE`, or a body that is not a JSON object. The decoder is unusable
            afterwards (the stream has lost framing).
    """

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._length: int | None = None
        self._scanned = 0  # how much of an incomplete body was searched for a header
        self._stalled = 0.0  # seconds without a byte in the middle of a body

    @property
    def in_body(self) -> bool:
        """Whether a header was read and its body is not complete yet."""
        return self._length is not None

    def feed(self, data: bytes) -> list[dict[str, Any]]:
        return list(self.iter_messages(data))

    def iter_messages(self, data: bytes) -> Iterator[dict[str, Any]]:
        """Like :meth:`feed`, but yields each message as soon as it is decoded, so that the
        messages before a framing error in the same chunk are still delivered."""
        self._buffer += data
        if data:
            self._stalled = 0.0
        while True:
            if self._length is None:
                if self._buffer[:1].isspace():  # after a body whose length was overstated
                    del self._buffer[: len(self._buffer) - len(self._buffer.lstrip())]
                found = _HEADER_END.search(self._buffer, 0, _MAX_HEADER + len(_SEPARATOR))
                if found is None:
                    start = self._buffer[:1]
                    if start and (start in b"+-$%" or start[0] < 0x20):  # gdbserver's packets, binary protocols
                        raise ProtocolError(f"not a DAP header: {bytes(self._buffer[:40])!r}")
                    if len(self._buffer) > _MAX_HEADER:
                        raise ProtocolError("garbage on the adapter's output: no DAP header found")
                    return
                self._length = _parse_header(bytes(self._buffer[: found.start()]))
                del self._buffer[: found.end()]
                self._scanned = 0
            if len(self._buffer) < self._length:
                early = self._cut_short()
                if early is None:
                    return
                yield early
                continue
            body = bytes(self._buffer[: self._length])
            del self._buffer[: self._length]
            self._length = None
            yield _parse_body(body)

    def stalled(self, seconds: float) -> list[dict[str, Any]]:
        """No byte came for ``seconds`` (the caller waited that long for one): the body read so
        far, when it is a complete JSON object (its ``Content-Length`` was overstated).

        Raises:
            ProtocolError: the body stayed incomplete for :data:`BODY_STALL_LIMIT` seconds.
        """
        if self._length is None:
            return []
        self._stalled += seconds
        message = _complete(bytes(self._buffer))
        if message is not None:
            self._buffer.clear()
            self._length = None
            return [message]
        if self._stalled >= BODY_STALL_LIMIT:
            raise ProtocolError(f"the adapter sent a truncated message: its header announced {self._length} bytes, "
                                f"{len(self._buffer)} came and nothing more for {self._stalled:g} s")
        return []

    def _cut_short(self) -> dict[str, Any] | None:
        """The body before a header that began inside it (the length was overstated), or None
        when no header began in it yet. Only raw line breaks are looked at (``find``: fast; a
        JSON body sent compact has none).

        Raises:
            ProtocolError: a header began inside a body that is not complete JSON (truncated).
        """
        assert self._length is not None
        newline = self._buffer.find(b"\n", self._scanned)
        found = None
        while newline >= 0 and found is None:
            found = _HEADER_IN_BODY.search(self._buffer, max(0, newline - _HEADER_LINE), newline + 1)
            newline = self._buffer.find(b"\n", newline + 1)
        self._scanned = len(self._buffer)
        if found is None:
            return None
        message = _complete(bytes(self._buffer[: found.start()]))
        if message is None:
            raise ProtocolError(f"the adapter sent a truncated message: its header announced {self._length} bytes, "
                                f"but the next message began after {found.start()}")
        del self._buffer[: found.start()]
        self._length = None
        return message


def _complete(body: bytes) -> dict[str, Any] | None:
    """``body`` as a JSON object when it is one whole (a cheap look first: it must end with ``}``)."""
    text = body.rstrip()
    if not text.endswith(b"}"):
        return None
    try:
        return _parse_body(text)
    except ProtocolError:
        return None


def _parse_header(header: bytes) -> int:
    for line in header.split(b"\n"):
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            try:
                length = int(value.strip())
            except ValueError:
                break
            if length > MAX_MESSAGE:
                raise ProtocolError(f"the adapter announced a message of {length} bytes "
                                    f"(more than {MAX_MESSAGE // (1024 * 1024)} MiB)")
            if length >= 0:
                return length
    shown = header[:80].decode("utf-8", "replace")
    raise ProtocolError(f"invalid DAP header from the adapter: {shown!r}")


def _parse_body(body: bytes) -> dict[str, Any]:
    try:
        message = json.loads(body)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, UnicodeDecodeError, int digits limit
        raise ProtocolError(f"the adapter sent a message that is not JSON: {exc}") from None
    if not isinstance(message, dict):
        raise ProtocolError("the adapter sent a JSON value that is not an object")
    if b"\\ud" in body or b"\\uD" in body:  # escaped lone surrogates (bytes that were not UTF-8)
        message = _without_surrogates(message)
    return message


def _without_surrogates(value: Any) -> Any:
    """``value`` with lone surrogates in its strings shown as ``\\udcXX`` (they cannot be
    encoded as UTF-8, so they would break every frontend that prints or sends them)."""
    if isinstance(value, str):
        return value.encode("utf-8", "backslashreplace").decode("utf-8") if _has_surrogate(value) else value
    if isinstance(value, dict):
        return {key: _without_surrogates(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_without_surrogates(item) for item in value]
    return value


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False
