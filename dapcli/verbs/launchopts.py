"""What ``launch``/``attach`` take beyond a program: adapter options (``--set KEY=VALUE``,
``adapterConfig``), breakpoints of every kind (see :mod:`dapcli.verbs.bpspec`), and what the
adapter answered about them.
"""

from __future__ import annotations

import json
import os
from typing import Annotated, Any

from pydantic import BeforeValidator

from dapcli.adapters.base import deep_merge
from dapcli.engine.session import Session
from dapcli.errors import UsageError
from dapcli.verbs.bpspec import LaunchBreakpoint, spec_fields
from dapcli.verbs.breakpoints import parse_location
from dapcli.verbs.context import VerbContext

__all__ = [
    "SET_HELP",
    "JsonObject",
    "adapter_settings",
    "add_breakpoints",
    "breakpoint_warnings",
    "parse_settings",
]

SET_HELP = ("KEY=VALUE passed to the adapter's launch/attach request (VALUE read as JSON, else text; "
            "dotted keys nest: env.DEBUG=1); repeatable, e.g. --set justMyCode=false --set showReturnValue=true")
SET_EXAMPLE = "e.g. --set justMyCode=false, --set args='[\"a b\"]', --set env.DEBUG=1"


def _json_object(value: Any) -> Any:
    """A JSON object given as text (the command line, the REPL) becomes the object."""
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            raise ValueError('expected a JSON object, e.g. {"justMyCode": false}') from None
    return value


#: A ``dict`` argument that the command line may give as JSON text.
JsonObject = Annotated[dict[str, Any], BeforeValidator(_json_object)]


def parse_settings(pairs: list[str]) -> dict[str, Any]:
    """``["justMyCode=false", "env.DEBUG=1"]`` → ``{"justMyCode": False, "env": {"DEBUG": 1}}``.

    Raises:
        UsageError: a pair without ``=`` or with an empty key (the message shows a right one).
    """
    found: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        parts = key.strip().split(".")
        if not sep or not all(p.strip() for p in parts):
            raise UsageError(f"bad --set value {pair!r}: write KEY=VALUE", SET_EXAMPLE)
        try:
            value: Any = json.loads(text)
        except ValueError:
            value = text
        node = found
        for part in parts[:-1]:
            child = node.setdefault(part.strip(), {})
            if not isinstance(child, dict):
                raise UsageError(f"--set {key}: {part} is already a value, not an object", SET_EXAMPLE)
            node = child
        node[parts[-1].strip()] = value
    return found


def adapter_settings(settings: list[str], adapter_config: dict[str, Any] | None,
                     just_my_code: bool | None) -> dict[str, Any]:
    """The options the user set for the adapter's request, merged: ``adapterConfig``, then
    ``--set`` pairs, then the named flags."""
    merged = deep_merge(adapter_config or {}, parse_settings(settings))
    if just_my_code is not None:
        merged["justMyCode"] = just_my_code
    return merged


def add_breakpoints(ctx: VerbContext, session: Session, items: list[str | LaunchBreakpoint],
                    skip: Any = None, program: str | None = None) -> None:
    """Put each breakpoint (grammar text or structured) in the session's book before it starts.
    ``skip(fields)`` True leaves a breakpoint out (already restored); ``program`` (absolute)
    is where a function is looked for when the adapter needs it as a line (debugpy, ``A.b``).

    Raises:
        UsageError: bad grammar, missing file, line outside the file.
    """
    for item in items:
        location, clauses = spec_fields(item)
        fields = {**parse_location(ctx, location, None), **clauses}
        if "function" in fields:
            fields.update(_function_line(ctx, session, fields["function"], program))
        if skip is None or not skip(fields):
            session.book.new_entry(**fields)


def _function_line(ctx: VerbContext, session: Session, name: str, program: str | None) -> dict[str, Any]:
    """``{path, line}`` where a function breakpoint must be set by line (debugpy and a dotted
    name), looked for beside the program and in the caller's directory; else nothing."""
    roots = [program] if program and os.path.isfile(program) else []
    roots += [os.path.dirname(program) if program else ctx.cwd, ctx.cwd]
    found = session.adapter.function_location(name, list(dict.fromkeys(roots)))
    return {"path": found[0], "line": found[1]} if found else {}


def breakpoint_warnings(session: Session) -> list[str]:
    """One line per breakpoint the adapter did not accept, with its reason."""
    found = []
    for entry in session.book.entries.values():
        if entry.verified:
            continue
        where = entry.function or f"{os.path.basename(entry.path or '')}:{entry.line}"
        reason = entry.message or "not verified (the adapter gave no reason; it may verify later)"
        found.append(f"breakpoint {entry.id} at {where}: {reason}")
    return found
