"""Adapters from configuration files.

Two YAML files add adapters or override built-in ones; the project file wins over the user file:

* user: ``$XDG_CONFIG_HOME/dapcli/adapters.yaml`` (default ``~/.config/dapcli/adapters.yaml``);
* project: ``.dapcli/adapters.yaml`` in the caller's directory or the nearest parent that has one.

Each top-level key names an adapter (a built-in name or alias such as ``go``, or a new name)::

    go:                                   # a built-in family, started another way
      command: [/opt/delve/dlv, dap, --listen, "127.0.0.1:0"]
    mydbg:                                # a new family
      command: [mydbg, --dap]              # argv; a relative path is relative to the file's project
      transport: stdio                    # or tcp: put {port} in command, or let it print HOST:PORT
      extensions: [.foo]
      launch: {type: foo, trace: true}    # merged into every launch request's arguments

A project file can run any binary on the caller's machine, so every ``command`` it sets is
announced before use, and refused unless the user agreed (``--trust-project``,
``DAPCLI_TRUST_PROJECT=1``, or a yes at a terminal prompt): :class:`UntrustedProjectError`.
It is also reported in the ``warnings`` of the launch result and by ``dapcli adapters``.
YAML anchors and aliases are refused (no "billion laughs"), and so are duplicate keys.

Starting a configured command is :func:`dapcli.adapters.process.start_command` (imported when a
session starts one, so that describing adapters imports no transport).
"""

from __future__ import annotations

import os
import re
import shutil

from dapcli.adapters.base import AdapterSpec, OutputSink
from dapcli.adapters.trust import require_trust, trusted
from dapcli.adapters.yamlcheck import checked_compose
from dapcli.errors import AdapterError, UsageError
from dapcli.files import MAX_CONFIG_BYTES, read_text_file, split_words

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the hot path)
if TYPE_CHECKING:
    from typing import Any

    from dapcli.adapters.configentry import AdapterEntry
    from dapcli.adapters.options import AttachOptions, LaunchOptions
    from dapcli.protocol.transport import Transport

__all__ = ["AdapterEntry", "ConfiguredAdapter", "apply_config", "config_files", "load_config"]


def __getattr__(name: str) -> Any:
    """``AdapterEntry`` (:mod:`dapcli.adapters.configentry`), imported on use."""
    if name == "AdapterEntry":
        from dapcli.adapters.configentry import AdapterEntry

        return AdapterEntry
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

_KEYS = ("command", "transport", "extensions", "launch", "description")


# -- configuration files -------------------------------------------------------------------------
def config_files(cwd: str | None = None) -> list[tuple[str, str]]:
    """``(scope, path)`` of the configuration files that exist, user file first."""
    found = []
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    user = os.path.join(base, "dapcli", "adapters.yaml")
    if os.path.isfile(user):
        found.append(("user", user))
    here = os.path.abspath(cwd or os.getcwd())
    while True:
        candidate = os.path.join(here, ".dapcli", "adapters.yaml")
        if os.path.isfile(candidate):
            if os.path.abspath(candidate) != os.path.abspath(user):
                found.append(("project", candidate))
            break
        parent = os.path.dirname(here)
        if parent == here:
            break
        here = parent
    return found


def load_config(cwd: str | None = None, aliases: dict[str, str] | None = None) -> dict[str, AdapterEntry]:
    """Every configured adapter by lower-case name (an alias in ``aliases`` counts as the name
    it stands for); a project entry replaces the fields it sets.

    Raises:
        UsageError: a file is not valid YAML or not the expected shape (``file:line: why``).
    """
    merged: dict[str, AdapterEntry] = {}
    for scope, path in config_files(cwd):
        for entry in _load_file(path, scope).values():
            name = entry.name = (aliases or {}).get(entry.name, entry.name)
            old = merged.get(name)
            if old is not None:
                if entry.command is None:
                    entry.command, entry.command_file = old.command, old.command_file
                    entry.command_line, entry.command_scope = old.command_line, old.command_scope
                entry.transport = entry.transport or old.transport
                entry.extensions = entry.extensions if entry.extensions is not None else old.extensions
                entry.launch = {**old.launch, **entry.launch}
                entry.description = entry.description or old.description
            merged[name] = entry
    return merged


