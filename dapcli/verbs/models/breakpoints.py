"""Results of the breakpoint verbs (line, function, data breakpoints, exception filters) and of
the watch and trace verbs."""

from __future__ import annotations

from dapcli.verbs.models.base import Model, Result
from dapcli.verbs.models.execution import StopState, WatchView

__all__ = [
    "BreakpointResult", "BreakpointView", "BreakpointsResult", "DataBreakpointView", "DataBreakpointsResult",
    "ExceptionFilterView", "ExceptionFiltersResult", "TraceHit", "TraceResult", "WatchesResult",
]


class BreakpointView(Model):
    """A breakpoint: dapcli's ``id``; ``line`` as asked, ``actual_line`` as the adapter placed it."""

    id: int
    path: str | None = None
    line: int | None = None
    function: str | None = None
    condition: str | None = None
    hit_condition: str | None = None
    log_message: str | None = None
    verified: bool
    actual_line: int | None = None
    message: str | None = None
    #: The file the adapter placed it in, when it says (a function breakpoint's source).
    actual_path: str | None = None
    #: dapcli's note: e.g. the file is not on this machine, or the adapter does not announce
    #: the capability it needs (sent anyway: the adapter's answer is in ``verified``/``message``).
    warning: str | None = None
    #: The trimmed text of the statement it follows when its file is edited (a line breakpoint).
    statement: str | None = None
    #: The text of ``actual_line`` when the adapter bound it to another line than asked
    #: (``requested 16, bound to 17: <text>``).
    bound_text: str | None = None
    #: Its statement is no longer in the edited file: it kept its line (which holds other code).
    stale: bool | None = None
    #: The parts dapcli does in the adapter's place (``hitCondition``: it counts the hits, a
    #: stop per hit; ``logMessage``: it writes the message at a stop per hit), None: all native.
    emulated: list[str] | None = None


class BreakpointsResult(Result):
    breakpoints: list[BreakpointView]
    removed: list[int] | None = None
    #: Watchpoints (data breakpoints) deleted too: ``break clear`` without a location.
    removed_data_breakpoints: list[int] | None = None
    #: dapcli's note: e.g. the edit is recorded but not yet sent (an interrupted evaluation runs).
    warning: str | None = None


class BreakpointResult(BreakpointView, Result):
    """One breakpoint as added (see :class:`BreakpointView`); ``notes``: what happened to the
    file's other breakpoints when it was sent (moved with their statements, stale)."""

    notes: list[str] | None = None


class ExceptionFilterView(Model):
    """One of the adapter's ``exceptionBreakpointFilters`` and whether it is on."""

    filter: str
    label: str
    description: str | None = None
    default: bool = False
    enabled: bool = False
    condition: str | None = None
    supports_condition: bool = False


class ExceptionFiltersResult(Result):
    filters: list[ExceptionFilterView]
    #: dapcli's note: e.g. the choice is recorded but not yet sent (an interrupted evaluation runs).
    warning: str | None = None


class DataBreakpointView(Model):
    """A data breakpoint (watchpoint): the adapter's ``dataId`` and what it watches."""

    id: int
    name: str
    data_id: str
    description: str | None = None
    access_type: str | None = None
    condition: str | None = None
    hit_condition: str | None = None
    verified: bool = False
    message: str | None = None


class DataBreakpointsResult(Result):
    data_breakpoints: list[DataBreakpointView]
    removed: list[int] | None = None


class WatchesResult(Result):
    """The watch expressions left; after ``removeWatch``, the ``removed`` ids and their
    ``removed_expressions`` (in the same order)."""

    watches: list[WatchView]
    removed: list[int] | None = None
    removed_expressions: list[str] | None = None

    def removed_text(self) -> str | None:
        """``deleted watch 1 (x), watch 2 (y)`` after ``removeWatch``; else None."""
        if not self.removed:
            return None
        texts = self.removed_expressions or []
        return "deleted " + ", ".join(f"watch {i}" + (f" ({texts[n]})" if n < len(texts) else "")
                                      for n, i in enumerate(self.removed))


class TraceHit(Model):
    """One pass over the traced line: ``values`` by expression (errors in ``errors``)."""

    hit: int
    thread_id: int | None = None
    values: dict[str, str]
    errors: dict[str, str] | None = None
    #: Characters left out of a value cut at 200 (its text ends ``…``), by expression.
    cut: dict[str, int] | None = None


class TraceResult(Result):
    """Values collected at each hit of a line without stopping there (value history)."""

    path: str
    line: int
    expressions: list[str]
    hits: list[TraceHit]
    limit_reached: bool = False
    stop: StopState | None = None
