"""Adapters from configuration files, and the generic ways to start an adapter command.

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

This module also starts TCP adapters that print their address (``dlv dap``, js-debug's server):
:class:`AdapterServer`. It drains the adapter's stdout and stderr for as long as it runs (unread
pipes block it) and can relay them as program output (Delve prints the debuggee's output there),
never to our own stdout, which may be an MCP stdio stream.
"""

from __future__ import annotations

import asyncio
import codecs
import collections
import contextlib
import os
import re
import shlex
import shutil
import signal
import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from dapcli.adapters.base import AdapterSpec, AttachOptions, LaunchOptions, OutputSink
from dapcli.adapters.listener import listens_on
from dapcli.adapters.trust import require_trust, trusted
from dapcli.adapters.yamlcheck import checked_compose
from dapcli.errors import AdapterError, UsageError
from dapcli.files import MAX_CONFIG_BYTES, read_text_file
from dapcli.protocol.transport import StdioTransport, TcpTransport, Transport

__all__ = [
    "AdapterEntry", "AdapterServer", "ConfiguredAdapter", "ServerTransport", "apply_config", "config_files",
    "load_config",
]

#: ``HOST:PORT`` as adapters print it (``DAP server listening at: 127.0.0.1:38000``,
#: ``Debug server listening at 127.0.0.1:42119``).
ADDRESS = re.compile(r"(\d{1,3}(?:\.\d{1,3}){3}|localhost|\[[0-9A-Fa-f:]+\]):(\d{1,5})\b")
_READ = 1 << 16
_TAIL_LINES = 40
_KEYS = ("command", "transport", "extensions", "launch", "description")