def _load_file(path: str, scope: str) -> dict[str, AdapterEntry]:
    import yaml  # only when a file exists: the CLI's start-up does not pay for it

    try:
        text = read_text_file(path, max_bytes=MAX_CONFIG_BYTES)
    except FileNotFoundError:
        raise UsageError(f"{path}: cannot read: no such file") from None
    try:
        root = checked_compose(path, text)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        where = f"{path}:{mark.line + 1}" if mark is not None else path
        problem = " ".join(str(getattr(exc, "problem", None) or exc).split())
        raise UsageError(f"{where}: invalid YAML: {problem}", "fix the adapters file") from None
    if data is None:
        return {}

    def fail(node: Any, message: str) -> UsageError:
        line = node.start_mark.line + 1 if node is not None else 1
        return UsageError(f"{path}:{line}: {message}",
                          "each adapter is `NAME: {command: [argv...], transport: stdio|tcp, extensions: [...], "
                          "launch: {...}}`")

    if not isinstance(data, dict):
        raise fail(root, "the file must map adapter names to their settings")
    entries = {}
    nodes = {str(k.value): (k, v) for k, v in root.value} if isinstance(root, yaml.MappingNode) else {}
    project_root = os.path.dirname(os.path.dirname(os.path.abspath(path)))
    for name, settings in data.items():
        key_node, value_node = nodes.get(str(name), (root, root))
        if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z0-9_.+-]+", name):
            raise fail(key_node, f"invalid adapter name {name!r}")
        if not isinstance(settings, dict):
            raise fail(value_node, f"adapter '{name}' needs a mapping of settings")
        fields = {str(k.value): (k, v) for k, v in value_node.value} if isinstance(value_node, yaml.MappingNode) else {}

        def node_of(key: str, fields: dict[str, Any] = fields, value_node: Any = value_node) -> Any:
            return fields.get(key, (value_node, value_node))[1]

        unknown = [k for k in settings if k not in _KEYS]
        if unknown:
            raise fail(fields.get(str(unknown[0]), (value_node,))[0],
                       f"adapter '{name}': unknown setting {unknown[0]!r} (known: {', '.join(_KEYS)})")
        from dapcli.adapters.configentry import AdapterEntry

        entry = AdapterEntry(name=name.lower(), file=path, line=key_node.start_mark.line + 1, scope=scope)
        command = settings.get("command")
        if command is not None:
            if isinstance(command, str):
                try:
                    command = split_words(command)  # linear: shlex is quadratic in a word's length
                except ValueError as exc:
                    raise fail(node_of("command"), f"adapter '{name}': command cannot be split: {exc}") from None
            if not isinstance(command, list) or not command or not all(isinstance(a, str | int) for a in command):
                raise fail(node_of("command"), f"adapter '{name}': command must be a non-empty list of strings")
            argv = [str(a) for a in command]
            first = os.path.expanduser(argv[0])
            if os.sep in first and not os.path.isabs(first):
                first = os.path.normpath(os.path.join(project_root if scope == "project" else os.path.dirname(path),
                                                      first))
            entry.command = [first, *argv[1:]]
            entry.command_file, entry.command_scope = path, scope
            entry.command_line = node_of("command").start_mark.line + 1
        transport = settings.get("transport")
        if transport is not None and transport not in ("stdio", "tcp"):
            raise fail(node_of("transport"), f"adapter '{name}': transport must be stdio or tcp, not {transport!r}")
        entry.transport = transport
        extensions = settings.get("extensions")
        if extensions is not None:
            if not isinstance(extensions, list) or not all(isinstance(e, str) and e.strip(".") for e in extensions):
                raise fail(node_of("extensions"), f"adapter '{name}': extensions must be a list like [.go, .foo]")
            entry.extensions = tuple("." + e.lower().lstrip(".") for e in extensions)
        launch = settings.get("launch")
        if launch is not None and not isinstance(launch, dict):
            raise fail(node_of("launch"), f"adapter '{name}': launch must be a mapping of launch arguments")
        entry.launch = dict(launch or {})
        description = settings.get("description")
        if description is not None and not isinstance(description, str):
            raise fail(node_of("description"), f"adapter '{name}': description must be text")
        entry.description = description
        entries[entry.name] = entry
    return entries


