"""Values asked for in full (``--max-length 0``), and saying truthfully who cut a value.

dapcli cuts a value at ``maxLength`` characters, but an adapter may have cut it first: debugpy's
``SafeRepr`` ends a list of more than 60 items with ``58, ...]`` and cuts a string in its middle.
A value asked for in full is evaluated with ``clipboard`` where the adapter lifts its own cuts
with it (``supportsClipboardContext``) — but not on debugpy, whose ``clipboard`` lifts every
string limit: a value of more than 16 MiB as JSON makes its adapter drop its connection to the
program for good (``MAX_BODY_SIZE`` of debugpy's message reader), and every later request then
waits forever. So when debugpy cut the value of a side-effect-free expression (a name, ``a.b``,
``a[1]``), dapcli asks for its ``repr()`` itself, bounded: one evaluation that answers the whole
text only when it is at most :data:`WHOLE_CHARS` characters, else only its size
(:func:`full_repr`), which is said with the calls that show it in parts. Whatever remains cut by
the adapter is said so (:func:`adapter_cut`) instead of promising that ``--max-length`` shows more.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from dapcli.calls import call
from dapcli.errors import DapcliError
from dapcli.protocol import types as t
from dapcli.verbs.shared.values.marks import NESTED_NOTE, nested_markers, nested_note

if TYPE_CHECKING:
    from dapcli.engine.session import Session
    from dapcli.verbs.models import VariableView

__all__ = ["NESTED_NOTE", "WHOLE_CHARS", "adapter_cut", "adapter_mark", "delve_cut", "full_context", "full_repr",
           "native_cut", "nested_markers", "nested_note", "whole_rows"]

#: debugpy's SafeRepr cut of a collection: ``[0, 1, ..., 58, ...]``, ``(…, ...)``, ``{…, ...}``.
_SAFEREPR_CUT = re.compile(r"(, |\[|\(|\{)\.\.\.[\]\)\}]$")
#: The most characters of a string that debugpy's SafeRepr writes: a longer one is written as
#: its first two thirds and its last third of that with ``...`` between (``'xxx...xxx'``).
_SAFEREPR_STRING = 2 ** 16
STRING_NOTE = f"debugpy cut this string (it shows at most {_SAFEREPR_STRING:,} characters, the middle left out)"
#: The note on a value that debugpy's SafeRepr cut at 60 items (``58, ...]``).
SAFEREPR_NOTE = "debugpy cut this value (it shows at most 60 items)"


#: The longest text of a value that dapcli fetches whole from debugpy (characters): its answer stays
#: under debugpy's adapter's message limit (16 MiB) even when each character is 12 bytes of JSON
#: (an emoji, written as two ``\uXXXX`` escapes).
WHOLE_CHARS = 1_300_000

#: An expression that can be evaluated twice without harm (no call, no assignment).
_PLAIN = re.compile(r"^[A-Za-z_][\w.]*(\[[\w'\" .:-]*\])*(\.[A-Za-z_]\w*)*$")


#: Delve's own cut (``maxStringLen`` 512 bytes, ``maxArrayValues`` 64): a string ending
#: ``...+2288 more"``, a slice or map ending ``,...+936 more]`` (and a one-line text longer
#: than 256 characters ends ``...``).
_DELVE_CUT = re.compile(r'\.\.\.\+(\d+) more["\]]?$')


def delve_cut(value: str, reference: int = 0, *, full: bool = False) -> str | None:
    """A note when Delve cut ``value`` itself (``...+N more``), saying what is missing and what
    shows it: the value asked for in full (a string, unless ``full``: it was), or the
    children of ``reference`` (a slice or map); None when the value carries no such cut."""
    found = _DELVE_CUT.search(value)
    where = f"variables of variablesReference {reference}" if reference > 0 else "its variables"
    if found is None:
        if not value.endswith("...") or value.startswith('"'):
            return None
        # a map or struct whose one-line text passed Delve's 256 characters: "…, 24..."
        then = "even in full" if full else "max length 0 asks it for more"
        return f"Delve cut this text ({then}); {where} lists every item"
    more = int(found.group(1))
    if value.startswith('"') and found.group(0).endswith('"'):
        then = "even in full" if full else "max length 0 asks it for the whole"
        return f"Delve left out {more} more bytes of this string; {then}"
    return f"Delve shows only the first items of this value ({more} more); {where} lists them all"


#: js-debug's preview cut: ``(1000) [0, 2, …, 198, …]`` (100 items), ``{a: 1, …}``.
_JSDEBUG_CUT = re.compile(r"…[\]}]$")


def jsdebug_cut(value: str, reference: int = 0) -> str | None:
    """A note when js-debug cut the preview ``value`` (``…]``), saying what lists the rest."""
    if reference <= 0 or not _JSDEBUG_CUT.search(value):
        return None
    return f"js-debug shows only the first items of this value; variables of variablesReference {reference} lists " \
           "them all"


#: gdb's cut at its ``print elements`` limit (200): a string or a run of repeats ending ``...``
#: (``"abc"...``, ``'y' <repeats 200 times>...``), an array ``{0, 1, …, 199...}``.
_GDB_CUT = re.compile(r"([\"'>]\.\.\.|[^{]\.\.\.\})$")  # not cdt's {...}, which says nothing
#: lldb's cut of a string at ``target.max-string-summary-length`` (1024): ``"yyy…"...``.
_LLDB_CUT = re.compile(r'"\.\.\.$')
#: The lldb setting that would show more of a string.
_LLDB_MORE = "settings set target.max-string-summary-length 1000000"


def native_cut(value: str, adapter: str) -> str | None:
    """A note when gdb or lldb (``adapter``: family name) cut ``value`` at its own limit, saying
    which limit and the debugger command that lifts it; None otherwise."""
    if adapter == "gdb" and _GDB_CUT.search(value):
        lift = call("console", command="set print elements unlimited")
        return f"gdb printed only the first elements (its print elements limit, 200 by default); {lift} lifts it"
    if adapter in ("lldb", "codelldb") and _LLDB_CUT.search(value):
        when = " from the next stop" if adapter == "lldb" else ""  # lldb-dap keeps this stop's texts
        return ("lldb cut this string (target.max-string-summary-length, 1024 characters by default); "
                f"{call('console', command=_LLDB_MORE)} shows more{when}")
    return None


def adapter_mark(value: str, reference: int, adapter: str, *, whole: bool = False) -> str | None:
    """The note for a value that the ``adapter`` (family name) cut itself, from the value's own
    mark (Delve's ``...+N more``, js-debug's ``…]``, gdb's and lldb's ``...``, debugpy's ``58, ...]``
    and ``[...]`` deeper than 2 levels); None when there is none. ``whole``: the value has an
    ``evaluateName``, so ``--max-length 0`` can ask for it whole (debugpy)."""
    if adapter == "go":
        return delve_cut(value, reference)
    if adapter == "node":
        return jsdebug_cut(value, reference)
    if adapter in ("gdb", "lldb", "codelldb"):
        return native_cut(value, adapter)
    if adapter == "python" and _string_cut(value):
        then = "max length 0 shows it whole" if whole else "eval it with max length 0 to see it whole"
        return f"{STRING_NOTE}; {then}"
    if adapter == "python" and _SAFEREPR_CUT.search(value):
        listed = f"variables of variablesReference {reference}" if reference > 0 else "its variables"
        where = "max length 0 shows it whole" if whole else f"{listed} lists them all"
        return f"{SAFEREPR_NOTE}; {where}"
    if adapter == "python" and (markers := nested_markers(value)):
        return f"{nested_note(markers)}; --depth or max length 0 shows it"
    return None


def _debugpy_cut(value: str) -> bool:
    return bool(_items_cut(value) or nested_markers(value))


def _string_cut(value: str) -> bool:
    """True when ``value`` is a string that debugpy's SafeRepr cut in the middle (longer than
    :data:`_SAFEREPR_STRING`, written as a few characters more, with ``...``)."""
    return value[:1] in ("'", '"') and _SAFEREPR_STRING < len(value) <= _SAFEREPR_STRING + 8 and "..." in value


def _items_cut(value: str) -> bool:
    """True when debugpy cut ``value``: a collection at 60 items, or a string in its middle."""
    return bool(_SAFEREPR_CUT.search(value)) or _string_cut(value)


def _is_debugpy(session: Session) -> bool:
    return getattr(session.adapter, "name", "") == "python"  # debugpy's family


def full_context(session: Session, context: str, max_length: int) -> str:
    """The DAP evaluate ``context`` to send: ``clipboard`` (the adapter's longest text) when the
    value is asked for in full (``max_length`` 0) in ``watch``/``hover`` and the adapter has
    ``supportsClipboardContext`` — not js-debug (its ``clipboard`` answer is copy text,
    ``JSON``-like with type ``string``) nor debugpy (its ``clipboard`` answer has no bound: dapcli
    reads debugpy's whole values itself, bounded, with :func:`full_repr`); else ``context``."""
    if getattr(session.adapter, "name", "") in ("node", "python"):
        return context
    if max_length == 0 and context in ("watch", "hover") and session.supports("supportsClipboardContext"):
        return "clipboard"
    return context


def _bounded(expression: str, limit: int) -> str:
    """One Python expression that evaluates ``expression`` once and is its ``repr()`` when that
    has at most ``limit`` characters, else a ``(size, kind)`` tuple: ``(items, type name)`` when
    the value has more than ``limit`` items (its repr is not built), ``(characters, 'repr')``."""
    return (f"(lambda v: (len(v), type(v).__name__) if hasattr(v, '__len__') and len(v) > {limit} else "
            f"(lambda r: r if len(r) <= {limit} else (len(r), 'repr'))(repr(v)))({expression.strip()})")


def too_large(expression: str, size: int, kind: str, reference: int = 0, limit: int = WHOLE_CHARS) -> str:
    """The note on a value too large to fetch whole (``size`` items, characters of a ``str``, bytes,
    or ``repr`` characters), saying what shows it in parts: a page of its items (``variables``),
    or a slice of a string."""
    what = {"str": "characters", "bytes": "bytes", "bytearray": "bytes", "repr": "characters as text"}.get(
        kind, "items")
    head = f"too large to show whole ({size:,} {what}; dapcli fetches at most {limit:,} characters whole)"
    if kind in ("str", "bytes", "bytearray"):
        part = call("evaluate", expression=f"{expression.strip()}[0:100000]", maxLength=0)
        return f"{head}; {part} shows a part"
    name = expression.strip()
    pages = call("variables", name=name, start=0, count=100) if name.isidentifier() else \
        call("variables", variablesReference=reference, start=0, count=100) if reference > 0 else \
        call("variables", name="NAME", start=0, count=100)
    return f"{head}; {pages} shows its items a page at a time"


async def full_repr(session: Session, expression: str, frame_id: int, value: str, *, reference: int = 0,
                    limit: int = WHOLE_CHARS, timeout: float = 30.0) -> tuple[str, str | None]:
    """``(text, note)``: ``value`` made whole when debugpy cut it (``...``: a collection at 60
    items, a string in its middle, deeper levels, an inner string) and ``expression`` is plain:
    the text of its ``repr()``, fetched in one DAP ``evaluate`` (context ``clipboard``) that
    answers at most ``limit`` characters (:func:`_bounded`). A larger value stays as it was, with
    the note :func:`too_large` (``reference``: its ``variablesReference``, for the paging call);
    else ``(value, None)``. Never raises (the cut value stays)."""
    if not _is_debugpy(session) or "..." not in value or not _PLAIN.match(expression.strip()):
        return value, None
    try:
        body = await session.request("evaluate", t.EvaluateArguments(
            expression=_bounded(expression, limit), frameId=frame_id, context="clipboard"), t.EvaluateResponse,
            timeout=timeout)
        text = ast.literal_eval(body.result)
    except (DapcliError, ValueError, SyntaxError, MemoryError, RecursionError):
        return value, None
    if isinstance(text, tuple) and len(text) == 2 and isinstance(text[0], int) and isinstance(text[1], str):
        return value, too_large(expression, text[0], text[1], reference, limit)
    return (text, None) if isinstance(text, str) else (value, None)


def adapter_cut(session: Session, value: str, context: str, reference: int = 0, *, expression: str | None = None,
                in_full: bool = False) -> str | None:
    """A note when the adapter itself cut ``value`` (so dapcli's ``--max-length`` cannot show
    more), saying what can; None when it did not (as far as dapcli can tell: debugpy's and
    Delve's marks). ``expression``: what was evaluated (debugpy: only a side-effect-free one is
    read again whole); ``in_full``: it was asked for in full already (``--max-length 0``)."""
    if _is_delve(session):
        return delve_cut(value, reference, full=context == "clipboard")
    if getattr(session.adapter, "name", "") == "node":
        return jsdebug_cut(value, reference)
    if getattr(session.adapter, "name", "") in ("gdb", "lldb", "codelldb"):
        return native_cut(value, session.adapter.name)
    if not _is_debugpy(session):
        return None
    plain = expression is None or bool(_PLAIN.match(expression.strip()))
    if not _debugpy_cut(value):
        if in_full and not plain and context != "clipboard" and "..." in value:  # an inner string's 'ab...yz'
            return f"debugpy may have cut parts of this value (it marks a cut with ...); {_named(expression or '')}"
        return None
    if plain and not in_full and context != "clipboard":
        if not _items_cut(value):
            return f"{nested_note(nested_markers(value))}; max length 0 asks it for the whole"
        if _string_cut(value):
            return f"{STRING_NOTE}; max length 0 asks it for the whole"
        return "debugpy cut this value; max length 0 asks it for the whole"
    if _string_cut(value):
        return STRING_NOTE if plain else f"{STRING_NOTE}; {_named(expression or '')}"
    if not _SAFEREPR_CUT.search(value):
        if plain or context == "clipboard":
            return None  # still [...] in repr(): a real cycle
        return f"{nested_note(nested_markers(value))}; --depth shows it"
    where = f"variables of variablesReference {reference}" if reference > 0 else "variables"
    return f"debugpy cut this value (it shows at most 60 items); {where} lists them all"


def _named(expression: str) -> str:
    """How to see the whole value of an ``expression`` that dapcli does not evaluate twice (it
    may have effects): give it a name, then ask for that in full."""
    named = call("evaluate", expression=f"_whole = {expression.strip()}", statement=True)
    return f"to see it whole, name it ({named}), then {call('evaluate', expression='_whole', maxLength=0)}"


def _is_delve(session: Session) -> bool:
    return getattr(session.adapter, "name", "") == "go"


async def _whole_text(session: Session, view: VariableView, frame_id: int) -> None:
    """A row that Delve cut (a string at 512 bytes, a one-line text at 256 characters), evaluated
    again in context ``clipboard`` (Delve then loads the whole string, and 64 items of a map or
    struct). The row stays as it was when that fails."""
    try:
        body = await session.request("evaluate", t.EvaluateArguments(
            expression=view.evaluate_name or view.name, frameId=frame_id, context="clipboard"), t.EvaluateResponse)
    except DapcliError:
        return
    view.value, view.value_cut_by_adapter = body.result, delve_cut(body.result, view.variables_reference, full=True)


async def whole_rows(session: Session, views: list[VariableView], frame_id: int) -> None:
    """``vars --max-length 0``: each row that debugpy cut (``58, ...]``) and that has a plain
    ``evaluateName`` gets its whole value (:func:`full_repr`, one ``evaluate`` per such row), or
    the note that it is too large to show whole;
    each row that Delve cut (a string's ``...+N more"``, a map's ``...``) is evaluated again in
    full (a slice's ``...+N more]`` would come back the same)."""
    if _is_delve(session):
        for view in views:
            items_cut = not view.value.startswith('"') and _DELVE_CUT.search(view.value) is not None
            if view.evaluate_name and view.value_cut_by_adapter and not items_cut:
                await _whole_text(session, view, frame_id)
        return
    if not _is_debugpy(session):
        return
    for view in views:
        if view.evaluate_name and _debugpy_cut(view.value):
            view.value, too_big = await full_repr(session, view.evaluate_name, frame_id, view.value,
                                                  reference=view.variables_reference)
            view.value_cut_by_adapter = too_big  # whole now, or [...] that repr() keeps: a real cycle
