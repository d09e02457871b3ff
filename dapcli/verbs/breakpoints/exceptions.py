"""Exception breakpoints: the adapter's ``exceptionBreakpointFilters``, and choosing them
(DAP ``setExceptionBreakpoints``)."""

from __future__ import annotations

from typing import Annotated

from dapcli.engine import persist
from dapcli.engine.session import Session
from dapcli.errors import PreconditionError, UsageError
from dapcli.verbs.context import VerbContext
from dapcli.verbs.models import ExceptionFiltersResult, ExceptionFilterView
from dapcli.verbs.registry import Param, verb


def _views(session: Session) -> list[ExceptionFilterView]:
    available = session.capabilities.exceptionBreakpointFilters or []
    chosen = session.exception_filters
    if chosen is None:
        chosen = [(name, None) for name in session.default_exception_filters()]
    on = dict(chosen)
    return [
        ExceptionFilterView(filter=f.filter, label=f.label, description=f.description, default=bool(f.default),
                            enabled=f.filter in on, condition=on.get(f.filter),
                            supports_condition=bool(f.supportsCondition))
        for f in available
    ]


@verb(group="breakpoints", name="exceptionFilters", needs="session", read_only=True, cli=("exceptions", "list"))
async def exception_filters(ctx: VerbContext) -> ExceptionFiltersResult:
    """List the adapter's exception filters, their defaults and which are on."""
    return ExceptionFiltersResult(filters=_views(ctx.session()))


@verb(group="breakpoints", name="setExceptionBreakpoints", needs="alive", cli=("exceptions", "set"))
async def set_exception_breakpoints(
    ctx: VerbContext,
    filters: Annotated[list[str], Param(help="filter ids to turn on (none: stop on no exception)",
                                        positional=True)] = [],  # noqa: B006
    condition: Annotated[str | None, Param(help="only stop when this expression is true (where supported)")] = None,
) -> ExceptionFiltersResult:
    """Choose on which exceptions to stop (e.g. raised, uncaught)."""
    session = ctx.session()
    available = {f.filter: f for f in session.capabilities.exceptionBreakpointFilters or []}
    unknown = [f for f in filters if f not in available]
    if unknown:
        raise UsageError(f"unknown exception filter: {', '.join(unknown)}",
                         f"valid filters: {', '.join(available) or 'none (this adapter has none)'}")
    if condition and not (session.supports("supportsExceptionFilterOptions")
                          and all(available[f].supportsCondition for f in filters)):
        raise PreconditionError(f"{session.adapter.name} cannot put conditions on these exception filters "
                                "(supportsExceptionFilterOptions / supportsCondition)")
    previous = session.exception_filters
    session.exception_filters = [(f, condition) for f in filters]
    try:
        deferred = await session.apply_exception_filters()
    except Exception:
        session.exception_filters = previous
        raise
    persist.save(session)
    return ExceptionFiltersResult(filters=_views(session), warning=deferred)
