"""Small spellings a daily user reaches for, through the CLI on real debugpy: `vars NAME`, pytest's
assertion temporaries left out of `vars`, `input` that returns the stop it led to, `status` of
a test session, `launch --timeout` kept to, exception filters at launch (`--catch`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import PYTHON, Cli, one_line_error

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
CART_TESTS = EXAMPLES / "tests" / "test_cart.py"


def _names(result: dict) -> dict[str, str]:
    return {v["name"]: v["value"] for v in result["variables"]}


def test_vars_hides_pytest_temporaries_and_takes_a_name(dc: Cli) -> None:
    state = dc.json("test", "--python", PYTHON, "tests/test_cart.py", cwd=EXAMPLES, timeout=120)
    dc.sessions.add("default")
    dc.record("default")
    assert state["test"]["id"] == "tests/test_cart.py::test_total_with_discount"

    shown = dc.json("vars", cwd=EXAMPLES)
    assert _names(shown) == {"expected": "24.41"}
    assert shown["hidden"] == 5 and shown["total"] == 1
    text = dc.run("vars", cwd=EXAMPLES).out
    assert "@py_" not in text.replace("@py_… hidden", "") and "5 pytest temporaries @py_… hidden: --all" in text

    every = _names(dc.json("vars", "--all", cwd=EXAMPLES))
    assert every["@py_assert4"] == "26.73" and every["expected"] == "24.41" and len(every) == 6

    assert _names(dc.json("vars", "expected", cwd=EXAMPLES)) == {"expected": "24.41"}  # exact
    assert _names(dc.json("vars", "expec", cwd=EXAMPLES)) == {"expected": "24.41"}  # else as --filter
    assert _names(dc.json("vars", "@py_assert4", cwd=EXAMPLES)) == {"@py_assert4": "26.73"}  # asked by name

    missing = dc.run("vars", "nope", cwd=EXAMPLES, check=2)
    assert one_line_error(missing.err) == "error: no variable 'nope' in Locals; there are: expected"
    both = dc.run("vars", "x", "--filter", "y", cwd=EXAMPLES, check=2)
    assert one_line_error(both.err) == "error: give a NAME or --filter, not both"
    assert "substring" in dc.run("vars", "--help", cwd=EXAMPLES).out


def test_vars_name_is_an_exact_match_first(dc: Cli) -> None:
    dc.launch("loops.py", "add_return")
    # `a` is in the names `a` and `total`: by name only `a` itself
    assert _names(dc.json("vars", "a")) == {"a": "0"}
    assert set(_names(dc.json("vars", "--filter", "a"))) == {"a", "total"}
    assert set(_names(dc.json("vars", "--filter", "[ab]"))) == {"a", "b"}  # a glob
