"""Variables as shown: a scope's or a value's children fetched from the adapter, each cut to
a bounded text, and trees of them expanded to a bounded depth and size."""

from __future__ import annotations

import fnmatch
from collections import Counter

from dapcli.engine.session import Session
from dapcli.errors import DapTimeoutError, PreconditionError, RequestError
from dapcli.protocol import types as t
from dapcli.verbs.models import VariableView
from dapcli.verbs.shared.redact.text import cut_point
from dapcli.verbs.shared.values.fullvalue import adapter_mark
from dapcli.verbs.shared.values.groups import GROUP_NAMES, is_group
from dapcli.verbs.shared.values.identity import identity, is_pointer
from dapcli.verbs.shared.values.moreitems import grouped_window
from dapcli.verbs.shared.values.paging import fetch_page, remember
from dapcli.verbs.shared.values.preview import is_summary
from dapcli.verbs.shared.values.scopefallback import scope_by_names, with_block_locals
from dapcli.verbs.shared.values.shown import escaped_string, shown_name
from dapcli.verbs.shared.values.snapshot import fresh

__all__ = [
    "MAX_NODES", "MAX_VALUE", "NOISE", "NOT_AVAILABLE", "VALUE_TIMEOUT", "cut_value", "expand", "fetch_grouped",
    "fetch_variables", "filter_names", "listed_once", "variable_view",
]

#: Longest value text kept before it is cut (characters); callers can ask for more.
MAX_VALUE = 200
#: Most nodes a variable tree may hold, whatever its depth (cycles and huge values stay bounded).
MAX_NODES = 400
#: Longest wait for one ``variables`` request of ``vars``/``evaluate`` expansion (s).
VALUE_TIMEOUT = 15.0
NOT_AVAILABLE = "<not available: timed out>"


def variable_view(variable: t.Variable, max_value: int = MAX_VALUE, adapter: str = "") -> VariableView:
    """``variable`` as shown: its value cut at ``max_value`` characters (0: whole), with a note
    when the ``adapter`` (its family name, e.g. ``go``) cut the value itself; then
    ``value_truncated`` (how many characters are left out) is None: dapcli does not know how
    long the whole value is, and the note says what shows it."""
    summary = variable.variablesReference > 0 and is_summary(variable.value, variable.type)
    # a native summary (``item[2] @ 0x…``, ``{...}``) is replaced by its preview, which is cut then
    value, cut = cut_value(escaped_string(variable.value, variable.type, adapter), 0 if summary else max_value)
    note = adapter_mark(variable.value, variable.variablesReference, adapter, whole=bool(variable.evaluateName))
    return VariableView(
        name=shown_name(variable.name, variable.evaluateName), value=value, type=variable.type or None,
        variables_reference=variable.variablesReference, evaluate_name=variable.evaluateName,
        named_variables=variable.namedVariables, indexed_variables=variable.indexedVariables,
        # a count of what dapcli cut from a text the adapter had cut already would not be what is missing
        value_truncated=(cut or None) if note is None else None, read_only=_read_only(variable) or None,
        value_cut_by_adapter=note,
        memory_reference=variable.memoryReference,
        lazy=bool(variable.presentationHint and variable.presentationHint.lazy) or None,
    )


def _read_only(variable: t.Variable) -> bool:
    hint = variable.presentationHint
    return bool(hint and "readOnly" in (hint.attributes or []))


def cut_value(text: str, limit: int) -> tuple[str, int]:
    """``text`` cut to about ``limit`` characters (0: whole) with ``…``, and how many were left
    out. A secret that the cut would split (a URL's password before its ``@``) is kept whole
    (:func:`~dapcli.verbs.shared.redact.text.cut_point`): the redaction that a frontend applies
    later recognises it, and the cut stays marked after it."""
    if limit <= 0 or len(text) <= limit:
        return text, 0
    end = cut_point(text, limit)
    return (text, 0) if end >= len(text) else (text[:end] + "…", len(text) - end)


async def fetch_variables(session: Session, reference: int, timeout: float = VALUE_TIMEOUT) -> list[t.Variable]:
    """All children of ``reference`` (see :func:`~dapcli.verbs.shared.values.paging.fetch_page` for one page)
    but debugpy's grouping rows. Raises DapTimeoutError after ``timeout`` s (a ``__repr__`` that hangs)."""
    return (await fetch_grouped(session, reference, timeout))[0]


async def fetch_grouped(session: Session, reference: int,
                        timeout: float = VALUE_TIMEOUT) -> tuple[list[t.Variable], list[t.Variable]]:
    """``(children, groups)`` of ``reference``: its children but debugpy's grouping rows
    (``special variables``, ``function variables``, …), and those rows (DAP ``variables``).
    Raises DapTimeoutError after ``timeout`` s."""
    try:
        body = await session.request(
            "variables", t.VariablesArguments(variablesReference=reference), t.VariablesResponse, timeout=timeout
        )
        listed = await with_block_locals(session, reference, list(body.variables), timeout)
    except RequestError:  # one local the adapter cannot read fails the whole scope (cdt): list it by names
        fallback = await scope_by_names(session, reference, timeout)
        if fallback is None:
            raise
        listed = fallback
    listed = await fresh(session, reference, listed)
    remember(session, listed, reference)
    # debugpy's empty grouping rows ("special variables", …) are not the program's variables
    found = [v for v in listed if not is_group(v)]
    return _shadowed(listed_once(found)), [v for v in listed if is_group(v)]


