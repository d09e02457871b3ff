"""An ``evaluate`` that failed, said as a failure with the adapter's reason.

cdt-gdb-adapter answers every failed ``evaluate`` with ``success: true`` and the result
"Error: could not evaluate expression"; gdb's own reason ("No symbol "nosuch" in current
context.") is what its ``whatis`` command says, which parses the expression without running it.
"""

from __future__ import annotations

from dapcli.engine.diagnosis import diagnosis
from dapcli.engine.session import Session
from dapcli.errors import RequestError
from dapcli.protocol import types as t

__all__ = ["check_evaluated"]


async def check_evaluated(session: Session, expression: str, frame_id: int | None, result: str) -> None:
    """Raise RequestError (with the debugger's reason) when ``result`` is the adapter's way of
    saying that ``expression`` could not be evaluated; else return."""
    adapter = session.adapter
    if adapter.failed_evaluate_result is None or result != adapter.failed_evaluate_result:
        return
    reason = result
    if adapter.diagnose_command:
        command = adapter.console_prefix + adapter.diagnose_command.format(expression=expression)
        try:
            await session.request("evaluate", t.EvaluateArguments(expression=command, frameId=frame_id,
                                                                  context="repl"), t.EvaluateResponse)
        except RequestError as exc:
            reason = diagnosis(exc.message)
    raise RequestError(reason, "check the expression's names and syntax", "evaluate")
