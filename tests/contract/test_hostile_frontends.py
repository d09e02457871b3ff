"""The hostile adapter's faults through every frontend: the one-shot CLI (its session host), the
REPL (a pty), MCP over stdio and over HTTP, and recipes (transcript and JUnit XML).

Terminal escapes sent by the adapter or the program never reach a terminal raw (nor JUnit XML);
an answer off the spec is read, an event of the wrong shape breaks nothing, a lost adapter is one
line (``isError`` in MCP, a failed step in a recipe), and no adapter outlives its session.
"""

from __future__ import annotations

import json
import os
import queue
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import xml.dom.minidom
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pexpect
import psutil
import pytest

pytestmark = pytest.mark.slow

ADAPTER = Path(__file__).resolve().parent / "hostile_adapter.py"
DAPCLI = [sys.executable, "-m", "dapcli"]
E = "\x1b]0;PWNED\x07\x1b[2J\x1b]52;c;aGk=\x07\u202eX\x1b[31m"
#: What must never appear raw where a terminal (or a CI page) shows it.
RAW = ("\x1b]0;PWNED", "\x1b]52;", "\x1b[2J", "\u202e", "\x07")

ESCAPING = {
    "variables": {"7": [{"name": "n" + E, "value": "v" + E, "type": "t" + E, "variablesReference": 0}]},
    "on": {
        "evaluate": [{"respond": {"result": "r" + E, "variablesReference": 0}}],
        "stackTrace": [{"respond": {"stackFrames": [
            {"id": 1, "name": "fn" + E, "line": 1, "column": 1, "source": {"path": "/tmp/p" + E + ".c"}},
            {"id": "x", "name": None, "line": 2, "column": 1},  # off the spec: dropped, the rest shown
            {"id": 3, "name": None, "line": 3, "column": None}]}}],  # mended: name "?"
        "next": [{"respond": {}}, {"event": "output", "body": {"category": "stdout", "output": "out" + E + "\n"}},
                 {"event": "stopped", "body": {"reason": 5, "threadId": "1"}},  # the wrong shape
                 ],
        "stepIn": [{"fail": "refused" + E}],
        "stepOut": [{"exit": 3}],  # lost mid-request
    },
}


@pytest.fixture
def world() -> Iterator[dict[str, Any]]:
    """A private runtime dir, the hostile adapter configured for ``*.fake``, a scenario file."""
    root = Path(tempfile.mkdtemp(prefix="hf", dir="/tmp"))  # unix socket paths must stay short
    config = root / "config" / "dapcli"
    config.mkdir(parents=True)
    (config / "adapters.yaml").write_text(
        f"fake:\n  command: [{json.dumps(sys.executable)}, {json.dumps(str(ADAPTER))}]\n  extensions: [.fake]\n")
    (root / "run").mkdir(mode=0o700)
    (root / "prog.c").write_text("int main(void) {\n    return 0;\n}\n")
    program = root / "scenario.fake"
    program.write_text(json.dumps({"source": str(root / "prog.c"), **ESCAPING}))
    env = {**os.environ, "XDG_CONFIG_HOME": str(root / "config"), "DAPCLI_RUNTIME_DIR": str(root / "run"),
           "NO_COLOR": "1", "HOME": str(root), "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1",
           "COLUMNS": "200", "LINES": "50"}
    env.pop("DAPCLI_SESSION", None)
    yield {"root": root, "env": env, "program": program}
    subprocess.run([*DAPCLI, "stop"], env=env, cwd=root, capture_output=True, timeout=60)
    deadline = time.monotonic() + 15
    while _adapters(root) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = _adapters(root)
    for process in left:
        process.kill()
    assert not left, "a hostile adapter outlived its session"


def _adapters(root: Path) -> list[psutil.Process]:
    found = []
    for process in psutil.process_iter(["cmdline", "environ"]):
        try:
            if str(ADAPTER) in " ".join(process.info["cmdline"] or []) and \
                    (process.info["environ"] or {}).get("DAPCLI_RUNTIME_DIR", "").startswith(str(root)):
                found.append(process)
        except psutil.Error:
            continue
    return [p for p in found if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]


