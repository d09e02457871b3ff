"""VS Code ``.vscode/launch.json``: find it, read it (comments and trailing commas allowed),
pick a configuration by name, resolve its ``${...}`` variables and map its ``type`` to one of
our adapter families.

The file is looked for in the caller's directory and upwards; the folder that holds
``.vscode`` is ``${workspaceFolder}``. Only ``configurations`` are read: ``compounds`` and
``inputs`` are ignored (a ``${input:…}`` variable is refused with a clear error). Fields
dapcli does not interpret pass through to the adapter in :attr:`LaunchConfig.extra`.
"""

from __future__ import annotations

import os
import re
import shlex
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dapcli.adapters.launchcheck import check_fields, checked_args, checked_env
from dapcli.errors import UsageError
from dapcli.files import MAX_CONFIG_BYTES, read_text_file

__all__ = ["LaunchConfig", "LaunchFile", "family_for_type", "find_launch_json", "load", "resolve_config"]

#: ``type`` of a VS Code configuration → dapcli adapter family (``--adapter`` name). A type
#: not listed here is kept as is; the adapter registry reports it when it is unknown.
TYPE_FAMILIES: dict[str, str] = {
    "python": "python", "debugpy": "python",
    "lldb-dap": "lldb", "lldb-vscode": "lldb",
    "lldb": "codelldb",  # CodeLLDB's type
    "cppdbg": "gdb", "gdb": "gdb", "cppvsdbg": "gdb",
    "go": "go",
    "node": "node", "pwa-node": "node",
}

#: Fields dapcli reads itself (they do not pass through to the adapter).
_OWN_FIELDS = frozenset({"name", "type", "request", "program", "args", "cwd", "env", "stopOnEntry", "stopAtEntry",
                         "module"})
#: VS Code's own fields (UI, tasks, platform blocks) and terminal choices (read as
#: :attr:`LaunchConfig.terminal`: dapcli's own pseudo-terminal): never sent to the adapter.
_DROPPED_FIELDS = frozenset({
    "presentation", "preLaunchTask", "postDebugTask", "internalConsoleOptions", "debugServer", "serverReadyAction",
    "windows", "linux", "osx", "console", "externalConsole",
})
_PLATFORM_KEY = {"linux": "linux", "darwin": "osx", "win32": "windows"}.get(sys.platform, "linux")
_VARIABLE = re.compile(r"\$\{([^}]*)\}")
_JSON5_ERROR = re.compile(r"^<string>:(\d+) (.*?)(?: at column (\d+))?$", re.DOTALL)


@dataclass
class LaunchConfig:
    """One configuration, resolved: ``adapter`` is our family name; ``program`` and ``cwd`` are
    absolute (``program`` None when the configuration names none); ``extra`` holds the fields
    dapcli does not interpret, passed through to the adapter."""

    name: str
    adapter: str
    request: str = "launch"
    program: str | None = None
    args: list[str] = field(default_factory=list)
    cwd: str | None = None
    env: dict[str, str] = field(default_factory=dict)
    stop_on_entry: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    #: ``module`` of a Python configuration (``python -m``), ``console`` a terminal, ``noDebug``.
    module: str | None = None
    terminal: bool = False
    no_debug: bool = False


@dataclass
class LaunchFile:
    """A parsed ``launch.json``: its ``path``, ``workspace_folder``, the raw ``configurations``
    (unresolved) and the names of its ``compounds`` (which dapcli ignores)."""

    path: str
    workspace_folder: str
    configurations: list[dict[str, Any]]
    compounds: list[str] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        return [str(c.get("name")) for c in self.configurations]


def family_for_type(type_name: str) -> str:
    """Our adapter family for a VS Code ``type`` (unknown types are returned unchanged)."""
    return TYPE_FAMILIES.get(type_name, type_name)


def find_launch_json(cwd: str) -> str | None:
    """``.vscode/launch.json`` in ``cwd`` or the nearest folder above it; None when there is none."""
    here = Path(cwd).resolve()
    for folder in (here, *here.parents):
        candidate = folder / ".vscode" / "launch.json"
        if candidate.is_file():
            return str(candidate)
    return None


def load(cwd: str) -> LaunchFile:
    """Find and parse the ``launch.json`` that applies to ``cwd``.

    Raises:
        UsageError: there is none, it is not valid JSON (with comments and trailing commas
            allowed; the error names file:line:column), or it has no ``configurations`` list.
    """
    path = find_launch_json(cwd)
    if path is None:
        raise UsageError(
            f"no .vscode/launch.json in {cwd} or any folder above it",
            "create one (VS Code: Run → Add Configuration), or launch a PROGRAM directly",
        )
    return parse(path)


def parse(path: str) -> LaunchFile:
    """Parse the ``launch.json`` at ``path`` (see :func:`load` for the errors)."""
    import json5

    try:
        text = read_text_file(path, max_bytes=MAX_CONFIG_BYTES, encoding="utf-8-sig")
    except FileNotFoundError:
        raise UsageError(f"cannot read {path}: no such file") from None
    try:
        data = json5.loads(text, allow_duplicate_keys=False)
    except ValueError as exc:
        hint = "fix the file (comments and trailing commas are fine)"
        raise UsageError(_syntax_error(path, str(exc)), hint) from None
    except RecursionError:  # `[[[[…]]]]` thousands deep: one line, not an internal error
        raise UsageError(f"{path}: nested too deeply to be a launch configuration", "fix the file") from None
    if not isinstance(data, dict) or not isinstance(data.get("configurations", []), list):
        raise UsageError(f"{path}: expected an object with a \"configurations\" list")
    configurations = []
    for index, item in enumerate(data.get("configurations", [])):
        if not isinstance(item, dict) or not isinstance(item.get("name"), str):
            raise UsageError(f"{path}: configuration {index + 1} is not an object with a \"name\"")
        configurations.append(item)
    compounds = [str(c.get("name")) for c in data.get("compounds", []) or [] if isinstance(c, dict)]
    return LaunchFile(path, str(Path(path).parent.parent), configurations, compounds)


