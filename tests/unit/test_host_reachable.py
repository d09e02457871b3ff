"""A session host ends when no client can reach it any more, but not because its runtime
directory is open to others for a moment (a chmod 711 while a check ran ended a live session)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from dapcli.dispatch import sessionfile
from dapcli.dispatch.local import LocalDispatcher
from dapcli.dispatch.server import SessionServer
from dapcli.errors import SessionError, UsageError


def test_a_runtime_dir_not_private_for_a_moment_does_not_end_the_host(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    sock = tmp_path / "default.sock"
    sock.write_text("")
    server = SessionServer(LocalDispatcher())
    server._sockets["default"] = (str(sock), os.stat(sock).st_ino)
    server._written["default"] = {"pid": os.getpid()}

    def not_private(_name: str) -> None:
        raise UsageError(f"runtime directory {tmp_path} is not private (owner uid 0, mode 711)", "chmod 700")

    monkeypatch.setattr(sessionfile, "read", not_private)
    assert server.unreachable("default") == ""

    def corrupt(_name: str) -> None:
        raise SessionError("session file of 'default' was corrupt and has been removed", "start it again")

    monkeypatch.setattr(sessionfile, "read", corrupt)
    assert server.unreachable("default") == "session file was damaged"
    monkeypatch.setattr(sessionfile, "read", lambda _name: None)
    assert server.unreachable("default") == "session file was removed"
