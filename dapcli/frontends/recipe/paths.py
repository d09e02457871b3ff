"""Dotted paths into a verb's result: checked against the result model when a recipe is
validated, then followed in the result's JSON when it runs.

A path is camelCase field names joined by dots (``location.line``, ``stop.reason``). In a
list, a segment is an index (``frames.0.name``) or, for items that have a ``name``, that name
(``locals.discount.value``). A name that holds a dot is quoted: ``locals["(return) Meter.read"].value``
or ``locals.`(return) Meter.read`.value``. Shorthands for a stop state: ``line``,
``path``/``file`` (matched by ending), ``function`` (all of ``location``) and ``output`` (the new
output as one text, also for the ``output`` verb's result).
"""

from __future__ import annotations

import difflib
import types
from typing import Any, Union, get_args, get_origin

from pydantic import BaseModel

from dapcli.files import is_number
from dapcli.verbs.models import OutputResult, StopState

__all__ = ["MISSING", "PATH_SHORTHANDS", "check_path", "follow", "model_paths", "segments"]

#: Stop-state shorthands and the path each stands for.
PATH_SHORTHANDS = {"line": "location.line", "path": "location.path", "file": "location.path",
                   "function": "location.function"}


class _Missing:
    def __repr__(self) -> str:
        return "(absent)"


#: What :func:`follow` returns when the result has nothing at the path.
MISSING: Any = _Missing()


def _strip(annotation: Any) -> Any:
    if get_origin(annotation) in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return _strip(args[0])
    return annotation


def _fields(model: type[BaseModel]) -> dict[str, Any]:
    """camelCase name → annotation of each field."""
    return {info.alias or name: _strip(info.annotation) for name, info in model.model_fields.items()}


def _is_model(annotation: Any) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, BaseModel)


def has_output_shorthand(model: type[BaseModel]) -> bool:
    return issubclass(model, (StopState, OutputResult))


def expand_shorthand(model: type[BaseModel], key: str) -> str:
    """The real path a shorthand key stands for (``key`` itself when it is none)."""
    if issubclass(model, StopState) and key in PATH_SHORTHANDS:
        return PATH_SHORTHANDS[key]
    return key


def segments(path: str) -> list[str]:
    """The segments of a dotted ``path``: split at dots, except inside ``["…"]``, ``['…']`` or
    backquotes, which hold one segment verbatim (a name with dots: ``locals["a.b"].value``).
    One pass over the text. Raises ValueError for an unclosed quote or an empty segment."""
    found: list[str] = []
    current: list[str] = []
    closed = False  # the segment just ended with a quote: only a dot, a bracket or the end may follow
    index = 0
    while index < len(path):
        char = path[index]
        if char == "[" and path[index + 1:index + 2] in ('"', "'"):
            quote = path[index + 1]
            end = path.find(quote + "]", index + 2)
            if end < 0:
                raise ValueError(f"[{quote} at {index + 1} is not closed with {quote}]")
            if current:
                found.append("".join(current))
                current = []
            found.append(path[index + 2:end])
            index, closed = end + 2, True
            continue
        if char == "`" and not current and not closed:
            end = path.find("`", index + 1)
            if end < 0:
                raise ValueError(f"the backquote at {index + 1} is not closed")
            found.append(path[index + 1:end])
            index, closed = end + 1, True
            continue
        if char == ".":
            if not closed:
                if not current:
                    raise ValueError(f"an empty name at {index + 1} (a name with dots is quoted: [\"a.b\"])")
                found.append("".join(current))
            current, closed = [], False
        elif closed:
            raise ValueError(f"a dot must follow the quoted name at {index + 1}")
        else:
            current.append(char)
        index += 1
    if current:
        found.append("".join(current))
    elif not closed:
        raise ValueError("the path is empty or ends with a dot")
    return found


