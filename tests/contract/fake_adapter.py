"""A tiny debug adapter speaking DAP over stdio, with an injectable fault (stdlib only).

Usage: ``python fake_adapter.py [MODE]`` where MODE is

* ``normal`` (default): answers every request;
* ``garbage``: after answering ``initialize``, writes a non-DAP header on stdout;
* ``crash``: on ``threads``, writes a message to stderr and exits abruptly (exit 3);
* ``silent``: never answers ``threads``;
* ``hangup``: on ``threads``, closes stdout first, then writes its reason to stderr and exits;
* ``noisy``: on ``threads``, logs a 300 KB line and 200 KB of lines to stderr before answering.

``initialize`` is always answered normally first. The adapter exits on end of stdin or after
answering ``disconnect``.
"""

from __future__ import annotations

import json
import os
import sys
import time

CRASH_MESSAGE = "fatal error: fake adapter crashed while handling threads"
NOISY_LAST_LINE = "noisy: threads answered"
GARBAGE = b"HTTP/1.1 500 Internal Server Error\r\nServer: not-a-debug-adapter\r\n\r\n"

_seq = 0


def write(data: bytes) -> None:
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def send(message: dict) -> None:
    global _seq
    _seq += 1
    message["seq"] = _seq
    body = json.dumps(message, ensure_ascii=False).encode("utf-8")
    write(b"Content-Length: %d\r\n\r\n" % len(body) + body)


def respond(request: dict, body: dict | None = None, success: bool = True, message: str = "") -> None:
    response = {"type": "response", "request_seq": request["seq"], "command": request["command"], "success": success}
    if body is not None:
        response["body"] = body
    if message:
        response["message"] = message
    send(response)


def read_message(stream) -> dict | None:
    length = None
    while True:
        line = stream.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            break
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    if length is None:
        return None
    body = stream.read(length)
    if len(body) < length:
        return None
    return json.loads(body)


def main(argv: list[str]) -> int:
    mode = argv[0] if argv else "normal"
    stdin = sys.stdin.buffer
    while True:
        request = read_message(stdin)
        if request is None:
            return 0
        if request.get("type") != "request":
            continue
        command = request.get("command")
        if command == "initialize":
            respond(request, {"supportsConfigurationDoneRequest": True})
            send({"type": "event", "event": "initialized"})
            if mode == "garbage":
                write(GARBAGE)
        elif command == "threads":
            if mode == "crash":
                sys.stderr.write("fake adapter: handling threads\n")
                sys.stderr.write(CRASH_MESSAGE + "\n")
                sys.stderr.flush()
                os._exit(3)
            if mode == "hangup":
                sys.stdout.flush()
                os.close(sys.stdout.fileno())
                time.sleep(0.05)
                sys.stderr.write(CRASH_MESSAGE + "\n")
                sys.stderr.flush()
                os._exit(4)
            if mode == "noisy":
                sys.stderr.write("x" * 300_000 + "\n")
                sys.stderr.writelines(f"log line {i:06d}\n" for i in range(12_000))
                sys.stderr.write(NOISY_LAST_LINE + "\n")
                sys.stderr.flush()
            if mode == "silent":
                continue
            respond(request, {"threads": [{"id": 1, "name": "main"}]})
        elif command == "evaluate":
            expression = (request.get("arguments") or {}).get("expression", "")
            respond(request, {"result": expression[::-1], "variablesReference": 0})
        elif command == "disconnect":
            respond(request)
            return 0
        else:
            respond(request, success=False, message=f"fake adapter does not support {command}")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
