"""The JSON Schema of the recipe format, generated from the verb table.

Each verb contributes a step shape: its arguments (the verbs' own argument models, where any
value may also be a ``${name}`` reference), ``expect`` keys (every field path of its result
model, plus the stop-state shorthands) and ``save``. Editors use it for completion; the
validator in :mod:`~dapcli.frontends.recipe.validate` stays the authority (file existence,
line ranges, variables defined before use).
"""

from __future__ import annotations

import copy
import re
from typing import Any

from pydantic import BaseModel

from dapcli.frontends.recipe.paths import check_path, list_paths, model_paths, shorthands
from dapcli.frontends.recipe.validate import BREAKPOINT_KEYS, TARGET_KEYS
from dapcli.verbs import VERBS, VerbSpec

__all__ = ["recipe_schema"]

_SCALAR = {"type": ["string", "number", "boolean", "null"]}
_TEXT = {"type": ["string", "number"]}
_VARIABLE = {"type": "string", "pattern": r"^\$\{[A-Za-z_][A-Za-z0-9_]*\}$"}


def _matcher() -> dict[str, Any]:
    def one(key: str, schema: dict[str, Any], **more: Any) -> dict[str, Any]:
        return {"type": "object", "properties": {key: schema, **more}, "required": [key], "additionalProperties": False}

    return {
        "description": "a plain value (equality; as text when the actual value is text), or one matcher",
        "oneOf": [
            _SCALAR, one("equals", {}), one("contains", _SCALAR), one("matches", {"type": "string", "format": "regex"}),
            one("approx", _TEXT, tolerance=_TEXT),
        ],
    }


def _args(spec: VerbSpec) -> dict[str, Any]:
    schema = copy.deepcopy(spec.args_model.model_json_schema(by_alias=True))
    schema = _inline(schema, schema.pop("$defs", {}))  # nested models (launch's structured breakpoints)
    schema.pop("title", None)
    for name, prop in schema.get("properties", {}).items():
        prop.pop("title", None)
        schema["properties"][name] = {"anyOf": [prop, {"$ref": "#/$defs/variable"}], "description": prop.get(
            "description", "")}
    schema["additionalProperties"] = False
    return {"anyOf": [{"type": "null"}, schema], "description": spec.summary}


