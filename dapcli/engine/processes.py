"""Ending an adapter's process tree for sure, and a watchdog that does it if the host dies.

The adapter starts in its own process group. Teardown kills that group, every descendant seen
(a debuggee may ``setsid`` out of the group) and the debuggee pid from the ``process`` event.
The watchdog is a tiny separate process (:mod:`dapcli.engine.watchdog`) that holds a pipe from
the host: when the host dies in any way (even SIGKILL) the pipe closes and the watchdog kills what
the host registered, and every descendant of it that it has seen (it looks twice a second: a child
that left the process group is re-parented to init once its parent dies, and could not be found
afterwards), and every process that carries the host's mark (:mod:`dapcli.engine.watchmark`:
a daemon that double-forked between two looks).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading

import psutil

from dapcli.engine.watchmark import MARK, own_mark

__all__ = ["Watchdog", "descendants", "kill_tree", "launched_children", "session_members", "shared_watchdog",
           "watchdog_command"]


def descendants(pid: int) -> list[psutil.Process]:
    """Every live descendant of ``pid`` (empty when it is gone)."""
    try:
        return psutil.Process(pid).children(recursive=True)
    except psutil.Error:
        return []


def session_members(sid: int) -> list[psutil.Process]:
    """The live processes of this user in the POSIX session ``sid`` that carry this process's
    mark (:mod:`dapcli.engine.watchmark`). An adapter starts in a session of its own, so this is
    everything it, its program and their children started, wherever they were re-parented (a
    process the program forked, whose parent then ended), except what left with ``setsid``. The
    mark keeps a reused session number from naming anyone else's processes."""
    mine, uid, found = own_mark(), os.getuid(), []
    for process in psutil.process_iter():
        try:
            if process.pid == os.getpid() or os.getsid(process.pid) != sid or process.uids().real != uid:
                continue
            if mine in process.environ().get(MARK, "").split() and process.status() != psutil.STATUS_ZOMBIE:
                found.append(process)
        except (psutil.Error, OSError):
            continue
    return found


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
        #: This process's mark: set in our environment now, before any adapter starts.
        self.mark = own_mark()

    def _ensure(self) -> None:
        """Start the watchdog process on first use, and again if it ended (it ends by itself,
        killing nothing, once everything registered was unregistered)."""
        if self._process is not None and self._process.poll() is None:
            return
        self._process = subprocess.Popen(
            watchdog_command(self.mark),
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


def watchdog_command(mark: str = "") -> list[str]:
    """How the watchdog is started: :mod:`dapcli.engine.watchdog` run as a script, by its path
    (``-P``: neither the cwd, the user's project, nor the script's folder on sys.path), with the
    host's ``mark`` token (see :mod:`dapcli.engine.watchmark`) as its argument. It needs no
    ``dapcli`` import: its sys.path and start-up are a bare ``python -c``'s."""
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "watchdog.py")
    return [sys.executable, "-P", script, *([mark] if mark else [])]


_shared: Watchdog | None = None


def shared_watchdog() -> Watchdog:
    """This process's one watchdog (the session host's): an early launch
    (:mod:`dapcli.adapters.early.launch`) registers its adapter there before the host's engine
    is imported, and the host's sessions use the same one."""
    global _shared
    if _shared is None:
        _shared = Watchdog()
    return _shared

