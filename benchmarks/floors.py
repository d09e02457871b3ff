"""The floors the benchmark compares dapcli against, each run as its own process.

    python benchmarks/floors.py typer-help [--help args…]   a minimal typer app (one command)
    python benchmarks/floors.py raw-launch PROGRAM LINE      raw DAP: debugpy adapter → first stop
    python benchmarks/floors.py raw-dap ADAPTER SOURCE LINE LAUNCH_JSON   raw DAP on a stdio adapter
    python benchmarks/floors.py raw-output PROGRAM [ARGS…]    raw DAP: debugpy runs PROGRAM, its output events
                                                             written to stdout until it ends
    python benchmarks/floors.py mcp-server                   the mcp SDK's minimal stdio server
    python benchmarks/floors.py socket SOCKET                one JSON line over a unix socket
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODELAY_DIR = str(ROOT / "dapcli" / "adapters" / "debugpy" / "debugpy_nodelay")


def typer_help(argv: list[str]) -> None:
    import typer

    app = typer.Typer()

    @app.command()
    def launch(program: str, breakpoint_: str = typer.Option("", "--break", help="FILE:LINE")) -> None:
        """Start a program under the debugger."""

    @app.command()
    def status() -> None:
        """Show the session."""

    app(argv, prog_name="floor")


def raw_launch(program: str, line: int) -> None:
    """debugpy: initialize → launch → setBreakpoints → configurationDone → stopped, printed; then kill."""
    raw_dap([sys.executable, "-m", "debugpy.adapter"], "debugpy", program, line,
            {"program": program, "console": "internalConsole", "justMyCode": True,
             "env": {"PYTHONPATH": NODELAY_DIR}, "python": [sys.executable]})


def raw_dap(argv: list[str], adapter_id: str, source: str, line: int, launch: dict[str, object]) -> None:
    """The adapter ``argv`` on stdio: initialize → launch → setBreakpoints (``source``:``line``)
    → configurationDone → stopped, printed; then kill its process group."""
    adapter = subprocess.Popen(argv, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
    assert adapter.stdin is not None and adapter.stdout is not None
    seq = 0
    stopped = threading.Event()

    def send(command: str, arguments: dict[str, object]) -> None:
        nonlocal seq
        seq += 1
        body = json.dumps({"seq": seq, "type": "request", "command": command, "arguments": arguments}).encode()
        adapter.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)  # type: ignore[union-attr]
        adapter.stdin.flush()  # type: ignore[union-attr]

    def read() -> None:
        out = adapter.stdout
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                byte = out.read(1)  # type: ignore[union-attr]
                if not byte:
                    return
                header += byte
            message = json.loads(out.read(int(header.split(b":")[1].split(b"\r\n")[0])))  # type: ignore[union-attr]
            if message.get("event") == "initialized":
                send("setBreakpoints", {"source": {"path": source}, "breakpoints": [{"line": line}]})
                send("configurationDone", {})
            if message.get("event") == "stopped":
                stopped.set()
                return

    threading.Thread(target=read, daemon=True).start()
    send("initialize", {"adapterID": adapter_id, "linesStartAt1": True, "columnsStartAt1": True})
    send("launch", launch)
    if not stopped.wait(60):
        os.killpg(adapter.pid, 9)
        raise SystemExit("no stop within 60 s")
    print(f"stopped at {source}:{line}")
    sys.stdout.flush()
    os.killpg(adapter.pid, 9)


def raw_output(program: str, args: list[str]) -> None:
    """debugpy: initialize → launch → configurationDone; every ``output`` event's text of the
    program (stdout, stderr) written to stdout until ``terminated``; then kill the adapter."""
    adapter = subprocess.Popen([sys.executable, "-m", "debugpy.adapter"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
    assert adapter.stdin is not None and adapter.stdout is not None
    seq = 0

    def send(command: str, arguments: dict[str, object]) -> None:
        nonlocal seq
        seq += 1
        body = json.dumps({"seq": seq, "type": "request", "command": command, "arguments": arguments}).encode()
        adapter.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)  # type: ignore[union-attr]
        adapter.stdin.flush()  # type: ignore[union-attr]

    send("initialize", {"adapterID": "debugpy", "linesStartAt1": True, "columnsStartAt1": True})
    send("launch", {"program": program, "args": args, "console": "internalConsole", "justMyCode": True,
                    "env": {"PYTHONPATH": NODELAY_DIR}, "python": [sys.executable]})
    out, write = adapter.stdout, sys.stdout.write
    while True:
        header = out.readline()
        if not header:
            break
        if not header.lower().startswith(b"content-length:"):
            continue
        length = int(header.split(b":")[1])
        while out.readline().strip():
            pass
        message = json.loads(out.read(length))
        kind = message.get("event")
        if kind == "output" and message["body"].get("category") in ("stdout", "stderr"):
            write(message["body"]["output"])
        elif kind == "initialized":
            send("configurationDone", {})
        elif kind == "terminated":
            break
    sys.stdout.flush()
    os.killpg(adapter.pid, 9)


def mcp_server() -> None:
    from mcp.server.mcpserver import MCPServer

    server = MCPServer("floor")

    @server.tool()
    def echo(text: str) -> str:
        """Echo the text."""
        return text

    server.run("stdio")


def socket_call(path: str) -> None:
    import socket

    sock = socket.socket(socket.AF_UNIX)
    sock.connect(path)
    sock.sendall(json.dumps({"id": 1, "verb": "sessions", "args": {}}).encode() + b"\n")
    sock.makefile().readline()


if __name__ == "__main__":
    kind, rest = sys.argv[1], sys.argv[2:]
    if kind == "typer-help":
        typer_help(rest)
    elif kind == "raw-launch":
        raw_launch(rest[0], int(rest[1]))
    elif kind == "raw-dap":
        raw_dap([rest[0]], os.path.basename(rest[0]), rest[1], int(rest[2]), json.loads(rest[3]))
    elif kind == "raw-output":
        raw_output(rest[0], rest[1:])
    elif kind == "mcp-server":
        mcp_server()
    elif kind == "socket":
        socket_call(rest[0])
