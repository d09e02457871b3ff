"""serve-mcp answers ``initialize`` and ``tools/list`` while it imports: the same bytes as the
SDK's own answers, from a record that is current, and the SDK serves everything after them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from dapcli.frontends.mcp import prelude
from dapcli.frontends.mcp.preludegen import answers, generated

pytestmark = pytest.mark.slow


def test_record_is_what_the_server_answers_now() -> None:
    """``prelude.json`` is stale after a verb or the SDK changed: regenerate it
    (``python -m dapcli.frontends.mcp.preludegen``, or ``tools/gen_completions.py``)."""
    assert Path(prelude.RECORD).read_text(encoding="utf-8") == generated(), \
        "stale: run python -m dapcli.frontends.mcp.preludegen"


@pytest.fixture(autouse=True)
def _prelude_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DAPCLI_MCP_PRELUDE", raising=False)
    monkeypatch.delenv("DAPCLI_SESSION", raising=False)


CALL = {"method": "tools/call", "params": {"name": "status", "arguments": {}}}


@pytest.mark.parametrize("version", ["2025-06-18", "2099-01-01"])
def test_answers_are_byte_identical_with_and_without(version: str) -> None:
    """A recorded protocol version is answered by the prelude, an unknown one by the SDK (which
    counter-offers its own): either way the client reads the same bytes, and the SDK then
    serves a tool call and a second listing."""
    requests: list[dict[str, object]] = [{"method": "tools/list"}, CALL, {"method": "tools/list", "params": {}}]
    early = answers(version, requests, {"DAPCLI_MCP_PRELUDE": "1"})
    plain = answers(version, requests, {"DAPCLI_MCP_PRELUDE": "0"})
    assert early == plain
    assert json.loads(early[2])["result"]["content"][0]["text"].startswith("no session named")
    assert json.loads(early[1])["result"] == json.loads(early[3])["result"]


class _Server:
    """``dapcli serve-mcp`` on pipes, written to and read line by line."""

    def __init__(self) -> None:
        self.runtime = tempfile.mkdtemp(prefix="dcprel")
        os.chmod(self.runtime, 0o700)
        self.process = subprocess.Popen([sys.executable, "-m", "dapcli", "serve-mcp"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                        env={**os.environ, "DAPCLI_RUNTIME_DIR": self.runtime})

    def send(self, data: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line.endswith(b"\n"), "the server ended"
        return dict(json.loads(line))

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            self.process.wait(60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        import shutil

        shutil.rmtree(self.runtime, ignore_errors=True)


def _initialize(ident: object) -> bytes:
    return json.dumps({"jsonrpc": "2.0", "id": ident, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}}).encode()


def test_a_line_split_across_the_handover_and_a_reused_id() -> None:
    """A request written in two pieces around the moment the SDK takes over is read whole; the
    client may reuse the ``initialize`` id for a later request and gets that request's answer."""
    server = _Server()
    try:
        server.send(_initialize(1) + b"\n")
        assert server.read()["result"]["serverInfo"]["name"] == "dapcli"
        server.send(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
        call = json.dumps({"jsonrpc": "2.0", "id": 1, **CALL}).encode()
        server.send(call[:20])
        time.sleep(0.05)  # not a wait for an event: the two pieces must arrive apart
        server.send(call[20:] + b"\n")
        answer = server.read()
        assert answer["id"] == 1 and "no session named" in answer["result"]["content"][0]["text"]
    finally:
        server.close()


def test_not_json_first_is_the_sdks_to_refuse() -> None:
    server = _Server()
    try:
        server.send(b"hello\n" + _initialize("a") + b"\n")
        first, second = server.read(), server.read()
        assert first["id"] is None and first["error"]["code"] == -32700
        assert second["id"] == "a" and second["result"]["serverInfo"]["name"] == "dapcli"
    finally:
        server.close()


@pytest.mark.parametrize("bad_id", [b"1e400", b"null", b"true", b'{"a": 1}', b"1.5"])
def test_an_initialize_whose_id_the_sdk_refuses_is_the_sdks_to_answer(bad_id: bytes) -> None:
    """No answer of the record to an id JSON-RPC does not allow (1e400 made ``"id":Infinity``, not
    JSON): the SDK answers it, and a good initialize after it is answered as always."""
    server = _Server()
    try:
        line = _initialize("x").replace(b'"id": "x"', b'"id": ' + bad_id)
        assert line != _initialize("x")
        server.send(line + b"\n" + _initialize("a") + b"\n")
        answers = [server.read(), server.read()]
        good = [a for a in answers if a.get("id") == "a"]
        assert len(good) == 1 and good[0]["result"]["serverInfo"]["name"] == "dapcli", answers
        assert not any("result" in a and a.get("id") != "a" for a in answers), answers
    finally:
        server.close()


def _pipes() -> tuple[int, int, int, int]:
    client_w, server_r = os.pipe()[::-1]
    server_w, client_r = os.pipe()[::-1]
    return client_w, server_r, server_w, client_r


def test_prelude_hands_over_every_byte_it_did_not_answer() -> None:
    """In-process: what the prelude read and did not answer comes back whole and in order, after
    the replayed ``initialize`` and ``initialized``; an unfinished last line stays unfinished."""
    record = prelude.load()
    assert record is not None
    client_w, server_r, server_w, client_r = _pipes()
    try:
        runner = prelude.Prelude(record, server_r, server_w)
        os.write(client_w, _initialize(7) + b"\n")
        reply = b""
        while not reply.endswith(b"\n"):
            reply += os.read(client_r, 65536)
        assert reply.startswith(b'{"jsonrpc":"2.0","id":7,"result":{')
        os.write(client_w, b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n'
                           b'{"jsonrpc":"2.0","id":8,"method":"tools/list","params":{"cursor":"x"}}\n{"par')
        deadline = time.monotonic() + 30
        lines: list[bytes] = []
        while time.monotonic() < deadline:
            time.sleep(0.01)  # polling the thread's progress, bounded by the deadline
            if b"cursor" in runner._buffer:
                lines = runner.finish()
                break
        assert len(lines) == 4, lines
        assert json.loads(lines[0]) == {**json.loads(_initialize(7)), "id": prelude.REPLAY_ID}
        assert lines[1] == b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n'
        assert lines[2] == b'{"jsonrpc":"2.0","id":8,"method":"tools/list","params":{"cursor":"x"}}\n'
        assert lines[3] == b'{"par'
    finally:
        for fd in (client_w, server_r, server_w, client_r):
            os.close(fd)


def test_a_record_of_another_version_is_not_used(tmp_path: Path) -> None:
    record = json.loads(Path(prelude.RECORD).read_text(encoding="utf-8"))
    (tmp_path / "old.json").write_text(json.dumps({**record, "mcp": "0.0.1"}))
    assert prelude.load(str(tmp_path / "old.json")) is None
    assert prelude.load() is not None
