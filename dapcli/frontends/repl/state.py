"""What the REPL knows about its session between commands: the last stop, the selected frame,
and caches for completion and the toolbar, filled from the results it has seen (never from a
round trip while the user types)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dapcli.verbs import models as m

__all__ = ["ReplState", "signature"]

ENDED = ("exited", "terminated")


def signature(stop: m.StopState | None) -> tuple[Any, ...] | None:
    """What tells two stops apart (DAP frame ids are new at every stop)."""
    if stop is None:
        return None
    top = stop.frames[0].id if stop.frames else None
    line = stop.location.line if stop.location else None
    return stop.status, stop.thread_id, top, line, stop.exit_code, stop.generation


@dataclass
class ReplState:
    """The REPL's view of one session. ``live`` is the in-process engine session (None for a
    joined hosted session), read for its cached fields only."""

    session: str
    hosted: bool = False
    live: Any = None
    status: str | None = None
    adapter: str | None = None
    last_stop: m.StopState | None = None
    seen: tuple[Any, ...] | None = None
    frames: list[m.Frame] = field(default_factory=list)
    frame_index: int = 0
    frame_thread: int | None = None
    locals: list[str] = field(default_factory=list)
    threads: dict[int, str] = field(default_factory=dict)
    breakpoints: dict[int, m.BreakpointView] = field(default_factory=dict)
    temporary: dict[int, m.BreakpointView] = field(default_factory=dict)
    watches: dict[int, str] = field(default_factory=dict)
    output_seq: int = 0
    #: Output chunks the ring buffer had dropped when the REPL last said so.
    output_dropped: int = 0

    # -- reading ---------------------------------------------------------------------------------
    def current_status(self) -> str | None:
        if self.live is not None:
            return str(self.live.state.value)
        return self.status

    def current_adapter(self) -> str | None:
        if self.live is not None:
            return str(self.live.adapter.name)
        return self.adapter

    @property
    def alive(self) -> bool:
        status = self.current_status()
        return status is not None and status not in ENDED

    @property
    def selected_frame(self) -> m.Frame | None:
        return next((f for f in self.frames if f.index == self.frame_index), None)

    def breakpoint_ids(self) -> dict[int, str]:
        """Breakpoint id → where, from the engine's book (in-process) or the results seen."""
        if self.live is not None:
            return {e.id: _where(e.path, e.line, e.function) for e in self.live.book.entries.values()}
        return {b.id: _where(b.path, b.line, b.function) for b in self.breakpoints.values()}

    def watch_ids(self) -> dict[int, str]:
        """Watch (display) id → expression."""
        if self.live is not None:
            return {w.id: w.expression for w in self.live.watches.items.values()}
        return dict(self.watches)

    def thread_ids(self) -> dict[int, str]:
        found = dict(self.threads)
        if self.live is not None:
            found.update({t.id: t.name for t in self.live.threads})
        if self.last_stop is not None and self.last_stop.thread_id is not None:
            found.setdefault(self.last_stop.thread_id, "stopped thread")
        return found

    # -- learning from results -------------------------------------------------------------------
    def note(self, result: m.Result) -> None:
        """Update the caches from any verb result."""
        if isinstance(result, m.StopState):
            self.note_stop(result)
        elif isinstance(result, m.InputResult) and result.stop is not None:
            self.note_stop(result.stop)
        elif isinstance(result, m.StatusResult):
            self.status, self.adapter = result.state, result.adapter
            if result.stop is not None and signature(result.stop) != self.seen:
                self.note_stop(result.stop, keep_locals=True)
        elif isinstance(result, m.ThreadsResult):
            self.threads = {t.id: t.name for t in result.threads}
        elif isinstance(result, m.StackResult):
            if result.frames and result.frames[0].index == 0 and self.frame_thread in (None, result.thread_id):
                self.frames = list(result.frames)
        elif isinstance(result, m.BreakpointsResult):
            self.breakpoints = {b.id: b for b in result.breakpoints}
            for removed in result.removed or []:
                self.temporary.pop(removed, None)
        elif isinstance(result, m.BreakpointView):
            self.breakpoints[result.id] = result
        elif isinstance(result, m.WatchesResult):
            self.watches = {w.id: w.expression for w in result.watches}
        elif isinstance(result, m.FrameResult):
            same = self.frame_thread in (None, result.thread_id)
            kept = [f for f in self.frames if same and f.index != result.frame.index]
            self.frames = sorted([*kept, result.frame], key=lambda f: f.index)
            self.frame_index, self.frame_thread = result.frame.index, result.thread_id
        elif isinstance(result, m.EndResult):
            self.status = "terminated"
            self.temporary.clear()

    def note_stop(self, stop: m.StopState, keep_locals: bool = False) -> None:
        self.status = stop.status
        if stop.status == "running":
            return
        self.last_stop = stop
        self.seen = signature(stop)
        self.frame_index, self.frame_thread = 0, stop.thread_id
        self.frames = list(stop.frames or [])
        if stop.thread_id is not None:
            self.threads.setdefault(stop.thread_id, "thread")
        if stop.locals is not None or not keep_locals:
            self.locals = [v.name for v in stop.locals or []]
        if stop.watches is not None:
            self.watches = {w.id: w.expression for w in stop.watches}
        if stop.status in ENDED:
            self.temporary.clear()

    # -- the toolbar -----------------------------------------------------------------------------
    def location_text(self) -> str:
        frame = self.selected_frame
        if frame is not None and self.current_status() == "stopped":
            where = f"{_base(frame.path or frame.source_name)}:{frame.line} in {frame.name}"
            return where + (f" (frame {self.frame_index})" if self.frame_index else "")
        return ""


def _base(path: str | None) -> str:
    return (path or "?").rsplit("/", 1)[-1]


def _where(path: str | None, line: int | None, function: str | None) -> str:
    return f"{_base(path)}:{line}" if path else f"function {function}"
