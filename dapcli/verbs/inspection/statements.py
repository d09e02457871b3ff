"""``eval 'v = 100'``, ``eval 'import os'``: a statement where an expression was expected.

pdb runs statements at its prompt (``!v = 100``); DAP ``evaluate`` with context ``watch``
takes only an expression, and debugpy answers a statement with a bare ``SyntaxError:
invalid syntax``. On an adapter whose ``repl`` context executes code
(:attr:`AdapterSpec.repl_runs_statements`: debugpy), a text that Python parses as
statements but not as an expression is run there instead, and the result says so.
Expressions are evaluated exactly as before.
"""

from __future__ import annotations

import ast
import warnings

from dapcli.engine.session import Session
from dapcli.errors import RequestError

__all__ = ["RAN_AS_STATEMENT", "is_statement", "runs_as_statement", "with_syntax_hint"]

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
    ``repl`` context would run (see the module docstring)."""
    return (context == "watch" and session.adapter.repl_runs_statements and "SyntaxError" in error.message
            and is_statement(expression))


def with_syntax_hint(session: Session, error: RequestError) -> RequestError:
    """``error`` with a hint when it is a SyntaxError of an adapter that runs statements
    (the text is neither an expression nor a statement)."""
    if error.hint or not session.adapter.repl_runs_statements or "SyntaxError" not in error.message:
        return error
    return RequestError(error.message, "eval takes a Python expression (`total * 2`) or a statement "
                        "(`v = 100`, `import os`): check its syntax", error.command)