def check_path(model: type[BaseModel], key: str, *, whole: bool = False) -> str | None:
    """None when ``key`` names a value in ``model``'s results, else what is wrong with it.
    ``whole`` allows ending on an object or a list (``save`` may keep those)."""
    if key == "output" and has_output_shorthand(model):
        return None
    path = expand_shorthand(model, key)
    current: Any = model
    walked: list[str] = []
    try:
        parts = segments(path)
    except ValueError as exc:
        return f"{key}: {exc}"
    for segment in parts:
        extra = shorthands(model) if not walked else []
        problem, current = _step(current, segment, walked, extra)
        if problem:
            return problem
        walked.append(segment)
    if whole:
        return None
    where = ".".join(walked)
    if _is_model(current):
        return f"{where} is an object; check one of its fields ({', '.join(_fields(current))})"
    inner = _strip(_list_item(current))
    if _is_model(inner):
        by_name = f" or {where}.NAME.{_first_other(inner)}" if "name" in _fields(inner) else ""
        return f"{where} is a list; check a field of one item, e.g. {where}.0.{next(iter(_fields(inner)))}{by_name}"
    return None


def _first_other(model: type[BaseModel]) -> str:
    return next((name for name in _fields(model) if name != "name"), "name")


def _list_item(annotation: Any) -> Any:
    return get_args(annotation)[0] if get_origin(annotation) is list else None


def shorthands(model: type[BaseModel]) -> list[str]:
    """The shorthand keys that ``model``'s results accept."""
    found = list(PATH_SHORTHANDS) if issubclass(model, StopState) else []
    return [*found, "output"] if has_output_shorthand(model) else found


def _step(current: Any, segment: str, walked: list[str], extra: list[str]) -> tuple[str | None, Any]:
    where = ".".join(walked) or "the result"
    item = _list_item(current)
    if item is not None:
        item = _strip(item)
        if is_number(segment) or (_is_model(item) and "name" in _fields(item)):
            return None, item
        return f"{where} is a list; pick an item by index ({where}.0)", None
    if current is Any:
        return None, Any
    if not _is_model(current):
        return f"{where} is a plain value; it has no field {segment!r}", None
    fields = _fields(current)
    if segment in fields:
        return None, fields[segment]
    names = [*fields, *(e for e in extra if e not in fields)]
    close = difflib.get_close_matches(segment, names, n=3)
    hint = f"did you mean {', '.join(close)}?" if close else f"fields: {', '.join(names)}"
    return f"{where} has no field {segment!r} ({hint})", None


def model_paths(model: type[BaseModel], prefix: str = "", depth: int = 0) -> list[str]:
    """Every dotted path to a field of ``model``, objects included (lists are not entered)."""
    found = []
    for name, annotation in _fields(model).items():
        path = prefix + name
        found.append(path)
        if _is_model(annotation) and depth < 3:
            found.extend(model_paths(annotation, path + ".", depth + 1))
    return found


def list_paths(model: type[BaseModel], prefix: str = "", depth: int = 0) -> list[str]:
    """Dotted paths to list fields (whose items a path may go into)."""
    found = []
    for name, annotation in _fields(model).items():
        if _list_item(annotation) is not None:
            found.append(prefix + name)
        elif _is_model(annotation) and depth < 3:
            found.extend(list_paths(annotation, prefix + name + ".", depth + 1))
    return found


def follow(model: type[BaseModel], result: dict[str, Any], key: str) -> Any:
    """The value at ``key`` in the JSON ``result`` of a ``model`` verb, or :data:`MISSING`."""
    if key == "output" and has_output_shorthand(model):
        chunks = result.get("output" if issubclass(model, StopState) else "chunks") or []
        return "".join(str(c.get("output", "")) for c in chunks if isinstance(c, dict))
    value: Any = result
    try:
        parts = segments(expand_shorthand(model, key))
    except ValueError:
        return MISSING
    for segment in parts:
        value = _child(value, segment)
        if value is MISSING:
            return MISSING
    return value


def _child(value: Any, segment: str) -> Any:
    if isinstance(value, dict):
        return value.get(segment, MISSING) if value.get(segment) is not None else MISSING
    if isinstance(value, list):
        if is_number(segment):
            index = int(segment)
            return value[index] if index < len(value) else MISSING
        for item in value:
            if isinstance(item, dict) and item.get("name") == segment:
                return item
    return MISSING

