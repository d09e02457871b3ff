"""Helpers for the native adapter tests (lldb-dap, gdb, CodeLLDB): which adapters are here,
marker lines, a bounded asyncio runner, the verb dispatcher, and process checks.

Imported by name (``from native_helpers import …``): pytest puts this folder on ``sys.path``.
"""

from __future__ import annotations

import asyncio
import re
import shutil
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import psutil
import pytest
from testprocs import ours

from dapcli.adapters.native.codelldb import CodeLldbAdapter
from dapcli.adapters.native.gdb import GdbAdapter
from dapcli.adapters.native.lldb import LldbAdapter
from dapcli.dispatch.local import LocalDispatcher
from dapcli.engine.session import Session
from dapcli.verbs.models import Result

HERE = Path(__file__).resolve().parent
PROGRAMS = HERE / "programs"
SAMPLE_C = PROGRAMS / "sample.c"
CRASH_C = PROGRAMS / "crash.c"
SPIN_C = PROGRAMS / "spin.c"
TEST_TIMEOUT = 180.0  # a hang guard: generous for a loaded machine

CC = shutil.which("gcc") or shutil.which("cc")
ADAPTER_PATHS = {
    "lldb": LldbAdapter().find(),
    "gdb": GdbAdapter().find(),
    "codelldb": CodeLldbAdapter().find(),
}
MISSING_REASON = {
    "lldb": f"lldb-dap is not installed ({LldbAdapter().install_hint})",
    "gdb": f"no gdb with DAP and no cdt-gdb-adapter ({GdbAdapter().install_hint})",
    "codelldb": f"CodeLLDB is not installed ({CodeLldbAdapter.install_hint})",
}
ALL = ("lldb", "gdb", "codelldb")


def needs(adapter: str) -> pytest.MarkDecorator:
    """Skip (with the install hint as the reason) when ``adapter`` is not installed here."""
    return pytest.mark.skipif(ADAPTER_PATHS[adapter] is None, reason=MISSING_REASON[adapter])


def each_adapter(*names: str) -> list[Any]:
    """``pytest.param`` per adapter, each skipped with a reason when it is missing."""
    return [pytest.param(name, marks=needs(name), id=name) for name in (names or ALL)]


def marker_line(path: Path, marker: str) -> int:
    """The 1-based line carrying ``// @marker``."""
    for number, text in enumerate(path.read_text().splitlines(), 1):
        if re.search(rf"//\s*@{re.escape(marker)}\b", text):
            return number
    raise LookupError(f"no @{marker} in {path}")


def run(test: Callable[[], Awaitable[None]], timeout: float = TEST_TIMEOUT) -> None:
    """Run ``test`` on a fresh asyncio loop, failing after ``timeout`` seconds."""

    async def bounded() -> None:
        await asyncio.wait_for(test(), timeout)

    asyncio.run(bounded())


class Driver:
    """The verb table in-process: ``await d(verb, **args)`` returns the result's JSON shape."""

    def __init__(self, cwd: Path) -> None:
        self.dispatcher = LocalDispatcher()
        self.cwd = str(cwd)

    async def __call__(self, verb: str, **args: Any) -> dict[str, Any]:
        result = await self.result(verb, **args)
        return result.to_json()

    async def result(self, verb: str, **args: Any) -> Result:
        return await self.dispatcher.call(verb, args, cwd=self.cwd)

    @property
    def session(self) -> Session:
        return self.dispatcher.manager.get("default")

    async def close(self) -> None:
        for session in list(self.dispatcher.manager.sessions.values()):
            await session.shutdown(terminate_debuggee=True)


def process_tree(session: Session) -> list[psutil.Process]:
    """The adapter and everything below it (node → gdb → debuggee), plus the debuggee."""
    found: list[psutil.Process] = []
    for pid in (session.adapter_pid, session.debuggee_pid):
        if pid:
            try:
                process = psutil.Process(pid)
            except psutil.Error:
                continue
            found += [process, *process.children(recursive=True)]
    return found


def assert_gone(processes: list[psutil.Process], timeout: float = 20.0) -> None:
    """Every one of ``processes`` has ended (zombies count as ended)."""
    _, alive = psutil.wait_procs(processes, timeout=timeout)
    alive = [p for p in alive if _status(p) != psutil.STATUS_ZOMBIE]
    assert not alive, f"left running: {[(p.pid, _name(p)) for p in alive]}"


def running_below(folder: Path) -> list[str]:
    """Processes whose command line mentions ``folder`` (the built test programs)."""
    left = []
    for process in psutil.process_iter(["pid", "cmdline", "status"]):
        cmdline = " ".join(process.info["cmdline"] or [])
        if str(folder) in cmdline and process.info["status"] != psutil.STATUS_ZOMBIE and ours(process):
            left.append(f"{process.info['pid']}: {cmdline}")
    return left


def _status(process: psutil.Process) -> str:
    try:
        return str(process.status())
    except psutil.Error:
        return psutil.STATUS_DEAD


def _name(process: psutil.Process) -> str:
    try:
        return process.name()
    except psutil.Error:
        return "?"


def output_text(result: dict[str, Any]) -> str:
    """The output of a stop state (``output``) or of the ``output`` verb (``chunks``)."""
    return "".join(chunk["output"] for chunk in result.get("output") or result.get("chunks") or [])


#: The dapcli of this venv (one-shot CLI tests).
DAPCLI = shutil.which("dapcli", path=str(Path(sys.executable).parent)) or "dapcli"


def dapcli(env: dict[str, str], cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run the one-shot CLI with ``env`` (see the ``cli_env`` fixture) in ``cwd``."""
    return subprocess.run([DAPCLI, *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=90)
