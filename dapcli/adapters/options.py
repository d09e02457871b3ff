"""What a ``launch`` or ``attach`` asks of an adapter family, normalized (kept apart from
:mod:`dapcli.adapters.base` so that describing adapters imports no dataclasses)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

__all__ = ["AttachOptions", "LaunchOptions"]


@dataclass
class LaunchOptions:
    """A normalized launch: absolute ``program``, its ``args``, ``cwd``, extra ``env``.

    ``python`` is the interpreter that runs a Python debuggee (None: the adapter's choice);
    ``nodelay`` enables the debugpy TCP_NODELAY fix; ``extra`` passes through to the adapter;
    ``path_mappings`` are (remote, local) path prefixes (dapcli translates; see :meth:`AdapterSpec.map_paths`).
    ``module`` runs ``python -m MODULE`` instead of ``program`` (debugpy); ``settings`` are the
    user's own options, merged last into the request (nested objects key by key); ``no_debug``
    runs without debugging (DAP ``noDebug``); ``terminal`` runs the program in a pseudo-terminal
    dapcli owns (DAP ``runInTerminal``); ``stdin`` is a file the program reads as its stdin.
    ``exception_filters``: the adapter's exception filter ids to turn on in the configuration
    phase (DAP ``setExceptionBreakpoints`` before ``configurationDone``); None: its defaults.
    """

    program: str
    args: list[str] = field(default_factory=list)
    cwd: str = field(default_factory=os.getcwd)
    env: dict[str, str] = field(default_factory=dict)
    stop_on_entry: bool = False
    python: str | None = None
    nodelay: bool = True
    extra: dict[str, Any] = field(default_factory=dict)
    path_mappings: list[tuple[str, str]] = field(default_factory=list)
    module: str | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    no_debug: bool = False
    terminal: bool = False
    stdin: str | None = None
    exception_filters: list[str] | None = None


@dataclass
class AttachOptions:
    """An attach target: ``host``:``port`` of a listening debug server, or a ``process_id``;
    ``target`` is ``HOST:PORT`` of a gdbserver-protocol stub (gdbserver, lldb-server) that a
    native adapter connects to; ``program`` is a local copy of its executable (symbols);
    ``socket`` is the unix socket path a program serves its debugger on (``rdbg --open --sock-path``)."""

    host: str | None = None
    port: int | None = None
    process_id: int | None = None
    python: str | None = None
    nodelay: bool = True
    extra: dict[str, Any] = field(default_factory=dict)
    path_mappings: list[tuple[str, str]] = field(default_factory=list)
    target: str | None = None
    program: str | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    socket: str | None = None
