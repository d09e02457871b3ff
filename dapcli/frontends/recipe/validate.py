"""Checking a whole recipe before anything starts, and turning it into a :class:`Recipe`.

Every problem names the file, line, column and step; all of a file's problems are reported
together. Step arguments go through the verbs' own validator (:func:`validate_args`), ``expect``
and ``save`` paths through the verb's result model. Paths are relative to the recipe file.
"""

from __future__ import annotations

import difflib
import os
from typing import Any

from dapcli.errors import UsageError
from dapcli.frontends.recipe.checks import BREAKPOINT_KEYS, TARGET_KEYS, CheckerBase, yaml_kind
from dapcli.frontends.recipe.loader import Mark, YamlList, YamlMap, load_yaml
from dapcli.frontends.recipe.matchers import parse_matcher
from dapcli.frontends.recipe.model import ERROR_KEY, Expectation, Recipe, Step
from dapcli.frontends.recipe.paths import check_path
from dapcli.frontends.recipe.variables import NAME, substitute_args
from dapcli.verbs import VERBS, ParamSpec, VerbSpec, validate_args
from dapcli.verbs.shared.bounds import text_problem

__all__ = ["BREAKPOINT_KEYS", "STEP_KEYS", "TARGET_KEYS", "TOP_KEYS", "InvalidRecipe", "load_recipe"]

TOP_KEYS = ("name", "description", "variables", "target", "breakpoints", "steps")
#: Keys of a step besides its verb.
STEP_KEYS = ("expect", "save", "name")


class InvalidRecipe(UsageError):
    """A recipe that cannot run; ``problems`` holds one ``FILE:LINE:COL: …`` line each."""

    def __init__(self, problems: list[str], hint: str = "") -> None:
        super().__init__("\n".join(problems), hint or "fix the recipe; nothing was started")
        self.problems = problems


def load_recipe(path: str, variables: dict[str, str] | None = None, *, display: str | None = None) -> Recipe:
    """Read, check and build the recipe at ``path``; ``variables`` (``--var``) override the
    recipe's own. Raises UsageError (InvalidRecipe) naming every problem found."""
    shown = display or path
    data = load_yaml(path, shown)
    return _Checker(os.path.abspath(path), shown, variables or {}).recipe(data)


def _alias_names() -> dict[str, str]:
    names: dict[str, str] = {}
    for spec in VERBS.values():
        for other in (*spec.aliases, *spec.cli, "-".join(spec.cli_path), spec.name.lower()):
            names.setdefault(other, spec.name)
    return names


def unknown_verb(name: str) -> str:
    """The message for a verb name that is not in the table, with the closest real names."""
    aliases = _alias_names()
    if name in aliases:
        return f"unknown verb {name!r}; in recipes it is called {aliases[name]}"
    close = difflib.get_close_matches(name, [*VERBS, *aliases], n=5, cutoff=0.6)
    found = list(dict.fromkeys(aliases.get(c, c) for c in close))[:3]
    return f"unknown verb {name!r}; " + (f"did you mean {', '.join(found)}?" if found else f"verbs: {', '.join(VERBS)}")


