"""The watchdog process: kills what a host registered once the host is gone, however it died.

Run by :class:`dapcli.engine.processes.Watchdog` as a script, by its path (see
:func:`~dapcli.engine.processes.watchdog_command`; ``python -m dapcli.engine.watchdog`` works as
well), with a pipe from the host as its stdin. It reads one command a line:

- ``g PGID`` / ``p PID STARTED``: watch a process group / a pid (with its start time, so that a
  reused pid is never killed);
- ``ug PGID`` / ``up PID``: stop watching it (it ended cleanly);
- ``kg PGID`` / ``kp PID``: kill it now with every descendant ever seen of it, and forget it;
- ``clear``: forget everything (a clean teardown: closing the pipe afterwards kills nothing).

When the pipe closes (the host exited or was killed, even with SIGKILL), it kills every watched
group and pid and every descendant it has seen of them: it looks twice a second, because a child
that left the process group (``setsid``) is re-parented to init once its parent dies, and could
not be found afterwards. A daemon that double-forks between two looks is found by its mark
(:mod:`dapcli.engine.watchmark`): with the host's token as its argument, the watchdog also kills
every process of this user whose environment holds that token. When a kill (``kg``/``kp``) leaves
nothing watched, the marked processes that left the host's tree are killed too (the session
ended, and so does everything its program started). Once everything it was given is unwatched, it
ends by itself.

Start-up stays cheap: this module imports only the standard library and psutil, and run by
its path it imports no ``dapcli`` package at all (imported as a module, ``dapcli`` and
``dapcli.engine`` above it import nothing either).
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import sys

import psutil

__all__ = ["LOOK_INTERVAL", "Guard", "main", "serve"]

#: Seconds between two looks for new descendants of what is watched.
LOOK_INTERVAL = 0.5

#: The environment variable of the marks (equal to :data:`dapcli.engine.watchmark.MARK`; a test
#: keeps them equal: run by its path, this module imports nothing of dapcli).
MARK = "DAPCLI_WATCH"
#: Rounds of killing marked processes (a daemon may fork again while it is being killed).
ROUNDS = 5

#: Where a seen descendant came from: ``("g", pgid)`` or ``("p", pid)``.
Key = tuple[str, int]


def identity(pid: int) -> float | None:
    """The start time of ``pid``, or None when it is gone."""
    try:
        return float(psutil.Process(pid).create_time())
    except psutil.Error:
        return None


def same(pid: int, started: float) -> psutil.Process | None:
    """The process ``pid`` if it is still the one that started at ``started``, else None."""
    try:
        process = psutil.Process(pid)
        return process if abs(process.create_time() - started) < 0.01 else None
    except psutil.Error:
        return None


def kill(pid: int, started: float) -> None:
    """SIGKILL ``pid`` unless its number now belongs to another process."""
    process = same(pid, started)
    if process is not None:
        with contextlib.suppress(psutil.Error):
            process.kill()


class Guard:
    """What the watchdog watches, and every descendant it has seen of it."""

    def __init__(self, mark: str = "", host: int = 0) -> None:
        #: The host's token (see :mod:`dapcli.engine.watchmark`); "" finds nothing by mark.
        self.mark = mark
        #: The host's pid (whose own tree is left to it while it lives).
        self.host = host
        #: The host forgot everything (``clear``): a pipe closed afterwards kills nothing.
        self.released = False
        #: Watched process groups, with their leader's start time (None: it was gone already).
        self.groups: dict[int, float | None] = {}
        #: Watched pids, with their start times.
        self.pids: dict[int, float] = {}
        #: Every descendant seen of what is watched, with its start time ...
        self.seen: dict[int, float] = {}
        #: ... and the registration it came from.
        self.owner: dict[int, Key | None] = {}
        #: Something was watched once (the watchdog ends when nothing is watched any more).
        self.used = False

    @property
    def idle(self) -> bool:
        """Everything that was watched was unwatched or ended: nothing is left to guard."""
        return self.used and not self.groups and not self.pids

    def snapshot(self) -> None:
        """Remember every descendant of what is watched, and which registration it came from."""
        for pid, started in list(self.seen.items()):
            if same(pid, started) is None:
                del self.seen[pid]  # ended: forget it
                self.owner.pop(pid, None)
        roots: list[tuple[Key | None, int, float]] = [
            (("g", g), g, started) for g, started in self.groups.items() if started is not None]
        roots += [(("p", pid), pid, started) for pid, started in self.pids.items()]
        roots += [(self.owner.get(pid), pid, started) for pid, started in list(self.seen.items())]
        for key, pid, started in roots:
            root = same(pid, started)
            if root is None:
                continue
            try:
                for child in root.children(recursive=True):
                    if child.pid not in self.seen:
                        self.seen[child.pid] = child.create_time()
                        self.owner[child.pid] = key
            except psutil.Error:
                pass

    def end(self, key: Key) -> None:
        """Kill the registration ``key`` (a pid; a group the host killed itself) and every
        descendant seen of it, and forget it."""
        self.snapshot()
        if key[0] == "g":
            self.groups.pop(key[1], None)  # the session killed its group: a reused number is never killed
        elif key[0] == "p" and key[1] in self.pids:
            kill(key[1], self.pids.pop(key[1]))
        for pid in [pid for pid, k in self.owner.items() if k == key]:
            kill(pid, self.seen.pop(pid, 0.0))
            self.owner.pop(pid, None)

    def handle(self, line: str) -> None:
        """Carry out one command line (see the module docstring)."""
        parts = line.split()
        if parts[:1] == ["g"]:
            self.groups[int(parts[1])] = identity(int(parts[1]))
        elif parts[:1] == ["p"]:
            self.pids[int(parts[1])] = float(parts[2])
        elif parts[:1] == ["ug"]:
            self.groups.pop(int(parts[1]), None)
        elif parts[:1] == ["up"]:
            self.pids.pop(int(parts[1]), None)
        elif parts[:1] in (["kg"], ["kp"]):
            self.end((parts[0][1], int(parts[1])))
            if not self.groups and not self.pids:
                self.sweep(escaped_only=True)  # the last session ended: so does all it started
        elif parts[:1] == ["clear"]:
            self.groups.clear()
            self.pids.clear()
            self.seen.clear()
            self.owner.clear()
        self.released = parts[:1] == ["clear"] or (self.released and parts[:1] not in (["g"], ["p"]))
        self.used = self.used or parts[:1] in (["g"], ["p"])

    def marked(self, *, escaped_only: bool) -> list[psutil.Process]:
        """The live processes of this user whose environment holds :attr:`mark` (never this
        watchdog nor the host); ``escaped_only``: only those outside the host's tree."""
        if not self.mark:
            return []
        spared = {os.getpid(), self.host}
        uid = os.getuid()
        found = []
        for process in psutil.process_iter():
            if process.pid in spared:
                continue
            try:
                if process.uids().real != uid or self.mark not in process.environ().get(MARK, "").split():
                    continue
                # the host's tree read per process, not once before the scan: an adapter the host
                # starts for its next session meanwhile is its child, never an escaped one
                if escaped_only and _in_tree(process, self.host):
                    continue
                if process.status() != psutil.STATUS_ZOMBIE:
                    found.append(process)
            except psutil.Error:
                continue
        return found

    def sweep(self, *, escaped_only: bool) -> None:
        """SIGKILL every marked process (see :meth:`marked`), again while new ones appear."""
        for _ in range(ROUNDS):
            found = self.marked(escaped_only=escaped_only)
            if not found:
                return
            for process in found:
                with contextlib.suppress(psutil.Error):
                    # asked again at the kill: a process the host started after the scan began (a
                    # restart's new adapter) is in its tree, and was never escaped
                    if escaped_only and _in_tree(process, self.host):
                        continue
                    process.kill()

    def kill_all(self) -> None:
        """The host is gone: kill every watched group and pid, and every descendant seen."""
        self.snapshot()
        for pgid in self.groups:
            with contextlib.suppress(OSError):
                os.killpg(pgid, signal.SIGKILL)
        for pid, started in list(self.pids.items()) + list(self.seen.items()):
            kill(pid, started)
        self.sweep(escaped_only=False)


