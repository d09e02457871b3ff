"""Lines that are not a JSON-RPC message get a JSON-RPC error, over a real ``dapcli serve-mcp``.

The mcp SDK's stdio transport only logs such a line: the client would wait for ever. Each bad
line below is answered (parse error -32700 / invalid request -32600 with id null, or the id when
it can be read; the SDK's own -32601/-32602 for unknown methods and bad params), the server
stays up, and the session launched before the bad lines is still usable afterwards.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, Any

import pytest
from mcp_helpers import LOOP, assert_gone

pytest.importorskip("debugpy", reason="debugpy is not installed")
pytestmark = pytest.mark.slow

DAPCLI = [sys.executable, "-m", "dapcli"]
CALL = {"jsonrpc": "2.0", "method": "tools/call"}

#: (bad line, expected error code, expected id)
BAD_LINES: list[tuple[str, int, Any]] = [
    ("{bad json", -32700, None),
    ('{"jsonrpc": "2.0", "id": 3, "method": "ping"', -32700, None),
    ("[1, 2]", -32600, None),
    ("[]", -32600, None),
    ("42", -32600, None),
    ('"text"', -32600, None),
    ("null", -32600, None),
    ("{}", -32600, None),
    ('{"x": "\x00"}', -32700, None),
    ('{"jsonrpc": "1.0", "id": 7, "method": "tools/list"}', -32600, 7),
    ('{"jsonrpc": "2.0", "id": 8, "method": "tools/call", "params": "x"}', -32600, 8),
    ('{"jsonrpc": "2.0", "id": [1], "method": "tools/list"}', -32600, None),
    ('{"jsonrpc": "2.0", "id": true, "method": "tools/list"}', -32600, None),
    ("[" * 100_000 + "]" * 100_000, -32600, None),  # a RecursionError ended the server
    ('{"jsonrpc": "2.0", "id": [' + "[" * 100_000 + "]" * 100_000 + '], "method": "ping"}', -32600, None),
    ('{"jsonrpc": "2.0", "id": 9, "method": "no/such/method"}', -32601, 9),
    ('{"jsonrpc": "2.0", "id": 10, "method": "tools/call", "params": {"name": 5}}', -32602, 10),
    ('{"jsonrpc": "2.0", "id": 11, "method": "tools/call", "params": {"name": "status", "arguments": [1]}}',
     -32602, 11),
]


class Server:
    """``dapcli serve-mcp`` over pipes, spoken to line by line."""

    def __init__(self, runtime: Path) -> None:
        env = {**os.environ, "DAPCLI_RUNTIME_DIR": str(runtime)}
        self.process = subprocess.Popen([*DAPCLI, "serve-mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, env=env)
        self.lines: queue.Queue[bytes] = queue.Queue()
        threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True).start()
        self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                    "clientInfo": {"name": "test", "version": "0"}}, ident=0)
        self.write(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}))

    def _read(self, stream: IO[bytes]) -> None:
        for line in stream:
            self.lines.put(line)

    def write(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()

    def next_message(self) -> dict[str, Any]:
        return dict(json.loads(self.lines.get(timeout=60)))

    def request(self, method: str, params: dict[str, Any], ident: int) -> dict[str, Any]:
        self.write(json.dumps({"jsonrpc": "2.0", "id": ident, "method": method, "params": params}))
        while True:
            message = self.next_message()
            if message.get("id") == ident:
                return message

    def tool(self, name: str, arguments: dict[str, Any], ident: int) -> dict[str, Any]:
        return dict(self.request("tools/call", {"name": name, "arguments": arguments}, ident)["result"])

    def close(self) -> int:
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            return self.process.wait(timeout=30)
        finally:
            if self.process.poll() is None:
                self.process.kill()


@pytest.fixture
def server(tmp_path: Path) -> Any:
    started = Server(tmp_path / "rt")
    yield started
    if started.process.poll() is None:
        started.process.kill()
        started.process.wait(timeout=10)


def test_every_bad_line_is_answered_and_the_session_lives_on(server: Server) -> None:
    stop = server.tool("launch", {"program": str(LOOP), "stopOnEntry": True}, ident=1)
    assert not stop.get("isError"), stop
    status = server.tool("status", {}, ident=2)["structuredContent"]
    pids = {status["adapterPid"], status["debuggeePid"]}
    for line, code, ident in BAD_LINES:
        server.write(line)
        answer = server.next_message()
        assert answer.get("error", {}).get("code") == code, (line, answer)
        assert answer["id"] == ident, (line, answer)
        assert "\n" not in answer["error"]["message"]
    value = server.tool("evaluate", {"expression": "1 + 2"}, ident=100)
    assert value["structuredContent"]["result"] == "3"
    wrong = server.tool("evaluate", {"expression": 5}, ident=101)
    assert wrong["isError"] is True
    assert "expression" in wrong["content"][0]["text"]
    assert server.close() == 0
    assert_gone(pids)


def test_a_blank_line_is_ignored(server: Server) -> None:
    server.write("   ")
    assert server.request("ping", {}, ident=5) == {"jsonrpc": "2.0", "id": 5, "result": {}}


HTTP_BAD_BODIES: list[tuple[str, int, Any]] = [("", -32700, None), *BAD_LINES]


def _listening(port: int) -> bool:
    import socket

    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) == 0


def _answer(text: str, content_type: str) -> dict[str, Any]:
    """The JSON-RPC message of an HTTP answer (plain JSON, or the data of an SSE stream)."""
    if "text/event-stream" not in content_type:
        return dict(json.loads(text))
    data = [line[len("data:"):].strip() for line in text.splitlines() if line.startswith("data:")]
    return dict(json.loads(next(item for item in data if item)))


def test_http_answers_bad_bodies_as_stdio_does_and_stays_up(tmp_path: Path) -> None:
    """The same bad messages as over stdio, POSTed: the same codes and ids (a bad body 400, with one
    line; an id that is not an id gets -32600 with id null, not 202 and silence)."""
    import socket
    import time
    import urllib.error
    import urllib.request

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    runtime = tmp_path / "rt"
    process = subprocess.Popen([*DAPCLI, "serve-mcp", "--transport", "streamable-http", "--port", str(port)],
                               env={**os.environ, "DAPCLI_RUNTIME_DIR": str(runtime)},
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    token_file = runtime / f"mcp-{port}.token"
    try:
        deadline = time.monotonic() + 60
        while not token_file.exists() or not _listening(port):
            assert process.poll() is None and time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)
        headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
                   "Authorization": f"Bearer {token_file.read_text().strip()}"}

        def post(body: str) -> tuple[int, dict[str, Any] | None]:
            request = urllib.request.Request(f"http://127.0.0.1:{port}/mcp", data=body.encode(),
                                             headers=headers, method="POST")
            try:
                with urllib.request.urlopen(request, timeout=30) as response:
                    if response.headers.get("mcp-session-id"):
                        headers["mcp-session-id"] = response.headers["mcp-session-id"]
                    text = response.read().decode()
                    return int(response.status), _answer(text, response.headers["content-type"]) if text else None
            except urllib.error.HTTPError as exc:
                return int(exc.code), _answer(exc.read().decode(), exc.headers.get("content-type", ""))

        stranger = urllib.request.Request(f"http://127.0.0.1:{port}/mcp", data=b"[1]", method="POST",
                                          headers={k: v for k, v in headers.items() if k != "Authorization"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(stranger, timeout=30)
        assert refused.value.code == 401  # the token is checked before the body
        init = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
        assert post(json.dumps(init))[0] == 200
        headers["mcp-protocol-version"] = "2025-06-18"
        assert post('{"jsonrpc": "2.0", "method": "notifications/initialized"}')[0] == 202
        for body, code, ident in HTTP_BAD_BODIES:
            status, answer = post(body)
            assert answer is not None, (body, status)
            assert answer.get("error", {}).get("code") == code, (body, status, answer)
            assert answer["id"] == ident, (body, answer)
            assert "\n" not in answer["error"]["message"], answer
            if code in (-32700, -32600):
                assert status == 400, (body, status)
        assert post('{"jsonrpc": "2.0", "id": 50, "method": "ping"}') == (200, {"jsonrpc": "2.0", "id": 50,
                                                                                "result": {}})
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_bad_lines_from_a_regular_file_on_stdin_are_answered(tmp_path: Path) -> None:
    """stdin that is not a pipe (``serve-mcp < requests.jsonl``) takes the SDK's own streams."""
    requests = tmp_path / "requests.jsonl"
    init = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
    # the ping (after two bad lines) is not the file's last line: the refusal of the last line is
    # written by dapcli before the end of the file is acted on, so the ping's answer is not raced by it
    lines = [json.dumps(init), '{"jsonrpc": "2.0", "method": "notifications/initialized"}', "{bad json", "[1]",
             '{"jsonrpc": "2.0", "id": 2, "method": "ping"}',
             '{"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": "x"}']
    requests.write_text("\n".join(lines) + "\n")
    with requests.open("rb") as stdin:
        done = subprocess.run([*DAPCLI, "serve-mcp"], stdin=stdin, capture_output=True, timeout=120,
                              env={**os.environ, "DAPCLI_RUNTIME_DIR": str(tmp_path / "rt")})
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    got = [(a.get("id"), a.get("error", {}).get("code")) for a in answers]
    assert got[:3] == [(1, None), (None, -32700), (None, -32600)]
    assert sorted(got[3:], key=str) == [(2, None), (7, -32600)]