def apply_config(specs: list[AdapterSpec], cwd: str | None = None) -> list[AdapterSpec]:
    """``specs`` (built-in families) with the configuration files applied: overridden families
    wrapped in :class:`ConfiguredAdapter`, new ones first (their extensions win).

    Raises:
        UsageError: an invalid configuration file.
    """
    entries = load_config(cwd, {alias: spec.name for spec in specs for alias in (spec.name, *spec.aliases)})
    if not entries:
        return specs
    result: list[AdapterSpec] = []
    used: set[str] = set()
    for spec in specs:
        entry = entries.get(spec.name)
        if entry is None:
            result.append(spec)
        else:
            used.add(entry.name)
            result.append(ConfiguredAdapter(entry, spec))
    new = [ConfiguredAdapter(entry) for name, entry in entries.items() if name not in used]
    for adapter in new:
        if adapter.entry.command is None:
            raise UsageError(f"{adapter.entry.file}:{adapter.entry.line}: adapter '{adapter.name}' is not a "
                             "built-in one, so it needs a command", "add `command: [argv...]`")
    return [*new, *result]


#: AdapterSpec hooks a configured built-in family takes from its base.
_DELEGATED = frozenset({
    "exit_code_after_disconnect", "expects_child", "core_request", "console_prefix", "console_echo",
    "function_condition_request", "data_expression",
    "console_error_prefix", "memory_read_command", "instruction_step_commands", "exit_code_from_output",
    "output_category", "output_text", "exit_code_at_end", "explain_attach_failure", "core_arguments",
    "supports_children", "child_transport", "child_sessions_are_subprocesses", "failed_evaluate_result",
    "diagnose_command", "resolve_function", "resumes_wait_for_evaluations",
    "adopts_child_as_debuggee", "resuming_commands", "data_stop_report", "stops_on_failed_condition",
    "scope_snapshot", "snapshot_references", "evaluate_changes", "serial_requests", "locals_commands",
    "block_locals_command", "pages_variables",
    "exit_signal", "exit_reason", "detach_note", "launch_failure_hint",
    "return_value_local", "return_value_clear", "return_value_command", "return_value_pattern", "return_value_history",
    "honours_read_only", "condition_test", "log_value", "log_text", "kind_default", "function_breakpoint",
    "condition_error", "keeps_omitted_conditions", "initialized_after_launch", "stops_at_log_points",
    "hit_counter", "counted_condition", "terminal_command", "hit_condition",
    "ends_with_connection", "log_condition", "forget_breakpoints",
    "emulated_capabilities", "exception_local", "evaluate_error", "stop_text", "attach_socket", "entry_line",
})