class _Checker(CheckerBase):
    """Builds a :class:`Recipe` from a loaded document, collecting every problem on the way."""

    # -- the document ------------------------------------------------------------------------------
    def recipe(self, data: Any) -> Recipe:
        if not isinstance(data, YamlMap):
            what = "empty" if data is None else "not a mapping"
            self.problem(Mark(1, 1), None, f"the recipe is {what}; it needs target: and steps:")
            raise InvalidRecipe(self.problems)
        self.unknown_keys(data, TOP_KEYS, None)
        self.read_variables(data)
        target = self.target(data)
        breakpoints = self.breakpoints(data, target)
        for key in ("target", "breakpoints"):  # the launch's text limits, before anything starts
            problem = text_problem(data.get(key)) if key in data else None
            if problem:
                self.problem(data.value_mark(key), key, problem)
        steps = self.steps(data)
        name = data.get("name")
        if name is not None and not isinstance(name, str | int | float):
            self.problem(data.value_mark("name"), None, "name must be text")
        if self.problems or target is None:
            raise InvalidRecipe(self.problems)
        title = str(name) if name is not None else os.path.splitext(os.path.basename(self.path))[0]
        return Recipe(
            path=self.path, display=self.display, base_dir=self.base_dir, name=title, target=target,
            breakpoints=breakpoints, steps=steps, variables=dict(self.variables),
        )

    def read_variables(self, data: YamlMap) -> None:
        raw = data.get("variables")
        if raw is None:
            return
        if not isinstance(raw, YamlMap):
            self.problem(data.value_mark("variables"), None, "variables must be a mapping of name: value")
            return
        for key, value in raw.items():
            if not isinstance(key, str) or not NAME.match(key):
                self.problem(raw.key_mark(key), "variables", f"bad variable name {key!r}")
            elif isinstance(value, dict | list):
                self.problem(raw.value_mark(key), "variables", f"{key}: a variable holds one plain value")
            elif key not in self.cli_vars:
                self.variables[key] = value

    # -- steps -------------------------------------------------------------------------------------
    def steps(self, data: YamlMap) -> list[Step]:
        raw = data.get("steps")
        if not isinstance(raw, YamlList):
            where = data.value_mark("steps") if "steps" in data else data.mark
            said = "missing" if "steps" not in data or raw is None else f"must be a list, not {yaml_kind(raw)}"
            self.problem(where, "steps", f"{said}: give a list of steps (a verb, or {{verb: {{arguments}}}})")
            return []
        known = set(self.variables)
        found = []
        for index, item in enumerate(raw, start=1):
            if self.full:
                self.problem(raw.item_mark(index - 1), f"step {index}", "not checked")  # adds "checking stopped"
                break
            step = self.step(index, item, raw.item_mark(index - 1), known)
            if step is not None:
                found.append(step)
                known.update(step.save)
        return found

    def step(self, index: int, item: Any, mark: Mark, known: set[str]) -> Step | None:
        extra = item if isinstance(item, YamlMap) else YamlMap()
        if isinstance(item, str):
            name, args, args_mark = item, YamlMap(), mark
        elif isinstance(item, YamlMap):
            verbs = [k for k in item if k not in STEP_KEYS]
            if len(verbs) != 1:
                what = "no verb" if not verbs else f"one verb per step, found {', '.join(map(str, verbs))}"
                self.problem(item.key_mark(verbs[1]) if len(verbs) > 1 else mark, f"step {index}", what)
                return None
            name, args, args_mark, mark = verbs[0], item[verbs[0]], item.value_mark(verbs[0]), item.key_mark(verbs[0])
        else:
            self.problem(mark, f"step {index}", "a step is a verb name, or {verb: {arguments}} with expect/save")
            return None
        spec = VERBS.get(name) if isinstance(name, str) else None
        if spec is None:
            self.problem(mark, f"step {index}", unknown_verb(str(name)))
            return None
        label = f"step {index} ({spec.name})"
        if args is None:
            args = YamlMap()
        if not isinstance(args, YamlMap):
            self.problem(args_mark, label, f"arguments must be a mapping, e.g. {{{_example(spec)}}}")
            return None
        self.check_args(spec, args, label, known)
        step = Step(index=index, verb=spec.name, args=dict(args), mark=mark)
        step.expect = self.expectations(extra, spec, label, known)
        step.save = self.saves(extra, spec, label)
        step.name = self.text(extra, "name", label) if "name" in extra else None
        return step

    def check_args(self, spec: VerbSpec, args: YamlMap, label: str, known: set[str]) -> None:
        saved = known - set(self.variables)
        trial = {}
        for key, value in args.items():
            if not self.defined(value, args.value_mark(key), label, known):
                return
            param = _param(spec, key)
            values = {**self.variables, **{n: _dummy(param) for n in saved}}
            trial[key] = substitute_args({key: value}, values, {key: param.base_type if param else None})[key]
        try:
            validate_args(spec, trial)
        except UsageError as exc:
            message = exc.message.removeprefix(f"{spec.name}: ")
            for part in message.split("; "):
                part = part.removeprefix("arguments: Value error, ").removeprefix("arguments: ")
                key = part.split(":", 1)[0].split(".", 1)[0]
                where = args.key_mark(key) if key in args else args.mark
                self.problem(where, label, _explain(part, key, spec))

    def expectations(self, step: YamlMap, spec: VerbSpec, label: str, known: set[str]) -> list[Expectation]:
        raw = step.get("expect")
        if raw is None:
            return []
        if not isinstance(raw, YamlMap):
            self.problem(step.value_mark("expect"), label, "expect must be a mapping of field: expected value")
            return []
        found = []
        for key, value in raw.items():
            problem = None if key == ERROR_KEY else \
                check_path(spec.result_model, key) if isinstance(key, str) else "a field name must be text"
            if problem:
                self.problem(raw.key_mark(key), label, f"expect {key}: {problem}")
                continue
            try:
                op, expected, tolerance = parse_matcher(value)
            except ValueError as exc:
                self.problem(raw.value_mark(key), label, f"expect {key}: {exc}")
                continue
            if self.defined(value, raw.value_mark(key), label, known):
                found.append(Expectation(key, op, expected, tolerance, raw.key_mark(key)))
        return found

    def saves(self, step: YamlMap, spec: VerbSpec, label: str) -> dict[str, str]:
        raw = step.get("save")
        if raw is None:
            return {}
        if not isinstance(raw, YamlMap):
            self.problem(step.value_mark("save"), label, "save must be a mapping of name: result.field")
            return {}
        found = {}
        for name, path in raw.items():
            if not isinstance(name, str) or not NAME.match(name):
                self.problem(raw.key_mark(name), label, f"save: bad variable name {name!r}")
            elif not isinstance(path, str):
                self.problem(raw.value_mark(name), label, f"save {name}: give a field of the result, e.g. result")
            elif problem := check_path(spec.result_model, path, whole=True):
                self.problem(raw.value_mark(name), label, f"save {name}: {problem}")
            else:
                found[name] = path
        return found


def _param(spec: VerbSpec, key: Any) -> ParamSpec | None:
    return next((p for p in spec.params if key in (p.alias, p.name)), None)


def _dummy(param: ParamSpec | None) -> Any:
    """A stand-in of the right type for a value saved by an earlier step (known only later)."""
    kind = param.base_type if param is not None else str
    return {int: 1, float: 1.0, bool: False}.get(kind, "x")


def _explain(part: str, key: str, spec: VerbSpec) -> str:
    part = part.replace("Field required", "required but missing")
    if "unknown parameter" in part:
        names = [p.alias for p in spec.params]
        close = difflib.get_close_matches(key, names, n=1)
        part += f" (did you mean {close[0]}?)" if close else f" (parameters: {', '.join(names) or 'none'})"
    return part


def _example(spec: VerbSpec) -> str:
    required = [p.alias for p in spec.params if p.required] or [p.alias for p in spec.params][:1]
    return ", ".join(f"{name}: …" for name in required)
