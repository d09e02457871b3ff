"""The REPL reads gdb's ``b 4 if i == 3`` and ``condition N [EXPR]`` as the one-shot CLI does."""

from __future__ import annotations

from dapcli.frontends.repl.aliases import RENAMES
from dapcli.frontends.repl.grammar import Grammar, split


def test_break_if_and_condition_words() -> None:
    grammar = Grammar(extra=RENAMES)
    assert grammar.parse(split("b 4 if i == 3")) == ("setBreakpoint", {"location": "4 if i == 3"})
    assert grammar.parse(split("break add 4 if i == 3")) == ("setBreakpoint", {"location": "4 if i == 3"})
    assert grammar.parse(split("condition 1 i == 3")) == ("editBreakpoint", {"id": 1, "condition": "i == 3"})
    assert grammar.parse(split("condition 1")) == ("editBreakpoint", {"id": 1})
    assert grammar.parse(split("break edit 2 x > 1")) == ("editBreakpoint", {"id": 2, "condition": "x > 1"})
