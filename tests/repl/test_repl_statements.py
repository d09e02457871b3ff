"""pdb's spelling in the REPL: ``!STATEMENT`` runs a statement; ``p``/``eval`` stay expressions
(issue 26, item 13)."""

from __future__ import annotations

from repl_fakes import run_repl


def test_bang_runs_a_statement_and_print_stays_an_expression() -> None:
    session = run_repl(["!x = 5", "! import os", "p x == 5", "eval --statement 'y = 1'", "q"])
    assert session.dispatcher.typed() == [
        ("evaluate", {"expression": "x = 5", "statement": True}),
        ("evaluate", {"expression": "import os", "statement": True}),
        ("evaluate", {"expression": "x == 5"}),
        ("evaluate", {"expression": "y = 1", "statement": True}),
    ]
    assert session.code == 0
