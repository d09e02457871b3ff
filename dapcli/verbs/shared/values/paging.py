"""Asking the adapter for one page of children instead of fetching them all.

A 100,000-element array costs seconds to fetch whole; the adapters that honour ``start`` and
``count`` (``AdapterSpec.pages_variables``: lldb-dap, CodeLLDB, Delve, gdb) return one page in
milliseconds. The page needs the number of children to report a total: every variable seen at
this stop remembers its ``namedVariables`` and ``indexedVariables`` under its
``variablesReference`` on the stop's :class:`~dapcli.engine.refs.StopHandles` (references die
on resume). The children are
the named ones first, then the indexed ones. The indexed ones are asked for with
``filter: "indexed"``: Delve honours ``start``/``count`` only then (without a filter it sends
its first 64 elements, whatever was asked); the others ignore the filter. The named ones, if
any, are fetched with ``filter: "named"``. debugpy ignores ``start``/``count``
(adapter-facts.md): it, and any reference of unknown size, is paged on the client.
"""

from __future__ import annotations

from collections.abc import Iterable

from dapcli.engine.session import Session
from dapcli.protocol import types as t
from dapcli.verbs.shared.values.snapshot import fresh

__all__ = ["fetch_page", "frame_of", "remember"]


def frame_of(session: Session, reference: int) -> int | None:
    """The frameId that the scope or value ``reference`` was read in at this stop, or None."""
    stop = session.at_stop
    return stop.scope_frames.get(reference, stop.value_frames.get(reference))


def remember(session: Session, variables: Iterable[t.Variable], parent: int | None = None,
             frame_id: int | None = None) -> None:
    """Record how many named and indexed children each structured variable of this stop has,
    and the frame it was read in: ``frame_id``, else that of ``parent`` (the reference they are
    the children of)."""
    stop = session.at_stop
    frame = frame_id if frame_id is not None else frame_of(session, parent) if parent is not None else None
    returned = session.adapter.return_value_clear and session.adapter.return_value_local
    for variable in variables:
        if returned and frame is not None and variable.name.startswith(returned):
            stop.return_frames.add(frame)  # a return value is shown here: forgotten before the program runs on
        named, indexed = variable.namedVariables or 0, variable.indexedVariables or 0
        if variable.variablesReference > 0 and named + indexed:
            stop.sizes[variable.variablesReference] = (named, indexed)
        if variable.variablesReference > 0 and frame is not None:
            stop.value_frames[variable.variablesReference] = frame


async def _ask(session: Session, reference: int, filter: str | None, start: int, count: int) -> list[t.Variable]:
    """One DAP ``variables`` request for ``count`` children from ``start`` (a page, or the whole
    list cut on the client if the adapter sent more than asked for)."""
    body = await session.request(
        "variables", t.VariablesArguments(variablesReference=reference, filter=filter, start=start, count=count),
        t.VariablesResponse,
    )
    found = await fresh(session, reference, list(body.variables))
    remember(session, found, reference)
    if len(found) > count:  # the adapter ignored start/count
        found = found[start: start + count]
    return found


async def fetch_page(session: Session, reference: int, start: int, count: int) -> tuple[list[t.Variable], int] | None:
    """``(children[start:start+count], total)`` asked of the adapter (DAP ``variables`` with
    ``start``/``count``); None when the adapter cannot page or the size of ``reference`` is
    unknown (then fetch everything and page on the client)."""
    if not getattr(session.adapter, "pages_variables", False) or count <= 0:
        return None
    size = session.at_stop.sizes.get(reference)
    if size is None:
        return None
    named, indexed = size
    total = named + indexed
    if start >= total:
        return [], total
    if not indexed:
        return await _ask(session, reference, None, start, min(count, total - start)), total
    page: list[t.Variable] = []
    if start < named:
        page = await _ask(session, reference, "named", start, min(count, named - start))
    first = max(0, start - named)
    wanted = min(count - len(page), indexed - first)
    if wanted > 0:
        page += await _ask(session, reference, "indexed", first, wanted)
    return page[:count], total
