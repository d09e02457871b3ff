"""Refusals that every frontend shares, seen through the REPL's grammar (issue 26)."""

from __future__ import annotations

import pytest

from dapcli.errors import UsageError
from dapcli.frontends.repl.grammar import Grammar

NAME_RULE = "write NAME=VALUE with NAME of letters, digits and _, not starting with a digit, e.g. DEBUG=1"


@pytest.mark.parametrize(("line", "message"), [
    (["launch", "x.py", "--env", "A/B=1"], f"launch: env: bad environment name 'A/B': {NAME_RULE}"),
    (["launch", "x.py", "--env", "1ABC=2"], f"launch: env: bad environment name '1ABC': {NAME_RULE}"),
    (["launch", "x.py", "--env", "A B=2"], f"launch: env: bad environment name 'A B': {NAME_RULE}"),
])
def test_repl_refuses_bad_environment_names(line: list[str], message: str) -> None:
    with pytest.raises(UsageError) as caught:
        Grammar().parse(line)
    assert caught.value.message == message


def test_repl_converts_its_words_before_the_strict_model() -> None:
    assert Grammar().parse(["bt", "--levels", "3"]) == ("stackTrace", {"levels": 3})
    assert Grammar().parse(["launch", "x.py", "--stop-on-entry"])[1]["stopOnEntry"] is True
