"""Generate ``shape.json``: the CLI's command tree, flags, completion kinds and help texts.

The one-shot entry point (:mod:`dapcli.frontends.cli.fast`) answers ``--help``, ``version``,
``completion`` and Tab completion from this file without importing typer, pydantic or the
verb table. It is generated from the typer app itself (so it cannot say anything the app does
not), and ``tests/unit/test_cli_shape.py`` fails when the committed copy is stale.

Regenerate everything derived from the verb table with ``python tools/gen_completions.py``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

__all__ = ["HELP_PATH", "SHAPE_PATH", "build_shape", "generated", "write"]

SHAPE_PATH = Path(__file__).with_name("shape.json")
HELP_PATH = Path(__file__).with_name("help.json")
#: Help is rendered at this width (the shape cannot follow each terminal's width).
WIDTH = 80

#: What completion offers for the parameters of the frontend commands (not verbs).
_LOCAL_COMPLETE = {
    ("repl", "program"): "path", ("repl", "breakpoints"): "location", ("repl", "record"): "path",
    ("repl", "session"): "session", ("run", "files"): "path", ("run", "junit"): "path",
    ("completion", "shell"): "choice:bash zsh fish",
}


def _help_text(path: list[str]) -> dict[str, Any]:
    from dapcli.frontends.cli.app import Finished, parse

    parsed = parse([*path, "--help"])
    assert isinstance(parsed, Finished), path
    return {"text": parsed.stdout, "code": parsed.exit_code}


def _complete_kinds(path: tuple[str, ...], command: Any) -> dict[str, str]:
    from dapcli.verbs import VERBS

    spec = next((s for s in VERBS.values() if path in (s.cli_path, (s.name,)) or
                 (len(path) == 1 and path[0] in s.aliases)), None)
    kinds = {}
    for param in command.params:
        kind = None
        if spec is not None:
            found = next((p for p in spec.params if p.name == param.name), None)
            kind = found.meta.complete if found else None
        else:
            kind = _LOCAL_COMPLETE.get((path[0], param.name))
        if param.name in ("session_name", "session"):
            kind = "session"
        if param.name == "adapter" and not kind:  # the families' names (their aliases work too)
            from dapcli.verbs.session.adapters import family_names

            kind = "choice:" + " ".join(family_names())
        if getattr(param, "type", None) is not None and getattr(param.type, "choices", None):
            kind = "choice:" + " ".join(str(c) for c in param.type.choices)
        if kind:
            kinds[param.name] = kind
    return kinds


def _describe(path: tuple[str, ...], command: Any) -> dict[str, Any]:
    """One command: its flags (and which take a value), positionals, completion kinds."""
    entry: dict[str, Any] = {"summary": (command.short_help or (command.help or "").split("\n")[0]).strip()}
    if hasattr(command, "commands"):  # a group (typer vendors its own click)
        entry["commands"] = {name: _describe((*path, name), sub) for name, sub in sorted(command.commands.items())
                             if not sub.hidden}
        return entry
    kinds = _complete_kinds(path, command)
    flags, positionals = {}, []
    for param in command.params:
        if param.param_type_name == "argument":
            positionals.append({"name": param.name, "nargs": param.nargs, "complete": kinds.get(param.name)})
            continue
        takes = not param.is_flag and not getattr(param, "count", False)
        for opt in (*param.opts, *param.secondary_opts):
            flags[opt] = {"value": takes, "complete": kinds.get(param.name) if takes else None}
    flags["--help"] = flags["-h"] = {"value": False, "complete": None}
    entry.update(flags=flags, positionals=positionals)
    return entry


def _aliases(root: Any) -> dict[str, str]:
    """Hidden commands (gdb/pdb-style aliases) → the command path they stand for."""
    from dapcli.verbs import VERBS

    found = {}
    for name, command in root.commands.items():
        if command.hidden:
            spec = next(s for s in VERBS.values() if name == s.name or name in s.aliases)
            found[name] = " ".join(spec.cli_path)
    return found


def build_shape() -> dict[str, Any]:
    """The shape as a JSON-ready dict (help rendered in colour at :data:`WIDTH` columns)."""
    import typer.rich_utils

    from dapcli import __version__
    from dapcli.frontends.cli.app import get_command

    typer.rich_utils.MAX_WIDTH = WIDTH
    typer.rich_utils.FORCE_TERMINAL = True
    os.environ.pop("NO_COLOR", None)
    root = get_command()
    tree = _describe((), root)
    global_flags = {}
    for param in root.params:
        for opt in (*param.opts, *param.secondary_opts):
            if opt in ("--install-completion", "--show-completion"):
                continue
            global_flags[opt] = {"value": not param.is_flag, "complete": "session" if param.name == "session" else None}
    global_flags["--help"] = global_flags["-h"] = {"value": False, "complete": None}
    helps: dict[str, Any] = {"": _help_text([])}
    for name, sub in tree["commands"].items():
        helps[name] = _help_text([name])
        for sub_name in sub.get("commands", {}):
            helps[f"{name} {sub_name}"] = _help_text([name, sub_name])
    return {"version": __version__, "width": WIDTH, "globals": global_flags, "commands": tree["commands"],
            "aliases": _aliases(root), "help": helps}


def _dump(data: object) -> str:
    return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def generated() -> dict[Path, str]:
    """The generated files and their text as of now: ``shape.json`` (the tree) and ``help.json``."""
    shape = build_shape()
    helps = shape.pop("help")
    return {SHAPE_PATH: _dump(shape), HELP_PATH: _dump({"version": shape["version"], "help": helps})}


def write() -> None:
    """Regenerate ``shape.json`` and ``help.json``."""
    for path, text in generated().items():
        path.write_text(text)


if __name__ == "__main__":
    write()
