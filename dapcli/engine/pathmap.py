"""Path mappings for programs that run elsewhere (a container, a VM, another host).

A mapping ``REMOTE=LOCAL`` says that the program's file ``REMOTE/x/y.py`` is the user's
``LOCAL/x/y.py``. dapcli translates on the wire itself, so that it works with every adapter:

* out (client → adapter): the ``source.path`` of every request (``setBreakpoints``, ``source``,
  ``breakpointLocations``, ``gotoTargets``) is made remote;
* in (adapter → client): every ``source``/``sources`` path and module path in responses and
  events (stack frames, ``breakpoint``/``loadedSource``/``module`` events) is made local.

The translation is idempotent for paths already on the right side, so an adapter that also
applies its own mapping option (debugpy ``pathMappings``, Delve ``substitutePath``, lldb
``sourceMap``, gdb ``set substitute-path``; see :func:`adapter_options`) is harmless.

:class:`PathMapper` also remembers every (local) path the adapter reported: what the program
really loaded, for the "breakpoint never hit" check (:mod:`dapcli.engine.reach`).
"""

from __future__ import annotations

import copy
import ntpath
import os
from dataclasses import dataclass
from typing import Any

from dapcli.errors import UsageError

__all__ = ["PathMapper", "PathMapping", "from_launch_config", "parse_mappings"]

Message = dict[str, Any]
#: Requests whose arguments carry a ``source`` to translate out.
_SOURCE_KEYS = ("source", "sources")
_MODULE_KEYS = ("module", "modules")
#: Responses that only echo the client's own paths back.
_ECHOES = frozenset({"setBreakpoints", "breakpointLocations", "source"})
#: Answers that carry no ``Source`` or ``Module`` (DAP schema): not walked (5,000 variables cost ~0.1 s).
_PATHLESS = frozenset({"variables", "threads", "evaluate", "setVariable", "setExpression", "readMemory"})


@dataclass(frozen=True)
class PathMapping:
    """``remote`` (a path as the program sees it, POSIX or Windows) ↔ ``local`` (absolute)."""

    remote: str
    local: str

    @property
    def spelled(self) -> str:
        return f"{self.remote}={self.local}"


def parse_mappings(pairs: list[str], cwd: str) -> list[PathMapping]:
    """``REMOTE=LOCAL`` strings (``--map``) as mappings; ``LOCAL`` relative to ``cwd``.

    Raises:
        UsageError: no ``=``, an empty side, or a local side that does not exist.
    """
    found = []
    for pair in pairs:
        remote, sep, local = pair.partition("=")
        if not sep or not remote.strip() or not local.strip():
            raise UsageError(f"bad path mapping {pair!r}: write it as REMOTE=LOCAL",
                             "e.g. --map /app=. (the program's /app is this directory)")
        found.append(mapping(remote.strip(), local.strip(), cwd))
    return found


def mapping(remote: str, local: str, cwd: str) -> PathMapping:
    """One mapping with ``local`` made absolute. Raises UsageError when ``local`` does not exist."""
    path = os.path.normpath(os.path.join(cwd, os.path.expanduser(local)))
    if not os.path.exists(path):
        raise UsageError(f"the local side of path mapping {remote}={local} does not exist ({path})",
                         "give the directory of your checkout that holds the program's files")
    return PathMapping(_strip(remote), path)


def from_launch_config(extra: dict[str, Any], cwd: str) -> list[PathMapping]:
    """The mappings in a launch.json configuration, read as each adapter spells them: debugpy
    ``pathMappings`` ``[{localRoot, remoteRoot}]``, Delve ``substitutePath`` ``[{from, to}]`` (from
    = local), lldb ``sourceMap`` ``[[remote, local]]`` or ``{remote: local}`` (CodeLLDB)."""
    found: list[PathMapping] = []
    for item in extra.get("pathMappings") or []:
        if isinstance(item, dict) and item.get("remoteRoot") and item.get("localRoot"):
            found.append(mapping(str(item["remoteRoot"]), str(item["localRoot"]), cwd))
    for item in extra.get("substitutePath") or []:
        if isinstance(item, dict) and item.get("from") and item.get("to"):
            found.append(mapping(str(item["to"]), str(item["from"]), cwd))
    source_map = extra.get("sourceMap") or []
    pairs = source_map.items() if isinstance(source_map, dict) else source_map
    for item in pairs:
        if isinstance(item, (list, tuple)) and len(item) == 2 and item[0] and item[1]:
            found.append(mapping(str(item[0]), str(item[1]), cwd))
    return found


def _strip(path: str) -> str:
    stripped = path.rstrip("/\\")
    return stripped or path[:1]


def _windows(path: str) -> bool:
    return "\\" in path or (len(path) > 1 and path[1] == ":")


