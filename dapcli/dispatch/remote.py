"""Client side of the session host RPC: JSON lines over the host's unix socket.

``{"id", "verb", "args", "cwd"}`` → ``{"id", "result"}`` | ``{"id", "error"}``;
``{"id", "argv", "cwd", "term"}`` → any number of ``{"id", "out"|"err"}`` then ``{"id", "exit"}``.
While a call runs the host sends ``{"id", "alive": true}`` every few seconds, so a host that stops
answering (hung, stopped) is detected in :data:`HOST_TIMEOUT` seconds whatever the verb's own
wait (at once when the host process is stopped by a signal: it is looked at every
:data:`LOOK_EVERY` s of silence); ``{"id", "ping": true}`` → ``{"id", "result": {"pong": true}}``.
Stdlib only and synchronous: this is the one-shot hot path (no asyncio, no pydantic).
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Callable, Iterator

from dapcli.dispatch import sessionfile
from dapcli.errors import ConnectionLostError, DapTimeoutError, ProtocolError, SessionError, error_from_dict

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the hot path)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["HostClient", "answers", "connect", "host_state", "host_timeout"]

#: Longest silence from a host before a one-shot command gives up on it (s; the host sends a
#: keep-alive every ``KEEPALIVE`` s while a verb runs). ``DAPCLI_HOST_TIMEOUT`` overrides it.
HOST_TIMEOUT = 10.0
#: How long ``sessions`` waits for each host to answer a ping (s).
PROBE_TIMEOUT = 1.0
#: While a host is silent, how often its process is looked at (stopped by SIGSTOP?) (s).
LOOK_EVERY = 0.5


def host_timeout() -> float:
    """:data:`HOST_TIMEOUT`, or ``DAPCLI_HOST_TIMEOUT`` (seconds, > 0 and <= 86400).
    Raises UsageError when that variable is set to anything else."""
    from dapcli.dispatch.envvars import env_seconds

    return env_seconds("DAPCLI_HOST_TIMEOUT", HOST_TIMEOUT, maximum=86400.0)


def answers(socket_path: str, timeout: float = PROBE_TIMEOUT) -> bool:
    """True when the host on ``socket_path`` answers a ping within ``timeout`` seconds."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    try:
        sock.connect(socket_path)
        sock.sendall(b'{"id": 1, "ping": true}\n')
        return bool(sock.makefile("rb").readline())
    except OSError:
        return False
    finally:
        sock.close()


def host_state(entry: sessionfile.SessionFile) -> str:
    """The state ``sessions`` shows for a hosted session: its recorded state, ``host stopped``
    (SIGSTOP: it answers nothing until ``kill -CONT``) or ``not answering`` (no pong in 1 s)."""
    if sessionfile.is_stopped(entry.pid):
        return "host stopped"
    return entry.state if answers(entry.socket) else "not answering"


def connect(name: str) -> HostClient:
    """Connect to the host of session ``name``.

    Raises:
        SessionError: no such session (names the live ones), or its host is gone (its files
            are cleaned up).
    """
    entry = sessionfile.read(name)
    if entry is None:
        raise sessionfile.unknown_session(name)
    sessionfile.check_socket(entry.socket)
    if sessionfile.is_stopped(entry.pid) and sessionfile.is_host(entry):
        raise sessionfile.stopped_host(name, entry.pid)  # sent nothing: it would run when resumed
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.connect(entry.socket)
    except OSError:
        sock.close()
        if sessionfile.is_host(entry):
            raise SessionError(
                f"session '{name}' (host pid {entry.pid}) does not answer on {entry.socket}",
                f"end it with `{_kill_command(name)}` and start again",
            ) from None
        sessionfile.remove_stale(name)
        raise SessionError(
            f"session '{name}' is gone: no dapcli host runs as pid {entry.pid} any more; cleaned up its files",
            "start a new one with `dapcli launch PROGRAM`",
        ) from None
    return HostClient(name, sock, entry.pid)


