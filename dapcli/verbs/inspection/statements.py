"""``eval 'v = 100'``, ``eval 'import os'``: a statement where an expression was expected.

pdb runs statements at its prompt only when asked (``!v = 100``); DAP ``evaluate`` with
context ``watch`` takes only an expression, and debugpy answers a statement with a bare
``SyntaxError: invalid syntax``. A statement changes the program, so it is never run in place
of an expression (a mistyped ``==`` must not assign): ``eval`` refuses it with the spelling
that runs it — ``eval --statement`` (CLI), ``!STATEMENT`` (REPL), ``statement: true`` (MCP,
recipes) — which runs it on an adapter whose ``repl`` context executes code
(:attr:`AdapterSpec.repl_runs_statements`: debugpy), and the result says so.
"""

from __future__ import annotations

import ast
import shlex
import warnings

from dapcli.engine.session import Session
from dapcli.errors import RequestError, UsageError

__all__ = ["RAN_AS_STATEMENT", "is_statement", "runs_as_statement", "statement_refused", "with_syntax_hint"]

#: The note of a result whose expression was run as a statement.
RAN_AS_STATEMENT = "ran as a statement (DAP evaluate, context repl): it has no value"


def is_statement(text: str) -> bool:
    """True when ``text`` is Python statements (an assignment, import, del, …), not an expression."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # SyntaxWarning of odd literals
        try:
            ast.parse(text, mode="eval")
            return False
        except (SyntaxError, ValueError):
            pass
        try:
            return bool(ast.parse(text, mode="exec").body)
        except (SyntaxError, ValueError):
            return False


def runs_as_statement(session: Session, expression: str, context: str, error: RequestError) -> bool:
    """True when ``error`` answered a ``watch`` evaluate of a statement that the adapter's
    ``repl`` context would run (see the module docstring): refuse it with
    :func:`statement_refused`."""
    return (context == "watch" and session.adapter.repl_runs_statements and "SyntaxError" in error.message
            and is_statement(expression))


def with_syntax_hint(session: Session, error: RequestError) -> RequestError:
    """``error`` with a hint when it is a SyntaxError of an adapter that runs statements
    (the text is neither an expression nor a statement)."""
    if error.hint or not session.adapter.repl_runs_statements or "SyntaxError" not in error.message:
        return error
    return RequestError(error.message, "`dapcli eval` takes a Python expression (`total * 2`); a statement "
                        "(`v = 100`, `import os`) runs with `dapcli eval --statement 'v = 100'` (REPL: `!v = 100`): "
                        "check its syntax",
                        error.command)


def statement_refused(expression: str) -> UsageError:
    """The refusal of a statement given where an expression is expected: one line naming it,
    and a hint with the spelling that runs it (and ``==`` when it reads as a mistyped test)."""
    text = " ".join(expression.split())
    shown = text if len(text) <= 60 else text[:60] + "…"
    spelled = shlex.quote(text) if len(text) <= 60 else "'…'"
    hint = f"to run it: `dapcli eval --statement {spelled}` (REPL: `!STATEMENT`; MCP, recipes: `statement: true`)"
    compare = _as_comparison(expression)
    if compare:
        hint = f"to compare, write {compare}; " + hint
    return UsageError(f"`{shown}` is a statement, not an expression: eval does not run it", hint)


def _as_comparison(expression: str) -> str | None:
    """``x == 5`` for ``x = 5`` (one name or attribute, one ``=``), else None."""
    try:
        tree = ast.parse(expression, mode="exec")
    except (SyntaxError, ValueError):
        return None
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.Assign) or len(tree.body[0].targets) != 1:
        return None
    assign = tree.body[0]
    if not isinstance(assign.targets[0], ast.Name | ast.Attribute | ast.Subscript) or len(expression) > 60:
        return None
    return f"`{ast.unparse(assign.targets[0])} == {ast.unparse(assign.value)}`"
