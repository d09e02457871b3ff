"""The sessions one process owns, by name (a session host owns exactly one)."""

from __future__ import annotations

import re
from collections.abc import Callable

from dapcli.engine.processes import Watchdog
from dapcli.engine.session import Session
from dapcli.engine.watchmark import own_mark
from dapcli.errors import SessionError, UsageError

__all__ = ["SessionManager", "check_name"]

_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")


def check_name(name: str) -> str:
    """Return ``name`` if it is a valid session name. Raises UsageError otherwise."""
    if not isinstance(name, str) or not _NAME.fullmatch(name) or name.startswith("."):
        raise UsageError(
            f"invalid session name: {name!r}", "use letters, digits, '.', '_' or '-' (at most 64)"
        )
    return name


class SessionManager:
    """Sessions by name. ``watchdog`` (if any) is handed to every new session."""

    def __init__(self, watchdog: Watchdog | None = None, *, auto_watchdog: bool = True) -> None:
        self.sessions: dict[str, Session] = {}
        self._watchdog = watchdog
        self._auto_watchdog = auto_watchdog
        self.on_change: list[Callable[[str, Session], None]] = []
        #: Called with each session added (launch/attach) and each name removed (stop).
        self.on_add: list[Callable[[Session], None]] = []
        self.on_remove: list[Callable[[str], None]] = []
        #: More places a session name may be taken (a session host: other hosts' session files).
        self.name_checks: list[Callable[[str], bool]] = []
        self.host_pid: int | None = None

    @property
    def watchdog(self) -> Watchdog | None:
        """The watchdog that ends adapters if this process dies; started on first use (so a
        SIGKILLed REPL, MCP server or recipe run leaves nothing behind either)."""
        if self._watchdog is None and self._auto_watchdog:
            self._watchdog = Watchdog()
        if self._watchdog is not None:
            own_mark()  # asked for before each new session's adapter starts: it must carry the mark
        return self._watchdog

    def get(self, name: str) -> Session:
        """The session ``name``. Raises SessionError naming the sessions that exist."""
        session = self.sessions.get(name)
        if session is None:
            known = ", ".join(sorted(self.sessions)) or "none"
            raise SessionError(
                f"no session named '{name}' (sessions: {known})",
                "start one with `dapcli launch PROGRAM`, or pick one with --session NAME",
            )
        return session

    def add(self, session: Session) -> Session:
        self.sessions[session.name] = session
        for listener in self.on_change:
            session.listeners.append(listener)
        session.subprocesses.on_child = self._add_child
        session.subprocesses.name_taken = self.name_taken
        for callback in self.on_add:
            callback(session)
        return session

    def _add_child(self, child: Session) -> None:
        """A subprocess session joins the tree; it leaves the manager when it is ended."""
        self.add(child)
        child.listeners.append(self._forget_ended_child)

    def _forget_ended_child(self, what: str, session: Session) -> None:
        if what == "ended" and session.parent is not None and session.parent.ended:
            self.remove(session.name)

    def name_taken(self, name: str) -> bool:
        """Whether ``name`` is a session here, or taken elsewhere as :attr:`name_checks` say."""
        return name in self.sessions or any(check(name) for check in self.name_checks)

    def remove(self, name: str) -> None:
        """Forget ``name`` and its subprocess sessions (by their parent: never another session
        whose name only looks like a child's, e.g. one the user named ``default.1``)."""
        session = self.sessions.get(name)
        for other in [n for n, s in self.sessions.items() if session is not None and s.parent is session]:
            self.remove(other)
        if self.sessions.pop(name, None) is not None:
            for callback in self.on_remove:
                callback(name)
