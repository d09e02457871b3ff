"""Helpers for the fidelity tests (issue 10): which adapters are here, marker lines, the real
``dapcli`` command in a private runtime directory, and the MCP server through its in-memory
client. Imported by name (pytest puts this folder on ``sys.path``)."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any, NamedTuple

import anyio
import psutil
import pytest
from testprocs import SUITE_VARS

from dapcli.adapters.delve import DelveAdapter
from dapcli.adapters.native.codelldb import CodeLldbAdapter
from dapcli.adapters.native.gdb import GdbAdapter
from dapcli.adapters.native.lldb import LldbAdapter

PROGRAMS = Path(__file__).resolve().parent / "programs"
CC = shutil.which("gcc") or shutil.which("cc")
GO = shutil.which("go")
_SCRIPT = Path(sys.executable).with_name("dapcli")
DAPCLI = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "dapcli"]
ADAPTERS = {"lldb": LldbAdapter(), "gdb": GdbAdapter(), "codelldb": CodeLldbAdapter(), "go": DelveAdapter()}


def needs(adapter: str) -> pytest.MarkDecorator:
    """Skip (naming what to install) when ``adapter`` is not installed here."""
    spec = ADAPTERS[adapter]
    return pytest.mark.skipif(spec.find() is None, reason=f"{spec.name} is not installed ({spec.install_hint})")


def each(*names: str) -> list[Any]:
    """``pytest.param`` per adapter, each skipped with a reason when it is missing."""
    return [pytest.param(name, marks=needs(name), id=name) for name in names]


def marker_line(path: Path, marker: str) -> int:
    """The 1-based line carrying ``// @marker`` or ``# @marker``."""
    for number, text in enumerate(path.read_text().splitlines(), 1):
        if re.search(rf"(//|#)\s*@{re.escape(marker)}\b", text):
            return number
    raise LookupError(f"no @{marker} in {path}")


class Run(NamedTuple):
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


class Cli:
    """``dapcli`` as a user runs it, in ``cwd``, with a private runtime directory; :meth:`close`
    stops every session and checks that its processes are gone."""

    def __init__(self, cwd: Path) -> None:
        self.cwd = cwd
        self.runtime = tempfile.mkdtemp(prefix="fid", dir="/tmp")  # unix socket paths stay short
        os.chmod(self.runtime, 0o700)
        self.env = {k: v for k, v in os.environ.items() if (not k.startswith("DAPCLI_") or k in SUITE_VARS)}
        self.env.update(DAPCLI_RUNTIME_DIR=self.runtime, NO_COLOR="1", COLUMNS="200", DAPCLI_IDLE_TIMEOUT="600")
        self.pids: set[int] = set()

    def __call__(self, *args: str, check: int | None = 0, timeout: float = 90) -> Run:
        done = subprocess.run([*DAPCLI, *args], cwd=self.cwd, env=self.env, capture_output=True, text=True,
                              timeout=timeout, stdin=subprocess.DEVNULL)
        result = Run(done.returncode, done.stdout, done.stderr)
        if check is not None:
            assert result.code == check, f"dapcli {' '.join(args)}: exit {result.code}\n{result.out}\n{result.err}"
        assert "Traceback" not in result.err, result.err
        if args and args[0] == "launch":
            self.remember()
        return result

    def json(self, *args: str, check: int | None = 0) -> Any:
        return self("--json", *args, check=check).json()

    def remember(self) -> None:
        status = self("--json", "status", check=None)
        if status.code == 0:
            data = status.json()
            self.pids |= {int(data[k]) for k in ("hostPid", "adapterPid", "debuggeePid") if data.get(k)}

    def close(self) -> None:
        self("stop", check=None)
        processes = []
        for pid in self.pids:
            with contextlib.suppress(psutil.Error):
                processes.append(psutil.Process(pid))
        _, alive = psutil.wait_procs(processes, timeout=10)
        alive = [p for p in alive if _running(p)]
        for process in alive:
            with contextlib.suppress(psutil.Error):
                process.kill()
        shutil.rmtree(self.runtime, ignore_errors=True)
        assert not alive, f"left running: {[p.pid for p in alive]}"


def _running(process: psutil.Process) -> bool:
    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def run_async(test: Callable[[], Awaitable[None]], timeout: float = 180.0) -> None:
    """Run ``test`` on asyncio, failing after ``timeout`` seconds."""

    async def bounded() -> None:
        with anyio.fail_after(timeout):
            await test()

    anyio.run(bounded)


@contextlib.asynccontextmanager
async def mcp_client() -> AsyncIterator[Any]:
    """An in-memory MCP client on a fresh server (its sessions end when it closes)."""
    from mcp import Client

    from dapcli.frontends.mcp.server import build_server

    async with Client(build_server()) as client:
        yield client


async def call_tool(client: Any, verb: str, args: dict[str, Any] | None = None) -> Any:
    """Call the verb as an agent does: its own tool when the server lists one, else through
    the ``more`` tool (``{verb, arguments}``)."""
    tools = getattr(client, "_fid_tools", None)
    if tools is None:
        tools = {tool.name for tool in (await client.list_tools()).tools}
        client._fid_tools = tools
    if verb in tools:
        return await client.call_tool(verb, args or {})
    return await client.call_tool("more", {"verb": verb, "arguments": args or {}})


async def call(client: Any, tool: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
    """Call ``tool``, assert success, return its structured content."""
    result = await call_tool(client, tool, args)
    assert not result.is_error, f"{tool} failed: {result.content[0].text}"
    assert result.structured_content is not None
    return dict(result.structured_content)


async def call_error(client: Any, tool: str, args: dict[str, Any] | None = None) -> str:
    """Call ``tool``, assert it failed (isError), return the error text."""
    result = await call_tool(client, tool, args)
    assert result.is_error, f"{tool} should have failed: {result.content[0].text}"
    return str(result.content[0].text)


def text(result: dict[str, Any]) -> str:
    """Program output of a stop state."""
    return "".join(chunk["output"] for chunk in result.get("output") or [])
