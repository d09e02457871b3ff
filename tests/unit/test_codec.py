"""Content-Length framing (dapcli.protocol.codec): byte counting, arbitrary splits, bad input."""

from __future__ import annotations

import json
import random

import pytest

from dapcli.errors import ConnectionLostError, ProtocolError
from dapcli.protocol.codec import FrameDecoder, encode_message

UNICODE_TEXT = "héllo → 世界 🐛"


def frame(body: bytes, *headers: bytes) -> bytes:
    """A frame built by hand (independent of ``encode_message``)."""
    head = b"".join(h + b"\r\n" for h in headers) + b"Content-Length: %d\r\n\r\n" % len(body)
    return head + body


def test_round_trip() -> None:
    message = {"seq": 1, "type": "request", "command": "initialize", "arguments": {"adapterID": "x"}}
    assert FrameDecoder().feed(encode_message(message)) == [message]


def test_encoded_frame_shape() -> None:
    data = encode_message({"seq": 1, "type": "event", "event": "initialized"})
    header, sep, body = data.partition(b"\r\n\r\n")
    assert sep
    assert header == b"Content-Length: %d" % len(body)
    assert json.loads(body) == {"seq": 1, "type": "event", "event": "initialized"}


def test_content_length_counts_bytes_not_characters() -> None:
    message = {"seq": 2, "type": "event", "event": "output", "body": {"output": UNICODE_TEXT}}
    data = encode_message(message)
    header, _, body = data.partition(b"\r\n\r\n")
    length = int(header.split(b":")[1])
    assert length == len(body)
    assert length > len(body.decode("utf-8"))  # multi-byte characters really are in the body
    assert UNICODE_TEXT.encode("utf-8") in body  # sent as UTF-8, not \\u escapes

    decoded = FrameDecoder().feed(data)
    assert decoded == [message]
    assert decoded[0]["body"]["output"] == UNICODE_TEXT


def test_decodes_hand_made_utf8_frame() -> None:
    body = json.dumps(
        {"seq": 1, "type": "event", "event": "output", "body": {"output": UNICODE_TEXT}}, ensure_ascii=False
    ).encode("utf-8")
    assert FrameDecoder().feed(frame(body))[0]["body"]["output"] == UNICODE_TEXT


def test_fed_one_byte_at_a_time() -> None:
    messages = [
        {"seq": 1, "type": "event", "event": "output", "body": {"output": UNICODE_TEXT}},
        {"seq": 2, "type": "response", "request_seq": 1, "success": True, "command": "threads"},
    ]
    data = b"".join(encode_message(m) for m in messages)
    decoder = FrameDecoder()
    seen: list[dict] = []
    for i in range(len(data)):
        seen += decoder.feed(data[i : i + 1])  # a multi-byte character is split too
    assert seen == messages


def test_several_messages_in_one_chunk() -> None:
    messages = [{"seq": i, "type": "event", "event": "output", "body": {"output": f"line {i}"}} for i in range(1, 51)]
    assert FrameDecoder().feed(b"".join(encode_message(m) for m in messages)) == messages


def test_chunk_ending_inside_next_header() -> None:
    first = encode_message({"seq": 1, "type": "event", "event": "a"})
    second = encode_message({"seq": 2, "type": "event", "event": "b"})
    decoder = FrameDecoder()
    assert decoder.feed(first + second[:7]) == [{"seq": 1, "type": "event", "event": "a"}]
    assert decoder.feed(second[7:]) == [{"seq": 2, "type": "event", "event": "b"}]


def test_message_over_10_mb_in_random_chunks() -> None:
    rng = random.Random(1234)
    payload = "x" * (10 * 1024 * 1024) + UNICODE_TEXT
    message = {
        "seq": 3,
        "type": "response",
        "request_seq": 1,
        "success": True,
        "command": "readMemory",
        "body": {"data": payload},
    }
    tail = {"seq": 4, "type": "event", "event": "stopped"}
    data = encode_message(message) + encode_message(tail)
    assert len(data) >= 10 * 1024 * 1024

    decoder = FrameDecoder()
    seen: list[dict] = []
    pos = 0
    while pos < len(data):
        size = rng.randint(1, 256 * 1024)
        seen += decoder.feed(data[pos : pos + size])
        pos += size
    assert len(seen) == 2
    assert seen[0]["body"]["data"] == payload
    assert seen[1] == tail


