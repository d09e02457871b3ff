"""The request names of the DAP specification (``protocol/debugAdapterProtocol.json``), for the
raw ``dap`` verb: an adapter that ends the session on a request it does not know (lldb-dap 19
closes its connection) is only sent the spec's requests."""

from __future__ import annotations

import functools
import json
from importlib import resources

__all__ = ["spec_requests"]


@functools.cache
def spec_requests() -> frozenset[str]:
    """Every ``command`` the specification defines a request for (``threads``, ``modules`` …)."""
    text = resources.files("dapcli.protocol").joinpath("debugAdapterProtocol.json").read_text("utf-8")
    names = set()
    for name, definition in json.loads(text)["definitions"].items():
        if not name.endswith("Request"):
            continue
        for part in definition.get("allOf", []):
            command = part.get("properties", {}).get("command", {})
            names.update(c for c in command.get("enum", []) if isinstance(c, str))
    return frozenset(names)
