"""One-line previews of C/C++ (and Rust) structured values, composed from their children as gdb prints them.

lldb-dap and gdb (through cdt-gdb-adapter) answer a struct or an array with a summary that says
nothing of its contents: ``shape @ 0x7fff…``, ``int[5] @ 0x7fff…`` (lldb-dap), ``{...}``, ``[5]``
or, in a frame's locals, the array's address (cdt). gdb itself prints ``{name = 0x… "pen",
cents = 525}``, ``{10, 20, 30, 40, 50}`` and ``"tri", '\\000' <repeats 12 times>``. For such a
value this module reads the first :data:`PREVIEW_CHILDREN` children (DAP ``variables``, bounded
by :data:`PREVIEW_TIMEOUT`) and composes that text.

Native first: where the debugger prints values itself (gdb through cdt-gdb-adapter:
:attr:`~dapcli.adapters.base.AdapterSpec.value_print_command`, MI ``-data-evaluate-expression`` in
the value's frame), the preview is what gdb prints, with gdb's own pretty-printers (Rust's ``Vec``
as ``Vec(size=3) = {3, 5, 8}``, which cdt shows as ``{...}`` without children), ``<repeats N
times>`` and limits; a value without an expression or a known frame is composed from its children.

CodeLLDB writes a struct as ``{x:1, y:2}`` from its children's own texts, but leaves out every
child that is itself a struct or an array: ``int grid[3][4]`` is ``{...}``, and a struct whose one
member is a struct shows only its other members (``{r:5}``). Such a value is composed in
CodeLLDB's own style (``{{1, 2, 3, 4}, …}``, ``{q:{x:3, y:4}, r:5}``); one whose text already
says everything (the composition reads the same) is left as CodeLLDB sent it.

Where it goes: the preview becomes the view's ``value`` (what every frontend shows), and the
adapter's own text is kept in ``adapterValue``. Adapters whose values already show the contents
(debugpy, Delve, js-debug) are never touched: only the native families' summaries are
(:class:`~dapcli.adapters.native.common.NativeAdapter`, value shapes in :func:`is_summary`).
A value that cannot be read in time keeps the adapter's text. lldb's ``size=3`` (Rust's formatters,
libc++'s ``std::vector``) is previewed too: Rust sequences as ``[3, 5, 8]``, maps as ``{"a": 1}``.
"""

from __future__ import annotations

import asyncio
import re
from typing import TYPE_CHECKING, Protocol

from dapcli.adapters.native.common import NativeAdapter
from dapcli.errors import DapcliError
from dapcli.protocol import types as t
from dapcli.verbs.shared.frameindex import position
from dapcli.verbs.shared.values.brackets import outside_quotes
from dapcli.verbs.shared.values.fullvalue import native_cut
from dapcli.verbs.shared.values.paging import fetch_page

if TYPE_CHECKING:
    from dapcli.engine.session import Session

__all__ = ["add_previews", "compose_chars", "is_summary", "preview_value"]

#: Children read per structured value (the rest is shown as ``…``).
PREVIEW_CHILDREN = 10
#: Characters read of a char array (a string is read further than other arrays).
PREVIEW_CHARS = 64
#: Levels of nested structs composed (deeper ones stay ``{...}``).
PREVIEW_DEPTH = 2
#: Longest wait for the children of one value (s).
PREVIEW_TIMEOUT = 2.0
#: Longest wait for all the previews of one result (s).
PREVIEW_BUDGET = 5.0
#: gdb's ``repeat_count_threshold``: a run of at least this many equal chars is ``<repeats N times>``.
REPEATS = 10

_SUMMARY = re.compile(r"^(\{\.\.\.\}|\[\d+\]|[^\"']* @ 0x[0-9a-fA-F]+)$")
#: lldb's summary of a collection (Rust's formatters: ``Vec``, ``HashMap``…; libc++'s ``std::vector``).
_SIZE = re.compile(r"^size=\d+$")
#: CodeLLDB's own text of a struct or array, composed from its children (``{x:1, y:2}``, ``{...}``).
_CODELLDB_CONTAINER = re.compile(r"^\{.*\}$", re.DOTALL)
#: Rust sequences, previewed with Rust's brackets (``[3, 5, 8]``).
_RUST_SEQUENCE = re.compile(r"^(&(mut )?\[|\[|alloc::vec::Vec<|alloc::collections::vec_deque::VecDeque<"
                            r"|alloc::collections::btree::set::BTreeSet<|std::collections::hash::set::HashSet<)")
