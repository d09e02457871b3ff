"""Session files: one JSON file per session name in a private runtime directory, saying how to
reach the session host (pid, unix socket) and what it debugs.

Directory: ``$DAPCLI_RUNTIME_DIR``, else ``$XDG_RUNTIME_DIR/dapcli``, else ``/tmp/dapcli-UID``;
mode 0700, owned by the user; files and sockets 0600. Stdlib only: this runs on the one-shot
hot path.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import sys

from dapcli.errors import SessionError, UsageError

__all__ = [
    "SessionFile",
    "check",
    "check_socket",
    "is_host",
    "is_stopped",
    "list_sessions",
    "process_start",
    "read",
    "remove",
    "remove_stale",
    "runtime_dir",
    "session_name",
    "stopped_host",
    "write",
]

_NAME = re.compile(r"^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,63}$")


class SessionFile:
    """What a one-shot command needs to reach a session host (a plain class: no dataclasses
    import on the hot path)."""

    FIELDS = ("name", "pid", "socket", "adapter", "program", "started_at", "state", "host_started")

    def __init__(self, name: str, pid: int, socket: str, adapter: str = "", program: str = "",
                 started_at: float = 0.0, state: str = "starting", host_started: float = 0.0) -> None:
        if type(pid) is not int or pid <= 0:  # -1 or 0 would address every process or the group
            raise ValueError(f"invalid host pid {pid!r}")
        self.name, self.pid, self.socket = name, pid, str(socket)
        self.adapter, self.program, self.started_at, self.state = adapter, program, started_at, state
        #: the host process's start time (epoch s): tells the host from a process that reused its pid
        self.host_started = float(host_started)

    def to_dict(self) -> dict[str, object]:
        return {key: getattr(self, key) for key in self.FIELDS}


#: The longest path of a unix socket (``sun_path`` holds 108 bytes with the final NUL).
MAX_SOCKET_PATH = 107


def runtime_dir() -> str:
    """The private runtime directory, created 0700 (whatever the umask) if needed:
    ``$DAPCLI_RUNTIME_DIR`` (absolute), else ``$XDG_RUNTIME_DIR/dapcli`` (a relative
    ``XDG_RUNTIME_DIR`` is ignored, as the XDG specification says), else ``/tmp/dapcli-UID``.

    Raises:
        UsageError: (exit 2, a configuration to fix) ``DAPCLI_RUNTIME_DIR`` is relative; the
            folder it would be created in is someone else's (nothing is created there); it is a
            symlink or not a directory, belongs to someone else, is open to others, or is not
            readable, writable and searchable by the user (read-only, mode 0000).
    """
    base = os.environ.get("DAPCLI_RUNTIME_DIR")
    xdg = os.environ.get("XDG_RUNTIME_DIR") or ""
    if base:
        if not os.path.isabs(base):
            raise UsageError(f"DAPCLI_RUNTIME_DIR must be an absolute path, not {base!r}",
                             "set it to an absolute path (each command runs in its own directory)")
        path = base
    elif os.path.isabs(xdg):
        path = os.path.join(xdg, "dapcli")
    else:
        path = f"/tmp/dapcli-{os.getuid()}"
    if not os.path.lexists(path):
        _check_parent(path, "XDG_RUNTIME_DIR" if not base and path != f"/tmp/dapcli-{os.getuid()}" else "")
    try:
        os.mkdir(path, 0o700)
    except FileExistsError:
        pass
    except FileNotFoundError:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        os.mkdir(path, 0o700)
        os.chmod(path, 0o700)
    else:
        os.chmod(path, 0o700)  # mkdir's mode is masked by the umask
    info = os.lstat(path)
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
        kind = "a symbolic link" if stat.S_ISLNK(info.st_mode) else "not a directory"
        raise UsageError(f"runtime directory {path} is {kind}",
                           "remove it, or set DAPCLI_RUNTIME_DIR to a private directory (mkdir -m 700 DIR)")
    mode = stat.S_IMODE(info.st_mode)
    if info.st_uid != os.getuid() or mode & 0o077:
        raise UsageError(
            f"runtime directory {path} is not private (owner uid {info.st_uid}, mode {mode:o})",
            f"remove it, or set DAPCLI_RUNTIME_DIR to a directory only you can use (chmod 700 {path})",
        )
    if not os.access(path, os.R_OK | os.W_OK | os.X_OK):
        how = "is on a read-only file system" if mode & 0o700 == 0o700 else f"has mode {mode:o}"
        raise SessionError(f"cannot use the runtime directory {path}: it {how} (sessions in it keep running)",
                           f"chmod 700 {path}, or set DAPCLI_RUNTIME_DIR to a private directory you can write")
    _check_ancestors(path)
    return path


def _check_parent(path: str, variable: str) -> None:
    """Refuse to create the runtime directory ``path`` in a folder of someone else's (unless it
    is sticky, as ``/tmp``): nothing is created there. ``variable`` names where ``path`` came from.

    Raises:
        UsageError: naming the folder and its owner.
    """
    folder = os.path.dirname(os.path.abspath(path))
    try:
        info = os.stat(folder)
    except OSError:
        return  # created below, as our own
    if info.st_uid != os.getuid() and not info.st_mode & stat.S_ISVTX:
        source = f" ({variable})" if variable else ""
        raise UsageError(f"cannot create the runtime directory in {folder}{source}: it belongs to uid {info.st_uid}",
                         "set DAPCLI_RUNTIME_DIR to a private directory of yours (mkdir -m 700 DIR)")


def _check_ancestors(path: str) -> None:
    """Refuse a runtime directory inside a folder that any user may rename entries of (writable by
    others, without the sticky bit): they could swap the private directory for their own between
    our check and our use. ``/tmp`` (sticky) is fine.

    Raises:
        UsageError: naming the folder.
    """
    folder = os.path.dirname(os.path.abspath(path))
    while True:
        try:
            mode = stat.S_IMODE(os.stat(folder).st_mode)
        except OSError:
            return
        if mode & 0o002 and not mode & stat.S_ISVTX:
            raise UsageError(f"runtime directory {path} is inside {folder}, which any user can change "
                             f"(mode {mode:o}, no sticky bit)",
                             "set DAPCLI_RUNTIME_DIR to a directory in a private folder (mkdir -m 700 DIR)")
        parent = os.path.dirname(folder)
        if parent == folder:
            return
        folder = parent


def session_name(explicit: str | None = None) -> str:
    """``explicit``, else ``$DAPCLI_SESSION``, else ``default``. Raises UsageError if invalid
    (an explicit empty name too: it does not silently mean ``default``)."""
    name = explicit if explicit is not None else os.environ.get("DAPCLI_SESSION") or "default"
    return check(name)


def check(name: object) -> str:
    """Return ``name`` if it is a valid session name (1-64 of letters, digits, ``.``, ``_``,
    ``-``; no leading dot). Raises UsageError (exit 2) otherwise: every frontend's session
    argument passes here before it names a file."""
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        shown = name if not isinstance(name, str) or len(name) <= 40 else name[:40] + "…"
        raise UsageError(f"invalid session name: {shown!r}", "use letters, digits, '.', '_' or '-' (at most 64)")
    return name


def path_for(name: str) -> str:
    return os.path.join(runtime_dir(), f"{check(name)}.json")


def socket_for(name: str) -> str:
    """The socket path of session ``name``.

    Raises:
        UsageError: the path is longer than a unix socket path may be.
    """
    path = os.path.join(runtime_dir(), f"{check(name)}.sock")
    if len(os.fsencode(path)) > MAX_SOCKET_PATH:
        raise UsageError(f"runtime directory {os.path.dirname(path)} is too long for a unix socket "
                         f"({len(os.fsencode(path))} bytes for {os.path.basename(path)}; at most {MAX_SOCKET_PATH})",
                         "set DAPCLI_RUNTIME_DIR to a shorter path (mkdir -m 700 DIR)")
    return path


def write(entry: SessionFile) -> None:
    """Write the session file atomically, mode 0600: a new file of our own (exclusive create,
    never through a link), synced before it replaces the old one, so that a crash or a full disk
    leaves the old file or the new one whole, and never a temporary file.

    Raises:
        OSError: it cannot be written (no space left, …): the old file is left as it was.
    """
    target = path_for(entry.name)
    tmp = f"{target}.tmp{os.getpid()}"
    data = json.dumps(entry.to_dict()).encode()
    with contextlib.suppress(FileNotFoundError):
        os.unlink(tmp)  # left by a killed process whose pid was ours
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    try:
        try:
            os.fchmod(fd, 0o600)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):  # the rename itself, on disk
        folder = os.open(os.path.dirname(target), os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


#: Largest session file read (bytes): breakpoints, watches and filters of one session.
MAX_SESSION_BYTES = 4 * 1024 * 1024


def read(name: str) -> SessionFile | None:
    """The session file of ``name``; None when there is none.

    Raises:
        SessionError: the file is corrupt (it is removed, with the socket), or is not the
            user's (left alone).
    """
    target = path_for(name)
    try:
        fd = os.open(target, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except FileNotFoundError:
        return None
    except PermissionError:
        with contextlib.suppress(OSError):
            info = os.lstat(target)
            if info.st_uid == os.getuid():  # ours: its host may be alive, never say "remove it"
                raise SessionError(f"{target} is not readable by you (mode {stat.S_IMODE(info.st_mode):o})",
                                   f"chmod 600 {target}") from None
        raise SessionError(f"{target} is not readable by you: refusing to use it",
                           "remove it (as its owner or root)") from None
    except OSError:
        fd = -1
    try:
        with open(fd, encoding="utf-8", closefd=True) as handle:
            info = os.fstat(fd)
            _check_owned(target, info)
            if info.st_size > MAX_SESSION_BYTES:  # checked before reading: a 100 MB file cost 2 s and 208 MB
                raise SessionError(f"session file of '{name}' is too large ({info.st_size} bytes; at most "
                                   f"{MAX_SESSION_BYTES}): not read", f"remove it: rm {target}")
            data = json.loads(handle.read(MAX_SESSION_BYTES + 1))
            entry = SessionFile(**{k: data[k] for k in SessionFile.FIELDS if k in data})
            if stat.S_IMODE(info.st_mode) & 0o077 and is_host(entry):  # a stale one is removed anyway
                _repair_mode(target, fd, info)
        return entry
    except (OSError, ValueError, TypeError, KeyError):
        remove(name)
        raise SessionError(
            f"session file of '{name}' was corrupt and has been removed",
            "start the session again with `dapcli launch`",
        ) from None


def _repair_mode(path: str, fd: int, info: os.stat_result) -> None:
    """Make a session file or socket of ours that others may use 0600 again, and say so."""
    mode = stat.S_IMODE(info.st_mode)
    if mode & 0o077:
        os.fchmod(fd, 0o600) if fd >= 0 else os.chmod(path, 0o600)
        print(f"dapcli: {path} was open to others (mode {mode:o}); it is 0600 again", file=sys.stderr)


def _check_owned(path: str, info: os.stat_result) -> None:
    if info.st_uid != os.getuid():
        raise SessionError(f"{path} belongs to uid {info.st_uid}, not to you: refusing to use it",
                           "remove it (as its owner or root)")


def check_socket(path: str) -> None:
    """Refuse a session socket that is not a socket owned by the user.

    Raises:
        SessionError: not a socket (e.g. a symlink), or someone else's.
    """
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return  # connect() reports it
    if not stat.S_ISSOCK(info.st_mode):
        raise SessionError(f"{path} is not a socket: refusing to use it", "remove it and launch again")
    _check_owned(path, info)
    _repair_mode(path, -1, info)


def remove(name: str) -> None:
    """Delete the session file and socket of ``name``, and the input that ``--stdin -`` kept
    for its program (``NAME.stdin``: it may hold secrets). Missing files are fine."""
    for target in (path_for(name), socket_for(name), path_for(name).removesuffix(".json") + ".stdin"):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(target)


def remove_stale(name: str) -> None:
    """The host of ``name`` is dead: delete its session file, socket, ``NAME.log`` and
    ``NAME.lock`` — the last two only when no launch holds the lock (a launch in progress owns
    them). Missing files are fine."""
    import fcntl  # the lock is a filelock (flock) lock: test it the same way, stdlib only

    remove(name)
    folder = runtime_dir()
    lock = os.path.join(folder, name + ".lock")
    try:
        fd = os.open(lock, os.O_RDWR | os.O_NOFOLLOW)
    except OSError:
        fd = None  # no lock file: nobody launches
    try:
        if fd is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(os.path.join(folder, name + ".log"))
        if fd is not None:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(lock)
    except OSError:
        pass  # a launch holds the lock: it owns the files
    finally:
        if fd is not None:
            os.close(fd)


def alive(pid: int) -> bool:
    """True when a process ``pid`` exists and is not a zombie (a killed host stays one until
    init reaps it, which some container inits do late or never). Never true for pid <= 0."""
    if type(pid) is not int or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError, ValueError, TypeError):
        return False
    except PermissionError:
        return True
    return not _zombie(pid)


def _zombie(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            data = handle.read()
    except OSError:
        return False  # no /proc (macOS): trust kill(0)
    end = data.rfind(b")")
    return data[end + 2: end + 3] == b"Z"


def list_sessions() -> list[SessionFile]:
    """Every session file whose host is alive (files of dead hosts are removed)."""
    found = []
    for file_name in sorted(os.listdir(runtime_dir())):
        if not file_name.endswith(".json"):
            continue
        try:
            entry = read(file_name[: -len(".json")])
        except (SessionError, UsageError):  # corrupt, or a stray file not named like a session
            continue
        if entry is None:
            continue
        if is_host(entry):
            found.append(entry)
        else:
            remove_stale(entry.name)
    return found


def is_host(entry: SessionFile) -> bool:
    """True when ``entry.pid`` is alive and provably the session's host, not a process that
    reused its pid: its start time matches the one recorded (``host_started``), it is this
    user's, and it runs dapcli or holds the session's socket (a program that owns sessions in
    process). A file that cannot prove it (no ``host_started``: damaged, hand
    written or from an older version; a start time that cannot be read) names no host: it is
    stale, and nothing is ever sent to or killed on its word."""
    if entry.pid <= 1 or not entry.host_started or not alive(entry.pid):
        return False
    created = process_start(entry.pid)
    if created is None or abs(created - entry.host_started) >= 1.0:
        return False
    return _ours_and_dapcli(entry.pid) or _holds_socket(entry.pid, entry.socket)


def _holds_socket(pid: int, path: str) -> bool:
    """``pid`` (this user's) has the unix socket bound at ``path`` open (Linux /proc; False
    elsewhere or when it cannot be told)."""
    try:
        if os.stat(f"/proc/{pid}").st_uid != os.getuid():
            return False
        with open("/proc/net/unix", encoding="utf-8", errors="replace") as handle:
            inodes = {f"socket:[{fields[6]}]" for line in handle
                      if len(fields := line.split()) >= 8 and fields[7] == path}
        if not inodes:
            return False
        for fd in os.listdir(f"/proc/{pid}/fd"):
            with contextlib.suppress(OSError):
                if os.readlink(f"/proc/{pid}/fd/{fd}") in inodes:
                    return True
    except OSError:
        return False
    return False


def _ours_and_dapcli(pid: int) -> bool:
    """``pid`` belongs to this user and its command line names dapcli (a host, REPL or MCP
    server). Linux /proc; psutil elsewhere; False when it cannot be told."""
    try:
        if os.stat(f"/proc/{pid}").st_uid != os.getuid():
            return False
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            return b"dapcli" in handle.read()
    except FileNotFoundError:
        if os.path.isdir("/proc/self"):
            return False  # gone
    except OSError:
        return False
    try:
        import psutil

        process = psutil.Process(pid)
        return process.uids().real == os.getuid() and any("dapcli" in part for part in process.cmdline())
    except Exception:  # psutil missing, or the process gone: not provably ours
        return False


def is_stopped(pid: int) -> bool:
    """True when ``pid`` is stopped by a signal (SIGSTOP, SIGTSTP: ``kill -STOP``, Ctrl-Z) or by a
    tracer: it answers nothing until ``kill -CONT``. Linux /proc; False where unknown."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            data = handle.read()
        return data[data.rfind(b")") + 2:][:1] in (b"T", b"t")
    except OSError:
        return False


