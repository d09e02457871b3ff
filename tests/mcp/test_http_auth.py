"""``serve-mcp --transport streamable-http`` requires a bearer token; another local user is refused."""

from __future__ import annotations

import json
import os
import signal
import socket
import stat
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

START_TIMEOUT = 120.0  # serve-mcp imports the HTTP stack: 1.5 s of CPU, 35-40 s on a loaded 2-core machine
INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    def __init__(self, process: subprocess.Popen[bytes], port: int, runtime: Path) -> None:
        self.process, self.port, self.runtime = process, port, runtime
        self.url = f"http://127.0.0.1:{port}/mcp"
        self.token_file = runtime / f"mcp-{port}.token"

    def stderr(self) -> str:
        self.process.send_signal(signal.SIGTERM)
        _, err = self.process.communicate(timeout=20)
        return err.decode()


def _listening(process: subprocess.Popen[bytes], port: int) -> bool:
    """The server itself listens on ``port`` (not another process that took the free port while
    the server imported: a loaded machine running a second suite)."""
    import psutil

    try:
        return any(c.laddr and c.laddr.port == port and c.status == psutil.CONN_LISTEN
                   for c in psutil.Process(process.pid).net_connections("tcp"))
    except psutil.Error:
        return False


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Any]:
    started: list[subprocess.Popen[bytes]] = []

    def start(*extra: str) -> Server:
        runtime = tmp_path / "rt"
        env = {**os.environ, "DAPCLI_RUNTIME_DIR": str(runtime)}
        for _ in range(5):  # a free port can be taken by another process before the server binds it
            port = _free_port()
            process = subprocess.Popen(
                [sys.executable, "-m", "dapcli", "serve-mcp", "--transport", "streamable-http", "--port", str(port),
                 *extra], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            started.append(process)
            deadline = time.monotonic() + START_TIMEOUT
            while not _listening(process, port):
                if process.poll() is not None:
                    err = process.stderr.read().decode() if process.stderr else ""
                    assert "the port is in use" in err, err
                    break
                assert time.monotonic() < deadline, "the server did not start listening"
                time.sleep(0.05)
            else:
                return Server(process, port, runtime)
        raise AssertionError("no free port could be had in 5 tries")

    yield start
    for process in started:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)


def post(url: str, token: str | None = None, origin: str | None = None) -> int:
    """POST an ``initialize``; the HTTP status."""
    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    if origin is not None:
        headers["Origin"] = origin
    request = urllib.request.Request(url, data=json.dumps(INIT).encode(), headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


def test_token_required_wrong_refused_right_accepted(serve: Any) -> None:
    server = serve()
    token = server.token_file.read_text().strip()
    assert stat.S_IMODE(server.token_file.stat().st_mode) == 0o600
    assert len(token) >= 32
    assert post(server.url) == 401
    assert post(server.url, token + "x") == 401
    assert post(server.url, "") == 401
    assert post(server.url, token) == 200
    assert post(server.url, token, origin="http://evil.example") == 403  # the Origin check stays
    err = server.stderr()
    assert err.count(token) == 1  # printed once
    assert not server.token_file.exists()  # removed at exit


CLIENT = r"""
import encodings.idna, json, os, sys, urllib.error, urllib.request  # imported before dropping to nobody
os.setgroups([]); os.setgid(65534); os.setuid(65534)
url, token_file = sys.argv[1], sys.argv[2]
try:
    open(token_file).read()
    print("read-token")
except OSError:
    pass
body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18",
                   "capabilities": {}, "clientInfo": {"name": "x", "version": "1"}}}).encode()
request = urllib.request.Request(url, data=body, method="POST", headers={
    "Content-Type": "application/json", "Accept": "application/json, text/event-stream"})
try:
    print(urllib.request.urlopen(request, timeout=20).status)
except urllib.error.HTTPError as exc:
    print(exc.code)
"""


@pytest.mark.skipif(os.geteuid() != 0, reason="connecting as another uid needs root (to setuid to nobody)")
def test_another_user_is_refused(serve: Any) -> None:
    server = serve()
    done = subprocess.run([sys.executable, "-I", "-c", CLIENT, server.url, str(server.token_file)], cwd="/",
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["401"]  # no token to read, and refused without it


def test_token_file_pins_the_token(serve: Any, tmp_path: Path) -> None:
    pinned = tmp_path / "token"
    pinned.write_text("a-pinned-token-of-enough-length\n")
    pinned.chmod(0o600)
    server = serve("--token-file", str(pinned))
    assert post(server.url, "a-pinned-token-of-enough-length") == 200
    assert post(server.url) == 401
    assert "a-pinned-token" not in server.stderr()


def test_token_file_open_to_others_is_refused(tmp_path: Path) -> None:
    pinned = tmp_path / "token"
    pinned.write_text("a-pinned-token-of-enough-length\n")
    pinned.chmod(0o644)
    done = subprocess.run([sys.executable, "-m", "dapcli", "serve-mcp", "--transport", "streamable-http",
                           "--port", str(_free_port()), "--token-file", str(pinned)],
                          capture_output=True, text=True, timeout=60,
                          env={**os.environ, "DAPCLI_RUNTIME_DIR": str(tmp_path / "rt")})
    assert done.returncode == 2
    assert "readable by others" in done.stderr and "chmod 600" in done.stderr


def test_no_auth_warns_loudly(serve: Any) -> None:
    server = serve("--no-auth")
    assert post(server.url) == 200
    assert "WARNING" in server.stderr()
    assert not server.token_file.exists()


def test_port_in_use_is_one_line(tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "dapcli", "serve-mcp", "--transport", "streamable-http",
                               "--port", str(port)], capture_output=True, text=True, timeout=60,
                              env={**os.environ, "DAPCLI_RUNTIME_DIR": str(tmp_path / "rt")})
    assert done.returncode == 4  # a precondition (design.md), not 3 (no such session)
    assert done.stderr == f"error: cannot serve MCP on 127.0.0.1:{port}: the port is in use (choose another --port)\n"
    assert done.stdout == ""
    assert not (tmp_path / "rt").exists() or not list((tmp_path / "rt").glob("mcp-*.token"))


@pytest.mark.parametrize(("body", "code", "message"), [
    ('{"jsonrpc": "2.0", "id": [1], "method": "ping"}', -32600, "Invalid Request: id must be a string or an integer"),
    ('{"foo": 1}', -32600, "Invalid Request: "),
    ("[1]", -32600, "Invalid Request: batches are not supported"),
    ("nope", -32700, "Parse error: not JSON"),
])
def test_a_bad_body_is_an_invalid_request_answered_at_once(serve: Any, body: str, code: int, message: str) -> None:
    server = serve("--no-auth")
    request = urllib.request.Request(server.url, data=body.encode(), method="POST", headers={
        "Content-Type": "application/json", "Accept": "application/json, text/event-stream"})
    with pytest.raises(urllib.error.HTTPError) as caught:
        urllib.request.urlopen(request, timeout=20)
    assert caught.value.code == 400
    answer = json.loads(caught.value.read())
    assert answer["id"] is None and answer["error"]["code"] == code
    assert answer["error"]["message"].startswith(message)
