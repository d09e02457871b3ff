"""debugpy's grouped big containers, paged as the one list they stand for.

debugpy lists a container's first 100 items, then an entry ``more`` (type ``MoreItems``, value
``...``) whose children are ranges ``[100:1100]``, ``[1100:2100]``… (type ``MoreItemsRange``) of
up to 1000 items each, then ``len()``; when the rest fits in one range, ``more`` is that range itself (type
``MoreItemsRange``, value ``[100:500]``). Counted as sent, a 2,500-item list has 102 children and
``vars --start 150`` finds nothing. Here the ``more`` entry stands for its items: the total counts
every item (the size of each range is in its name), and a page fetches only the ranges it
overlaps (one ``variables`` request each).
"""

from __future__ import annotations

import re

from dapcli.engine.session import Session
from dapcli.protocol import types as t

__all__ = ["grouped_total", "grouped_window"]

_RANGE = re.compile(r"^\[(\d+):(\d+)\]$")


def _more_index(found: list[t.Variable]) -> int | None:
    for index, variable in enumerate(found):
        if variable.name == "more" and variable.type in ("MoreItems", "MoreItemsRange") \
                and variable.variablesReference > 0:
            return index
    return None


async def _ranges(session: Session, more: t.Variable, timeout: float) -> list[tuple[int, t.Variable]]:
    """(size, range entry) of each ``[a:b]`` child of ``more``, or of ``more`` itself when it is one range."""
    if more.type == "MoreItemsRange":
        found = _RANGE.match(more.value)
        return [(int(found.group(2)) - int(found.group(1)), more)] if found else []
    body = await session.request("variables", t.VariablesArguments(variablesReference=more.variablesReference),
                                 t.VariablesResponse, timeout=timeout)
    ranges = []
    for child in body.variables:
        found = _RANGE.match(child.name)
        if found and child.variablesReference > 0:
            ranges.append((int(found.group(2)) - int(found.group(1)), child))
    return ranges


async def grouped_total(session: Session, found: list[t.Variable], timeout: float) -> int | None:
    """How many children ``found`` stands for when it holds debugpy's ``more`` entry (its items
    counted instead of it), else None."""
    index = _more_index(found)
    if index is None:
        return None
    return len(found) - 1 + sum(size for size, _ in await _ranges(session, found[index], timeout))


async def grouped_window(session: Session, found: list[t.Variable], start: int, count: int,
                         timeout: float) -> tuple[list[t.Variable], int] | None:
    """``(children[start:start+count], total)`` of the list ``found`` stands for, with
    debugpy's ``more`` entry replaced by its items (fetched only where the page needs them);
    None when ``found`` has no such entry."""
    index = _more_index(found)
    if index is None:
        return None
    before, after = found[:index], found[index + 1:]
    ranges = await _ranges(session, found[index], timeout)
    total = len(before) + sum(size for size, _ in ranges) + len(after)
    end = start + max(0, count)
    page = list(before[start:end])
    offset = len(before)
    for size, entry in ranges:
        if offset + size > start and offset < end:
            body = await session.request(
                "variables", t.VariablesArguments(variablesReference=entry.variablesReference), t.VariablesResponse,
                timeout=timeout)
            page += body.variables[max(0, start - offset): end - offset]
        offset += size
    page += after[max(0, start - offset): max(0, end - offset)]
    return page, total
