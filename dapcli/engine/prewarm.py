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
    and MCP server, for dapcli's own models, which no plugin is meant to watch. Its loader module
    alone imports ``importlib.metadata`` (and ``email``, ~40-60 ms more), so while nothing has
    imported it yet, a loader that finds no plugins stands in for it (pydantic 2 imports
    ``get_plugins`` from it when it builds a validator). Without pydantic's private loader
    (another pydantic version), it looks as before."""
    import sys

    if "pydantic.plugin._loader" not in sys.modules and _loader_is_private():
        import types

        loader = types.ModuleType("pydantic.plugin._loader", "dapcli: this process loads no pydantic plugins")
        loader.__dict__.update(get_plugins=lambda: (), _plugins={}, _loading_plugins=False)
        sys.modules["pydantic.plugin._loader"] = loader
        return
    try:
        from pydantic.plugin import _loader
    except ImportError:
        return
    if getattr(_loader, "_plugins", False) is None:
        _loader._plugins = {}


def _loader_is_private() -> bool:
    """pydantic's validators import ``get_plugins`` from ``pydantic.plugin._loader`` (checked
    without importing it: its source is read from the installed package)."""
    import importlib.util

    spec = importlib.util.find_spec("pydantic.plugin._schema_validator")
    if spec is None or spec.origin is None:
        return False
    try:
        with open(spec.origin, encoding="utf-8") as handle:
            return "from ._loader import get_plugins" in handle.read()
    except OSError:
        return False
