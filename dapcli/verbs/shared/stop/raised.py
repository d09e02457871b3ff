"""An exception that an adapter shows only as a local of the stopped frame (rdbg: ``_raised``),
made the stop's exception: its class and message, and the reason ``exception``.

rdbg 1.4 has no ``exceptionInfo``. An uncaught exception stops in its postmortem mode with reason
``step`` and a catch filter's stop says ``#<ArgumentError: too big> is raised.``; in both, the
top frame's locals hold the exception as ``_raised`` (``#<ArgumentError: too big>``).
"""

from __future__ import annotations

import re

from dapcli.verbs.models import ExceptionView, StopState, VariableView

__all__ = ["exception_from_locals"]

_INSPECTED = re.compile(r"^#<([A-Z][\w:]*)(?:: (.*))?>$", re.DOTALL)


def exception_from_locals(local_name: str | None, state: StopState, variables: list[VariableView]) -> None:
    """Make ``state`` an exception stop when ``variables`` (the top frame's locals, as shown)
    hold the local ``local_name`` (the adapter's :attr:`exception_local`)."""
    if not local_name or state.exception is not None:
        return
    held = next((v for v in variables if v.name == local_name), None)
    if held is None or held.value is None:
        return
    found = _INSPECTED.match(held.value.strip())
    kind = found.group(1) if found else (held.type or "exception")
    message = (found.group(2) if found else None) or held.value
    state.reason = "exception"
    state.description = f"{kind}: {message}" if message != kind else kind
    state.exception = ExceptionView(exception_id=kind, description=message, type_name=held.type or kind,
                                    message=message)