#: Rust maps, previewed as ``{"a": 1}``.
_RUST_MAP = re.compile(r"^(std::collections::hash::map::HashMap<|alloc::collections::btree::map::BTreeMap<)")
#: A C pointer or reference type (CodeLLDB lists it with its target's text).
_POINTER = re.compile(r"[*&]\s*(const\s*)?$|^&")
#: A composed preview that has more items than it shows (``{1, 2, …}``, ``[3, 5, …]``).
_COMPOSED_CUT = re.compile(r", …[}\]]$")
_PAIR = re.compile(r"^\((.*), (.*)\)$", re.DOTALL)
_ARRAY_TYPE = re.compile(r"\[\d*\]\s*$")
_CHAR_ARRAY = re.compile(r"^(const |volatile |signed |unsigned )*char\s*\[\d*\]$")
_HEX = re.compile(r"^0x[0-9a-fA-F]+( <[^<>\n]*>)?$")  # gdb names a static one: 0x… <many>
_INDEX = re.compile(r"^\[\d+\]$")
_CHAR = re.compile(r"^(-?\d+ )?'(.*)'$")  # cdt: 116 't'; lldb-dap: 't'
_ESCAPES = {"\\0": 0, "\\000": 0, "\\n": 10, "\\t": 9, "\\r": 13, "\\\\": 92, "\\'": 39, '\\"': 34, "\\a": 7,
            "\\b": 8, "\\f": 12, "\\v": 11, "\\e": 27}


class Viewed(Protocol):
    """What a preview reads and writes (``VariableView``)."""

    name: str
    value: str
    type: str | None
    variables_reference: int
    evaluate_name: str | None
    adapter_value: str | None
    value_truncated: int | None
    value_cut_by_adapter: str | None


def is_summary(value: str, type_name: str | None, *, sizes_only: bool = False) -> bool:
    """True when a native adapter's ``value`` only names a struct or array (``{...}``, ``[5]``,
    ``shape @ 0x…``, ``size=3``) or, for an array type, gives its address; ``sizes_only``: only
    ``size=N`` (CodeLLDB, whose other values show their contents)."""
    if _SIZE.match(value):
        return True
    if sizes_only:
        return False
    if _SUMMARY.match(value):
        return True
    return bool(type_name and _ARRAY_TYPE.search(type_name) and _HEX.match(value))


async def add_previews(session: Session, views: list[Viewed], max_value: int = 0,
                       budget: float = PREVIEW_BUDGET, frame_id: int | None = None) -> None:
    """Replace each summary-only ``value`` of ``views`` and of their ``children`` (when
    expanded) by a preview: the debugger's own print of it in frame ``frame_id`` (the frame the
    values were read in; None: unknown) where the adapter has one, else one composed of its
    children; the adapter's text moves to ``adapter_value``. No-op on adapters other than native
    ones. ``max_value`` > 0 cuts each preview to that many characters (ending ``…``;
    ``value_truncated`` says how many more). Never raises: a value that cannot be read in time
    (:data:`PREVIEW_TIMEOUT` each, ``budget`` s for all) keeps the adapter's text."""
    if not _previewed(session):
        return
    deadline = asyncio.get_running_loop().time() + budget
    await _walk(session, views, max_value, deadline, frame_id)


async def _walk(session: Session, views: list[Viewed], max_value: int, deadline: float, frame_id: int | None) -> None:
    for view in views:
        expression = view.evaluate_name if frame_id is not None else None
        if _wanted(session, view.value, view.type, view.variables_reference, expression):
            text = await _preview(session, view.variables_reference, view.type, 0, deadline, expression, frame_id,
                                  view.value)
            if text is not None and text != view.value:
                view.adapter_value, view.value = view.value, text
                view.value_cut_by_adapter = _cut_note(session, text, view.variables_reference)
                if max_value > 0 and len(text) > max_value:  # cut as any value is, and said so
                    view.value = text[:max_value] + "…"  # a count only when the text was whole
                    view.value_truncated = None if view.value_cut_by_adapter else len(text) - max_value
        children = getattr(view, "children", None)
        if children:
            await _walk(session, children, max_value, deadline, frame_id)


async def preview_value(session: Session, value: str, type_name: str | None, reference: int,
                        max_value: int = 0, expression: str | None = None, frame_id: int | None = None) -> str:
    """``value`` itself, or its preview when it is a native summary (as :func:`add_previews`;
    ``expression`` in ``frame_id`` is what the debugger prints)."""
    if not _previewed(session) or not _wanted(session, value, type_name, reference, expression):
        return value
    deadline = asyncio.get_running_loop().time() + PREVIEW_TIMEOUT
    return await _preview(session, reference, type_name, max_value, deadline, expression, frame_id, value) or value