def _syntax_error(path: str, message: str) -> str:
    found = _JSON5_ERROR.match(message.strip())
    if found is None:
        return f"{path}: invalid JSON: {message}"
    line, text, column = found.group(1), found.group(2), found.group(3) or "1"
    return f"{path}:{line}:{column}: invalid JSON: {text}"


def resolve_config(name: str, cwd: str, program: str | None = None) -> LaunchConfig:
    """The configuration called ``name`` of the ``launch.json`` that applies to ``cwd``, with
    its variables resolved. ``program`` (relative to ``cwd``) is what ``${file}`` means.

    Raises:
        UsageError: no launch.json, invalid JSON, no configuration of that name (the message
            lists the valid names), an unsupported or unresolvable ``${...}`` variable.
    """
    launch_file = load(cwd)
    raw = next((c for c in launch_file.configurations if c.get("name") == name), None)
    if raw is None:
        names = ", ".join(repr(n) for n in launch_file.names) or "none"
        raise UsageError(
            f"no configuration named {name!r} in {launch_file.path} (configurations: {names})",
            "see `dapcli configs`",
        )
    merged = dict(raw)
    platform_block = raw.get(_PLATFORM_KEY)
    if isinstance(platform_block, dict):
        merged.update(platform_block)
    variables = _Variables(launch_file.workspace_folder, cwd, program, name)
    config = variables.resolve(merged)
    return _build(config, launch_file.workspace_folder)


def _build(config: dict[str, Any], workspace: str) -> LaunchConfig:
    name = str(config["name"])
    check_fields(config, name)
    type_name = str(config.get("type") or "")
    if not type_name:
        raise UsageError(f"configuration {name!r} has no \"type\"", "add e.g. \"type\": \"debugpy\"")
    cwd_value = config.get("cwd")
    cwd = _absolute(str(cwd_value), workspace) if cwd_value else workspace
    program_value = config.get("program")
    module = str(config["module"]) if config.get("module") and family_for_type(type_name) == "python" else None
    program = _absolute(str(program_value), cwd) if program_value else None
    args = checked_args(config.get("args"), name)
    env = checked_env(config.get("env"), name)
    extra = {k: v for k, v in config.items() if k not in _OWN_FIELDS and k not in _DROPPED_FIELDS}
    terminal = config.get("console") in ("integratedTerminal", "externalTerminal") \
        or bool(config.get("externalConsole"))
    return LaunchConfig(
        module=module, terminal=terminal, no_debug=bool(extra.pop("noDebug", False)),
        name=name, adapter=family_for_type(type_name), request=str(config.get("request") or "launch"),
        program=program, args=args, cwd=cwd, env=env,
        stop_on_entry=bool(config.get("stopOnEntry") or config.get("stopAtEntry")), extra=extra,
    )


def _absolute(path: str, base: str) -> str:
    return os.path.normpath(os.path.join(base, os.path.expanduser(path)))


class _Variables:
    """VS Code's predefined variables (the subset that has a meaning outside the editor)."""

    def __init__(self, workspace: str, cwd: str, program: str | None, config_name: str) -> None:
        self.workspace = workspace
        self.cwd = cwd
        self.file = os.path.normpath(os.path.join(cwd, os.path.expanduser(program))) if program else None
        self.config_name = config_name

    def resolve(self, value: Any) -> Any:
        if isinstance(value, str):
            return _VARIABLE.sub(self._one, value)
        if isinstance(value, list):
            return [self.resolve(v) for v in value]
        if isinstance(value, dict):
            return {k: self.resolve(v) for k, v in value.items()}
        return value

    def _one(self, found: re.Match[str]) -> str:
        variable = found.group(1)
        if variable.startswith("env:"):
            return os.environ.get(variable[4:], "")
        simple = {
            "workspaceFolder": lambda: self.workspace,
            "workspaceRoot": lambda: self.workspace,
            "workspaceFolderBasename": lambda: os.path.basename(self.workspace),
            "cwd": lambda: self.cwd,
            "userHome": lambda: os.path.expanduser("~"),
            "pathSeparator": lambda: os.sep,
            "/": lambda: os.sep,
            "file": lambda: self._file(),
            "fileBasename": lambda: os.path.basename(self._file()),
            "fileBasenameNoExtension": lambda: os.path.splitext(os.path.basename(self._file()))[0],
            "fileExtname": lambda: os.path.splitext(self._file())[1],
            "fileDirname": lambda: os.path.dirname(self._file()),
            "relativeFile": lambda: os.path.relpath(self._file(), self.workspace),
        }
        getter = simple.get(variable)
        if getter is None:
            raise UsageError(
                f"configuration {self.config_name!r} uses ${{{variable}}}, which dapcli cannot resolve",
                "supported: ${workspaceFolder}, ${workspaceFolderBasename}, ${file}, ${fileBasename}, "
                "${fileDirname}, ${cwd}, ${userHome}, ${env:NAME}, ${pathSeparator}; put a value there instead",
            )
        return getter()

    def _file(self) -> str:
        if self.file is None:
            raise UsageError(
                f"configuration {self.config_name!r} uses ${{file}} (the file open in the editor)",
                f"pass the file: `dapcli launch --config {shlex.quote(self.config_name)} FILE`",
            )
        return self.file
