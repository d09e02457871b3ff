"""Content-Length framing of DAP messages (DAP spec, "Base Protocol").

A frame is ``Content-Length: N\\r\\n`` (other headers allowed) + ``\\r\\n`` + N bytes of UTF-8 JSON.
N counts bytes, not characters. The decoder accepts arbitrarily split input and messages of any
size (tested with ≥ 10 MB).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from dapcli.errors import ProtocolError

__all__ = ["FrameDecoder", "encode_message"]

_SEPARATOR = b"\r\n\r\n"
_MAX_HEADER = 8192
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

    def feed(self, data: bytes) -> list[dict[str, Any]]:
        return list(self.iter_messages(data))

    def iter_messages(self, data: bytes) -> Iterator[dict[str, Any]]:
        """Like :meth:`feed`, but yields each message as soon as it is decoded, so that the
        messages before a framing error in the same chunk are still delivered."""
        self._buffer += data
        while True:
            if self._length is None:
                end = self._buffer.find(_SEPARATOR, 0, _MAX_HEADER + len(_SEPARATOR))
                if end < 0:
                    start = self._buffer.lstrip()[:1]
                    if start and (start in b"+-$%" or start[0] < 0x20):  # gdbserver's packets, binary protocols
                        raise ProtocolError(f"not a DAP header: {bytes(self._buffer[:40])!r}")
                    if len(self._buffer) > _MAX_HEADER:
                        raise ProtocolError("garbage on the adapter's output: no DAP header found")
                    return
                self._length = _parse_header(bytes(self._buffer[:end]))
                del self._buffer[: end + len(_SEPARATOR)]
            if len(self._buffer) < self._length:
                return
            body = bytes(self._buffer[: self._length])
            del self._buffer[: self._length]
            self._length = None
            yield _parse_body(body)


def _parse_header(header: bytes) -> int:
    for line in header.split(b"\r\n"):
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
