"""A frame's name as shown: Rust's symbol hash left out (``values::main::h3f2a…`` is
``values::main``), on every adapter that shows it (lldb-dap, CodeLLDB, gdb); the adapter's own
name is kept beside it (:attr:`~dapcli.verbs.models.Frame.adapter_name`)."""

from __future__ import annotations

import re

__all__ = ["shown_frame_name"]

#: Rust's legacy mangling ends each symbol with ``::h`` and 16 hex digits (the crate's hash).
_RUST_HASH = re.compile(r"::h[0-9a-f]{16}(?![0-9A-Za-z_])")


def shown_frame_name(name: str) -> str:
    """``name`` without Rust's ``::h<16 hex>`` hash suffixes (wherever a symbol ends in the name:
    ``<T as Trait>::f::h…``, ``main::{{closure}}::h…``); any other name as it is. Linear."""
    return _RUST_HASH.sub("", name) if "::h" in name else name
