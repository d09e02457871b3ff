"""The recipe package's parts without a debuggee: loader, variables, matchers, paths, schema."""

from __future__ import annotations

import re
from pathlib import Path

import jsonschema
import pytest
import yaml

from dapcli.errors import UsageError
from dapcli.frontends.recipe import parse_vars, recipe_schema
from dapcli.frontends.recipe.loader import MAX_ALIASES, Mark, load_yaml_text
from dapcli.frontends.recipe.matchers import describe, judge, parse_matcher
from dapcli.frontends.recipe.model import Expectation
from dapcli.frontends.recipe.paths import MISSING, check_path, follow
from dapcli.frontends.recipe.variables import BadReference, references, substitute
from dapcli.verbs.models import EvaluateResult, OutputResult, StatusResult, StopState

ROOT = Path(__file__).resolve().parents[2]


def test_loader_records_positions_of_keys_values_and_items():
    data = load_yaml_text("steps:\n  - next\n  - continue: {}\n    expect: {line: 3}\n", "r.yaml")
    steps = data["steps"]
    assert data.key_mark("steps") == Mark(1, 1)
    assert steps.mark == Mark(2, 3) and steps.item_marks == [Mark(2, 5), Mark(3, 5)]
    assert steps[1].key_mark("expect") == Mark(4, 5)
    assert steps[1]["expect"].value_mark("line") == Mark(4, 20)


def test_loader_keeps_plain_yaml_semantics():
    data = load_yaml_text("base: &b {x: 1, y: 2}\nm: {<<: *b, y: 3}\nwhen: 2024-01-02\neq: =\nn: ~\nf: 2.0\n", "r")
    assert data["m"] == {"x": 1, "y": 3}  # merge keys, overridden by the mapping's own key
    assert data["when"] == "2024-01-02" and data["eq"] == "="  # no datetime, no crash on '='
    assert data["n"] is None and data["f"] == 2.0


@pytest.mark.parametrize(("text", "message"), [
    ("a: 1\nb: 2\na: 3\n", "r:3:1: duplicate key 'a'"),
    ("a: !!set {x}\n", "r:1:4: tag !!set is not allowed"),
    ("a: !!binary aGk=\n", "r:1:4: tag !!binary is not allowed"),
    ("a: &a [*a]\n", "r:1:4: an alias refers to the node that contains it"),
    ("a: &a x\nb: [" + ", ".join(["*a"] * (MAX_ALIASES + 1)) + "]\n",
     f"r:2:{5 + 4 * MAX_ALIASES}: more than {MAX_ALIASES} aliases"),
    ("a: 1\n---\nb: 2\n", "r:2:1: but found another document"),
    ("[" * 3000, "r:1:1: the document is nested too deeply"),
])
def test_loader_refuses(text, message):
    with pytest.raises(UsageError, match=re.escape(message)):
        load_yaml_text(text, "r")


def test_variables_substitution():
    values = {"ref": 7, "name": "x", "ok": True}
    assert substitute("${ref}", values) == 7  # a whole reference keeps its type
    assert substitute("ref=${ref} ${name} ${ok}", values) == "ref=7 x true"
    assert substitute("$${name} stays", values) == "${name} stays"
    assert substitute({"a": ["${name}"]}, values) == {"a": ["x"]}
    assert references({"a": ["${x}", "$${y}", "${z}"]}) == ["x", "z"]
    with pytest.raises(BadReference):
        references("${a b}")


def _check(key, value, actual):
    op, expected, tolerance = parse_matcher(value)
    return judge(Expectation(key, op, expected, tolerance), actual)[0]


