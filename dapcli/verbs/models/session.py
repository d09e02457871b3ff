"""Results of the session verbs: sessions, status, the end of a session, adapters, launch
configurations, doctor."""

from __future__ import annotations

from typing import Literal

from dapcli.verbs.models.base import Model, Result, Status
from dapcli.verbs.models.execution import SessionInfo, StopState

__all__ = [
    "AdapterInfo", "AdaptersResult", "ConfigsResult", "DoctorCheck", "DoctorResult", "EndResult",
    "LaunchConfigView", "SessionsResult", "StatusResult",
]


class SessionsResult(Result):
    sessions: list[SessionInfo]


class StatusResult(Result):
    """A session's state, its last stop (or exit) and what runs it."""

    session: str
    state: Status
    adapter: str
    program: str | None = None
    #: In a test run (``debugTest``): the id of the failing test the program is stopped in.
    test_id: str | None = None
    runtime: str | None = None
    request: str = "launch"
    debuggee_pid: int | None = None
    adapter_pid: int | None = None
    host_pid: int | None = None
    exit_code: int | None = None
    breakpoints: int = 0
    output_chunks: int = 0
    #: Output chunks the ring buffer dropped (oldest first) to stay bounded.
    output_dropped: int = 0
    output_dropped_bytes: int = 0
    stop: StopState | None = None
    uptime_ms: float | None = None
    #: A ``pause`` was sent this many seconds ago and the program is still running.
    pause_pending_s: float | None = None


class EndResult(Result):
    session: str
    status: Literal["terminated", "detached"]
    exit_code: int | None = None
    #: What the user should know about the program that was left (detached, or still alive).
    note: str | None = None


class AdapterInfo(Model):
    """One adapter family: ``found`` with ``path``/``version``, or an ``install_hint``."""

    name: str
    aliases: list[str] = []  # noqa: RUF012  (a pydantic field)
    description: str
    found: bool
    path: str | None = None
    version: str | None = None
    install_hint: str | None = None
    extensions: list[str] = []  # noqa: RUF012  (a pydantic field)
    #: The adapters file that adds or changes this adapter (user or project).
    config_file: str | None = None
    #: Said before use: a project file chooses the command that runs.
    warning: str | None = None


class AdaptersResult(Result):
    adapters: list[AdapterInfo]


class LaunchConfigView(Model):
    """One configuration of ``.vscode/launch.json`` as written (variables not resolved);
    ``adapter`` is the dapcli family its ``type`` maps to."""

    name: str
    type: str | None = None
    adapter: str | None = None
    request: str | None = None
    program: str | None = None


class ConfigsResult(Result):
    """The configurations of the ``launch.json`` at ``path``; ``compounds`` are listed but
    dapcli does not run them."""

    path: str
    workspace_folder: str
    configurations: list[LaunchConfigView]
    compounds: list[str] | None = None


class DoctorCheck(Model):
    """One check of ``doctor``: ``status`` ok, warn or fail, what was found (``detail``) and
    what to do about it (``hint``)."""

    name: str
    status: Literal["ok", "warn", "fail"]
    detail: str
    hint: str | None = None


class DoctorResult(Result):
    """What ``doctor`` checked for ``program`` (or the project in ``cwd``); ``ok`` when no
    check failed."""

    program: str | None = None
    cwd: str
    adapter: str | None = None
    ok: bool
    checks: list[DoctorCheck]
