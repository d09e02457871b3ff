"""The REPL grammar generated from the verb table: parity with the canonical JSON arguments,
usage lines, bad input, and the gdb/pdb alias table."""

from __future__ import annotations

import shlex
from typing import Any, get_args

import pytest

from dapcli.errors import UsageError
from dapcli.frontends.repl.aliases import COMMANDS, RENAMES, command_named
from dapcli.frontends.repl.commands import breakpoint_args
from dapcli.frontends.repl.grammar import Grammar, split, usage
from dapcli.verbs import VERBS, validate_args
from dapcli.verbs.registry import ParamSpec, VerbSpec

GRAMMAR = Grammar(extra=RENAMES)
#: Verb aliases that a REPL command takes over on purpose (and why).
SHADOWED = {"quit": "the REPL's quit leaves, ending a session it launched (the stop verb)"}


def sample(p: ParamSpec, second: bool = False) -> Any:
    """A value of the parameter's type that survives the command line unchanged."""
    base = p.base_type
    if p.meta.example is not None:  # a value the parameter's own check accepts
        return p.meta.example
    if base is bool:
        return not p.default if isinstance(p.default, bool) else True
    choices = get_args(base)
    if choices:
        value: Any = choices[-1]
    elif base is int:
        value = 7 if second else 3
    elif base is float:
        value = 2.5
    elif "dict[" in str(p.annotation):
        value = '{"k": 1}'  # an object parameter is JSON text where people type
    else:
        value = f"{p.flag}-{'b' if second else 'a'}.py:12"
    return [value, sample(p, True)] if p.is_list and not second else value


def command_line(spec: VerbSpec, params: list[ParamSpec]) -> tuple[str, dict[str, Any]]:
    """A REPL line built from the verb's CLI words, and the canonical JSON args it stands for."""
    words = list(spec.cli_path)
    expected: dict[str, Any] = {}
    for p in params:
        value = sample(p)
        expected[p.alias] = value
        values = value if isinstance(value, list) else [value]
        if p.meta.positional:
            words += [shlex.quote(str(v)) for v in values]
        elif p.base_type is bool:
            words.append(f"--{p.flag}" if value else f"--no-{p.flag}")
        else:
            for v in values:
                words += [f"--{p.flag}", shlex.quote(str(v))]
    return " ".join(words), expected


def _positional_first(spec: VerbSpec, only_required: bool) -> list[ParamSpec]:
    chosen = [p for p in spec.params if p.required or not only_required]
    return [p for p in chosen if p.meta.positional] + [p for p in chosen if not p.meta.positional]


@pytest.mark.parametrize("only_required", [True, False], ids=["required", "every-param"])
@pytest.mark.parametrize("name", sorted(VERBS))
def test_every_verb_parses_to_its_canonical_args(name: str, only_required: bool) -> None:
    spec = VERBS[name]
    line, expected = command_line(spec, _positional_first(spec, only_required))
    parsed = GRAMMAR.parse(split(line))
    assert parsed == (name, expected), line
    assert validate_args(spec, parsed[1]) == validate_args(spec, expected)


@pytest.mark.parametrize("name", sorted(VERBS))
def test_every_verb_name_and_alias_reaches_the_verb(name: str) -> None:
    spec = VERBS[name]
    for alias in (spec.name, *spec.aliases, " ".join(spec.cli_path)):
        command = command_named(alias)
        if command is not None and len(alias.split()) == 1:
            # a REPL command with its own syntax takes the name: it must run this verb
            assert alias in SHADOWED or spec.name in command.verbs.split(", "), (alias, command)
            continue
        found = GRAMMAR.resolve(alias.split())
        assert found is not None and found[0].name == name, alias


def test_renames_point_at_verbs_that_exist() -> None:
    missing = {words: verb for words, verb in RENAMES.items() if verb not in VERBS}
    assert not missing


def test_longest_words_win_and_flags_mix_with_positionals() -> None:
    assert GRAMMAR.parse(split('break add x.py:3 --condition "i == 2"')) == (
        "setBreakpoint", {"location": "x.py:3", "condition": "i == 2"})
    assert GRAMMAR.parse(split("info threads")) == ("threads", {})
    assert GRAMMAR.parse(split("vars --depth=1 --filter run")) == ("variables", {"depth": 1, "filter": "run"})
    assert GRAMMAR.parse(split("launch p.py --stop-on-entry -- -v --x")) == (
        "launch", {"program": "p.py", "stopOnEntry": True, "args": ["-v", "--x"]})
    assert GRAMMAR.parse(split("c --thread-id -1")) == ("continue", {"threadId": -1})
    assert GRAMMAR.parse(split("nothing here")) is None


