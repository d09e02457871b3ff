"""Hints say tool calls over MCP: every command line a verb's hint writes is a `` `dapcli …` ``
that each frontend says in its own words, and a placeholder for a number is never a string."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import dapcli.verbs
from dapcli.errors import UsageError
from dapcli.frontends.mcp.tools import MCP_WORDS, error_text
from dapcli.verbs.registry import VERBS
from dapcli.verbs.shared.phrasing import REPL, phrase_text

VERBS_DIR = Path(dapcli.verbs.__file__).parent
#: Backticked words that are not a command to type: the shell's ``kill``; how a session ended
#: (``stop``/``restart``: a description of what happened, the tools' own names).
NOT_OURS = {"`kill`", "`stop`", "`restart`"}


@pytest.mark.parametrize("hint,said", [
    ("`dapcli frame N` selects frame #N", '`more {"verb": "selectFrame", "arguments": {"index": N}}` selects frame #N'),
    ("`dapcli eval x`", '`evaluate {"expression": "x"}`'),
    ("`dapcli down 2` selects frame #0", '`more {"verb": "down", "arguments": {"count": 2}}` selects frame #0'),
    ("`dapcli vars --filter TEXT`", '`variables {"filter": "TEXT"}`'),
])
def test_mcp_says_tool_calls_with_real_names_and_values(hint: str, said: str) -> None:
    assert phrase_text(hint, MCP_WORDS) == said


def test_the_repl_says_its_own_words() -> None:
    assert phrase_text("`dapcli frame N` selects frame #N", REPL) == "`frame N` selects frame #N"


def test_an_error_hint_over_mcp() -> None:
    hint = "give one, e.g. `dapcli eval x` or `dapcli eval 'len(items)'`"
    text = error_text(UsageError("the expression is empty", hint))
    assert text == ('the expression is empty (give one, e.g. `evaluate {"expression": "x"}` or '
                    '`evaluate {"expression": "len(items)"}`)')


def _constants(path: Path) -> list[tuple[int, str]]:
    """The string constants of ``path`` that a user may read: not docstrings, not a parameter's
    ``help`` (the command line's own help)."""
    tree = ast.parse(path.read_text())
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and node.body \
                and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant):
            skipped.add(id(node.body[0].value))
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Param":
            skipped.update(id(inner) for keyword in node.keywords for inner in ast.walk(keyword.value))
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "").endswith("_HELP") for t in node.targets):
            skipped.update(id(inner) for inner in ast.walk(node.value))
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skipped]


def test_no_hint_writes_a_command_without_dapcli() -> None:
    """A hint's `` `eval x` `` or `` `frame N` `` would reach MCP as the command line's words:
    each is written `` `dapcli eval x` `` (said as a tool call over MCP, ``eval x`` in the REPL)."""
    words = {spec.cli_path[0] for spec in VERBS.values()} | {alias for spec in VERBS.values() for alias in spec.aliases}
    command = re.compile(r"`(?:" + "|".join(sorted(map(re.escape, words), key=len, reverse=True)) + r")(?: [^`]*)?`")
    found = [f"{path.relative_to(VERBS_DIR)}:{line}: {match.group()}"
             for path in sorted(VERBS_DIR.rglob("*.py")) for line, text in _constants(path)
             for match in command.finditer(text) if match.group() not in NOT_OURS]
    assert found == []
