"""Which object a value is, to find cycles by identity, never by looks.

A tree of values (``vars --depth``, ``eval --depth``) marks a value that is the same object as
one above it on its path as a cycle, with the path it loops back to; two distinct objects that
print the same are both shown in full. What identifies an object is the adapter's own data, at
the same stop (:attr:`~dapcli.adapters.base.AdapterSpec.identity`):

- ``reference``: debugpy's ``variablesReference`` of an object is its ``id()`` (pydevd), so one
  object has one number at a stop — and dapcli's numbers follow the adapter's one to one.
- ``address``: the object's address and its type (a struct and its first member share an
  address). A pointer is the object it points to: its ``memoryReference`` when it is an address
  (CodeLLDB), else the address in its value text (lldb-dap, gdb), else the adapter's expression
  for it (Delve: ``uintptr(p)``). A struct or array is at its ``memoryReference`` (CodeLLDB),
  the address lldb-dap writes in its summary (``node @ 0x…``), else the address of its
  ``evaluateName`` evaluated in the frame (DAP ``evaluate``; gdb's ``memoryReference`` is such
  an expression).
- otherwise the identity is unknown and nothing is taken for a cycle (depth and the node budget
  still bound the tree).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from dapcli.errors import DapcliError
from dapcli.protocol import types as t

if TYPE_CHECKING:
    from dapcli.engine.session import Session
    from dapcli.verbs.models import VariableView

__all__ = ["identity", "is_pointer"]

_HEX = re.compile(r"0x[0-9a-fA-F]+")
_ADDRESS = re.compile(r"^0x[0-9a-fA-F]+$")
_LEADING = re.compile(r"^(0x[0-9a-fA-F]+)(?: |$)")  # a pointer's text: "0x7ffd…", or '0x5555… "text"'
_SUMMARY_AT = re.compile(r" @ (0x[0-9a-fA-F]+)$")  # lldb-dap: "node @ 0x7ffd…"
_NUMBER = re.compile(r"^\s*(\d+)")  # Delve: "824634286624 = 0xc00008a220"
_TIMEOUT = 5.0


async def identity(session: Session, view: VariableView, frame_id: int | None) -> str | None:
    """The identity of ``view``'s object at this stop, or None when it cannot be known."""
    kind = getattr(session.adapter, "identity", None)
    if kind == "reference":
        return f"ref:{view.variables_reference}" if view.variables_reference > 0 else None
    if kind != "address":
        return None
    kind_of = (view.type or "").strip()
    pointer = is_pointer(view)
    pointee = kind_of.strip("* ").removeprefix("const ").strip() if pointer else kind_of
    address = await (_pointer_address(session, view, frame_id) if pointer else _own_address(session, view, frame_id))
    return f"{int(address, 16):#x}:{pointee}" if address else None


def is_pointer(view: VariableView) -> bool:
    """True for a pointer (C ``node *``, Go ``*main.Node``): it is the object it points to."""
    kind_of = (view.type or "").strip()
    return kind_of.endswith("*") or kind_of.startswith("*")


async def _pointer_address(session: Session, view: VariableView, frame_id: int | None) -> str | None:
    if view.memory_reference and _ADDRESS.match(view.memory_reference):
        return view.memory_reference  # CodeLLDB: the address the pointer holds
    template = session.adapter.pointer_address_expression
    if template is None:
        found = _LEADING.match((view.adapter_value or view.value).strip())
        return found.group(1) if found else None
    return await _evaluated(session, template, view.evaluate_name, frame_id)


async def _own_address(session: Session, view: VariableView, frame_id: int | None) -> str | None:
    reference = view.memory_reference
    if reference and _ADDRESS.match(reference):
        return reference
    found = _SUMMARY_AT.search(view.adapter_value or view.value)
    if found:
        return found.group(1)
    if reference and reference.startswith("&"):  # cdt: an expression for the address
        return await _evaluated(session, "{}", reference, frame_id)
    return await _evaluated(session, session.adapter.address_expression, view.evaluate_name, frame_id)


async def _evaluated(session: Session, template: str, expression: str | None, frame_id: int | None) -> str | None:
    """The address that ``template`` filled with ``expression`` evaluates to (DAP ``evaluate``,
    context ``watch``); None when it cannot be read."""
    if not expression:
        return None
    try:
        body = await session.request("evaluate", t.EvaluateArguments(
            expression=template.format(expression), frameId=frame_id, context="watch"), t.EvaluateResponse,
            timeout=_TIMEOUT)
    except DapcliError:
        return None
    text = body.result or ""
    found = _HEX.search(text)
    if found:
        return found.group(0)
    number = _NUMBER.match(text)
    return hex(int(number.group(1))) if number else None
