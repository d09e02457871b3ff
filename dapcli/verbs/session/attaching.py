"""What ``attach`` checks before it starts anything: the address forms, which adapter family
can use which, and one-line errors for a port that is not a debug adapter or that went away."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from dapcli.adapters.base import AdapterSpec, AttachOptions
from dapcli.errors import AdapterError, ConnectionLostError, DapcliError, DapTimeoutError, UsageError, echo
from dapcli.files import is_number
from dapcli.verbs.context import VerbContext

__all__ = [
    "HANDSHAKE_TIMEOUT", "AttachConfig", "attach_config", "attach_failure", "attach_options", "check_attach_kind",
    "parse_address",
]

#: Families that reach a gdbserver-protocol stub (``--target``).
TARGET_FAMILIES = ("gdb", "lldb")


def parse_address(text: str, what: str = "address") -> tuple[str, int]:
    """``HOST:PORT`` (or ``PORT``; ``[v6]:PORT``) as (host, port); host defaults to 127.0.0.1.

    Raises:
        UsageError: no valid port 1-65535.
    """
    host, _, port = text.strip().rpartition(":")
    if not (port.isascii() and port.isdigit()) or not 0 < int(port[:6]) < 65536:
        raise UsageError(f"bad {what} {text!r}", "write it as HOST:PORT or PORT (port 1-65535)")
    return host.strip("[]") or "127.0.0.1", int(port)


def attach_options(ctx: VerbContext, connect: str | None, process_id: int | None, target: str | None,
                   program: str | None) -> AttachOptions:
    """The attach target from the verb's parameters. Raises UsageError for a wrong combination."""
    if connect is None and process_id is None and target is None:
        raise UsageError("attach needs HOST:PORT, --process-id or --target HOST:PORT",
                         "e.g. `dapcli attach 127.0.0.1:5678`, or `dapcli attach --adapter gdb --target host:1234`")
    if target is not None and (connect is not None or process_id is not None):
        raise UsageError("--target reaches a gdbserver by itself: give no HOST:PORT or --process-id with it")
    options = AttachOptions(process_id=process_id)
    if connect is not None and _is_path(connect):  # a program's own unix socket (rdbg --open --sock-path)
        options.socket = ctx.resolve(connect)
        if not os.path.exists(options.socket):
            raise UsageError(f"no socket at {echo(connect)} (looked at {echo(options.socket)})",
                             "start the program with: rdbg --open --sock-path=PATH -- app.rb")
    elif connect is not None:
        options.host, options.port = parse_address(connect)
    if target is not None:
        host, port = parse_address(target, "--target")
        options.target = f"{host}:{port}"
    if program is not None:
        if target is None:
            raise UsageError("--program goes with --target (a local copy of the remote executable)")
        options.program = ctx.resolve(program)
        if not os.path.isfile(options.program):
            raise UsageError(f"program not found: {echo(program)} (looked at {echo(options.program)})",
                             "check the path")
    return options


def _is_path(text: str) -> bool:
    """``./dbg.sock``, ``/run/user/1000/rdbg-1234``: a path, not ``HOST:PORT`` or ``PORT``."""
    return os.sep in text or text.startswith(".") or text.endswith(".sock")


def check_attach_kind(adapter: AdapterSpec, options: AttachOptions) -> None:
    """Refuse combinations the family cannot do, before anything starts (UsageError)."""
    if options.socket is not None and not adapter.attach_socket:
        raise UsageError(f"{adapter.name} does not attach to a program's unix socket",
                         "a socket path is for programs started with rdbg --open (--adapter ruby)")
    if options.socket is not None and (options.process_id is not None or options.target is not None):
        raise UsageError("give the program's socket alone (no --process-id or --target with it)")
    if options.target is not None and adapter.name not in TARGET_FAMILIES:
        raise UsageError(f"--target needs --adapter gdb or lldb (not {adapter.name})",
                         "e.g. dapcli attach --adapter gdb --target HOST:PORT")
    if options.port is not None and options.process_id is not None and adapter.name != "go":
        raise UsageError("give HOST:PORT or --process-id, not both",
                         "(both together only for Delve: a process that `dlv dap --listen` attaches to)")
    if options.port is not None and adapter.name not in ("python", "go", "node"):  # node: its inspector port
        raise UsageError(f"{adapter.name} does not listen for debuggers on a port",
                         "for gdbserver / lldb-server use --adapter gdb|lldb --target HOST:PORT")


#: Seconds a debug server has to answer ``initialize`` (every DAP server answers at once).
HANDSHAKE_TIMEOUT = 10.0


def attach_failure(error: DapcliError, options: AttachOptions, handshaken: bool) -> DapcliError:
    """``error`` of an attach by address, said in one line with what to do; ``handshaken`` is
    True once the server answered ``initialize`` (it is a debug adapter)."""
    if options.port is None:
        return error
    where = f"{options.host}:{options.port}"
    reason = error.message.split(": ", 1)[-1] if ": " in error.message else error.message
    if not handshaken and isinstance(error, (ConnectionLostError, DapTimeoutError)):
        return AdapterError(f"{where} is not a debug adapter: it did not answer the DAP initialize request "
                            f"({reason})", "check the port: it must be the debugger's (debugpy --listen, "
                            "dlv --headless); a gdbserver needs --adapter gdb|lldb --target HOST:PORT")
    if isinstance(error, ConnectionLostError):
        return ConnectionLostError(f"the debug server at {where} went away: {reason}",
                                   "is the program still running there? attach again")
    return error


@dataclass
class AttachConfig:
    """What an ``attach`` configuration of launch.json contributes."""

    adapter: str
    connect: str | None = None
    process_id: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    mappings: list[tuple[str, str]] = field(default_factory=list)


#: Fields of an attach configuration that dapcli reads itself (not passed to the adapter).
_ATTACH_FIELDS = ("connect", "host", "port", "processId", "mode", "listen")


def attach_config(name: str, cwd: str) -> AttachConfig:
    """The ``attach`` configuration ``name`` of launch.json: debugpy ``connect: {host, port}`` (or
    ``host``/``port``), Delve ``host``/``port`` (``mode: remote``), ``processId``; its
    ``pathMappings``/``substitutePath``/``sourceMap`` as mappings. Raises UsageError."""
    from dapcli.adapters.launchjson import resolve_config
    from dapcli.engine.pathmap import from_launch_config

    chosen = resolve_config(name, cwd)
    if chosen.request != "attach":
        raise UsageError(f"configuration {name!r} is a {chosen.request!r} configuration",
                         "use `dapcli launch --config NAME`, or an attach configuration (see `dapcli configs`)")
    extra = dict(chosen.extra)
    found = AttachConfig(adapter=chosen.adapter,
                         mappings=[(m.remote, m.local) for m in from_launch_config(extra, chosen.cwd or cwd)])
    connect = extra.get("connect") if isinstance(extra.get("connect"), dict) else {}
    port = connect.get("port", extra.get("port"))
    if port is not None:
        found.connect = f"{connect.get('host', extra.get('host')) or '127.0.0.1'}:{port}"
    pid = extra.get("processId")
    if isinstance(pid, int) or (isinstance(pid, str) and is_number(pid)):
        found.process_id = int(pid)
    found.extra = {k: v for k, v in extra.items() if k not in _ATTACH_FIELDS}
    return found
