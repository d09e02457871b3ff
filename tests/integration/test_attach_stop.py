"""Leaving an attached program (issue 11): `stop` detaches by default and says so; `stop
--terminate` ends it."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
from pathlib import Path

import psutil

from dapcli.dispatch.local import LocalDispatcher

TICKER = Path(__file__).parent / "programs" / "ticker.py"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _listening(port: int, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if any(c.laddr and c.laddr.port == port and c.status == psutil.CONN_LISTEN
               for c in psutil.net_connections("tcp")):
            return
        time.sleep(0.05)
    raise AssertionError(f"nothing listens on {port}")


def test_stop_detaches_from_an_attached_program_and_terminate_ends_it() -> None:
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-Xfrozen_modules=off", "-m", "debugpy", "--listen",
                               f"127.0.0.1:{port}", str(TICKER)], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)

    async def body() -> None:
        d = LocalDispatcher()
        _listening(port)
        await d.call("attach", {"connect": f"127.0.0.1:{port}"})
        ended = (await d.call("stop", {})).to_json()
        assert ended["status"] == "detached" and "keeps running" in ended["note"]
        assert server.poll() is None
        _listening(port)
        await d.call("attach", {"connect": f"127.0.0.1:{port}"})
        ended = (await d.call("stop", {"terminate": True})).to_json()
        assert ended["status"] == "terminated"
        server.wait(timeout=15)

    try:
        asyncio.run(asyncio.wait_for(body(), 90))
    finally:
        server.kill()
        server.wait()