def _inline(node: Any, defs: dict[str, Any]) -> Any:
    """``node`` with each ``{"$ref": "#/$defs/NAME"}`` replaced by that definition (not recursive
    models: argument models are plain)."""
    if isinstance(node, list):
        return [_inline(item, defs) for item in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/") and ref[8:] in defs:
        return _inline({k: v for k, v in defs[ref[8:]].items() if k != "title"}, defs)
    return {key: _inline(value, defs) for key, value in node.items()}


def _expect(model: type[BaseModel]) -> dict[str, Any]:
    keys = [p for p in model_paths(model) if check_path(model, p) is None]
    keys += [k for k in shorthands(model) if k not in keys]
    matcher = {"$ref": "#/$defs/matcher"}
    lists = [re.escape(p) for p in list_paths(model)]
    schema: dict[str, Any] = {
        "type": "object", "properties": {key: matcher for key in keys}, "additionalProperties": False,
        "description": "checks on the result: field path (camelCase, dotted) → expected value or matcher",
    }
    if lists:
        schema["patternProperties"] = {rf"^({'|'.join(lists)})\.[^.]+(\.[^.]+)*$": matcher}
    return schema


def _step(spec: VerbSpec) -> dict[str, Any]:
    return {
        "type": "object", "required": [spec.name], "additionalProperties": False,
        "properties": {
            spec.name: _args(spec),
            "name": {"type": "string", "description": "what this step shows (printed in the transcript)"},
            "expect": _expect(spec.result_model),
            "save": {"type": "object", "propertyNames": {"pattern": "^[A-Za-z_][A-Za-z0-9_]*$"},
                     "additionalProperties": {"type": "string"},
                     "description": "variable name → result field path, for later ${name}"},
        },
    }


def _target() -> dict[str, Any]:
    props: dict[str, Any] = {
        "program": {"type": "string", "description": "program to debug, relative to the recipe file"},
        "module": {"type": "string", "description": "Python module to run instead (python -m MODULE), found "
                                                    "from cwd"},
        "args": {"type": "array", "items": _TEXT},
        "cwd": {"type": "string", "description": "working directory, relative to the recipe file"},
        "env": {"oneOf": [{"type": "object", "additionalProperties": _SCALAR},
                          {"type": "array", "items": {"type": "string", "pattern": "^[^=]+="}}]},
        "adapter": {"type": "string"},
        "python": {"type": "string"},
        "build": {"type": "array", "items": _TEXT, "minItems": 1,
                  "description": "argv run before launch, without a shell"},
        "connect": {"type": "string", "description": "HOST:PORT of a debug server to attach to, instead of "
                                                     "launching a program"},
        "pathMappings": {"oneOf": [{"type": "object", "additionalProperties": {"type": "string"}},
                                   {"type": "array", "items": {"type": "string", "pattern": "^[^=]+=.+"}}],
                         "description": "the program's directory → yours (relative to the recipe file)"},
        "launch": {"type": "object", "description": "options for the adapter's launch request "
                                                    "(like --set), e.g. {justMyCode: false}"},
        "stdin": {"type": "string", "description": "file the program reads as stdin, relative to the recipe file"},
        "test": {"oneOf": [_TEXT, {"type": "array", "items": _TEXT}],
                 "description": "run tests instead (dapcli test SELECTOR…): stop at the first failure"},
        "runner": {"type": "string", "enum": ["pytest", "unittest", "go", "native"]},
        "untilFail": {"type": "integer", "minimum": 1, "maximum": 100000,
                      "description": "with test: run the tests up to N times, to the first failure"},
        "exceptions": {"oneOf": [_TEXT, {"type": "array", "items": _TEXT}],
                       "description": "the adapter's exception filters on from the start, e.g. [raised, uncaught]"},
    }
    assert set(props) == set(TARGET_KEYS)
    return {"type": "object", "anyOf": [{"required": ["program"]}, {"required": ["module"]}, {"required": ["test"]},
                                                {"required": ["connect"]}],
            "additionalProperties": False, "properties": props}


def _breakpoint() -> dict[str, Any]:
    props: dict[str, Any] = {key: {"type": "string"} for key in BREAKPOINT_KEYS}
    props["line"] = {"type": ["integer", "string"]}
    props["hitCondition"] = _TEXT
    props["nearLine"] = {"type": "integer"}
    props["statement"]["description"] = "instead of line: the line whose statement is this text"
    props["expectText"]["description"] = "refuse the recipe unless the line holds this text"
    return {"oneOf": [
        {"type": "string", "description": "FILE:LINE (relative to the recipe or the program), FILE@STATEMENT, "
                                          "or a function name"},
        {"type": "object", "additionalProperties": False, "properties": props,
         "anyOf": [{"required": ["path", "line"]}, {"required": ["path", "statement"]}, {"required": ["function"]}]},
    ]}


def recipe_schema() -> dict[str, Any]:
    """A JSON Schema (draft 2020-12) of the recipe format."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "dapcli recipe",
        "description": "A debugging session written down: target, breakpoints, steps with expect checks.",
        "type": "object",
        "required": ["target", "steps"],
        "additionalProperties": False,
        "properties": {
            "name": {"type": ["string", "number"]},
            "description": {"type": "string"},
            "variables": {"type": "object", "propertyNames": {"pattern": "^[A-Za-z_][A-Za-z0-9_]*$"},
                          "additionalProperties": _SCALAR},
            "target": _target(),
            "breakpoints": {"type": "array", "items": {"$ref": "#/$defs/breakpoint"}},
            "steps": {"type": "array", "items": {"$ref": "#/$defs/step"}},
        },
        "$defs": {
            "variable": _VARIABLE,
            "matcher": _matcher(),
            "breakpoint": _breakpoint(),
            "step": {"oneOf": [{"type": "string", "enum": list(VERBS)}] + [_step(spec) for spec in VERBS.values()]},
        },
    }
