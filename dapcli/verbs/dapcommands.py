"""The requests of the DAP specification (``protocol/debugAdapterProtocol.json``), for the raw
``dap`` verb: an adapter that ends the session on a request it does not know (lldb-dap 19 closes
its connection) is only sent the spec's requests, and the arguments of a spec request are checked
against the spec's type first (Delve exits on ``{"expression": 5}``)."""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

from pydantic import BaseModel, ValidationError

from dapcli.errors import UsageError
from dapcli.protocol import types as t
from dapcli.verbs.registry import usage_error_from

__all__ = ["check_arguments", "spec_requests"]


@functools.cache
def _requests() -> dict[str, tuple[str | None, bool]]:
    """command → (its arguments' definition name or None, whether arguments are required)."""
    text = resources.files("dapcli.protocol").joinpath("debugAdapterProtocol.json").read_text("utf-8")
    found: dict[str, tuple[str | None, bool]] = {}
    for name, definition in json.loads(text)["definitions"].items():
        if not name.endswith("Request"):
            continue
        for part in definition.get("allOf", []):
            properties = part.get("properties", {})
            ref = properties.get("arguments", {}).get("$ref", "")
            for command in properties.get("command", {}).get("enum", []):
                found[command] = (ref.rpartition("/")[2] or None, "arguments" in part.get("required", []))
    return found


def spec_requests() -> frozenset[str]:
    """Every ``command`` the specification defines a request for (``threads``, ``modules`` …)."""
    return frozenset(_requests())


def check_arguments(command: str, arguments: dict[str, Any] | None) -> None:
    """Raise UsageError (one line naming the field) when ``arguments`` do not fit the spec's
    arguments of ``command``; a command outside the spec is not checked (extra fields pass)."""
    model_name, required = _requests().get(command, (None, False))
    model = getattr(t, model_name, None) if model_name else None
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        return
    if arguments is None and not required:
        return
    try:
        model.model_validate(arguments or {})
    except ValidationError as exc:
        raise usage_error_from(f"dap {command}", exc, f"see the DAP specification's {model_name}") from None
    except (TypeError, ValueError) as exc:
        raise UsageError(f"dap {command}: {exc}", f"see the DAP specification's {model_name}") from None