def listed_once(found: list[t.Variable]) -> list[t.Variable]:
    """``found`` with each variable once when every one of them is listed exactly twice, in any
    order: cdt-gdb-adapter lists a frame's locals twice (``a, b, a, b`` or ``a, a, b, b``) once
    gdb's variable objects were created twice (two overlapping requests, a block left)."""
    counts = Counter(_identity(v) for v in found)
    if not counts or any(n != 2 for n in counts.values()):
        return found
    once: dict[tuple[str, str, str | None, str | None], t.Variable] = {}
    for variable in found:
        once.setdefault(_identity(variable), variable)
    return list(once.values())


def _shadowed(found: list[t.Variable]) -> list[t.Variable]:
    """``found`` with a variable that an inner block's one of the same name hides marked as such:
    cdt-gdb-adapter lists both (inner first) and reads both by name, so it gives the outer one
    the inner one's value (lldb-dap names them apart, ``x @ f.c:3``, and reads each)."""
    seen: dict[tuple[str, str], str] = {}
    out = []
    for variable in found:
        key = (variable.name, variable.evaluateName or "")
        if variable.evaluateName and seen.get(key) == variable.value:
            variable = variable.model_copy(update={
                "value": f"<not available: hidden by an inner {variable.name}>",
                "variablesReference": 0})
        else:
            seen.setdefault(key, variable.value)
        out.append(variable)
    return out


def _identity(v: t.Variable) -> tuple[str, str, str | None, str | None]:
    return v.name, v.value, v.type, v.evaluateName


async def expand(
    session: Session, views: list[VariableView], depth: int, *, count: int, max_value: int,
    budget: list[int] | None = None, path: tuple[tuple[str, str], ...] = (), frame_id: int | None = None,
    pointee: str | None = None,
) -> None:
    """Fill ``children`` of ``views`` down to ``depth`` levels (each list cut to ``count``;
    the whole tree to :data:`MAX_NODES`). A value that is the same object as one on its
    ``path`` (``(identity, evaluateName)`` of each value above it; see
    :func:`~dapcli.verbs.shared.values.identity.identity`, read in frame ``frame_id``) is marked
    as a cycle back to that one (``cycle``) and not expanded again; values that only print the
    same are expanded each. ``pointee``: the identity of the object the parent points to (Delve
    lists a pointer's target as its one child, ``*p``: that child is no cycle)."""
    budget = budget if budget is not None else [MAX_NODES]
    if depth <= 0:
        return
    for view in views:
        if view.variables_reference <= 0 or budget[0] <= 0:
            continue
        me = await identity(session, view, frame_id) if path or depth > 1 else None
        target = me is not None and me == pointee and not is_pointer(view)
        loop = next((where for known, where in path if known == me), None) if me is not None else None
        if loop is not None and not target:
            view.cycle = loop
            continue
        wanted = max(0, min(count, budget[0]))
        try:
            page = await fetch_page(session, view.variables_reference, 0, wanted)
            if page is not None:
                kept, total = [variable_view(v, max_value, session.adapter.name) for v in page[0]], page[1]
            else:
                found = await fetch_variables(session, view.variables_reference)
                window = await grouped_window(session, found, 0, wanted, VALUE_TIMEOUT)  # debugpy's `more`
                found, total = window if window is not None else (found[:wanted], len(found))
                kept = [variable_view(v, max_value, session.adapter.name) for v in found]
        except (DapTimeoutError, PreconditionError):  # a hanging value: shown as such, the rest goes on
            view.children = [VariableView(name="…", value=NOT_AVAILABLE, variables_reference=0)]
            continue
        except RequestError as exc:  # cdt cannot list an anonymous union's members: the rest goes on
            said = exc.message.strip().splitlines()[0] if exc.message.strip() else "refused"
            view.children = [VariableView(name="…", value=f"<not available: the adapter said {said!r}>")]
            continue
        budget[0] -= len(kept)
        view.children = kept
        view.truncated = (total - len(kept)) or None
        here = (*path, (me, view.evaluate_name or view.name)) if me is not None and not target else path
        await expand(session, kept, depth - 1, count=count, max_value=max_value, budget=budget, path=here,
                     frame_id=frame_id, pointee=me if is_pointer(view) else None)


def filter_names(variables: list[t.Variable], pattern: str | None) -> list[t.Variable]:
    """Keep variables whose name matches ``pattern`` (a glob, or a substring)."""
    if not pattern:
        return variables
    wild = any(c in pattern for c in "*?[")
    return [v for v in variables if (fnmatch.fnmatchcase(v.name, pattern) if wild else pattern in v.name)]


#: debugpy's grouping entries, not program variables.
NOISE = GROUP_NAMES