def assert_safe(text: str, where: str) -> None:
    for raw in RAW:
        assert raw not in text, f"{where}: {raw!r} reached the terminal raw:\n{text[-2000:]}"


def one_line(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip() and not line.startswith("hint:")]
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in err, err
    return lines[0]


# -- the one-shot CLI ------------------------------------------------------------------------------
def test_cli(world: dict[str, Any]) -> None:
    def dapcli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*DAPCLI, *args], env=world["env"], cwd=world["root"], capture_output=True,
                              text=True, timeout=90)

    launched = dapcli("launch", str(world["program"]))
    assert launched.returncode == 0, launched.stderr
    for args in (("next",), ("vars",), ("eval", "x"), ("stack",), ("threads",), ("output",), ("status",)):
        done = dapcli(*args)
        assert done.returncode == 0, (args, done.stderr)
        assert_safe(done.stdout + done.stderr, " ".join(args))
        if args == ("eval", "x"):
            assert "r\\x1b]0;PWNED\\x07" in done.stdout
        if args == ("next",):
            assert "Stopped (5)" in done.stdout
        if args == ("stack",):
            assert " ? " in done.stdout and "fn\\x1b]0;PWNED" in done.stdout
    refused = dapcli("step")
    assert refused.returncode == 5 and one_line(refused.stderr) == "error: refused\\x1b]0;PWNED\\x07\\x1b[2J" \
        "\\x1b]52;c;aGk=\\x07\\u202eX\\x1b[31m"
    lost = dapcli("finish")
    assert lost.returncode == 6, lost.stderr
    assert "the adapter fake exited (code 3)" in one_line(lost.stderr)
    assert json.loads(dapcli("--json", "status").stdout)["state"] == "terminated"


# -- the REPL --------------------------------------------------------------------------------------
def test_repl(world: dict[str, Any]) -> None:
    child = pexpect.spawn(sys.executable, ["-m", "dapcli.frontends.repl", str(world["program"])], env=world["env"],
                          cwd=str(world["root"]), dimensions=(50, 200), encoding="utf-8", timeout=60)
    seen: list[str] = []
    try:
        child.expect_exact("(dapcli)")
        for line, expected in (("next", "Stopped (5)"), ("vars", "n\\x1b]0;PWNED"), ("p x", "r\\x1b]0;PWNED"),
                               ("bt", "fn\\x1b]0;PWNED"), ("s", "refused\\x1b]0;PWNED"),
                               ("finish", "the adapter fake exited (code 3)")):
            child.sendline(line)
            child.expect_exact(expected)
            child.expect_exact("(dapcli)")
            seen.append(child.before + child.after)
        child.sendline("quit")
        child.expect(pexpect.EOF)
        seen.append(child.before)
    finally:
        child.close(force=True)
    assert_safe("".join(seen), "repl")


