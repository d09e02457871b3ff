"""The validators and request argument models a launch's first stop needs, built ahead of it
(see :mod:`dapcli.frontends.cli.warmup`): pydantic builds each DAP model's validator on its first
use (``defer_build``), a few milliseconds each, otherwise on the way to the first stop."""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["STOP_EVENTS", "STOP_REQUESTS", "skip_pydantic_plugins", "stop_validators"]

#: DAP requests of a launch's first stop (and of a test failure's: ``exceptionInfo``), whose
#: arguments are made and response bodies validated then.
STOP_REQUESTS = ("initialize", "setBreakpoints", "setExceptionBreakpoints", "stackTrace", "scopes", "variables",
                 "threads", "evaluate", "exceptionInfo", "configurationDone")
#: DAP events of a launch's start and first stop.
STOP_EVENTS = ("stopped", "output", "process", "thread", "module", "breakpoint")


def stop_validators() -> list[Callable[[], object]]:
    """One call per response or event body model of :data:`STOP_REQUESTS` and :data:`STOP_EVENTS`
    that builds its validator (a model already built is left as it is)."""
    names = [f"{word[0].upper()}{word[1:]}Response" for word in STOP_REQUESTS]
    names += [f"{word.capitalize()}Event" for word in STOP_EVENTS]
    arguments = [f"{word[0].upper()}{word[1:]}Arguments" for word in STOP_REQUESTS]
    arguments[0] = "InitializeRequestArguments"  # the DAP schema's one exception to the pattern
    return [_builder(name) for name in names] + [_arguments_builder(name) for name in arguments]


def _arguments_builder(name: str) -> Callable[[], object]:
    def build() -> object:
        from dapcli.protocol import types as t

        model = getattr(t, name, None)  # made on first use, like the DAP models it names
        return model.model_rebuild() if model is not None else None  # threads has no arguments

    return build


def _builder(name: str) -> Callable[[], object]:
    def build() -> object:
        from dapcli.protocol import types as t
        from dapcli.protocol.connection import body_model

        model = body_model(getattr(t, name))
        return model.model_rebuild() if model is not None else None

    return build


def skip_pydantic_plugins() -> None:
    """Tell pydantic that this process has no plugins, before its first validator is built.

    pydantic looks for plugins (observability hooks, e.g. logfire's) on its first validator by
    reading the entry points of every installed package: ~30-50 ms of CPU in every session host
    and MCP server, for dapcli's own models, which no plugin is meant to watch. Without pydantic's
    private loader state (another pydantic version), it looks as before."""
    try:
        from pydantic.plugin import _loader
    except ImportError:
        return
    if getattr(_loader, "_plugins", False) is None:
        _loader._plugins = {}
