"""Recipes address breakpoints by statement and check a line's text before anything starts:
``breakpoints: [{path, statement, nearLine}]``, ``FILE@TEXT``, ``expectText`` (``expect`` is a
step's checks), and the ``setBreakpoint`` step's own ``statement``/``expect`` arguments."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from conftest import NoDispatcher, SpyDispatcher, run

pytest.importorskip("debugpy", reason="debugpy is not installed")

CART = """\
def checkout(prices):
    total = 0
    for price in prices:
        total += price
    return total


print(checkout([1, 2, 3]))
"""


def _recipe(folder: Path, body: str) -> Path:
    (folder / "cart.py").write_text(CART)
    path = folder / "recipe.yaml"
    path.write_text(textwrap.dedent(body).lstrip("\n"))
    return path


def test_breakpoints_by_statement_and_expected_text(tmp_path: Path) -> None:
    path = _recipe(tmp_path, """
        target: {program: cart.py}
        breakpoints:
          - {path: cart.py, statement: total += price}
          - "cart.py@'return total' if total > 3"
          - {path: cart.py, line: 2, expectText: total = 0}
        steps:
          - continue: {}
            expect: {line: 2}
          - continue: {}
            expect: {line: 4}
          - setBreakpoint: {location: cart.py, statement: "print(", expect: "print(checkout"}
            expect: {line: 8}
          - clearBreakpoints: {path: cart.py:4}
          - continue: {}
            expect: {line: 5}
          - continue: {}
            expect: {exitCode: 0}
        """)
    spy = SpyDispatcher()
    code, out = run(path, dispatcher=spy)
    assert code == 0, out
    assert spy.calls[0][1]["breakpoints"] == [f"{tmp_path / 'cart.py'}:4", f"{tmp_path / 'cart.py'}:2"]
    assert ("setBreakpoint", {"location": f"{tmp_path / 'cart.py'}:5", "condition": "total > 3"}) in spy.calls
    assert spy.left_running() == []


def test_ambiguous_statement_and_wrong_text_are_refused_before_starting(tmp_path: Path) -> None:
    path = _recipe(tmp_path, """
        target: {program: cart.py}
        breakpoints:
          - {path: cart.py, statement: total}
          - {path: cart.py, line: 3, expectText: total += price}
          - cart.py@nothing like it
        steps: [continue]
        """)
    code, out = run(path, dispatcher=NoDispatcher())
    assert code == 2, out
    assert ("recipe.yaml:3:32: breakpoint 1: 3 lines of cart.py contain 'total': 2: total = 0; 4: total += price; "
            "5: return total") in out, out
    assert ("breakpoint 2: cart.py:3 does not hold 'total += price': 2: total = 0; >3: for price in prices:; "
            "4: total += price ('total += price' is at line 4;") in out, out
    assert "breakpoint 3: no line of cart.py holds 'nothing like it'" in out, out
