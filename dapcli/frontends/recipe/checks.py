"""The shared part of recipe checking: reporting problems with their place, reading plain
values (``${name}`` substituted), and the ``target`` and ``breakpoints`` sections.
Paths are relative to the recipe file; a breakpoint file may also be next to the program.
"""

from __future__ import annotations

import difflib
import os
from typing import Any

from dapcli.errors import echo
from dapcli.files import is_number
from dapcli.frontends.recipe.loader import Mark, YamlList, YamlMap
from dapcli.frontends.recipe.model import BreakpointSpec, Target
from dapcli.frontends.recipe.variables import BadReference, as_text, fit, references, substitute
from dapcli.verbs.breakpoints.args import check_hit_condition, past_end
from dapcli.verbs.breakpoints.breakpoints import extra_number_problem
from dapcli.verbs.shared.envnames import env_name_problem, pair_problem

__all__ = ["BREAKPOINT_KEYS", "TARGET_KEYS", "CheckerBase"]

TARGET_KEYS = ("program", "module", "args", "cwd", "env", "adapter", "python", "build", "launch", "stdin", "test",
               "runner", "connect", "pathMappings", "exceptions", "untilFail")
#: Most problems reported for one recipe.
MAX_PROBLEMS = 50
BREAKPOINT_KEYS = ("path", "line", "function", "condition", "hitCondition", "logMessage", "statement", "nearLine",
                   "expectText")


