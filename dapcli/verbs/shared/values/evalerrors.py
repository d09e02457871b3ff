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


async def check_evaluated(session: Session, expression: str, frame_id: int | None, result: str,
                          type_name: str | None = None) -> None:
    """Raise RequestError (with the debugger's reason) when ``result`` is the adapter's way of
    saying that ``expression`` could not be evaluated; else return.

    cdt-gdb-adapter also answers an empty ``result`` (with the type) when gdb cannot read the
    value (``*p`` with ``p`` NULL: gdb says "Cannot access memory at address 0x0"): that is no
    value either. It is not evaluated again (the expression may have side effects)."""
    adapter = session.adapter
    raised = adapter.evaluate_error(result, type_name)
    if raised is not None:  # rdbg: the exception the expression raised, as its value
        raise RequestError(raised, "check the expression's names and syntax", "evaluate")
    if adapter.failed_evaluate_result is not None and result == "" and type_name and type_name != "void":
        raise RequestError(f"the debugger could not read the value of {expression} ({type_name}): the adapter "
                           "gave an empty result", f"gdb's reason: dapcli console {_quoted(f'print {expression}')}",
                           "evaluate")
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


def _quoted(text: str) -> str:
    import shlex

    return shlex.quote(text)
