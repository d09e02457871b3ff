"""Every verb of the table is a recipe step: the same arguments reach the dispatcher as the
same ``(verb, args)`` call, and the JSON Schema agrees with the validator."""

from __future__ import annotations

import asyncio
import io
import types
import typing
from typing import Any, Literal, Union, get_args, get_origin

import jsonschema
import pytest
import yaml
from conftest import LOOP

from dapcli.frontends.recipe import load_recipe, recipe_schema
from dapcli.frontends.recipe.runner import RecipeRun
from dapcli.frontends.recipe.transcript import TextReporter
from dapcli.frontends.recipe.validate import STEP_KEYS
from dapcli.verbs import VERBS, ParamSpec, validate_args
from dapcli.verbs.models import Result, StopState


def _sample(annotation: Any) -> Any:
    """A valid JSON value of ``annotation`` that is not the parameter's default."""
    origin = get_origin(annotation)
    if origin in (Union, types.UnionType):
        return _sample(next(a for a in get_args(annotation) if a is not type(None)))
    if origin is typing.Annotated:
        return _sample(get_args(annotation)[0])
    if origin is Literal:
        return get_args(annotation)[-1]
    if origin is list:
        return [_sample(get_args(annotation)[0])]
    if origin is dict:
        return {"k": 1}
    return {bool: True, int: 3, float: 2.5, str: "x"}.get(annotation, "x")


def _args(params: list[ParamSpec], everything: bool) -> dict[str, Any]:
    return {p.alias: p.meta.example if p.meta.example is not None else _sample(p.annotation)
            for p in params if p.required or everything}


class RecordingDispatcher:
    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []

    async def call(self, verb: str, args: dict[str, Any] | None, session: str = "default",
                   cwd: str | None = None) -> Result:
        self.calls.append((verb, dict(args or {})))
        if verb == "launch" and len(self.calls) == 1:
            return StopState(session=session, status="stopped", reason="entry")
        return Result()


def test_step_keys_are_not_verbs():
    assert not set(STEP_KEYS) & set(VERBS)


@pytest.mark.parametrize("everything", [False, True], ids=["required", "every-parameter"])
def test_every_verb_is_a_recipe_step_making_the_same_call(tmp_path, everything):
    steps = []
    for spec in VERBS.values():
        args = _args(spec.params, everything)
        validate_args(spec, args)  # the sample is valid for the verb itself
        steps.append({spec.name: args})
        if not any(p.required for p in spec.params):
            steps.append(spec.name)  # a bare verb name is a step too
    path = tmp_path / "all.yaml"
    path.write_text(yaml.safe_dump({"target": {"program": str(LOOP)}, "steps": steps}, sort_keys=False))
    recipe = load_recipe(str(path))
    assert [s.verb for s in recipe.steps] == [next(iter(s)) if isinstance(s, dict) else s for s in steps]
    assert list(jsonschema.Draft202012Validator(recipe_schema()).iter_errors(yaml.safe_load(path.read_text()))) == []

    dispatcher = RecordingDispatcher()
    run = RecipeRun(recipe, dispatcher, TextReporter(io.StringIO()), session="parity", keep_going=True)
    outcome = asyncio.run(run.run())
    expected = [(name, {}) if isinstance(name, str) else next(iter(name.items())) for name in steps]
    calls = dispatcher.calls[2:-1]  # after launch and listBreakpoints, before the final stop
    assert dispatcher.calls[0][0] == "launch" and dispatcher.calls[-1] == ("stop", {})
    assert calls == expected
    assert outcome.passed, outcome.first_failure()


@pytest.mark.parametrize("verb", list(VERBS))
def test_every_result_field_can_be_expected(tmp_path, verb):
    from dapcli.frontends.recipe.paths import check_path, model_paths

    spec = VERBS[verb]
    keys = [k for k in model_paths(spec.result_model) if check_path(spec.result_model, k) is None]
    step = {verb: _args(spec.params, False), "expect": {key: "1" for key in keys}}
    path = tmp_path / "expect.yaml"
    path.write_text(yaml.safe_dump({"target": {"program": str(LOOP)}, "steps": [step]}, sort_keys=False))
    assert [e.key for e in load_recipe(str(path)).steps[0].expect] == keys