def _cut_note(session: Session, text: str, reference: int) -> str | None:
    """What says that the preview ``text`` is not all of the value: the debugger's own limit
    (gdb's ``...``), or the items dapcli read (a composed preview ends ``, …}``)."""
    said = native_cut(text, session.adapter.name)
    if said is None and _COMPOSED_CUT.search(text) and reference > 0:
        said = (f"the preview shows the first {PREVIEW_CHILDREN} items; variables of variablesReference {reference} "
                "lists them all")
    return said


def _previewed(session: Session) -> bool:
    """Only the native families that answer with summaries."""
    return isinstance(session.adapter, NativeAdapter)


def _is_codelldb(session: Session) -> bool:
    """CodeLLDB shows a value's contents (``{x:1, y:2}``), but not its children that are containers
    themselves, and a collection (Rust's ``Vec``) as ``size=3``."""
    return getattr(session.adapter, "name", "") == "codelldb"


def _wanted(session: Session, value: str, type_name: str | None, reference: int, expression: str | None) -> bool:
    """Whether ``value`` gets a preview: a native summary with children to compose it from, or one
    the debugger prints itself (gdb: Rust's ``Vec`` is ``{...}`` without children); on CodeLLDB,
    ``size=N`` and its own composed texts (compared with the preview: kept when they say the same)."""
    if _is_codelldb(session):
        return reference > 0 and bool(_SIZE.match(value) or _CODELLDB_CONTAINER.match(value))
    if not is_summary(value, type_name):
        return False
    return reference > 0 or (expression is not None and session.adapter.value_print_command is not None)


async def _printed(session: Session, expression: str | None, frame_id: int | None, timeout: float) -> str | None:
    """``expression`` as the debugger prints it in frame ``frame_id`` (the adapter's
    :attr:`~dapcli.adapters.base.AdapterSpec.value_print_command`, sent with its command request);
    None when it has none, the frame's place in its stack is not known, or the debugger refuses."""
    command, request = session.adapter.value_print_command, session.adapter.log_point_request
    where = position(session, frame_id)
    if not command or not request or where is None or not expression or "\n" in expression or "\r" in expression:
        return None
    quoted = '"' + expression.replace("\\", "\\\\").replace('"', '\\"') + '"'
    try:
        body = await session.request(request, {"command": command.format(thread=where[0], frame=where[1],
                                                                           expression=quoted)}, timeout=timeout)
    except DapcliError:
        return None
    value = (body.get("result") or {}).get("value") if isinstance(body, dict) else None
    return value if isinstance(value, str) and value else None


async def _preview(session: Session, reference: int, type_name: str | None, max_value: int, deadline: float,
                   expression: str | None = None, frame_id: int | None = None, own: str | None = None) -> str | None:
    left = min(PREVIEW_TIMEOUT, deadline - asyncio.get_running_loop().time())
    if left <= 0:
        return None
    text = await _printed(session, expression, frame_id, left)
    if text is None and reference <= 0:
        return None
    try:
        if text is None:
            text = await asyncio.wait_for(_compose(session, reference, type_name, PREVIEW_DEPTH,
                                                   codelldb=_is_codelldb(session), own=own), left)
    except (DapcliError, TimeoutError):
        return None
    if text is not None and max_value > 0 and len(text) > max_value:
        text = text[:max_value] + "…"
    return text


async def _children(session: Session, reference: int, count: int) -> tuple[list[t.Variable], bool]:
    """The first ``count`` children of ``reference`` and whether there are more."""
    paged = await fetch_page(session, reference, 0, count + 1)
    if paged is None:
        body = await session.request("variables", t.VariablesArguments(variablesReference=reference),
                                     t.VariablesResponse, timeout=PREVIEW_TIMEOUT)
        found = list(body.variables)
    else:
        found = paged[0] + ([t.Variable(name="…", value="", variablesReference=0)] if paged[1] > count + 1 else [])
    return found[:count], len(found) > count