# -- adapter processes ---------------------------------------------------------------------------
class AdapterServer:
    """An adapter process that serves DAP on TCP, in its own process group.

    Its stdout and stderr are read until they end: lines go to a tail (for error messages) and,
    when ``relay`` is given, to ``relay(category, text)`` as program output.
    """

    def __init__(self, process: asyncio.subprocess.Process, *, relay: OutputSink | None,
                 exits_on_disconnect: bool) -> None:
        self.process = process
        self.relay = relay
        self.exits_on_disconnect = exits_on_disconnect
        self.host = "127.0.0.1"
        self.port = 0
        #: The port was chosen by us ({port}), not printed by the adapter: connect only once the
        #: adapter is seen listening there (another process may have bound it first).
        self.chosen_port = False
        self.tail: collections.deque[str] = collections.deque(maxlen=_TAIL_LINES)
        self.drains: list[asyncio.Task[None]] = []
        #: Called once when the server's connection closes (e.g. removing a build directory).
        self.cleanups: list[Callable[[], None]] = []

    @property
    def pid(self) -> int:
        return self.process.pid

    @classmethod
    async def spawn(
        cls, argv: list[str], *, cwd: str | None = None, env: dict[str, str] | None = None,
        relay: OutputSink | None = None, exits_on_disconnect: bool = False, timeout: float = 15.0,
    ) -> AdapterServer:
        """Start ``argv``. With ``{port}`` in an argument, a free port is chosen and put there;
        otherwise the adapter must print ``HOST:PORT`` on stdout within ``timeout`` seconds.

        Raises:
            AdapterError: it cannot start, exits, or prints no address in time (with its output).
        """
        port = _free_port() if any("{port}" in arg for arg in argv) else 0
        argv = [arg.replace("{port}", str(port)) for arg in argv]
        try:
            process = await asyncio.create_subprocess_exec(
                *argv, stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE, cwd=cwd, env=env, start_new_session=True, limit=_READ,
            )
        except OSError as exc:
            raise AdapterError(f"cannot start the adapter {argv[0]}: {exc.strerror or exc}") from None
        server = cls(process, relay=relay, exits_on_disconnect=exits_on_disconnect)
        try:
            if port:
                server.port, server.chosen_port = port, True
                server._drain_all()
            else:
                await asyncio.wait_for(server._read_address(), timeout)
        except BaseException as exc:
            server.kill()
            if isinstance(exc, TimeoutError):
                raise AdapterError(
                    f"{os.path.basename(argv[0])} printed no address to connect to within {timeout:g} s",
                    server.tail_text() or "check the adapter's command",
                ) from None
            raise
        return server

    async def _read_address(self) -> None:
        assert self.process.stdout is not None and self.process.stderr is not None
        self._drain(self.process.stderr, "stderr")
        while True:
            line = await self.process.stdout.readline()
            if not line:
                await asyncio.sleep(0.05)  # let stderr catch up: it says why
                raise AdapterError(f"the adapter exited before it listened: {self.tail_text() or 'no output'}")
            text = line.decode("utf-8", "replace").rstrip()
            found = ADDRESS.search(text)
            if found:
                host = found.group(1).strip("[]")
                self.host, self.port = ("127.0.0.1" if host in ("localhost", "0.0.0.0") else host), int(found.group(2))
                if self.relay is not None and not _loopback(host):  # the user's command chose that address
                    self.relay("important", f"dapcli: warning: the adapter listens on {host}:{self.port}, not only "
                                            "on loopback: other machines can reach it\n")
                self._drain(self.process.stdout, "stdout")
                return
            self.tail.append(text)

    def _drain_all(self) -> None:
        assert self.process.stdout is not None and self.process.stderr is not None
        self._drain(self.process.stdout, "stdout")
        self._drain(self.process.stderr, "stderr")

    def _drain(self, stream: asyncio.StreamReader, category: str) -> None:
        self.drains.append(asyncio.get_running_loop().create_task(self._pump(stream, category)))

    async def _pump(self, stream: asyncio.StreamReader, category: str) -> None:
        decoder = codecs.getincrementaldecoder("utf-8")("replace")
        partial = ""
        while True:
            try:
                data = await stream.read(_READ)
            except (OSError, ValueError):
                data = b""
            text = decoder.decode(data, final=not data)
            if text:
                if self.relay is not None:
                    with contextlib.suppress(Exception):
                        self.relay(category, text)
                lines = (partial + text).split("\n")
                partial = lines.pop()[-2000:]
                self.tail.extend(line.rstrip() for line in lines)
            if not data:
                if partial:
                    self.tail.append(partial)
                return

    async def connect(self, timeout: float = 10.0) -> ServerTransport:
        """A new DAP connection to the server (polling while it starts to accept)."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            try:
                if self.chosen_port and not listens_on(self.process.pid, self.port):
                    raise AdapterError("not listening yet")
                transport = await ServerTransport.connect(self.host, self.port, timeout=2.0)
                transport.server = self
                return transport
            except AdapterError:
                if self.process.returncode is not None or asyncio.get_running_loop().time() >= deadline:
                    self.kill()
                    raise AdapterError(
                        f"cannot connect to the adapter at {self.host}:{self.port}",
                        self.tail_text() or "check the adapter's command",
                    ) from None
                await asyncio.sleep(0.05)

    async def finish(self, timeout: float = 0.5) -> None:
        """After the last ``disconnect``: a server that exits by itself gets up to ``timeout`` s
        for its output to be relayed to the end; one that never exits (js-debug) is killed now.
        Then the cleanups run. Never raises."""
        if not self.exits_on_disconnect:
            self.kill()
            with contextlib.suppress(asyncio.TimeoutError, ProcessLookupError):
                await asyncio.wait_for(self.process.wait(), 2.0)
        if self.drains:
            await asyncio.wait(self.drains, timeout=timeout)
        cleanups, self.cleanups = self.cleanups, []
        for cleanup in cleanups:
            with contextlib.suppress(Exception):
                cleanup()

    def kill(self) -> None:
        """SIGKILL the server's process group (it was started in its own session)."""
        with contextlib.suppress(OSError):
            os.killpg(self.process.pid, signal.SIGKILL)

    def tail_text(self) -> str:
        return " / ".join(line for line in list(self.tail)[-5:] if line)


