"""The validators a launch's first stop needs, built ahead of it (see
:mod:`dapcli.frontends.cli.warmup`): pydantic builds each DAP model's validator on its first use
(``defer_build``), a few milliseconds each, otherwise on the way to the first stop."""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["STOP_EVENTS", "STOP_REQUESTS", "skip_pydantic_plugins", "stop_validators"]

#: DAP requests of a launch's first stop, whose response bodies are validated then.
STOP_REQUESTS = ("initialize", "setBreakpoints", "setExceptionBreakpoints", "stackTrace", "scopes", "variables",
                 "threads", "evaluate")
#: DAP events of a launch's start and first stop.
STOP_EVENTS = ("stopped", "output", "process", "thread", "module", "breakpoint")


def stop_validators() -> list[Callable[[], object]]:
    """One call per response or event body model of :data:`STOP_REQUESTS` and :data:`STOP_EVENTS`
    that builds its validator (a model already built is left as it is)."""
    names = [f"{word[0].upper()}{word[1:]}Response" for word in STOP_REQUESTS]
    names += [f"{word.capitalize()}Event" for word in STOP_EVENTS]
    return [_builder(name) for name in names]


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