async def _compose(session: Session, reference: int, type_name: str | None, depth: int, *,
                   codelldb: bool = False, own: str | None = None) -> str | None:
    """The preview of ``reference`` composed of its children, ``depth`` levels deep; on CodeLLDB
    (``codelldb``), its ``own`` text when that names every member already."""
    is_chars = bool(type_name and _CHAR_ARRAY.match(type_name.strip()))
    children, more = await _children(session, reference, PREVIEW_CHARS if is_chars else PREVIEW_CHILDREN)
    if not children:
        return None
    if codelldb and own is not None and _CODELLDB_CONTAINER.match(own) and not more \
            and _names_all(own, [c for c in children if c.name != "[raw]"]):
        return own  # a pointer member stays the address CodeLLDB wrote, not its target's members
    if is_chars:
        codes = [_char_code(c.value) for c in children]
        if all(code is not None for code in codes):
            return compose_chars([c for c in codes if c is not None], more)
    parts = []
    for child in children:
        if child.name == "[raw]":
            continue  # CodeLLDB's view of the value without its formatter
        value = child.value
        if codelldb and child.variablesReference > 0 and _CODELLDB_CONTAINER.match(value) and depth > 1 \
                and not _POINTER.search(child.type or ""):  # CodeLLDB lists a pointer as its target's text
            value = await _compose(session, child.variablesReference, child.type, depth - 1, codelldb=True,
                                   own=value) or value
        elif not codelldb and child.variablesReference > 0 and is_summary(value, child.type):
            value = (await _compose(session, child.variablesReference, child.type, depth - 1) if depth > 1
                     else None) or "{...}"
        # CodeLLDB's own style for a named member (``x:1``); gdb's elsewhere (``x = 1``)
        parts.append(value if _INDEX.match(child.name) else f"{child.name}:{value}" if codelldb
                     else f"{child.name} = {value}")
    tail = ", …" if more else ""
    rust = (type_name or "").strip()
    if _RUST_SEQUENCE.match(rust):
        return "[" + ", ".join(parts) + tail + "]"
    if _RUST_MAP.match(rust):
        pairs = [_PAIR.match(part) for part in parts]
        if all(pairs):
            return "{" + ", ".join(f"{p.group(1)}: {p.group(2)}" for p in pairs if p) + tail + "}"
    return "{" + ", ".join(parts) + tail + "}"


def _names_all(text: str, children: list[t.Variable]) -> bool:
    """Whether CodeLLDB's ``text`` (``{x:1, y:2}``) has an item for each of ``children`` (it leaves
    out a member that is itself a struct or array, and ends ``...`` where it stopped). One pass."""
    inner, items, start = text[1:-1], [], 0
    for index, char, depth in outside_quotes(inner):
        if char == "," and depth == 0:
            items.append(inner[start:index].strip())
            start = index + 1
    items.append(inner[start:].strip())
    return len(items) == len(children) and "..." not in items and "" not in items


def _char_code(value: str) -> int | None:
    """The code of a char child: cdt's ``116 't'`` or lldb-dap's ``'t'`` / ``'\\0'``."""
    found = _CHAR.match(value)
    if found is None:
        return None
    if found.group(1):
        return int(found.group(1)) % 256
    text = found.group(2)
    if len(text) == 1:
        return ord(text)
    if text in _ESCAPES:
        return _ESCAPES[text]
    if re.fullmatch(r"\\[0-7]{1,3}", text):
        return int(text[1:], 8)
    if re.fullmatch(r"\\x[0-9a-fA-F]{1,2}", text):
        return int(text[2:], 16)
    return None


def _escape(code: int, quote: str) -> str:
    char = chr(code)
    if char == quote or char == "\\":
        return "\\" + char
    if 32 <= code < 127:
        return char
    named = {7: "\\a", 8: "\\b", 9: "\\t", 10: "\\n", 11: "\\v", 12: "\\f", 13: "\\r", 27: "\\033"}
    return named.get(code, f"\\{code:03o}")


def compose_chars(codes: list[int], more: bool = False) -> str:
    """A char array as gdb prints it: ``"tri", '\\000' <repeats 12 times>`` for ``char[16]``
    holding "tri" (the final NUL is the terminator; runs of :data:`REPEATS` or more equal chars
    are ``'c' <repeats N times>``); ``...`` after it when the array goes on beyond what was read."""
    if codes and codes[-1] == 0 and not more:
        codes = codes[:-1]
    parts: list[str] = []
    literal = ""
    index = 0
    while index < len(codes):
        run = 1
        while index + run < len(codes) and codes[index + run] == codes[index]:
            run += 1
        if run >= REPEATS:
            if literal:
                parts.append(f'"{literal}"')
                literal = ""
            parts.append(f"'{_escape(codes[index], chr(39))}' <repeats {run} times>")
        else:
            literal += _escape(codes[index], '"') * run
        index += run
    if literal or not parts:
        parts.append(f'"{literal}"')
    return ", ".join(parts) + ("..." if more else "")
