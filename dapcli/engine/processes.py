"""Ending an adapter's process tree for sure, and a watchdog that does it if the host dies.

The adapter starts in its own process group. Teardown kills that group, every descendant seen
(a debuggee may ``setsid`` out of the group) and the debuggee pid from the ``process`` event.
The watchdog is a tiny separate process that holds a pipe from the host: when the host dies in
any way (even SIGKILL) the pipe closes and the watchdog kills what the host registered, and every
descendant of it that it has seen (it looks twice a second: a child that left the process group is
re-parented to init once its parent dies, and could not be found afterwards).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading

import psutil

__all__ = ["Watchdog", "descendants", "kill_tree", "launched_children", "shared_watchdog"]


def descendants(pid: int) -> list[psutil.Process]:
    """Every live descendant of ``pid`` (empty when it is gone)."""
    try:
        return psutil.Process(pid).children(recursive=True)
    except psutil.Error:
        return []


def launched_children(adapter_pid: int) -> list[psutil.Process]:
    """The live direct children of the adapter ``adapter_pid`` right after a launch: the
    debuggee of an adapter that sends no ``process`` event (Delve runs ``__debug_bin`` in a
    process group of its own, so killing the adapter's group misses it). Empty when gone."""
    try:
        return [child for child in psutil.Process(adapter_pid).children()
                if child.status() != psutil.STATUS_ZOMBIE]
    except psutil.Error:
        return []


def kill_tree(pgid: int | None, pids: list[int], processes: list[psutil.Process]) -> None:
    """SIGKILL the process group ``pgid``, the ``pids`` and ``processes`` (identity-checked)."""
    if pgid:
        with contextlib.suppress(OSError):
            os.killpg(pgid, signal.SIGKILL)
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    for process in processes:
        with contextlib.suppress(psutil.Error):
            process.kill()


class Watchdog:
    """A child process that kills registered process groups and pids when our stdin closes."""

    def __init__(self) -> None:
        self._process: subprocess.Popen[bytes] | None = None

    def _ensure(self) -> None:
        """Start the watchdog process on first use, and again if it ended (it ends by itself,
        killing nothing, once everything registered was unregistered)."""
        if self._process is not None and self._process.poll() is None:
            return
        self._process = subprocess.Popen(
            [sys.executable, "-P", "-c", _WATCHDOG_CODE],  # -P: not the cwd (the user's project) on sys.path
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
            close_fds=True,
        )
        # reap it when it ends by itself, so that it never lingers as a zombie
        threading.Thread(target=self._process.wait, name="dapcli-watchdog-reaper", daemon=True).start()

    def watch(self, *, pgid: int | None = None, pid: int | None = None) -> None:
        """Register a process group or a single pid (with its start time, so a reused pid is
        never killed)."""
        line = ""
        if pgid:
            line += f"g {pgid}\n"
        if pid:
            with contextlib.suppress(psutil.Error):
                line += f"p {pid} {psutil.Process(pid).create_time()!r}\n"
        if line:
            self._ensure()
        self._write(line)

    def unwatch(self, *, pgid: int | None = None, pid: int | None = None) -> None:
        """Drop a process group or pid registered before (it ended cleanly; its number may be
        reused by another program, which must never be killed)."""
        line = (f"ug {pgid}\n" if pgid else "") + (f"up {pid}\n" if pid else "")
        self._write(line)

    def end(self, *, pgid: int | None = None, pid: int | None = None) -> None:
        """Kill a process group or pid registered before and every descendant the watchdog ever
        saw of it (a daemon that left the group and whose parent exited is re-parented to init,
        out of reach of :func:`descendants`), then drop it (the session ended)."""
        line = (f"kg {pgid}\n" if pgid else "") + (f"kp {pid}\n" if pid else "")
        self._write(line)

    def forget(self) -> None:
        """Drop everything registered (after a clean teardown)."""
        self._write("clear\n")

    def close(self) -> None:
        """End the watchdog without killing anything."""
        if self._process is None:
            return
        self.forget()
        with contextlib.suppress(OSError):
            assert self._process.stdin is not None
            self._process.stdin.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._process.wait(2)

    def _write(self, line: str) -> None:
        if not line or self._process is None or self._process.stdin is None or self._process.poll() is not None:
            return
        with contextlib.suppress(OSError, ValueError):
            self._process.stdin.write(line.encode())
            self._process.stdin.flush()


_shared: Watchdog | None = None


def shared_watchdog() -> Watchdog:
    """This process's one watchdog (the session host's): an early launch
    (:mod:`dapcli.adapters.early.launch`) registers its adapter there before the host's engine
    is imported, and the host's sessions use the same one."""
    global _shared
    if _shared is None:
        _shared = Watchdog()
    return _shared


_WATCHDOG_CODE = r"""
import os, select, signal, sys
import psutil
groups, pids, seen, owner = {}, {}, {}, {}

def identity(pid):
    try:
        return psutil.Process(pid).create_time()
    except psutil.Error:
        return None

def same(pid, started):
    try:
        proc = psutil.Process(pid)
        return proc if abs(proc.create_time() - started) < 0.01 else None
    except psutil.Error:
        return None

def snapshot():
    # remember every descendant of what is registered, and which registration it came from: a
    # child that left the process group (setsid) is re-parented to init once its parent dies,
    # and could not be found then
    for pid, started in list(seen.items()):
        if same(pid, started) is None:
            del seen[pid]; owner.pop(pid, None)  # ended: forget it
    roots = [(("g", g), g, started) for g, started in groups.items() if started is not None]
    roots += [(("p", pid), pid, started) for pid, started in pids.items()]
    roots += [(owner.get(pid), pid, started) for pid, started in list(seen.items())]
    for key, pid, started in roots:
        root = same(pid, started)
        if root is None:
            continue
        try:
            for child in root.children(recursive=True):
                if child.pid not in seen:
                    seen[child.pid] = child.create_time()
                    owner[child.pid] = key
        except psutil.Error:
            pass

def kill(pid, started):
    proc = same(pid, started)
    if proc is not None:
        try: proc.kill()
        except psutil.Error: pass

def end(key):
    snapshot()
    if key[0] == "g":
        groups.pop(key[1], None)  # the session killed its group: a reused number is never killed
    elif key[0] == "p" and key[1] in pids:
        kill(key[1], pids.pop(key[1]))
    for pid in [pid for pid, k in owner.items() if k == key]:
        kill(pid, seen.pop(pid, 0.0)); owner.pop(pid, None)

fd, pending, used = sys.stdin.fileno(), b"", False
while True:
    ready, _, _ = select.select([fd], [], [], 0.5)
    if ready:
        data = os.read(fd, 65536)
        if not data:
            break
        pending += data
        *lines, pending = pending.split(b"\n")
        for line in lines:
            parts = line.decode().split()
            if parts[:1] == ["g"]:
                groups[int(parts[1])] = identity(int(parts[1]))
            elif parts[:1] == ["p"]:
                pids[int(parts[1])] = float(parts[2])
            elif parts[:1] == ["ug"]:
                groups.pop(int(parts[1]), None)
            elif parts[:1] == ["up"]:
                pids.pop(int(parts[1]), None)
            elif parts[:1] in (["kg"], ["kp"]):
                end((parts[0][1], int(parts[1])))
            elif parts[:1] == ["clear"]:
                groups.clear(); pids.clear(); seen.clear(); owner.clear()
            used = used or parts[:1] in (["g"], ["p"])
        if used and not groups and not pids:
            sys.exit(0)  # everything ended cleanly: nothing left to guard
    snapshot()
snapshot()
for pgid in groups:
    try: os.killpg(pgid, signal.SIGKILL)
    except OSError: pass
for pid, started in list(pids.items()) + list(seen.items()):
    kill(pid, started)
"""
