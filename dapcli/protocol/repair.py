"""Reading a response body that is off the spec in its details, instead of failing the request.

A stack frame whose ``name`` is null, a scope without ``expensive``, a frame ``id`` sent as a
string: the spec's model rejects the whole body, and with it every good frame. Here each
problem pydantic reports is mended in a copy of the body, by what the field is:

* a value outside the spec's enumeration, or a bad value of an optional field: the field is
  dropped (it was never sent);
* a required text, number or flag that is missing, null or of another type: the nearest value
  of that type (``"?"`` for a name, else ``""``; the number a text spells, 0 for null; ``False``; ``[]``);
* a required number that no text spells (``"id": "abc"``), a missing ``id``, or a bad item of a
  list of plain values: the list item is dropped (nothing could refer to it).

Then the body is validated again (a few rounds: a mended item may show the next problem).
"""

from __future__ import annotations

import copy
import types
import typing
from typing import Any

from pydantic import BaseModel, ValidationError

__all__ = ["first_problem", "repair"]

_ROUNDS = 4
_DROP = object()


def repair(model: type[BaseModel], body: Any, error: ValidationError) -> Any | None:
    """``body`` mended so that ``model`` accepts it, or None when it cannot be (not an object,
    or the problems are not of the kinds above)."""
    if not isinstance(body, dict):
        return None
    fixed = copy.deepcopy(body)
    for _ in range(_ROUNDS):
        if not _mend(model, fixed, error):
            return None
        try:
            model.model_validate(fixed)
            return fixed
        except ValidationError as again:
            error = again
    return None


def first_problem(error: ValidationError) -> str:
    """The first problem of ``error`` on one line: ``stackFrames.0.id: Input should be …``."""
    problems = error.errors()
    if not problems:
        return "invalid"
    first = problems[0]
    where = ".".join(str(part) for part in first.get("loc", ()))
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    text = str(first.get("msg", "invalid"))
    return f"{where}: {text}{more}" if where else f"{text}{more}"


def _mend(model: type[BaseModel], body: dict[str, Any], error: ValidationError) -> bool:
    drops: list[tuple[list[Any], int]] = []
    for problem in error.errors():
        loc = list(problem.get("loc", ()))
        if not loc:
            return False
        if isinstance(loc[-1], int):  # an item of a list of plain values ("hitBreakpointIds": ["x"])
            listing = _walk(body, loc[:-1])
            if not isinstance(listing, list):
                return False
            drops.append((listing, loc[-1]))
            continue
        found = _locate(model, body, loc)
        if found is None:
            return False
        container, key, annotation, required, item = found
        value = _mended(annotation, container.get(key), key) if required else None
        if value is _DROP:
            if item is None:
                return False
            drops.append(item)
        elif required:
            container[key] = value
        else:
            container.pop(key, None)
    for listing, index in sorted(set((id(a), i) for a, i in drops), key=lambda d: -d[1]):
        target = next(a for a, _ in drops if id(a) == listing)
        if index < len(target):
            del target[index]
    return True


def _walk(body: Any, loc: list[Any]) -> Any:
    for part in loc:
        try:
            body = body[part]
        except (KeyError, IndexError, TypeError):
            return None
    return body


def _locate(model: type[BaseModel], body: Any, loc: list[Any]) -> tuple[dict[str, Any], str, Any, bool,
                                                                         tuple[list[Any], int] | None] | None:
    """The dict holding the field at ``loc``, its key, annotation, whether it is required, and
    the nearest list item around it (the list and index), following the models."""
    current_model: type[BaseModel] | None = model
    target, item = body, None
    for depth, part in enumerate(loc):
        last = depth == len(loc) - 1
        if isinstance(part, int):
            if not isinstance(target, list) or part >= len(target):
                return None
            item = (target, part)
            target = target[part]
            continue
        if current_model is None or not isinstance(target, dict):
            return None
        field = current_model.model_fields.get(part) or next(
            (f for f in current_model.model_fields.values() if f.alias == part), None)
        if field is None:
            return None
        if last:
            return target, part, field.annotation, field.is_required(), item
        if part not in target:
            return None
        target = target[part]
        current_model = _model_in(field.annotation)
    return None


def _model_in(annotation: Any) -> type[BaseModel] | None:
    """The model class inside ``annotation`` (``Foo``, ``Foo | None``, ``list[Foo]``)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for inner in typing.get_args(annotation):
        found = _model_in(inner)
        if found is not None:
            return found
    return None


def _mended(annotation: Any, value: Any, key: str) -> Any:
    base = _base(annotation)
    if base is str:
        if value is None or isinstance(value, dict | list):
            return "?" if key == "name" else ""
        return str(value)
    if base is bool:
        return bool(value) if isinstance(value, int | float | str) else False
    if base is int:
        if isinstance(value, str):
            try:
                return int(value.strip())
            except ValueError:
                return _DROP
        if isinstance(value, float) and value.is_integer():
            return int(value)
        return 0 if value is None and key != "id" else _DROP  # an item without an id cannot be named
    if base is float:
        try:
            return float(value)
        except (TypeError, ValueError):
            return 0.0 if value is None else _DROP
    if base is list:
        return []
    return _DROP


def _base(annotation: Any) -> Any:
    """``str``/``int``/``bool``/``list`` for ``annotation`` and its optional forms; else None."""
    origin = typing.get_origin(annotation)
    if origin is list:
        return list
    if origin in (typing.Union, types.UnionType):
        bases = {_base(a) for a in typing.get_args(annotation) if a is not type(None)}
        return bases.pop() if len(bases) == 1 else None
    return annotation if annotation in (str, int, bool, float) else None