def stopped_host(name: str, pid: int) -> SessionError:
    """The error for a session whose host process is stopped (it would never answer)."""
    kill = "dapcli kill" if name == "default" else f"dapcli --session {name} kill"
    return SessionError(f"session '{name}': its host (pid {pid}) is stopped (SIGSTOP or Ctrl-Z) and cannot answer",
                        f"resume it with `kill -CONT {pid}`, or end the session with `{kill}`")


def process_start(pid: int) -> float | None:
    """When ``pid`` started (epoch seconds, as psutil's ``create_time``); None if unknown.
    Linux: from /proc (stdlib, for the one-shot path); elsewhere psutil."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            data = handle.read()
        ticks = int(data[data.rfind(b")") + 2:].split()[19])
        return _boot_time() + ticks / os.sysconf("SC_CLK_TCK")
    except FileNotFoundError:
        if os.path.isdir("/proc/self"):
            return None  # gone
    except (OSError, ValueError, IndexError):
        pass
    try:
        import psutil

        return float(psutil.Process(pid).create_time())
    except Exception:  # psutil.Error, or no psutil
        return None


_BOOT: list[float] = []


def _boot_time() -> float:
    if not _BOOT:
        with open("/proc/stat", "rb") as handle:
            line = next(line for line in handle if line.startswith(b"btime "))
        _BOOT.append(float(line.split()[1]))
    return _BOOT[0]


def unknown_session(name: str) -> SessionError:
    """The error for a session name that has no live host, naming the ones that exist."""
    names = [s.name for s in list_sessions()]
    listing = ", ".join(names) if names else "none"
    hint = "start one with `dapcli launch PROGRAM`"
    if names:
        hint = f"pick one with --session NAME ({listing}), or {hint}"
    return SessionError(f"no session named '{name}' (running: {listing})", hint)
