"""Typer commands generated from the verb table: one command per verb, ``--json`` on each.

A generated command does not run the verb: it records an :class:`Invocation` (verb + JSON
arguments) that the caller then sends to a session host or runs in-process.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Annotated, Any

import typer

from dapcli.verbs import VERBS
from dapcli.verbs.registry import ParamSpec, VerbSpec

__all__ = ["Invocation", "add_verb_commands", "verb_parameters"]

#: Extra CLI-only options per verb (not part of the verb's arguments).
CLI_EXTRAS: dict[str, list[inspect.Parameter]] = {
    "output": [
        inspect.Parameter(
            "follow", inspect.Parameter.KEYWORD_ONLY, default=False,
            annotation=Annotated[bool, typer.Option("--follow", "-f", help="keep printing new output until the "
                                                                                "program exits (Ctrl-C to stop)")],
        )
    ],
    "debugTest": [
        inspect.Parameter(
            "record", inspect.Parameter.KEYWORD_ONLY, default=None,
            annotation=Annotated[str | None, typer.Option("--record", help="write the failure as a recipe that "
                                                                           "reproduces it (YAML) to this file")],
        )
    ],
}


@dataclass
class Invocation:
    """A parsed command line: the verb, its JSON-shaped arguments, and the output options."""

    verb: str
    args: dict[str, Any]
    json: bool = False
    session: str | None = None
    extras: dict[str, Any] = field(default_factory=dict)
    #: ``--redact``: values that look secret are hidden in what this command prints.
    redact: bool = False


def _annotation(p: ParamSpec) -> tuple[Any, Any]:
    base = p.base_type
    help_text = p.meta.help
    if p.meta.positional:
        info: Any = typer.Argument(help=help_text, show_default=not p.required and not p.is_list,
                                   metavar=p.flag.upper().replace("-", "_"))
        default: Any = ... if p.required else (None if p.is_list else p.default)
    else:
        if base is bool:
            names = [f"--{p.flag}/--no-{p.flag}"]
        else:
            names = [f"--{p.flag}"] + ([p.meta.short] if p.meta.short else [])
        info = typer.Option(*names, help=help_text, show_default=not p.is_list and p.default is not None)
        default = ... if p.required else (None if p.is_list else p.default)
    if p.is_list:
        annotation: Any = list[base] | None  # type: ignore[valid-type]
    elif default is None:
        annotation = base | None
    else:
        annotation = base
    return Annotated[annotation, info], default


def verb_parameters(spec: VerbSpec) -> list[inspect.Parameter]:
    params = []
    for p in spec.params:
        annotation, default = _annotation(p)
        params.append(inspect.Parameter(p.name, inspect.Parameter.KEYWORD_ONLY, default=default,
                                        annotation=annotation))
    params += CLI_EXTRAS.get(spec.name, [])
    params.append(inspect.Parameter(
        "json_output", inspect.Parameter.KEYWORD_ONLY, default=False,
        annotation=Annotated[bool, typer.Option("--json", help="print the result as JSON (camelCase, schemaVersion)")],
    ))
    params.append(inspect.Parameter(
        "session_name", inspect.Parameter.KEYWORD_ONLY, default=None,
        annotation=Annotated[str | None, typer.Option("--session", "-S", help="session name (default: "
                                                                                  "$DAPCLI_SESSION or default)")],
    ))
    # positionals first, in declaration order, so click sees them in that order
    return sorted(params, key=lambda prm: 0 if _is_argument(prm) else 1)


def _is_argument(parameter: inspect.Parameter) -> bool:
    return any(isinstance(m, typer.models.ArgumentInfo) for m in getattr(parameter.annotation, "__metadata__", ()))


def make_command(spec: VerbSpec, sink: list[Invocation]) -> Any:
    params = verb_parameters(spec)

    def command(**kwargs: Any) -> None:
        json_output = kwargs.pop("json_output", False)
        session_name = kwargs.pop("session_name", None)
        extras = {p.name: kwargs.pop(p.name) for p in CLI_EXTRAS.get(spec.name, [])}
        args: dict[str, Any] = {}
        for p in spec.params:
            value = kwargs.get(p.name)
            if value is None or (p.is_list and not value):
                continue
            args[p.alias] = list(value) if p.is_list else value
        sink.append(Invocation(spec.name, args, json_output, session_name, extras))

    command.__name__ = spec.name
    command.__doc__ = spec.prose.replace("``", "`")
    command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in params}
    return command


_GROUP_HELP = {
    "break": "Line, conditional, hit-count, log and function breakpoints.",
    "watch": "Watch (display) expressions, shown at every stop.",
    "exceptions": "Exception breakpoints: on which exceptions to stop.",
    "watchpoint": "Data breakpoints: stop when a variable changes.",
}


def add_verb_commands(app: typer.Typer, sink: list[Invocation], only: str | None = None) -> None:
    """Add a command per verb to ``app`` (``break add`` style paths become sub-groups);
    ``only``: just the command of that verb (a one-word path), as the full app has it."""
    groups: dict[str, typer.Typer] = {}
    taken: set[str] = set()
    for spec in VERBS.values():
        path = spec.cli_path
        taken.add(path[0])
    for spec in VERBS.values():
        path = spec.cli_path
        if only is not None and spec.name != only:
            continue
        command = make_command(spec, sink)
        panel = spec.group.capitalize()
        if len(path) == 1:
            app.command(path[0], help=command.__doc__, rich_help_panel=panel)(command)
            target = app
        else:
            if path[0] not in groups:
                groups[path[0]] = typer.Typer(help=_GROUP_HELP.get(path[0], f"{path[0]} commands"),
                                              no_args_is_help=True)
                app.add_typer(groups[path[0]], name=path[0], rich_help_panel=panel)
            groups[path[0]].command(path[1], help=command.__doc__)(command)
            target = app
        for alias in (spec.name, *spec.aliases):
            if alias and alias not in taken:
                taken.add(alias)
                target.command(alias, help=command.__doc__, hidden=True)(make_command(spec, sink))
