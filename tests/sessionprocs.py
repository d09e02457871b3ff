"""Shared by the adapter test folders: run a coroutine bounded, a ``LocalDispatcher`` that shuts
its sessions down, and the checks that no process of a session is left behind.

Imported by name (``from sessionprocs import …``): ``tests/`` is on ``sys.path`` (rootdir conftest).
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import psutil
from testprocs import ours


def marker_line(path: Path, marker: str) -> int:
    """The 1-based line carrying ``// @marker`` (``# @marker`` in Ruby; no hard-coded line numbers)."""
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if re.search(rf"(?://|#)\s*@{re.escape(marker)}\b", text):
            return number
    raise LookupError(f"no @{marker} in {path}")


def run(test: Callable[[], Awaitable[None]], timeout: float = 90.0) -> None:
    """Run ``test`` on a fresh asyncio loop, failing after ``timeout`` seconds."""

    async def bounded() -> None:
        await asyncio.wait_for(test(), timeout)

    asyncio.run(bounded())


@contextlib.asynccontextmanager
async def dispatcher() -> AsyncIterator[Any]:
    """A ``LocalDispatcher``; whatever session it still has at the end is shut down (a failed
    test must not leave the adapter or its debuggee behind)."""
    from dapcli.dispatch.local import LocalDispatcher

    d = LocalDispatcher()
    try:
        yield d
    finally:
        for session in list(d.manager.sessions.values()):
            pids = session_pids(session)
            await session.shutdown()
            assert_gone(pids)


def session_pids(session: Any) -> set[int]:
    """The adapter, every process below it and the debuggee: what teardown must end."""
    pids = {pid for pid in (session.adapter_pid, session.debuggee_pid) if pid}
    if session.adapter_pid:
        with contextlib.suppress(psutil.Error):
            pids |= {p.pid for p in psutil.Process(session.adapter_pid).children(recursive=True)}
    return pids


def assert_gone(pids: set[int], timeout: float = 10.0) -> None:
    """Every process in ``pids`` ends within ``timeout`` seconds (zombies count as gone)."""
    processes = []
    for pid in pids:
        with contextlib.suppress(psutil.Error):
            processes.append(psutil.Process(pid))
    _, alive = psutil.wait_procs(processes, timeout=timeout)
    left = []
    for process in alive:
        with contextlib.suppress(psutil.Error):
            if process.is_running() and process.status() != psutil.STATUS_ZOMBIE:
                left.append((process.pid, process.cmdline()))
    assert not left, f"left behind: {left}"


def processes_running(fragment: str) -> list[tuple[int, list[str]]]:
    """Live processes of this test run whose command line mentions ``fragment``."""
    found = []
    for process in psutil.process_iter(["pid", "cmdline", "status"]):
        with contextlib.suppress(psutil.Error):
            cmdline = process.info["cmdline"] or []
            if (process.info["status"] != psutil.STATUS_ZOMBIE and any(fragment in part for part in cmdline)
                    and ours(process)):
                found.append((process.pid, cmdline))
    return found
