"""Which scope holds a frame's locals, across adapters (names and order differ: debugpy
``Locals, Globals``; lldb-dap ``Locals, Globals, Registers``; CodeLLDB ``Local, Static, …``;
js-debug ``Block: main, …, Local: main, Global``). Matched by name, then ``presentationHint``,
never by position."""

from __future__ import annotations

from dapcli.errors import PreconditionError, UsageError
from dapcli.protocol import types as t

__all__ = ["locals_scope"]


def locals_scope(all_scopes: list[t.Scope], name: str | None = None) -> t.Scope:
    """The scope called ``name`` (case-insensitive prefix), else the locals.

    Raises:
        UsageError: no scope called ``name`` (the message lists the scopes).
        PreconditionError: the frame has no scopes at all.
    """
    if name:
        for scope in all_scopes:
            if scope.name.lower().startswith(name.lower()):
                return scope
        known = ", ".join(s.name for s in all_scopes)
        raise UsageError(f"no scope named {name!r} in this frame", f"scopes here: {known}")
    # by name first: js-debug marks its block scopes ("Block: main") as locals too
    for scope in all_scopes:
        if scope.name.lower().startswith("local"):
            return scope
    for scope in all_scopes:
        if scope.presentationHint == "locals":
            return scope
    cheap = [s for s in all_scopes if not s.expensive]
    if not cheap and not all_scopes:
        raise PreconditionError("this frame has no scopes")
    return (cheap or all_scopes)[0]