@pytest.mark.parametrize(("key", "value", "actual", "passed"), [
    ("result", 2.0, "2.0", True),
    ("result", "299.84999999999997", "299.84999999999997", True),
    ("result", 2, "2.0", False),
    ("line", 17, 17, True),
    ("line", "17", 17, True),
    ("line", 18, 17, False),
    ("allThreadsStopped", True, True, True),
    ("result", True, "True", True),
    ("path", "buggy.py", "/work/examples/buggy.py", True),
    ("path", "examples/buggy.py", "/work/examples/buggy.py", True),
    ("path", "uggy.py", "/work/examples/buggy.py", False),
    ("output", {"contains": "total="}, "a\ntotal=26.73\n", True),
    ("hitBreakpointIds", {"contains": 2}, [1, 2], True),
    ("function", {"matches": "^to"}, "total", True),
    ("result", {"approx": 2.9985}, "2.9984999999999995", True),
    ("result", {"approx": 3, "tolerance": 0.01}, "2.9985", True),
    ("result", {"approx": 3}, "2.9985", False),
    ("result", {"approx": 3}, "'text'", False),
    ("exitCode", None, MISSING, True),
    ("exitCode", 0, MISSING, False),
])
def test_matchers(key, value, actual, passed):
    assert _check(key, value, actual) is passed


@pytest.mark.parametrize("value", [{"contain": 1}, {"matches": "("}, {"approx": "x"}, {"contains": 1, "matches": "a"},
                                   {"equals": 1, "tolerance": 1}, [1, 2]])
def test_bad_matchers(value):
    with pytest.raises(ValueError):
        parse_matcher(value)


def test_describe():
    assert describe("equals", 17) == "= 17"
    assert describe("contains", "total=") == 'contains "total="'
    assert describe("approx", 2.5, 0.1) == "≈ 2.5 ± 0.1"


def test_paths_check_and_follow():
    assert check_path(StopState, "line") is None
    assert check_path(StopState, "locals.discount.value") is None
    assert check_path(StatusResult, "stop.location.line") is None
    assert check_path(EvaluateResult, "line") is not None  # shorthands belong to stop states
    assert "did you mean reason" in (check_path(StopState, "reasn") or "")
    assert check_path(StopState, "location", whole=True) is None
    result = {"location": {"line": 3, "path": "/a/b.py"}, "locals": [{"name": "x", "value": "1"}],
              "output": [{"seq": 1, "category": "stdout", "output": "a"}, {"seq": 2, "category": "stdout",
                                                                             "output": "b"}]}
    assert follow(StopState, result, "line") == 3
    assert follow(StopState, result, "locals.x.value") == "1"
    assert follow(StopState, result, "locals.0.name") == "x"
    assert follow(StopState, result, "output") == "ab"
    assert follow(StopState, result, "exitCode") is MISSING
    assert follow(OutputResult, {"chunks": [{"output": "c"}]}, "output") == "c"


def test_parse_vars():
    assert parse_vars(["a=1", "b=x=y", "c="]) == {"a": "1", "b": "x=y", "c": ""}
    with pytest.raises(UsageError):
        parse_vars(["nope"])
    with pytest.raises(UsageError):
        parse_vars(["1a=2"])


def test_schema_is_valid_and_accepts_the_shipped_recipes():
    schema = recipe_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    shipped = sorted((ROOT / "recipes").glob("*.yaml"))
    assert shipped
    for path in shipped:
        errors = list(validator.iter_errors(yaml.safe_load(path.read_text())))
        assert errors == [], (path, [e.message for e in errors])


@pytest.mark.parametrize("bad", [
    {"target": {"program": "x"}, "steps": ["contnue"]},
    {"target": {"program": "x"}, "steps": [{"continue": {}, "expect": {"lnie": 3}}]},
    {"target": {"program": "x"}, "steps": [{"evaluate": {"expresion": "x"}}]},
    {"target": {"program": "x"}, "steps": [{"next": {}, "continue": {}}]},
    {"steps": []},
])
def test_schema_refuses_what_the_validator_refuses(bad):
    assert list(jsonschema.Draft202012Validator(recipe_schema()).iter_errors(bad))


def test_schema_allows_variables_where_numbers_go():
    recipe = {"target": {"program": "x"}, "steps": [{"variables": {"variablesReference": "${ref}"},
                                                      "expect": {"variables.0.value": "1"}}]}
    assert list(jsonschema.Draft202012Validator(recipe_schema()).iter_errors(recipe)) == []