class ServerTransport(TcpTransport):
    """A TCP connection to an :class:`AdapterServer` we started."""

    server: AdapterServer | None = None

    @property
    def process(self) -> asyncio.subprocess.Process | None:
        """The adapter process when it exits by itself after ``disconnect`` (the session waits
        for it); None for a server that never exits (it is killed)."""
        if self.server is not None and self.server.exits_on_disconnect:
            return self.server.process
        return None

    async def close(self) -> None:
        await super().close()
        if self.server is not None:
            await self.server.finish()

    def stderr_tail(self) -> str:
        return self.server.tail_text() if self.server is not None else ""


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def start_command(argv: list[str], transport: str, *, cwd: str | None = None,
                        relay: OutputSink | None = None) -> tuple[Transport, int]:
    """Start a configured adapter command on ``stdio`` or ``tcp``; return the transport and the
    process group to kill at teardown.

    Raises:
        AdapterError: the command cannot start or be reached.
    """
    if transport == "tcp":
        server = await AdapterServer.spawn(argv, cwd=cwd, relay=relay)
        return await server.connect(), server.pid
    stdio = await StdioTransport.spawn(argv, cwd=cwd)
    return stdio, stdio.pid


# -- configuration files -------------------------------------------------------------------------
@dataclass
class AdapterEntry:
    """One adapter of a configuration file (``scope`` is ``user`` or ``project``)."""

    name: str
    file: str
    line: int
    scope: str
    command: list[str] | None = None
    #: Where ``command`` was set (a project entry may keep the user file's command).
    command_file: str = ""
    command_line: int = 0
    command_scope: str = ""
    transport: str | None = None
    extensions: tuple[str, ...] | None = None
    launch: dict[str, Any] = field(default_factory=dict)
    description: str | None = None

    @property
    def where(self) -> str:
        return f"{self.command_file}:{self.command_line}" if self.command_file else f"{self.file}:{self.line}"

    def command_warning(self, builtin: bool) -> str | None:
        """The report owed for a project file that chooses what to run (None otherwise)."""
        if self.command_scope != "project" or not self.command:
            return None
        what = f"replaces the command of the built-in adapter '{self.name}'" if builtin else \
            f"defines the adapter '{self.name}'"
        return f"{self.where}: this project's file {what}: it runs `{shlex.join(self.command)}`"


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
        problem = getattr(exc, "problem", None) or str(exc)
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
        entry = AdapterEntry(name=name.lower(), file=path, line=key_node.start_mark.line + 1, scope=scope)
        command = settings.get("command")
        if command is not None:
            if isinstance(command, str):
                command = shlex.split(command)
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
    "console_error_prefix", "memory_read_command", "instruction_step_commands", "exit_code_from_output",
    "output_category", "output_text", "exit_code_at_end", "explain_attach_failure", "core_arguments",
    "supports_children", "child_transport", "child_sessions_are_subprocesses", "failed_evaluate_result",
    "diagnose_command", "resolve_function", "resumes_wait_for_evaluations",
    "adopts_child_as_debuggee", "resuming_commands", "data_stop_report",
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

    def version(self) -> str | None:
        if self._own_start() or self.base is None or (self.warning and not trusted()):
            return None  # never run an untrusted project's command, even for its version
        return self.base.version()

    async def start(self) -> tuple[Transport, int]:
        """Start the adapter. Raises UntrustedProjectError for a project command not agreed to."""
        if self.warning:
            require_trust(self.warning)
        if not self._own_start():
            assert self.base is not None
            return await self.base.start()
        assert self.entry.command is not None
        if self.find() is None:
            raise AdapterError(f"the adapter command {self.entry.command[0]} was not found",
                               f"check the command in {self.entry.where}")
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


def _loopback(host: str) -> bool:
    """True for a loopback address or ``localhost``."""
    import ipaddress

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