class HostClient:
    """One connection to a session host; several calls may be made on it in turn."""

    def __init__(self, name: str, sock: socket.socket, pid: int | None = None) -> None:
        self.name = name
        self.pid = pid
        self._sock = sock
        self._buffer = b""
        self._limit = host_timeout()
        sock.settimeout(min(LOOK_EVERY, self._limit))
        self._id = 0

    def close(self) -> None:
        self._sock.close()

    def __enter__(self) -> HostClient:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _send(self, message: dict[str, Any]) -> int:
        self._id += 1
        message["id"] = self._id
        message["giveUp"] = time.time() + self._limit  # a host that reads it later drops it
        try:
            self._sock.sendall(json.dumps(message).encode() + b"\n")
        except OSError as exc:
            raise ConnectionLostError(f"session '{self.name}': lost the host connection ({exc})") from None
        return self._id

    def _readline(self) -> bytes:
        """The host's next line (b"" at the end). Raises DapTimeoutError after ``host_timeout()``
        s of silence, SessionError at once when the host process is stopped."""
        silent = 0.0
        while b"\n" not in self._buffer:
            try:
                chunk = self._sock.recv(65536)
            except TimeoutError:
                silent += LOOK_EVERY
                if self.pid and sessionfile.is_stopped(self.pid):
                    raise sessionfile.stopped_host(self.name, self.pid) from None
                if silent >= self._limit:
                    raise self._timeout() from None
                continue
            if not chunk:
                line, self._buffer = self._buffer, b""
                return line
            self._buffer += chunk
            silent = 0.0
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line + b"\n"

    def _timeout(self) -> DapTimeoutError:
        who = f"its host (pid {self.pid})" if self.pid else "its host"
        kill = "dapcli kill" if self.name == "default" else f"dapcli --session {self.name} kill"
        return DapTimeoutError(f"session '{self.name}': {who} did not answer within {self._limit:g} s",
                               f"it may be hung: end the session with `{kill}`" if self.pid
                               else "see `dapcli sessions`")

    def _replies(self) -> Iterator[dict[str, Any]]:
        while True:
            try:
                line = self._readline()
            except OSError as exc:
                raise ConnectionLostError(f"session '{self.name}': lost the host connection ({exc})") from None
            if not line:
                raise ConnectionLostError(
                    f"session '{self.name}': the host closed the connection",
                    "see `dapcli sessions`; the session may have ended",
                )
            try:
                reply = json.loads(line)
            except ValueError:
                reply = None
            if not isinstance(reply, dict):
                raise ProtocolError(
                    f"session '{self.name}': the host sent a malformed reply: {line[:80]!r}",
                    "the session host may be from another dapcli version; stop it and launch again",
                )
            if "alive" not in reply:
                yield reply

    def call(self, verb: str, args: dict[str, Any] | None = None, cwd: str | None = None) -> dict[str, Any]:
        """Run one verb on the host; return its result JSON. Raises the host's DapcliError."""
        self._send({"verb": verb, "args": args or {}, "cwd": cwd})
        for reply in self._replies():
            if "error" in reply:
                raise error_from_dict(reply["error"])
            if "result" in reply:
                return reply["result"]  # type: ignore[no-any-return]
        raise ConnectionLostError("unreachable")

    def run_argv(
        self, argv: list[str], cwd: str, term: dict[str, Any],
        out: Callable[[str], None], err: Callable[[str], None],
    ) -> int | None:
        """Let the host parse and run a command line, streaming its rendered output; return the
        exit code, or None when the server cannot run command lines (then call verbs instead)."""
        self._send({"argv": argv, "cwd": cwd, "term": term})
        for reply in self._replies():
            if "unsupported" in reply:
                return None
            if "out" in reply:
                out(reply["out"])
            if "err" in reply:
                err(reply["err"])
            if "exit" in reply:
                return int(reply["exit"])
        return 1


def _kill_command(name: str) -> str:
    """``dapcli kill`` for session ``name`` (it checks the host's identity before it kills)."""
    return "dapcli kill" if name == "default" else f"dapcli --session {name} kill"