def _under(path: str, root: str, windows: bool) -> str | None:
    """The rest of ``path`` below ``root`` ("" for ``root`` itself), or None."""
    if windows:
        path, root = path.replace("/", "\\"), root.replace("/", "\\")
        if ntpath.normcase(path) == ntpath.normcase(root):
            return ""
        head = root if root.endswith("\\") else root + "\\"
        return path[len(head):] if ntpath.normcase(path).startswith(ntpath.normcase(head)) else None
    if path == root:
        return ""
    head = root if root.endswith("/") else root + "/"
    return path[len(head):] if path.startswith(head) else None


class PathMapper:
    """Translates paths between the program's side and the user's, longest prefix first."""

    def __init__(self, mappings: list[PathMapping]) -> None:
        self.mappings = list(mappings)
        #: Local-side paths of every source or module the adapter reported.
        self.seen: set[str] = set()
        #: Breakpoint ids already flagged as never hit (:mod:`dapcli.engine.reach`).
        self.warned: set[int] = set()
        #: The never-hit warnings flagged at one stop or end: (its generation, the lines); every
        #: view of that stop shows them, whichever verb reported it first.
        self.flagged: tuple[int, list[str]] = (-1, [])
        #: False when the adapter maps request paths itself (gdb's ``substitute-path``).
        self.translate_out = True

    def __bool__(self) -> bool:
        return bool(self.mappings)

    def to_remote(self, path: str) -> str:
        """``path`` (local) as the program sees it; unchanged when no mapping covers it."""
        for item in sorted(self.mappings, key=lambda m: -len(m.local)):
            rest = _under(path, item.local, windows=False)
            if rest is not None:
                if _windows(item.remote):
                    return ntpath.join(item.remote, rest.replace("/", "\\")) if rest else item.remote
                return f"{item.remote.rstrip('/')}/{rest}" if rest else item.remote
        return path

    def to_local(self, path: str) -> str:
        """``path`` (as the program reports it) on the user's side; unchanged when no mapping covers it."""
        for item in sorted(self.mappings, key=lambda m: -len(m.remote)):
            windows = _windows(item.remote)
            rest = _under(path, item.remote, windows)
            if rest is not None:
                parts = rest.replace("\\", "/").split("/") if windows else rest.split("/")
                return os.path.join(item.local, *[p for p in parts if p])
        return path

    # -- the wire (a Connection's rewriter) -----------------------------------------------------
    def outgoing(self, message: Message) -> Message:
        """A message to the adapter with its request's source paths made remote."""
        arguments = message.get("arguments")
        if message.get("type") != "request" or not isinstance(arguments, dict) or not self.mappings \
                or not self.translate_out:
            return message
        if not any(isinstance(arguments.get(key), dict) for key in _SOURCE_KEYS):
            return message
        arguments = dict(arguments)
        source = arguments.get("source")
        if isinstance(source, dict) and isinstance(source.get("path"), str):
            arguments["source"] = {**source, "path": self.to_remote(source["path"])}
        return {**message, "arguments": arguments}

    def incoming(self, message: Message) -> Message:
        """A message from the adapter with its source and module paths made local (recorded in
        :attr:`seen`)."""
        body = message.get("body")
        if not isinstance(body, (dict, list)) or message.get("command") in _PATHLESS:
            return message
        if message.get("type") == "event" and message.get("event") == "process" and isinstance(body, dict):
            name = body.get("name")
            if isinstance(name, str) and name:
                self.seen.add(self.to_local(name))
        if not self._mentions_paths(body):
            return message
        # a breakpoint's own source is an echo of ours, not proof that the program loaded it
        record = message.get("command") not in _ECHOES and message.get("event") != "breakpoint"
        if not self.mappings:  # nothing changes: only record what the program loaded
            self._walk(body, record)
            return message
        body = copy.deepcopy(body)
        self._walk(body, record)
        return {**message, "body": body}

    def _mentions_paths(self, value: Any) -> bool:
        if isinstance(value, dict):
            return any(k in _SOURCE_KEYS or k in _MODULE_KEYS or self._mentions_paths(v) for k, v in value.items()
                       if isinstance(v, (dict, list)))
        if isinstance(value, list):
            return any(self._mentions_paths(v) for v in value if isinstance(v, (dict, list)))
        return False

    def _walk(self, value: Any, record: bool) -> None:
        if isinstance(value, list):
            for item in value:
                self._walk(item, record)
            return
        if not isinstance(value, dict):
            return
        for key, item in value.items():
            if key in _SOURCE_KEYS or key in _MODULE_KEYS:
                for found in item if isinstance(item, list) else [item]:
                    self._path(found, record)
            if isinstance(item, (dict, list)):
                self._walk(item, record)

    def _path(self, holder: Any, record: bool) -> None:
        if isinstance(holder, dict) and isinstance(holder.get("path"), str) and holder["path"]:
            local = self.to_local(holder["path"])
            if local != holder["path"]:
                holder["path"] = local
            if record:
                self.seen.add(local)