def test_an_unquoted_expression_keeps_its_words() -> None:
    assert GRAMMAR.parse(split("eval amount * percent --depth 1")) == (
        "evaluate", {"expression": "amount * percent", "depth": 1})
    assert GRAMMAR.parse(split("set running 1 + 2")) == ("setVariable", {"name": "running", "value": "1 + 2"})


@pytest.mark.parametrize(("line", "message"), [
    ("next --bogus", "unknown option --bogus"),
    ("next --thread-id", "needs a value"),
    ("next --thread-id two", "whole number"),
    ("stop --detach=maybe", "on or off"),
    ("next --no-timeout", "does not exist"),
    ("break add", "missing LOCATION"),
    ("eval x --context sideways", "one of watch"),
    ("watch delete 1 x", "whole number"),
    ("continue extra", "unexpected argument"),
])
def test_bad_arguments_name_the_problem_and_give_the_usage_line(line: str, message: str) -> None:
    with pytest.raises(UsageError) as caught:
        GRAMMAR.parse(split(line))
    assert message in caught.value.message
    spec = GRAMMAR.resolve(line.split())
    assert spec is not None and caught.value.hint == f"usage: {usage(spec[0])}"


def test_an_unclosed_quote_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="cannot read this line"):
        split('eval "abc')


def test_usage_lines_show_positionals_options_and_lists() -> None:
    assert usage(VERBS["setBreakpoint"]).startswith("break add LOCATION [--condition CONDITION]")
    assert usage(VERBS["removeBreakpoint"]) == "break delete IDS..."
    assert "[--[no-]stop-on-entry]" in usage(VERBS["launch"])
    assert "[--break|-b BREAK]..." in usage(VERBS["launch"])
    assert "[--context watch|repl|hover|clipboard]" in usage(VERBS["evaluate"])


@pytest.mark.parametrize(("rest", "args"), [
    ("buggy.py:17", {"location": "buggy.py:17"}),
    ("buggy.py:17 if i == 2", {"location": "buggy.py:17", "condition": "i == 2"}),
    ("total if items and percent > 10", {"location": "total", "condition": "items and percent > 10"}),
    ("buggy.py:17 log i={i} if i > 2", {"location": "buggy.py:17", "condition": "i > 2", "logMessage": "i={i}"}),
    ("buggy.py:17 hit 3 log i={i}", {"location": "buggy.py:17", "hitCondition": "3", "logMessage": "i={i}"}),
    ('buggy.py:17 --hit-condition 3 --log-message "i={i}"',
     {"location": "buggy.py:17", "hitCondition": "3", "logMessage": "i={i}"}),
])
def test_gdb_breakpoints_give_the_same_args_as_break_add(rest: str, args: dict[str, Any]) -> None:
    assert breakpoint_args(rest) == args
    validate_args(VERBS["setBreakpoint"], args)


@pytest.mark.parametrize("rest", ["", "buggy.py:17 if", "buggy.py:17 if   "])
def test_incomplete_breakpoints_are_usage_errors(rest: str) -> None:
    with pytest.raises(UsageError):
        breakpoint_args(rest)


def test_every_repl_command_names_verbs_that_exist() -> None:
    for command in COMMANDS:
        for item in filter(None, command.verbs.split(", ")):
            assert item.split()[0] in VERBS, (command.names, item)


def test_break_by_statement_keeps_the_text_as_typed() -> None:
    assert breakpoint_args("cart.py@total += price") == {"location": "cart.py@total += price"}
    assert breakpoint_args("cart.py@total if total") == {"location": "cart.py@total if total"}
    assert breakpoint_args("cart.py@'x  =  1' if i == 2") == {"location": "cart.py@'x  =  1' if i == 2"}
    assert GRAMMAR.parse(split("break add cart.py --at 'total += price' --near-line 4 --expect total")) == (
        "setBreakpoint", {"location": "cart.py", "statement": "total += price", "nearLine": 4, "expect": "total"})
