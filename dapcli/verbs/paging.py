"""Asking the adapter for one page of children instead of fetching them all.

A 100,000-element array costs seconds to fetch whole; the adapters that honour ``start`` and
``count`` (``AdapterSpec.pages_variables``: lldb-dap, CodeLLDB, Delve, gdb) return one page in
milliseconds. The page needs the number of children to report a total: every variable seen at
this stop remembers its ``namedVariables + indexedVariables`` under its ``variablesReference``
(references die on resume, so the table is per stop). debugpy ignores ``start``/``count``
(adapter-facts.md): it, and any reference of unknown size, is paged on the client.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable

from dapcli.engine.session import Session
from dapcli.protocol import types as t

__all__ = ["fetch_page", "remember"]

_SIZES: weakref.WeakKeyDictionary[Session, tuple[int, dict[int, int]]] = weakref.WeakKeyDictionary()


def remember(session: Session, variables: Iterable[t.Variable]) -> None:
    """Record how many children each structured variable of this stop has."""
    generation, sizes = _SIZES.get(session, (session.generation, {}))
    if generation != session.generation:
        sizes = {}
    for variable in variables:
        children = (variable.namedVariables or 0) + (variable.indexedVariables or 0)
        if variable.variablesReference > 0 and children:
            sizes[variable.variablesReference] = children
    _SIZES[session] = (session.generation, sizes)


def _size(session: Session, reference: int) -> int | None:
    generation, sizes = _SIZES.get(session, (-1, {}))
    return sizes.get(reference) if generation == session.generation else None


async def fetch_page(session: Session, reference: int, start: int, count: int) -> tuple[list[t.Variable], int] | None:
    """``(children[start:start+count], total)`` asked of the adapter (DAP ``variables`` with
    ``start``/``count``); None when the adapter cannot page or the size of ``reference`` is
    unknown (then fetch everything and page on the client)."""
    if not getattr(session.adapter, "pages_variables", False) or count <= 0:
        return None
    total = _size(session, reference)
    if total is None:
        return None
    if start >= total:
        return [], total
    body = await session.request(
        "variables", t.VariablesArguments(variablesReference=reference, start=start, count=min(count, total - start)),
        t.VariablesResponse,
    )
    remember(session, body.variables)
    return body.variables[:count], total