class CheckerBase:
    """Collects problems as ``FILE:LINE:COL: where: message`` lines."""

    def __init__(self, path: str, display: str, cli_vars: dict[str, str]) -> None:
        self.path, self.display = path, display
        self.base_dir = os.path.dirname(path)
        self.cli_vars = dict(cli_vars)
        self.variables: dict[str, Any] = dict(cli_vars)
        self.problems: list[str] = []

    def problem(self, mark: Mark, where: str | None, message: str) -> None:
        prefix = f"{where}: " if where else ""
        if len(self.problems) == MAX_PROBLEMS:
            self.problems.append(f"{self.display}: checking stopped after {MAX_PROBLEMS} problems (fix these first)")
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(f"{self.display}:{mark.line}:{mark.column}: {prefix}{message}")

    @property
    def full(self) -> bool:
        """As many problems as are reported: checking further only costs time."""
        return len(self.problems) >= MAX_PROBLEMS

    def unknown_keys(self, data: YamlMap, known: tuple[str, ...], where: str | None) -> None:
        for key in data:
            if key not in known:
                close = difflib.get_close_matches(str(key), known, n=1)
                hint = f"did you mean {close[0]}?" if close else f"known keys: {', '.join(known)}"
                self.problem(data.key_mark(key), where, f"unknown key {key!r} ({hint})")

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
            said = "missing" if "target" not in data or raw is None else f"must be a mapping, not {yaml_kind(raw)}"
            self.problem(where, "target", f"{said}: give target: {{program: PATH}} (relative to this file)")
            return None
        self.unknown_keys(raw, TARGET_KEYS, "target")
        if "test" in raw:
            return self.test_target(raw)
        if "untilFail" in raw:
            self.problem(raw.value_mark("untilFail"), "target", "untilFail goes with test: (runs the tests again)")
        connect = self.text(raw, "connect", "target")
        program = self.text(raw, "program", "target")
        module = self.text(raw, "module", "target")
        if module is not None and program is not None:
            self.problem(raw.value_mark("module"), "target", "give either program or module, not both")
        if module is not None:  # python -m MODULE: no program file to check
            program = f"-m {module}"
        if connect is not None and program is None:
            return Target(program="", display=connect, connect=connect, adapter=self.text(raw, "adapter", "target"),
                          path_mappings=self.path_mappings(raw), mark=raw.mark)
        if program is None:
            if "program" not in raw:
                self.problem(raw.mark, "target",
                             "program is missing (or module: NAME for python -m NAME, or connect: HOST:PORT to attach)")
            return None
        target = Target(
            program="" if module else self.resolve(program), display=program, module=module,
            args=self.texts(raw, "args", "target"),
            cwd=self.resolve(cwd) if (cwd := self.text(raw, "cwd", "target")) else None,
            env=self.env(raw), adapter=self.text(raw, "adapter", "target"), python=self.interpreter(raw),
            build=self.texts(raw, "build", "target") or None, mark=raw.mark, path_mappings=self.path_mappings(raw),
        )
        target.launch = self.launch_options(raw)
        target.exceptions = self.exceptions(raw)
        stdin = self.text(raw, "stdin", "target")
        target.stdin = self.resolve(stdin) if stdin else None
        if target.stdin and not os.path.isfile(target.stdin):
            self.problem(raw.value_mark("stdin"), "target", f"stdin file not found: {stdin} (looked at {target.stdin})")
        if "build" in raw and not target.build:
            self.problem(raw.value_mark("build"), "target", "build is an argv list, e.g. [make, program]")
        if target.build is None and not module and not os.path.isfile(target.program):
            self.problem(raw.value_mark("program"), "target",
                         f"program not found: {echo(program)} (looked at {echo(target.program)})")
        if target.cwd and not os.path.isdir(target.cwd):
            self.problem(raw.value_mark("cwd"), "target", f"cwd is not a directory: {target.cwd}")
        return target

    def test_target(self, raw: YamlMap) -> Target | None:
        """``target: {test: SELECTOR or [SELECTOR…], runner, cwd, …}``: the run of ``debugTest``."""
        value = raw.get("test")
        selectors = self.texts(raw, "test", "target") if isinstance(value, YamlList) else \
            [t for t in [self.text(raw, "test", "target")] if t]
        if "program" in raw:
            self.problem(raw.value_mark("program"), "target", "give either program or test, not both")
        if "env" in raw:
            self.problem(raw.value_mark("env"), "target", "env is not supported with test (set it before dapcli run)")
        cwd = self.text(raw, "cwd", "target")
        target = Target(
            program="", display="test " + " ".join(selectors), args=self.texts(raw, "args", "target"),
            cwd=self.resolve(cwd) if cwd else None, env=self.env(raw), adapter=self.text(raw, "adapter", "target"),
            python=self.interpreter(raw), build=self.texts(raw, "build", "target") or None, mark=raw.mark,
            test=selectors, runner=self.text(raw, "runner", "target"), exceptions=self.exceptions(raw),
        )
        runs = raw.get("untilFail")
        if runs is not None and (isinstance(runs, bool) or not isinstance(runs, int) or not 1 <= runs <= 100_000):
            self.problem(raw.value_mark("untilFail"), "target",
                         f"untilFail must be a number of runs from 1 to 100000, not {str(runs)[:40]!r}")
        elif runs is not None:
            target.until_fail = runs
        stdin = self.text(raw, "stdin", "target")
        target.stdin = self.resolve(stdin) if stdin else None
        if target.stdin and not os.path.isfile(target.stdin):
            self.problem(raw.value_mark("stdin"), "target", f"stdin file not found: {stdin} (looked at {target.stdin})")
        if target.cwd and not os.path.isdir(target.cwd):
            self.problem(raw.value_mark("cwd"), "target", f"cwd is not a directory: {target.cwd}")
        return target

    def exceptions(self, raw: YamlMap) -> list[str] | None:
        """``exceptions``: filter ids as one text (``raised, uncaught``) or a list of them."""
        if "exceptions" not in raw:
            return None
        value = raw.get("exceptions")
        given = self.texts(raw, "exceptions", "target") if isinstance(value, YamlList) else \
            [t for t in [self.text(raw, "exceptions", "target")] if t]
        names = [part.strip() for text in given for part in text.split(",") if part.strip()]
        if not names:
            self.problem(raw.value_mark("exceptions"), "target",
                         "exceptions names the adapter's filters, e.g. [raised, uncaught] (`dapcli exceptions list`)")
        return names or None

    def path_mappings(self, raw: YamlMap) -> list[str]:
        """``pathMappings`` as ``REMOTE=LOCAL`` texts with LOCAL absolute (relative to this
        file): a list of ``REMOTE=LOCAL``, or a map ``{REMOTE: LOCAL}``."""
        value = raw.get("pathMappings")
        if isinstance(value, YamlMap):
            pairs = [f"{k}={as_text(v)}" for k, v in value.items() if isinstance(v, str | int)]
        else:
            pairs = self.texts(raw, "pathMappings", "target")
        found = []
        for pair in pairs:
            remote, sep, local = pair.partition("=")
            if not sep or not remote.strip() or not local.strip():
                self.problem(raw.value_mark("pathMappings"), "target", f"path mapping {pair!r} is not REMOTE=LOCAL")
                continue
            path = self.resolve(local.strip())
            if not os.path.exists(path):
                self.problem(raw.value_mark("pathMappings"), "target",
                             f"the local side of path mapping {pair!r} does not exist ({path})")
            found.append(f"{remote.strip()}={path}")
        return found
    def launch_options(self, raw: YamlMap) -> dict[str, Any] | None:
        """``target.launch``: options for the adapter's launch request (``adapterConfig``)."""
        value = raw.get("launch")
        if value is None:
            return None
        if not isinstance(value, dict):
            self.problem(raw.value_mark("launch"), "target", "launch must be a mapping of adapter options, "
                                                             "e.g. {justMyCode: false}")
            return None
        return _plain(value)

    def env(self, raw: YamlMap) -> list[str]:
        value = raw.get("env")
        if isinstance(value, YamlMap):
            pairs = [f"{k}={as_text(v)}" for k, v in value.items() if v is not None and not isinstance(v, dict | list)]
            if len(pairs) != len(value) or not all(isinstance(k, str) and k for k in value):
                self.problem(raw.value_mark("env"), "target", "env values must be plain values")
            if not self.defined(pairs, raw.value_mark("env"), "target", set(self.variables)):
                return []
            for name in value:
                if isinstance(name, str) and (problem := env_name_problem(name)):
                    self.problem(raw.value_mark("env"), "target", problem)
            return [as_text(substitute(p, self.variables)) for p in pairs]
        pairs = self.texts(raw, "env", "target")
        for pair in pairs:
            if problem := pair_problem(pair):
                self.problem(raw.value_mark("env"), "target", problem)
        return pairs

    # -- breakpoints -------------------------------------------------------------------------------
    def breakpoints(self, data: YamlMap, target: Target | None) -> list[BreakpointSpec]:
        raw = data.get("breakpoints")
        if raw is None:
            return []
        if not isinstance(raw, YamlList):
            self.problem(data.value_mark("breakpoints"), "breakpoints", "must be a list of FILE:LINE or {path, line}")
            return []
        found: list[BreakpointSpec] = []
        numbers: dict[str, int] = {}
        for index, item in enumerate(raw):
            spec = self.breakpoint(item, raw.item_mark(index), f"breakpoint {index + 1}", target)
            if spec is None:
                continue
            if spec.location in numbers:  # a line holds one breakpoint (adapters keep one of a line's duplicates)
                self.problem(raw.item_mark(index), f"breakpoint {index + 1}",
                             f"{spec.display} is also breakpoint {numbers[spec.location]}; a line holds one "
                             "breakpoint: give one breakpoint its condition, hitCondition and logMessage")
                continue
            numbers[spec.location] = index + 1
            found.append(spec)
        return found

    def breakpoint(self, item: Any, mark: Mark, where: str, target: Target | None) -> BreakpointSpec | None:
        extra: dict[str, str | None] = {}
        if isinstance(item, YamlMap):
            self.unknown_keys(item, BREAKPOINT_KEYS, where)
            for key in ("condition", "hitCondition", "logMessage"):
                extra[key] = self.text(item, key, where)
            try:
                check_hit_condition(extra["hitCondition"])
            except ValueError as exc:
                self.problem(item.value_mark("hitCondition"), where, str(exc))
                return None
            if item.get("function") is not None:
                text = self.text(item, "function", where)
            elif item.get("path") is not None and item.get("statement") is not None and item.get("line") is None:
                near = item.get("nearLine")
                if near is not None and (isinstance(near, bool) or not isinstance(near, int)):
                    self.problem(item.value_mark("nearLine"), where, f"nearLine must be a line number, not {near!r}")
                    return None
                text = self.by_statement(self.text(item, "path", where) or "", self.text(item, "statement", where)
                                         or "", near, item.value_mark("statement"), where, target)
                if text is None:
                    return None
            elif item.get("path") is not None and item.get("line") is not None:
                line = item.get("line")
                if isinstance(line, str):  # ``line: ${n}`` with ``--var n=12``
                    if not self.defined(line, item.value_mark("line"), where, set(self.variables)):
                        return None
                    line = fit(substitute(line, self.variables), int)
                if isinstance(line, bool) or not isinstance(line, int):
                    shown = repr(line) if len(repr(line)) <= 40 else repr(line)[:40] + "…"
                    self.problem(item.value_mark("line"), where, f"line must be a line number from 1, not {shown}")
                    return None
                text = f"{self.text(item, 'path', where)}:{line}"
            else:
                self.problem(mark, where, "give path and line (or statement), or function")
                return None
        elif isinstance(item, str | int) and not isinstance(item, bool):
            if not self.defined(str(item), mark, where, set(self.variables)):
                return None
            text = as_text(substitute(str(item), self.variables))
            form = self.at_form(text or "", mark, where, target)
            if form is False:
                return None
            if isinstance(form, tuple):
                text = self.by_statement(form[0], form[1], None, mark, where, target)
                if text is None:
                    return None
                text = f"{text} {form[2]}" if form[2] else text
            text, clauses = self.clauses(text or "", mark, where)
            if text is None:
                return None
            extra.update(clauses)
        else:
            self.problem(mark, where, "write FILE:LINE, a function name, or {path, line, condition}")
            return None
        location = self.location(text or "", mark, where, target)
        if location is None:
            return None
        expected = self.text(item, "expectText", where) if isinstance(item, YamlMap) else None
        if expected is not None and not self.expected(location, expected, item.value_mark("expectText"), where):
            return None
        return BreakpointSpec(location=location, display=text or "", condition=extra.get("condition"),
                              hit_condition=extra.get("hitCondition"), log_message=extra.get("logMessage"), mark=mark)

    def clauses(self, text: str, mark: Mark, where: str) -> tuple[str | None, dict[str, str | None]]:
        """``"f.c:9 if i > 2 hit %2 log i={i}"`` read as ``-b`` reads it (``verbs/breakpoints/spec.py``):
        the location and ``{condition, hitCondition, logMessage}``; ``(None, {})`` after a problem."""
        from dapcli.errors import UsageError
        from dapcli.verbs.breakpoints.spec import parse_spec

        if not any(f" {word} " in f" {text} " for word in ("if", "hit", "log")):
            return text, {}
        try:
            location, found = parse_spec(text)
            check_hit_condition(found.get("hit_condition"))
        except (UsageError, ValueError) as exc:
            self.problem(mark, where, str(exc))
            return None, {}
        names = {"condition": "condition", "hit_condition": "hitCondition", "log_message": "logMessage"}
        return location, {names[k]: v for k, v in found.items()}

    def places(self, file_part: str, target: Target | None) -> str:
        """The file ``file_part`` names: next to the recipe, else next to the program."""
        places = [self.resolve(file_part)]
        if target is not None:
            places.append(os.path.normpath(os.path.join(os.path.dirname(target.program), file_part)))
        return next((p for p in places if os.path.isfile(p)), places[0])

    def at_form(self, text: str, mark: Mark, where: str, target: Target | None) -> tuple[str, str, str] | bool:
        """``FILE@TEXT`` (``verbs/breakpoints/statements.py``): ``(FILE, TEXT, clauses)``; True
        when ``text`` is another form; False after a problem."""
        from dapcli.errors import UsageError
        from dapcli.verbs.breakpoints.statements import split_at

        try:
            found = split_at(text, lambda name: os.path.isfile(self.places(name, target))) if "@" in text else None
        except UsageError as exc:
            self.problem(mark, where, exc.message)
            return False
        return True if found is None else found

    def by_statement(self, file_part: str, statement: str, near: int | None, mark: Mark, where: str,
                     target: Target | None) -> str | None:
        """``FILE:LINE`` of the line whose statement is ``statement`` (see ``place_statement``)."""
        from dapcli.errors import UsageError
        from dapcli.verbs.breakpoints.statements import place_statement

        try:
            found = place_statement(lambda name: self.places(name, target), file_part, statement, near)
        except UsageError as exc:
            self.problem(mark, where, exc.message)
            return None
        return f"{found['path']}:{found['line']}"

    def expected(self, location: str, expected: str, mark: Mark, where: str) -> bool:
        """``expectText``: the line holds the text (else a problem showing the real line)."""
        from dapcli.errors import UsageError
        from dapcli.verbs.breakpoints.statements import check_expect

        path, _, line = location.rpartition(":")
        if not path or not is_number(line):
            self.problem(mark, where, "expectText checks a line: give path and line")
            return False
        try:
            check_expect(path, int(line), expected, os.path.basename(path))
        except UsageError as exc:
            self.problem(mark, where, f"{exc.message} ({exc.hint})" if exc.hint else exc.message)
            return False
        return True

    def location(self, text: str, mark: Mark, where: str, target: Target | None) -> str | None:
        """``ABSPATH:LINE`` (the file found next to the recipe or the program) or a function name."""
        file_part, sep, line_part = text.rpartition(":")
        if not (sep and is_number(line_part) and file_part):
            if not text or is_number(text) or any(c.isspace() for c in text):
                self.problem(mark, where, f"bad breakpoint {text!r}: write FILE:LINE or a function name")
                return None
            return text
        places = [self.resolve(file_part)]
        if not os.path.exists(places[0]) and (problem := extra_number_problem(text, file_part)):
            self.problem(mark, where, problem)
            return None
        if target is not None:
            places.append(os.path.normpath(os.path.join(os.path.dirname(target.program), file_part)))
        line = int(line_part)
        if line < 1:
            self.problem(mark, where, f"line {line} is not a line of any file (lines count from 1)")
            return None
        # a file that is not here is the adapter's to judge: the breakpoint is sent and
        # reported pending by launch (it may load later); a line past its end is refused
        path = next((p for p in places if os.path.isfile(p)), places[0])
        beyond = past_end(path, line, file_part) if os.path.isfile(path) else None
        if beyond is not None:
            self.problem(mark, where, beyond)
            return None
        return f"{path}:{line}"

    def interpreter(self, raw: YamlMap) -> str | None:
        """``python``: a name looked up on PATH, or a path relative to the recipe file."""
        python = self.text(raw, "python", "target")
        return self.resolve(python) if python and ("/" in python or os.sep in python) else python


def _plain(value: Any) -> Any:
    """A loaded YAML value as plain dicts and lists (JSON for the adapter)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def yaml_kind(value: object) -> str:
    """What a YAML value is, in a user's words: ``5`` is "a number", ``[a]`` "a list"."""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return f"a number ({value})"
    if isinstance(value, str):
        return f"text ({value[:40]!r})"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__
