"""A tiny debug adapter for the adapters-file tests (stdlib only).

``python echo_adapter.py`` speaks DAP on stdio; ``--port N`` listens on 127.0.0.1:N;
``--print-address`` listens on a free port and prints ``listening at 127.0.0.1:PORT``.
It answers ``launch``; after ``configurationDone`` it prints the launch arguments it got (one
JSON line, category ``stdout``), then sends ``exited`` (code 7) and ``terminated``.
"""

from __future__ import annotations

import json
import socket
import sys
from typing import Any, BinaryIO

EXIT_CODE = 7


class Peer:
    def __init__(self, reader: BinaryIO, writer: BinaryIO) -> None:
        self.reader, self.writer, self.seq = reader, writer, 0

    def send(self, message: dict[str, Any]) -> None:
        self.seq += 1
        message["seq"] = self.seq
        body = json.dumps(message).encode()
        self.writer.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.writer.flush()

    def read(self) -> dict[str, Any] | None:
        length = None
        while True:
            line = self.reader.readline()
            if not line:
                return None
            if not line.strip():
                break
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        return json.loads(self.reader.read(length)) if length is not None else None


def serve(peer: Peer) -> None:
    launched: dict[str, Any] = {}
    while (request := peer.read()) is not None:
        command = request.get("command")
        answer = {"type": "response", "request_seq": request["seq"], "command": command, "success": True}
        if command == "initialize":
            peer.send({**answer, "body": {"supportsConfigurationDoneRequest": True}})
            peer.send({"type": "event", "event": "initialized"})
        elif command == "launch":
            launched = request.get("arguments") or {}
            peer.send(answer)
        elif command == "configurationDone":
            peer.send(answer)
            peer.send({"type": "event", "event": "output",
                       "body": {"category": "stdout", "output": json.dumps(launched) + "\n"}})
            peer.send({"type": "event", "event": "exited", "body": {"exitCode": EXIT_CODE}})
            peer.send({"type": "event", "event": "terminated"})
        elif command == "disconnect":
            peer.send(answer)
            return
        else:
            peer.send({**answer, "body": {}})


def main(argv: list[str]) -> int:
    if not argv:
        serve(Peer(sys.stdin.buffer, sys.stdout.buffer))
        return 0
    server = socket.socket()
    server.bind(("127.0.0.1", int(argv[1]) if argv[0] == "--port" else 0))
    server.listen(1)
    if argv[0] == "--print-address":
        print(f"echo adapter listening at 127.0.0.1:{server.getsockname()[1]}", flush=True)
    conn, _ = server.accept()
    serve(Peer(conn.makefile("rb"), conn.makefile("wb")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
