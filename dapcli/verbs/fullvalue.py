"""Values asked for in full (``--max-length 0``), and saying truthfully who cut a value.

dapcli cuts a value at ``maxLength`` characters, but an adapter may have cut it first: debugpy's
``SafeRepr`` ends a list of more than 60 items with ``58, ...]`` in the ``watch`` context, and
with ``clipboard`` (``supportsClipboardContext``) it lifts only its string limits. So a value
asked for in full is evaluated with ``clipboard`` where the adapter supports it, and when debugpy
still cut a collection of a side-effect-free expression (a name, ``a.b``, ``a[1]``), dapcli asks
for ``repr(expression)`` in full, which debugpy returns whole as a string. Whatever remains cut
by the adapter is said so (:func:`adapter_cut`) instead of promising that ``--max-length`` shows more.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from dapcli.errors import DapcliError
from dapcli.protocol import types as t

if TYPE_CHECKING:
    from dapcli.engine.session import Session
    from dapcli.verbs.models import VariableView

__all__ = ["adapter_cut", "full_context", "full_repr", "whole_rows"]

#: debugpy's SafeRepr cut of a collection: ``[0, 1, ..., 58, ...]``, ``(…, ...)``, ``{…, ...}``.
_SAFEREPR_CUT = re.compile(r"(, |\[|\(|\{)\.\.\.[\]\)\}]$")
#: An expression that can be evaluated twice without harm (no call, no assignment).
_PLAIN = re.compile(r"^[A-Za-z_][\w.]*(\[[\w'\" .:-]*\])*(\.[A-Za-z_]\w*)*$")


def _is_debugpy(session: Session) -> bool:
    return getattr(session.adapter, "name", "") == "python"  # debugpy's family


def full_context(session: Session, context: str, max_length: int) -> str:
    """The DAP evaluate ``context`` to send: ``clipboard`` (the adapter's longest text) when the
    value is asked for in full (``max_length`` 0) in ``watch``/``hover`` and the adapter has
    ``supportsClipboardContext``; else ``context`` unchanged."""
    if max_length == 0 and context in ("watch", "hover") and session.supports("supportsClipboardContext"):
        return "clipboard"
    return context


async def full_repr(session: Session, expression: str, frame_id: int, value: str) -> str:
    """``value`` made whole: when debugpy cut a collection (:data:`_SAFEREPR_CUT`) of a plain
    ``expression``, the text of ``repr(expression)`` evaluated in context ``clipboard`` (DAP
    ``evaluate``); else ``value`` unchanged. Never raises (the cut value stays)."""
    if not _is_debugpy(session) or not _SAFEREPR_CUT.search(value) or not _PLAIN.match(expression.strip()):
        return value
    try:
        body = await session.request("evaluate", t.EvaluateArguments(
            expression=f"repr({expression.strip()})", frameId=frame_id, context="clipboard"), t.EvaluateResponse)
        text = ast.literal_eval(body.result)
    except (DapcliError, ValueError, SyntaxError):
        return value
    return text if isinstance(text, str) else value


def adapter_cut(session: Session, value: str, context: str, reference: int = 0) -> str | None:
    """A note when the adapter itself cut ``value`` (so dapcli's ``--max-length`` cannot show
    more), saying what can; None when it did not (as far as dapcli can tell: debugpy's marks)."""
    if not _is_debugpy(session) or not _SAFEREPR_CUT.search(value):
        return None
    if context != "clipboard" and session.supports("supportsClipboardContext"):
        return "debugpy cut this value; max length 0 asks it for the whole"
    where = f"variables of variablesReference {reference}" if reference > 0 else "variables"
    return f"debugpy cut this value (it shows at most 60 items); {where} lists them all"


async def whole_rows(session: Session, views: list[VariableView], frame_id: int) -> None:
    """``vars --max-length 0``: each row that debugpy cut (``58, ...]``) and that has a plain
    ``evaluateName`` gets its whole value (:func:`full_repr`, one ``evaluate`` per such row)."""
    if not _is_debugpy(session):
        return
    for view in views:
        if view.evaluate_name and _SAFEREPR_CUT.search(view.value):
            view.value = await full_repr(session, view.evaluate_name, frame_id, view.value)
