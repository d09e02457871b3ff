"""Watch (display) expressions, evaluated and shown at every stop in every frontend."""

from __future__ import annotations

from typing import Annotated

from dapcli.engine import persist
from dapcli.engine.session import SessionState
from dapcli.errors import UsageError
from dapcli.verbs.context import VerbContext
from dapcli.verbs.models import WatchesResult, WatchView
from dapcli.verbs.registry import Param, verb
from dapcli.verbs.shared.bounds import not_blank
from dapcli.verbs.shared.stop.stopstate import evaluate_watches


async def _views(ctx: VerbContext) -> list[WatchView]:
    session = ctx.session()
    if session.state is SessionState.STOPPED and session.selected_frame_id is not None:
        return await evaluate_watches(session)
    return [WatchView(id=w.id, expression=w.expression, value=w.value, error=w.error,
                      note=_note(session.ended, session.state, w.value is not None or w.error is not None))
            for w in session.watches.items.values()]


def _note(ended: bool, state: SessionState, evaluated: bool) -> str | None:
    """Why a watch's value is not this stop's: the program runs or has ended (the value shown is
    the last stop's), or it has not stopped since the watch was added."""
    if ended:
        return "at the last stop; the program has ended" if evaluated else "no value: the program ended before a stop"
    if state is SessionState.RUNNING:
        return "at the last stop; the program runs" if evaluated else "no value yet: shown at the next stop"
    return None if evaluated else "no value yet: shown at the next stop"


@verb(group="watches", name="addWatch", needs="session", cli=("watch", "add"), aliases=("display",))
async def add_watch(
    ctx: VerbContext,
    expression: Annotated[str | None, Param(help="expression to show at every stop (omit: list the watches, "
                                                 "as gdb's display)", complete="expression",
                                            positional=True, check=not_blank, example="x")] = None,
) -> WatchesResult:
    """Add a watch expression, shown (and marked when changed) at every stop.

    Raises UsageError when the same expression is already watched (naming its id)."""
    if expression is None:  # `display` alone: gdb lists the displays
        return WatchesResult(watches=await _views(ctx))
    same = next((w for w in ctx.session().watches.items.values() if w.expression.strip() == expression.strip()),
                None)
    if same is not None:
        raise UsageError(f"{expression.strip()} is already watched (watch {same.id})",
                         f"see `dapcli watch list`; `dapcli watch delete {same.id}` removes it")
    ctx.session().watches.add(expression)
    persist.save(ctx.session())
    return WatchesResult(watches=await _views(ctx))


@verb(group="watches", name="listWatches", needs="session", read_only=True, cli=("watch", "list"))
async def list_watches(ctx: VerbContext) -> WatchesResult:
    """Show every watch expression with its current value."""
    return WatchesResult(watches=await _views(ctx))


@verb(group="watches", name="removeWatch", needs="session", cli=("watch", "delete"), aliases=("undisplay",))
async def remove_watch(
    ctx: VerbContext,
    ids: Annotated[list[int], Param(help="watch ids to remove (see watch list)", positional=True)],
) -> WatchesResult:
    """Remove watch expressions by id.

    The result names each one removed, with its expression (``removedExpressions``).
    """
    session = ctx.session()
    missing = [i for i in ids if i not in session.watches.items]
    if missing or not ids:
        known = ", ".join(str(i) for i in session.watches.items) or "none"
        raise UsageError(f"no watch {', '.join(map(str, missing))} (watches: {known})" if missing
                         else "name the watch ids to remove", "see `dapcli watch list`")
    expressions = [session.watches.items[i].expression for i in dict.fromkeys(ids)]
    removed = session.watches.remove(list(dict.fromkeys(ids)))
    persist.save(session)
    return WatchesResult(watches=await _views(ctx), removed=removed, removed_expressions=expressions)
