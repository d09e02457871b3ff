"""Reading a body that is off the spec without losing it: each field is validated on its own,
and a field whose value does not fit is kept as the adapter sent it.

Delve 1.20 answers ``exceptionInfo`` with ``breakMode: ""`` (the spec requires one of
``never``/``always``/``unhandled``/``userUnhandled``): the whole answer, with the panic's
message and stack, failed to validate and was lost. Read field by field, only ``breakMode`` is
odd, and it stays ``""``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError

__all__ = ["lenient"]


@cache
def _adapter(annotation: Any) -> TypeAdapter[Any]:
    return TypeAdapter(annotation)


def lenient(model: type[BaseModel], body: dict[str, Any]) -> BaseModel:
    """``body`` as ``model`` without validation of the whole: every field the model knows is
    validated alone (a nested body that is off the spec is read the same way), the ones that
    fail keep their raw value, and unknown fields are kept as extras."""
    values: dict[str, Any] = {}
    for name, field in model.model_fields.items():
        key = field.alias or name
        if key not in body:
            continue
        raw = body[key]
        try:
            values[name] = _adapter(field.annotation).validate_python(raw)
        except (ValidationError, TypeError, ValueError):
            nested = _model_of(field.annotation)
            values[name] = lenient(nested, raw) if nested is not None and isinstance(raw, dict) else raw
    extras = {k: v for k, v in body.items() if k not in {f.alias or n for n, f in model.model_fields.items()}}
    return model.model_construct(**values, **extras)


def _model_of(annotation: Any) -> type[BaseModel] | None:
    """The model class in ``annotation`` (``Foo``, ``Foo | None``), if there is one."""
    candidates = [annotation, *getattr(annotation, "__args__", ())]
    return next((c for c in candidates if isinstance(c, type) and issubclass(c, BaseModel)), None)