class ConfiguredAdapter(AdapterSpec):
    """An adapter family from a configuration file: a new one, or a built-in ``base`` with
    another command, extensions or extra launch arguments. Everything not configured is the
    base's (including optional hooks such as ``child_transport``)."""

    def __init__(self, entry: AdapterEntry, base: AdapterSpec | None = None) -> None:
        self.entry = entry
        self.base = base
        super().__init__()
        self.name = base.name if base else entry.name
        self.aliases = base.aliases if base else ()
        self.adapter_id = base.adapter_id if base else entry.name
        self.description = entry.description or (base.description if base else f"{entry.name} (from {entry.file})")
        self.extensions = entry.extensions if entry.extensions is not None else (base.extensions if base else ())
        self.install_hint = (f"check the command in {entry.where}" if entry.command
                             else (base.install_hint if base else ""))
        if base is not None and entry.command is not None and hasattr(base, "use_command"):
            base.use_command(entry.command)
        #: Reported before use (launch warnings, ``dapcli adapters``).
        self.warning = entry.command_warning(base is not None)
        #: The project file whose content is trusted (or not) to choose what runs.
        self.project_file = entry.command_file or entry.file

    def __getattr__(self, name: str) -> Any:
        base = self.__dict__.get("base")
        if base is None:
            raise AttributeError(name)
        return getattr(base, name)

    def __getattribute__(self, name: str) -> Any:
        # the optional hooks have defaults on AdapterSpec: take the base family's, not those
        if name in _DELEGATED:
            base = object.__getattribute__(self, "__dict__").get("base")
            if base is not None:
                return getattr(base, name)
        return object.__getattribute__(self, name)

    @property
    def output_sink(self) -> OutputSink | None:  # type: ignore[override]
        return self.__dict__.get("_sink")

    @output_sink.setter
    def output_sink(self, sink: OutputSink | None) -> None:
        self.__dict__["_sink"] = sink
        if self.__dict__.get("base") is not None:
            self.base.output_sink = sink  # type: ignore[union-attr]

    @property
    def runtime(self) -> str | None:  # type: ignore[override]
        return self.base.runtime if self.base else None

    @runtime.setter
    def runtime(self, value: str | None) -> None:
        if self.__dict__.get("base") is not None:
            self.base.runtime = value  # type: ignore[union-attr]

    def _own_start(self) -> bool:
        return self.entry.command is not None and (self.base is None or not hasattr(self.base, "use_command"))

    def handles(self, program: str) -> bool:
        if self.entry.extensions is not None or self.base is None:
            return os.path.splitext(program)[1].lower() in self.extensions
        return self.base.handles(program)

    def of_kind(self, program: str) -> bool:
        if self.entry.extensions is not None or self.base is None:
            return os.path.splitext(program)[1].lower() in self.extensions
        return self.base.of_kind(program)

    def prepare(self, options: LaunchOptions, caller_cwd: str) -> list[str]:
        warnings = [self.warning] if self.warning else []
        if self.base is not None:
            warnings += self.base.prepare(options, caller_cwd)
        return warnings

    def find(self) -> str | None:
        if self._own_start():
            assert self.entry.command is not None
            first = self.entry.command[0]
            return shutil.which(first) or (first if os.access(first, os.X_OK) and not os.path.isdir(first) else None)
        return self.base.find() if self.base else None

    def terminal_command(self, argv: list[str], launch: dict[str, Any]) -> str | None:
        """A configured command's own launcher is the command itself (its words first, as
        lldb-dap runs itself); a built-in family's is the family's."""
        if not self._own_start():
            return self.base.terminal_command(argv, launch) if self.base else super().terminal_command(argv, launch)
        from dapcli.adapters.launcher import same_program

        command = self.entry.command or []
        if command and len(argv) >= len(command) and same_program(argv[0], command[0]) \
                and argv[1:len(command)] == command[1:]:
            return None
        return (f"the adapter asked dapcli to run {argv[0] if argv else 'nothing'!r}, which is not its own "
                f"command ({' '.join(command)})")

    def version(self) -> str | None:
        if self._own_start() or self.base is None or (self.warning and not trusted(self.project_file)):
            return None  # never run an untrusted project's command, even for its version
        return self.base.version()

    async def start(self) -> tuple[Transport, int]:
        """Start the adapter. Raises UntrustedProjectError for a project command not agreed to."""
        if self.warning:
            require_trust(self.warning, self.project_file)
        if not self._own_start():
            assert self.base is not None
            return await self.base.start()
        assert self.entry.command is not None
        if self.find() is None:
            raise AdapterError(f"the adapter command {self.entry.command[0]} was not found",
                               f"check the command in {self.entry.where}")
        from dapcli.adapters.process import start_command

        transport = self.entry.transport or "stdio"
        return await start_command(self.entry.command, transport, relay=self.output_sink)

    def launch_arguments(self, options: LaunchOptions) -> dict[str, Any]:
        if self.base is not None:
            arguments = self.base.launch_arguments(options)
        else:
            arguments = {
                "type": self.entry.name, "request": "launch", "name": "dapcli", "program": options.program,
                "args": options.args, "cwd": options.cwd, "stopOnEntry": options.stop_on_entry,
            }
            if options.env:
                arguments["env"] = options.env
            arguments.update(options.extra)
        arguments.update(self.entry.launch)
        return arguments

    def attach_arguments(self, options: AttachOptions) -> dict[str, Any]:
        if self.base is not None:
            return self.base.attach_arguments(options)
        arguments: dict[str, Any] = {"type": self.entry.name, "request": "attach", "name": "dapcli"}
        if options.process_id is not None:
            arguments["processId"] = options.process_id
        else:
            arguments.update(host=options.host or "127.0.0.1", port=options.port)
        arguments.update(options.extra)
        return arguments