def serve(fd: int, guard: Guard) -> bool:
    """Read commands from ``fd`` until it closes (True: the host is gone) or nothing is left to
    guard (False), looking for new descendants every :data:`LOOK_INTERVAL` seconds."""
    pending = b""
    while True:
        ready, _, _ = select.select([fd], [], [], LOOK_INTERVAL)
        if ready:
            data = os.read(fd, 65536)
            if not data:
                return True
            pending += data
            *lines, pending = pending.split(b"\n")
            for line in lines:
                guard.handle(line.decode())
            if guard.idle:
                return False  # everything ended cleanly: nothing left to guard
        guard.snapshot()


def _in_tree(process: psutil.Process, host: int) -> bool:
    """True when ``host`` is an ancestor of ``process`` (now)."""
    return bool(host) and any(parent.pid == host for parent in process.parents())


def main(argv: list[str] | None = None) -> None:
    """Guard what the host on stdin registers; when the host is gone, kill it all. ``argv``:
    ``[MARK_TOKEN]`` (see :mod:`dapcli.engine.watchmark`), or nothing."""
    args = sys.argv[1:] if argv is None else argv
    guard = Guard(args[0] if args else "", os.getppid())
    if serve(sys.stdin.fileno(), guard) and not guard.released:
        guard.kill_all()


if __name__ == "__main__":
    main()
