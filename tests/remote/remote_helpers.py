"""Helpers for the remote-debugging tests: a "remote" side in its own directory (``srv/app``)
with a debug server started there, and the user's checkout elsewhere (``checkout/app``).

Imported by name (``from remote_helpers import …``): pytest puts this folder on ``sys.path``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import psutil
import pytest
from sessionprocs import assert_gone as _assert_gone

from dapcli.adapters.native.common import find_in_node_modules
from dapcli.adapters.native.gdb import CDT_TARGET_SCRIPT, GdbAdapter
from dapcli.adapters.native.lldb import LldbAdapter

HERE = Path(__file__).resolve().parent
APP = HERE / "programs" / "app"
PYTHON = sys.executable
_SCRIPT = Path(sys.executable).with_name("dapcli")
DAPCLI = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "dapcli"]
CC = shutil.which("gcc") or shutil.which("cc")
GO = shutil.which("go")
DLV = shutil.which("dlv")
GDBSERVER = shutil.which("gdbserver")
LLDB_SERVER = shutil.which("lldb-server") or shutil.which("lldb-server-19")
#: Seconds a debug server may take to listen (2 cores shared by many test runs).
LISTEN_TIMEOUT = 30.0


def marker_line(path: Path, marker: str) -> int:
    """The 1-based line carrying ``# @marker`` or ``// @marker`` or ``/* @marker``."""
    for number, text in enumerate(path.read_text().splitlines(), 1):
        if re.search(rf"(#|//|/\*)\s*@{re.escape(marker)}\b", text):
            return number
    raise LookupError(f"no @{marker} in {path}")


def skip_unless(*needs: tuple[object, str]) -> pytest.MarkDecorator:
    """Skip with the first missing tool's reason."""
    missing = [reason for found, reason in needs if not found]
    return pytest.mark.skipif(bool(missing), reason=missing[0] if missing else "")


NEEDS_GO = skip_unless((GO, "needs the Go toolchain (go)"), (DLV, "needs Delve (dlv)"))
NEEDS_GDB = skip_unless((CC, "needs a C compiler"), (GDBSERVER, "needs gdbserver"),
                        (GdbAdapter().find(), "needs gdb with cdt-gdb-adapter (or gdb >= 14)"),
                        (GdbAdapter().native() or find_in_node_modules(CDT_TARGET_SCRIPT),
                         "needs cdt-gdb-adapter's debugTargetAdapter.js"))
NEEDS_LLDB = skip_unless((CC, "needs a C compiler"), (LLDB_SERVER, "needs lldb-server (the lldb-19 package)"),
                         (LldbAdapter().find(), "needs lldb-dap"))


class Layout(NamedTuple):
    """``srv`` is where the program runs (the "remote" side), ``checkout`` the user's copy."""

    root: Path
    srv: Path
    checkout: Path

    @property
    def mapping(self) -> str:
        """The ``--map`` that joins them (local side relative to the checkout's parent)."""
        return f"{self.srv}=./app"


def make_layout(root: Path) -> Layout:
    srv, checkout = root / "srv" / "app", root / "checkout" / "app"
    shutil.copytree(APP, srv)
    shutil.copytree(APP, checkout)
    return Layout(root, srv, checkout)


def build_c(srv: Path) -> Path:
    """``prog`` built in ``srv`` (debug info names ``srv``): main with -g, ``nodebug.c`` without."""
    assert CC is not None
    for argv in ([CC, "-c", "-O0", "-o", "nodebug.o", "nodebug.c"],
                 [CC, "-g", "-O0", "-o", "prog", "prog.c", "nodebug.o"]):
        done = subprocess.run(argv, cwd=srv, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
    return srv / "prog"


def build_go(srv: Path) -> Path:
    assert GO is not None
    done = subprocess.run([GO, "build", "-gcflags=all=-N -l", "-o", "prog", "main.go"], cwd=srv,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return srv / "prog"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _listening(port: int) -> bool:
    with contextlib.suppress(psutil.Error):
        return any(c.laddr and c.laddr.port == port and c.status == psutil.CONN_LISTEN
                   for c in psutil.net_connections("tcp"))
    return False


@contextlib.contextmanager
def server(argv: list[str], cwd: Path, port: int) -> Iterator[subprocess.Popen[bytes]]:
    """Run a debug server (its own process group) until it listens on ``port``; kill it after."""
    log = open(cwd / "server.log", "wb")  # noqa: SIM115 (closed below)
    process = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                               start_new_session=True)
    try:
        deadline = time.monotonic() + LISTEN_TIMEOUT
        while not _listening(port):
            if process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"{argv[0]} did not listen on {port}: {(cwd / 'server.log').read_text()}")
            time.sleep(0.05)
        yield process
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)
        log.close()