def test_extra_headers_are_accepted() -> None:
    body = b'{"seq":1,"type":"event","event":"initialized"}'
    data = (
        b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length:  %d \r\n\r\n" % len(body)
    ) + body
    assert FrameDecoder().feed(data) == [{"seq": 1, "type": "event", "event": "initialized"}]
    # and a header after Content-Length
    data = frame(body).replace(b"\r\n\r\n", b"\r\nX-Whatever: 1\r\n\r\n", 1)
    assert FrameDecoder().feed(data) == [{"seq": 1, "type": "event", "event": "initialized"}]


@pytest.mark.parametrize(
    "data",
    [
        b"HTTP/1.1 200 OK\r\nServer: nope\r\n\r\n{}",
        b"Content-Length: banana\r\n\r\n{}",
        b"Content-Length: -5\r\n\r\n{}",
        b"Hello from a debuggee print()\r\n\r\n",
    ],
)
def test_garbage_header_raises_protocol_error(data: bytes) -> None:
    with pytest.raises(ProtocolError):
        FrameDecoder().feed(data)


def test_protocol_error_is_a_connection_lost_error() -> None:
    # callers catching ConnectionLostError also see framing failures
    with pytest.raises(ConnectionLostError):
        FrameDecoder().feed(b"garbage\r\n\r\n")


@pytest.mark.parametrize("body", [b"not json at all", b'{"seq": 1,', b"[1, 2, 3]", b"\xff\xfe\xfd", b"1" * 5000])
def test_non_json_body_raises_protocol_error(body: bytes) -> None:
    with pytest.raises(ProtocolError):
        FrameDecoder().feed(frame(body))


def test_header_over_8kb_without_separator_raises() -> None:
    decoder = FrameDecoder()
    assert decoder.feed(b"X" * 4096) == []  # still possibly a header: wait for more
    with pytest.raises(ProtocolError):
        decoder.feed(b"X" * 8192)


def test_header_over_8kb_without_separator_raises_when_fed_slowly() -> None:
    decoder = FrameDecoder()
    with pytest.raises(ProtocolError):
        for _ in range(100):
            decoder.feed(b"garbage " * 16)


def test_header_over_8kb_with_late_separator_raises() -> None:
    body = b'{"seq":1,"type":"event","event":"x"}'
    data = b"X-Padding: " + b"p" * 9000 + b"\r\n" + frame(body)
    with pytest.raises(ProtocolError):
        FrameDecoder().feed(data)


def test_valid_messages_before_garbage_are_not_lost() -> None:
    good = {"seq": 1, "type": "response", "request_seq": 1, "success": True, "command": "initialize"}
    decoder = FrameDecoder()
    seen: list[dict] = []
    with pytest.raises(ProtocolError):
        for message in decoder.iter_messages(encode_message(good) + b"garbage\r\n\r\n"):
            seen.append(message)
    assert seen == [good]


def test_encode_survives_lone_surrogates() -> None:
    # e.g. an undecodable command-line byte arrives in sys.argv as "\udcff"
    message = {"seq": 1, "type": "request", "command": "evaluate", "arguments": {"expression": "a\udcffb"}}
    data = encode_message(message)
    data.decode("ascii")  # sent as \u escapes, so the frame is valid UTF-8
    # reading it back, a lone surrogate is shown escaped: every frontend must be able to print it
    decoded = FrameDecoder().feed(data)
    assert decoded[0]["arguments"]["expression"] == "a\\udcffb"


def test_a_message_announced_over_the_limit_is_refused_at_its_header() -> None:
    from dapcli.protocol.codec import MAX_MESSAGE

    decoder = FrameDecoder()
    with pytest.raises(ProtocolError, match="announced a message of"):
        decoder.feed(b"Content-Length: %d\r\n\r\n{" % (MAX_MESSAGE + 1))
    assert FrameDecoder().feed(b"Content-Length: 2\r\n\r\n{}") == [{}]
