"""A value that starts with ``-`` on the command line (``dapcli set count -1``, ``dapcli eval
-x``) is a value, not an unknown option; where it cannot be read as one, the hint says ``--``."""

from __future__ import annotations

import pytest

from dapcli.frontends.cli import app
from dapcli.frontends.cli.commands import Invocation


@pytest.mark.parametrize(("argv", "verb", "args"), [
    (["set", "count", "-1"], "setVariable", {"name": "count", "value": "-1"}),
    (["set", "bits.b", "-7"], "setVariable", {"name": "bits.b", "value": "-7"}),
    (["--json", "set", "ratio", "-0.5"], "setVariable", {"name": "ratio", "value": "-0.5"}),
    (["eval", "-x"], "evaluate", {"expression": "-x"}),
    (["eval", "--depth", "1", "-x"], "evaluate", {"expression": "-x", "depth": 1}),
    (["set", "count", "--", "-1"], "setVariable", {"name": "count", "value": "-1"}),
])
def test_a_dash_value_is_a_value(argv: list[str], verb: str, args: dict[str, object]) -> None:
    parsed = app.parse(argv)
    assert isinstance(parsed, Invocation), parsed
    assert parsed.verb == verb and {k: parsed.args.get(k) for k in args} == args, parsed.args


def test_options_after_a_dash_value_keep_the_error_and_the_hint_says_how() -> None:
    parsed = app.parse(["set", "count", "-1", "--frame-id", "3"])
    assert isinstance(parsed, app.Finished) and parsed.exit_code == 2
    assert "No such option: -1" in parsed.stderr and "`--`" in parsed.stderr, parsed.stderr


def test_an_unknown_long_option_is_still_an_error() -> None:
    parsed = app.parse(["eval", "x", "--dept", "2"])
    assert isinstance(parsed, app.Finished) and parsed.exit_code == 2
    assert "--dept" in parsed.stderr


def test_program_arguments_after_a_double_dash_are_left_alone() -> None:
    parsed = app.parse(["launch", "prog", "--", "-5"])
    assert isinstance(parsed, Invocation) and parsed.args.get("args") == ["-5"], parsed


@pytest.mark.parametrize(("verb", "tokens", "args"), [
    ("evaluate", ["-x"], {"expression": "-x"}),
    ("evaluate", ["-x", "+", "1"], {"expression": "-x + 1"}),
    ("setVariable", ["count", "-1"], {"name": "count", "value": "-1"}),
    ("setVariable", ["flag", "-y"], {"name": "flag", "value": "-y"}),
])
def test_the_repl_reads_dash_values_the_same_way(verb: str, tokens: list[str], args: dict[str, object]) -> None:
    from dapcli.frontends.repl.grammar import parse_args
    from dapcli.verbs.registry import VERBS

    assert parse_args(VERBS[verb], tokens) == args
