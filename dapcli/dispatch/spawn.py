"""Starting a detached session host and waiting until it serves its socket."""

from __future__ import annotations

import contextlib
import errno
import os
import shlex
import socket
import stat
import subprocess
import time

from dapcli.dispatch import sessionfile
from dapcli.engine.watchmark import MARK
from dapcli.errors import SessionError, UsageError
from dapcli.files import locked

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the one-shot client's hot path)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import IO

__all__ = ["check_runtime_dir", "host_command", "start_host"]

START_TIMEOUT = 20.0
#: Bytes written to prove the runtime directory has room for a session file and a log.
PROBE_BYTES = 8192


def host_command(name: str) -> list[str]:
    """The argv that starts a session host for ``name`` (idle timeout from ``DAPCLI_IDLE_TIMEOUT``;
    see :mod:`dapcli.dispatch.hostboot`). Raises UsageError when that variable is not a
    positive number of seconds."""
    from dapcli.dispatch.envvars import env_seconds
    from dapcli.dispatch.hostboot import command

    return command(name, env_seconds("DAPCLI_IDLE_TIMEOUT", 3600.0))


def start_host(name: str, command: list[str], early: Callable[[], str] | None = None) -> sessionfile.SessionFile:
    """Start a host for ``name`` (see :func:`_start_host`), holding the name's lock so that two
    launches at once cannot both start one (the second finds the first running). ``early``:
    what the host may start while it imports (see :mod:`dapcli.dispatch.hostboot`), worked
    out while the host's interpreter starts and written to its stdin ("" for nothing; ``-``
    is added to the host's ``command`` to say so)."""
    directory = check_runtime_dir()
    sessionfile.socket_for(name)  # a runtime path too long for a socket: refused before any host starts
    try:
        lock = os.path.join(directory, f"{name}.lock")
        with locked(lock, START_TIMEOUT + 10):
            try:
                return _start_host(name, command, early)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(lock)  # still ours: a failed launch leaves no lock file behind
                raise
    except TimeoutError:
        raise SessionError(f"another launch of session '{name}' is still starting", "try again") from None


def check_runtime_dir() -> str:
    """The runtime directory, proven writable by writing (and removing) a small probe file.

    Raises:
        SessionError: it cannot be created or written: read-only file system, no space left,
            no permission (mode shown) — in one line, before any host is started.
    """
    path = os.environ.get("DAPCLI_RUNTIME_DIR") or "the runtime directory"
    try:
        path = sessionfile.runtime_dir()
        probe = os.path.join(path, f".probe-{os.getpid()}")
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, b"\0" * PROBE_BYTES)
            os.fsync(fd)
        finally:
            os.close(fd)
            with contextlib.suppress(OSError):
                os.unlink(probe)
    except OSError as exc:
        full = exc.errno in (errno.ENOSPC, errno.EDQUOT)
        raise SessionError(f"cannot use the runtime directory {path}: {_why(exc, path)}",
                           ("free some space, or " if full else "")
                           + "set DAPCLI_RUNTIME_DIR to a writable private directory") from None
    return path


def _why(exc: OSError, path: str) -> str:
    if exc.errno == errno.EROFS:
        return "it is on a read-only file system"
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return "no space left on its device"
    if exc.errno in (errno.EACCES, errno.EPERM):
        with contextlib.suppress(OSError):
            return f"no permission (mode {stat.S_IMODE(os.stat(path).st_mode):04o})"
        return "no permission"
    return exc.strerror or str(exc)


def _previous(name: str) -> sessionfile.SessionFile | None:
    """The session file ``name`` had before this launch; None when there was none, or it was no
    session file (damaged, a symbolic link: it has been removed, and the launch replaces it)."""
    try:
        return sessionfile.read(name)
    except SessionError:
        if os.path.lexists(sessionfile.path_for(name)):
            raise  # another user's: left alone, and refused
        return None


def _start_host(name: str, command: list[str], early: Callable[[], str] | None = None) -> sessionfile.SessionFile:
    """Run ``command`` (the host's argv) detached, in its own session, with stderr to
    ``NAME.log`` in the runtime directory; wait up to 20 s until it accepts connections.

    Raises:
        UsageError: a live session of that name exists.
        SessionError: the host died or did not come up (with its log's last lines).
    """
    existing = _previous(name)
    if existing is not None and sessionfile.is_host(existing) and existing.state in ("exited", "terminated"):
        _end_finished(name, existing.pid)  # its program ended: a new launch replaces it
        existing = sessionfile.read(name)
    if existing is not None and sessionfile.is_host(existing):
        raise UsageError(
            f"session '{name}' is already running{' ' + existing.program if existing.program else ''}",
            f"stop it with `dapcli{_session_option(name)} stop`, or start another with --session NAME",
        )
    sessionfile.remove(name)
    log_path = os.path.join(sessionfile.runtime_dir(), f"{name}.log")
    fd = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "wb") as log:
        os.fchmod(fd, 0o600)
        process = subprocess.Popen(
            command if early is None else [*command, "-"],
            stdin=subprocess.DEVNULL if early is None else subprocess.PIPE, stdout=subprocess.DEVNULL,
            stderr=log, start_new_session=True, close_fds=True,
            env={k: v for k, v in os.environ.items() if k != MARK},  # a host is its own owner
        )
    try:
        if early is not None and process.stdin is not None:
            _tell(process.stdin, early)
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            entry = sessionfile.read(name)
            if entry is not None and entry.pid == process.pid and _accepts(entry.socket):
                return entry
            if process.poll() is not None:
                break
            time.sleep(0.01)
        else:
            process.kill()
    except BaseException:  # Ctrl-C before the host answered: nobody knows it, and an early launch
        process.terminate()  # would run the program unseen; SIGTERM ends both (and its files)
        raise
    tail = ""
    if os.path.exists(log_path):
        with open(log_path, errors="replace") as handle:
            tail = " / ".join(handle.read().strip().splitlines()[-3:])
    raise SessionError(f"the session host did not start{': ' + tail if tail else ''}",
                       f"see {log_path}; run with --debug for details")


def _tell(stdin: IO[bytes], early: Callable[[], str]) -> None:
    """Write ``early()`` as one line to the host's stdin, and close it (nothing, when it fails)."""
    try:
        text = early()
    except Exception:  # a guess only: the host starts nothing early then
        text = ""
    with contextlib.suppress(OSError, ValueError):
        stdin.write(text.replace("\n", " ").encode("utf-8", "surrogateescape") + b"\n")
    with contextlib.suppress(OSError, ValueError):
        stdin.close()


def _end_finished(name: str, pid: int) -> None:
    """Stop a session whose program has ended, and wait (bounded) for its host to go."""
    from dapcli.dispatch import remote
    from dapcli.errors import DapcliError

    try:
        with remote.connect(name) as client:
            client.call("stop", {})
    except DapcliError:
        pass
    deadline = time.monotonic() + 5.0
    while sessionfile.alive(pid) and time.monotonic() < deadline:
        time.sleep(0.02)


def _accepts(path: str) -> bool:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(path)
        return True
    except OSError:
        return False
    finally:
        sock.close()


def _session_option(name: str) -> str:
    """`` --session NAME`` as a command names a session that is not the default one."""
    return "" if name == "default" else " --session " + shlex.quote(name)