def debugpy_server(layout: Layout, port: int, program: str = "prog.py") -> contextlib.AbstractContextManager[Any]:
    return server([PYTHON, "-m", "debugpy", "--listen", f"127.0.0.1:{port}", "--wait-for-client", program],
                  layout.srv, port)


def delve_server(layout: Layout, port: int) -> contextlib.AbstractContextManager[Any]:
    assert DLV is not None
    build_go(layout.srv)
    return server([DLV, "exec", "--headless", "--listen", f"127.0.0.1:{port}", "./prog"], layout.srv, port)


def gdb_server(layout: Layout, port: int) -> contextlib.AbstractContextManager[Any]:
    assert GDBSERVER is not None
    build_c(layout.srv)
    return server([GDBSERVER, f"127.0.0.1:{port}", "./prog"], layout.srv, port)


def lldb_server(layout: Layout, port: int) -> contextlib.AbstractContextManager[Any]:
    assert LLDB_SERVER is not None
    build_c(layout.srv)
    return server([LLDB_SERVER, "gdbserver", f"127.0.0.1:{port}", "./prog"], layout.srv, port)


class Run(NamedTuple):
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


class Cli:
    """``dapcli`` as a user runs it, in the checkout's parent, with a private runtime dir."""

    def __init__(self, runtime: str, cwd: Path) -> None:
        self.cwd = cwd
        self.env = {k: v for k, v in os.environ.items() if k not in ("DAPCLI_SESSION", "DAPCLI_TRACE", "VIRTUAL_ENV")}
        self.env.update(DAPCLI_RUNTIME_DIR=runtime, NO_COLOR="1", COLUMNS="200", DAPCLI_IDLE_TIMEOUT="600")
        self.pids: set[int] = set()

    def __call__(self, *args: str, check: int | None = 0, timeout: float = 90.0) -> Run:
        done = subprocess.run([*DAPCLI, *args], cwd=self.cwd, env=self.env, capture_output=True, text=True,
                              timeout=timeout, stdin=subprocess.DEVNULL)
        result = Run(done.returncode, done.stdout, done.stderr)
        assert "Traceback" not in result.err, result.err
        if check is not None:
            assert result.code == check, f"dapcli {' '.join(args)} → {result.code}\n{result.out}\n{result.err}"
        return result

    def json(self, *args: str, check: int | None = 0, timeout: float = 90.0) -> Any:
        return self("--json", *args, check=check, timeout=timeout).json()

    def remember(self) -> None:
        """The session's host and whatever it started (checked gone at the end)."""
        status = self("--json", "status", check=None)
        if status.code != 0:
            return
        data = status.json()
        for key in ("hostPid", "adapterPid"):
            if data.get(key):
                self.pids.add(int(data[key]))
        if data.get("hostPid"):
            with contextlib.suppress(psutil.Error):
                self.pids |= {c.pid for c in psutil.Process(int(data["hostPid"])).children(recursive=True)}


def one_line_error(err: str) -> str:
    """The ``error:`` line of stderr, checking that it is the only line (plus a hint)."""
    lines = [line for line in err.splitlines() if line.strip()]
    errors = [line for line in lines if line.startswith("error:")]
    assert len(errors) == 1 and all(line.startswith(("error:", "hint:")) for line in lines), err
    return errors[0]


def assert_gone(pids: set[int], timeout: float = 15.0) -> None:
    """Every process in ``pids`` ends within ``timeout`` seconds (remote chains are slower)."""
    _assert_gone(pids, timeout)


# -- MCP -------------------------------------------------------------------------------------------
def run_async(test: Any, timeout: float = 240.0) -> None:
    """Run the coroutine function ``test`` on asyncio, failing after ``timeout`` seconds."""
    import anyio

    async def bounded() -> None:
        with anyio.fail_after(timeout):
            await test()

    anyio.run(bounded)


@contextlib.asynccontextmanager
async def mcp_client() -> Any:
    """An in-memory MCP client on a fresh dapcli server (its sessions end when it closes)."""
    from mcp import Client

    from dapcli.frontends.mcp.server import build_server

    async with Client(build_server()) as client:
        yield client


async def tool(client: Any, name: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
    """Call tool ``name``; assert it succeeded; return its structured content."""
    result = await client.call_tool(name, args or {})
    assert not result.is_error, f"{name} failed: {result.content[0].text}"
    return dict(result.structured_content)


async def tool_error(client: Any, name: str, args: dict[str, Any] | None = None) -> str:
    """Call tool ``name``; assert it failed with ``isError``; return its text."""
    result = await client.call_tool(name, args or {})
    assert result.is_error, f"{name} should have failed: {result.content[0].text}"
    return str(result.content[0].text)
