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
from dapcli.frontends.recipe.loader import Mark, YamlList, YamlMap, load_yaml
from dapcli.frontends.recipe.matchers import parse_matcher
from dapcli.frontends.recipe.model import BreakpointSpec, Expectation, Recipe, Step, Target
from dapcli.frontends.recipe.paths import check_path
from dapcli.frontends.recipe.variables import NAME, BadReference, as_text, references, substitute
from dapcli.verbs import VERBS, ParamSpec, VerbSpec, validate_args

__all__ = ["BREAKPOINT_KEYS", "STEP_KEYS", "TARGET_KEYS", "TOP_KEYS", "InvalidRecipe", "load_recipe"]

TOP_KEYS = ("name", "description", "variables", "target", "breakpoints", "steps")
TARGET_KEYS = ("program", "args", "cwd", "env", "adapter", "python", "build")
BREAKPOINT_KEYS = ("path", "line", "function", "condition", "hitCondition", "logMessage")
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
    names = {}
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


class _Checker:
    def __init__(self, path: str, display: str, cli_vars: dict[str, str]) -> None:
        self.path, self.display = path, display
        self.base_dir = os.path.dirname(path)
        self.cli_vars = dict(cli_vars)
        self.variables: dict[str, Any] = dict(cli_vars)
        self.problems: list[str] = []

    def problem(self, mark: Mark, where: str | None, message: str) -> None:
        prefix = f"{where}: " if where else ""
        self.problems.append(f"{self.display}:{mark.line}:{mark.column}: {prefix}{message}")

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

    def unknown_keys(self, data: YamlMap, known: tuple[str, ...], where: str | None) -> None:
        for key in data:
            if key not in known:
                close = difflib.get_close_matches(str(key), known, n=1)
                hint = f"did you mean {close[0]}?" if close else f"known keys: {', '.join(known)}"
                self.problem(data.key_mark(key), where, f"unknown key {key!r} ({hint})")

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

    def defined(self, value: Any, mark: Mark, where: str | None, known: set[str]) -> bool:
        """Report references in ``value`` to names not in ``known``; True when all are defined."""
        try:
            names = references(value)
        except BadReference as exc:
            self.problem(mark, where, str(exc))
            return False
        missing = [n for n in dict.fromkeys(names) if n not in known]
        for name in missing:
            self.problem(mark, where, f"undefined variable ${{{name}}} (set it with --var {name}=VALUE, "
                                      "under variables:, or save it in an earlier step)")
        return not missing

    def text(self, data: YamlMap, key: str, where: str) -> str | None:
        value = data.get(key)
        if value is None:
            return None
        if isinstance(value, dict | list | bool):
            self.problem(data.value_mark(key), where, f"{key} must be text")
            return None
        if not self.defined(value, data.value_mark(key), where, set(self.variables)):
            return None
        return as_text(substitute(value, self.variables)) if isinstance(value, str) else str(value)

    def texts(self, data: YamlMap, key: str, where: str) -> list[str]:
        value = data.get(key)
        if value is None:
            return []
        if not isinstance(value, YamlList) or any(isinstance(v, dict | list) or v is None for v in value):
            self.problem(data.value_mark(key), where, f"{key} must be a list of plain values")
            return []
        if not self.defined(list(value), data.value_mark(key), where, set(self.variables)):
            return []
        return [as_text(substitute(v, self.variables)) for v in value]

    def resolve(self, path: str) -> str:
        return os.path.normpath(os.path.join(self.base_dir, os.path.expanduser(path)))

    # -- target ------------------------------------------------------------------------------------
    def target(self, data: YamlMap) -> Target | None:
        raw = data.get("target")
        if not isinstance(raw, YamlMap):
            where = data.value_mark("target") if "target" in data else data.mark
            self.problem(where, "target", "missing: give target: {program: PATH} (relative to this file)")
            return None
        self.unknown_keys(raw, TARGET_KEYS, "target")
        program = self.text(raw, "program", "target")
        if program is None:
            if "program" not in raw:
                self.problem(raw.mark, "target", "program is missing")
            return None
        target = Target(
            program=self.resolve(program), display=program, args=self.texts(raw, "args", "target"),
            cwd=self.resolve(cwd) if (cwd := self.text(raw, "cwd", "target")) else None,
            env=self.env(raw), adapter=self.text(raw, "adapter", "target"), python=self.text(raw, "python", "target"),
            build=self.texts(raw, "build", "target") or None, mark=raw.mark,
        )
        if "build" in raw and not target.build:
            self.problem(raw.value_mark("build"), "target", "build is an argv list, e.g. [make, program]")
        if target.build is None and not os.path.isfile(target.program):
            self.problem(raw.value_mark("program"), "target", f"program not found: {program} (looked at {target.program})")
        if target.cwd and not os.path.isdir(target.cwd):
            self.problem(raw.value_mark("cwd"), "target", f"cwd is not a directory: {target.cwd}")
        return target

    def env(self, raw: YamlMap) -> list[str]:
        value = raw.get("env")
        if isinstance(value, YamlMap):
            pairs = [f"{k}={as_text(v)}" for k, v in value.items() if v is not None and not isinstance(v, dict | list)]
            if len(pairs) != len(value) or not all(isinstance(k, str) and k for k in value):
                self.problem(raw.value_mark("env"), "target", "env values must be plain values")
            if not self.defined(pairs, raw.value_mark("env"), "target", set(self.variables)):
                return []
            return [as_text(substitute(p, self.variables)) for p in pairs]
        pairs = self.texts(raw, "env", "target")
        for pair in pairs:
            if "=" not in pair or pair.startswith("="):
                self.problem(raw.value_mark("env"), "target", f"env entry {pair!r} is not NAME=VALUE")
        return pairs

    # -- breakpoints -------------------------------------------------------------------------------
    def breakpoints(self, data: YamlMap, target: Target | None) -> list[BreakpointSpec]:
        raw = data.get("breakpoints")
        if raw is None:
            return []
        if not isinstance(raw, YamlList):
            self.problem(data.value_mark("breakpoints"), "breakpoints", "must be a list of FILE:LINE or {path, line}")
            return []
        found = []
        for index, item in enumerate(raw):
            spec = self.breakpoint(item, raw.item_mark(index), f"breakpoint {index + 1}", target)
            if spec is not None:
                found.append(spec)
        return found

    def breakpoint(self, item: Any, mark: Mark, where: str, target: Target | None) -> BreakpointSpec | None:
        extra: dict[str, str | None] = {}
        if isinstance(item, YamlMap):
            self.unknown_keys(item, BREAKPOINT_KEYS, where)
            for key in ("condition", "hitCondition", "logMessage"):
                extra[key] = self.text(item, key, where)
            if item.get("function") is not None:
                text = self.text(item, "function", where)
            elif item.get("path") is not None and item.get("line") is not None:
                text = f"{self.text(item, 'path', where)}:{self.text(item, 'line', where)}"
            else:
                self.problem(mark, where, "give path and line, or function")
                return None
        elif isinstance(item, str | int) and not isinstance(item, bool):
            if not self.defined(str(item), mark, where, set(self.variables)):
                return None
            text = as_text(substitute(str(item), self.variables))
        else:
            self.problem(mark, where, "write FILE:LINE, a function name, or {path, line, condition}")
            return None
        location = self.location(text or "", mark, where, target)
        if location is None:
            return None
        return BreakpointSpec(location=location, display=text or "", condition=extra.get("condition"),
                              hit_condition=extra.get("hitCondition"), log_message=extra.get("logMessage"), mark=mark)

    def location(self, text: str, mark: Mark, where: str, target: Target | None) -> str | None:
        """``ABSPATH:LINE`` (the file found next to the recipe or the program) or a function name."""
        file_part, sep, line_part = text.rpartition(":")
        if not (sep and line_part.isdigit() and file_part):
            if not text or text.isdigit() or any(c.isspace() for c in text):
                self.problem(mark, where, f"bad breakpoint {text!r}: write FILE:LINE or a function name")
                return None
            return text
        places = [self.resolve(file_part)]
        if target is not None:
            places.append(os.path.normpath(os.path.join(os.path.dirname(target.program), file_part)))
        path = next((p for p in places if os.path.isfile(p)), None)
        if path is None:
            self.problem(mark, where, f"no such file: {file_part} (looked at {' and '.join(dict.fromkeys(places))})")
            return None
        with open(path, encoding="utf-8", errors="replace") as handle:
            count = sum(1 for _ in handle)
        line = int(line_part)
        if not 1 <= line <= count:
            self.problem(mark, where, f"{file_part} has {count} lines; line {line} is outside it")
            return None
        return f"{path}:{line}"

    # -- steps -------------------------------------------------------------------------------------
    def steps(self, data: YamlMap) -> list[Step]:
        raw = data.get("steps")
        if not isinstance(raw, YamlList):
            where = data.value_mark("steps") if "steps" in data else data.mark
            self.problem(where, "steps", "missing: give a list of steps (a verb, or {verb: {arguments}})")
            return []
        known = set(self.variables)
        found = []
        for index, item in enumerate(raw, start=1):
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
            trial[key] = substitute(value, {**self.variables, **{n: _dummy(param) for n in saved}})
        try:
            validate_args(spec, trial)
        except UsageError as exc:
            message = exc.message.removeprefix(f"{spec.name}: ")
            for part in message.split("; "):
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
            problem = check_path(spec.result_model, key) if isinstance(key, str) else "a field name must be text"
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