# -- MCP over stdio and over HTTP --------------------------------------------------------------------
class StdioServer:
    def __init__(self, env: dict[str, str], cwd: Path) -> None:
        self.process = subprocess.Popen([*DAPCLI, "serve-mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, env=env, cwd=cwd)
        self.lines: queue.Queue[bytes] = queue.Queue()
        threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True).start()
        self.ident = 0
        self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                    "clientInfo": {"name": "t", "version": "0"}})
        self.write({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def _read(self, stream: IO[bytes]) -> None:
        for line in stream:
            self.lines.put(line)

    def write(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message).encode() + b"\n")
        self.process.stdin.flush()

    def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self.ident += 1
        self.write({"jsonrpc": "2.0", "id": self.ident, "method": method, "params": params})
        while True:
            message = json.loads(self.lines.get(timeout=90))
            if message.get("id") == self.ident:
                return dict(message)

    def tool(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        return dict(self.request("tools/call", {"name": name, "arguments": arguments})["result"])

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            self.process.wait(timeout=60)
        finally:
            if self.process.poll() is None:
                self.process.kill()


def _mcp_session(tool: Any, program: Path) -> None:
    """The same calls over either transport: results read, errors one line with isError."""
    assert not tool("launch", {"program": str(program)}).get("isError")
    step = tool("next", {})
    assert not step.get("isError") and step["structuredContent"]["status"] == "stopped"
    frames = tool("stackTrace", {})["structuredContent"]["frames"]
    assert [f["name"] for f in frames] == ["fn" + E, "?"]  # raw text: JSON keeps it
    assert len({f["id"] for f in frames}) == 2  # dapcli's own numbers, one per frame
    assert tool("evaluate", {"expression": "x"})["structuredContent"]["result"] == "r" + E
    refused = tool("stepIn", {})
    assert refused["isError"] is True and "\n" not in refused["content"][0]["text"].strip()
    lost = tool("stepOut", {})
    assert lost["isError"] is True and "the adapter fake exited (code 3)" in lost["content"][0]["text"]
    assert tool("status", {})["structuredContent"]["state"] == "terminated"


def test_mcp_stdio(world: dict[str, Any]) -> None:
    server = StdioServer(world["env"], world["root"])
    try:
        _mcp_session(server.tool, world["program"])
    finally:
        server.close()


def test_mcp_http(world: dict[str, Any]) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    process = subprocess.Popen([*DAPCLI, "serve-mcp", "--transport", "streamable-http", "--port", str(port)],
                               env=world["env"], cwd=world["root"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    token_file = world["root"] / "run" / f"mcp-{port}.token"
    try:
        deadline = time.monotonic() + 60
        while not token_file.exists() or socket.socket().connect_ex(("127.0.0.1", port)) != 0:
            assert process.poll() is None and time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)
        headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
                   "Authorization": f"Bearer {token_file.read_text().strip()}"}
        ident = [0]

        def post(method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
            ident[0] += 1
            body: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": params or {}}
            if not method.startswith("notifications/"):
                body["id"] = ident[0]
            request = urllib.request.Request(f"http://127.0.0.1:{port}/mcp", data=json.dumps(body).encode(),
                                             headers=headers, method="POST")
            with urllib.request.urlopen(request, timeout=90) as response:
                if response.headers.get("mcp-session-id"):
                    headers["mcp-session-id"] = response.headers["mcp-session-id"]
                text = response.read().decode()
            data = [line[5:].strip() for line in text.splitlines() if line.startswith("data:")]
            return dict(json.loads(next((d for d in data if d), text))) if text else {}

        post("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                            "clientInfo": {"name": "t", "version": "0"}})
        headers["mcp-protocol-version"] = "2025-06-18"
        post("notifications/initialized")
        _mcp_session(lambda name, args: post("tools/call", {"name": name, "arguments": args})["result"],
                     world["program"])
    finally:
        process.terminate()
        process.wait(timeout=60)


# -- recipes -----------------------------------------------------------------------------------------
def test_recipe_transcript_and_junit(world: dict[str, Any]) -> None:
    recipe = world["root"] / "hostile.yaml"
    recipe.write_text("target: {program: scenario.fake}\nsteps:\n  - next: {}\n  - evaluate: {expression: x}\n"
                      "  - variables: {}\n  - stepIn: {}\n")
    junit = world["root"] / "report.xml"
    done = subprocess.run([*DAPCLI, "run", str(recipe), "--keep-going", "--junit", str(junit)], env=world["env"],
                          cwd=world["root"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 5, done.stdout + done.stderr  # the adapter refused step 4 (exit 5, as the CLI's)
    assert_safe(done.stdout + done.stderr, "transcript")
    assert "r\\x1b]0;PWNED" in done.stdout and "step 4 (stepIn): refused\\x1b]0;PWNED" in done.stdout
    text = junit.read_text(encoding="utf-8")
    assert_safe(text, "junit")
    document = xml.dom.minidom.parseString(text)  # XML 1.0 has no place for control characters
    error = document.getElementsByTagName("error")[0]
    assert error.getAttribute("message").startswith("refused\\x1b]0;PWNED")
