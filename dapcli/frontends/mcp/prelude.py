"""``initialize`` and ``tools/list`` answered while the MCP SDK and the verb table import.

Importing the ``mcp`` SDK, the verb table and their pydantic models is most of ``serve-mcp``'s
start-up, yet a client's first two requests have answers known in advance: the server's
``initialize`` result (one per protocol version the SDK negotiates) and its tool listing. They
are recorded in ``prelude.json`` beside this module, from the real server's own wire
(``tools/gen_mcp_prelude.py``; a test checks that the file is what the server answers now,
byte for byte). This module (standard library only) answers them from that file on a thread
while the main thread imports, then hands every byte it read to the SDK: the ``initialize``
request is replayed under a private id whose answer is dropped (so the SDK's session is
initialized exactly as the client asked), and every line it did not answer is read by the SDK
as if it came first.

It answers only what it is sure of: a first line that is an ``initialize`` for a recorded
protocol version, then ``notifications/initialized`` and ``tools/list`` with no cursor. Any other
line, a recorded file of another SDK or dapcli version, stdio that is not a pipe or socket, or
``DAPCLI_MCP_PRELUDE=0``: it stops answering and the SDK answers from there on.
"""

from __future__ import annotations

import json
import os
import select
import stat
import sys
import threading

__all__ = ["REPLAY_ID", "Prelude", "start"]

#: The id under which the ``initialize`` the prelude answered is replayed to the SDK (its answer
#: is dropped: the client has had its own).
REPLAY_ID = "dapcli-prelude-initialize"
_HERE = os.path.dirname(os.path.abspath(__file__))
RECORD = os.path.join(_HERE, "prelude.json")
#: Longest line the prelude reads before it hands over (bytes): an ``initialize`` is small.
_LINE_LIMIT = 1 << 20


class Prelude:
    """Answers the first requests on fds 0/1 from ``record`` until :meth:`finish`."""

    def __init__(self, record: dict[str, object], fd_in: int = 0, fd_out: int = 1) -> None:
        self._record = record
        self._in, self._out = fd_in, fd_out
        self._buffer = b""
        self._replay: list[bytes] = []
        self._version: str | None = None
        self._done = False  # a line it does not answer came, or the input ended
        self._wake_r, self._wake_w = os.pipe()
        self._thread = threading.Thread(target=self._run, name="mcp-prelude", daemon=True)
        self._thread.start()

    def finish(self) -> list[bytes]:
        """Stop answering (at a line's end) and return the lines the SDK must read first, each
        ending in a newline (the last may lack it at the end of input): the replayed
        ``initialize`` and ``notifications/initialized``, then everything not answered."""
        os.write(self._wake_w, b"x")
        self._thread.join()
        os.close(self._wake_r)
        os.close(self._wake_w)
        rest = [line + b"\n" for line in self._buffer.split(b"\n")]
        rest[-1] = rest[-1][:-1]
        return self._replay + [line for line in rest if line]

    def _run(self) -> None:
        try:
            while not self._done:
                ready, _, _ = select.select([self._in, self._wake_r], [], [])
                if self._wake_r in ready:
                    return
                chunk = os.read(self._in, 65536)
                if not chunk:
                    return
                self._buffer += chunk
                while not self._done and b"\n" in self._buffer:
                    line, _, rest = self._buffer.partition(b"\n")
                    if not self._answer(line):
                        self._done = True
                        return
                    self._buffer = rest
                if len(self._buffer) > _LINE_LIMIT:
                    return
        except (OSError, ValueError):
            self._done = True  # the SDK reads what is left and meets the same trouble

    def _answer(self, line: bytes) -> bool:
        """Answer ``line`` (True) or leave it to the SDK (False)."""
        if not line.strip():
            return True
        try:
            message = json.loads(line)
        except ValueError:
            return False
        if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
            return False
        if "id" in message and not _plain_id(message["id"]):
            return False  # null, true, an object, 1e400: the SDK's own refusal says what is wrong
        method, params = message.get("method"), message.get("params")
        if self._version is None:
            version = params.get("protocolVersion") if isinstance(params, dict) else None
            results = self._record["initialize"]
            if method != "initialize" or "id" not in message or not isinstance(results, dict) \
                    or version not in results:
                return False
            self._reply(message["id"], results[version])
            self._version = version
            self._replay.append(json.dumps({**message, "id": REPLAY_ID}).encode() + b"\n")
            return True
        if method == "notifications/initialized" and "id" not in message:
            self._replay.append(line + b"\n")
            return True
        listing = self._record["toolsList"]
        if method == "tools/list" and "id" in message and not params and isinstance(listing, dict) \
                and self._version in listing:
            self._reply(message["id"], listing[self._version])
            return True
        return False

    def _reply(self, ident: object, result: object) -> None:
        line = ('{"jsonrpc":"2.0","id":' + json.dumps(ident, ensure_ascii=False, separators=(",", ":"))
                + ',"result":' + str(result) + "}\n").encode()
        while line:
            line = line[os.write(self._out, line):]


def _streamable(fd: int) -> bool:
    try:
        mode = os.fstat(fd).st_mode
    except OSError:
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


def _installed_mcp() -> str | None:
    """The installed ``mcp`` distribution's version, read from its ``dist-info`` folder's name
    (importing ``importlib.metadata`` costs more than the answer is worth)."""
    for folder in sys.path:
        if not os.path.isfile(os.path.join(folder or ".", "mcp", "__init__.py")):  # the package, not a script
            continue
        try:
            names = os.listdir(folder or ".")
        except OSError:
            return None
        return next((name[4:-10] for name in names if name.startswith("mcp-") and name.endswith(".dist-info")), None)
    return None


def load(path: str = RECORD) -> dict[str, object] | None:
    """The recorded answers, or None when they are not this installation's."""
    from dapcli import __version__

    try:
        with open(path, encoding="utf-8") as handle:
            record = json.load(handle)
    except (OSError, ValueError):
        return None
    if not isinstance(record, dict) or record.get("dapcli") != __version__ or record.get("mcp") != _installed_mcp():
        return None
    return record


def start(transport: str, output_schemas: bool, show_secrets: bool) -> Prelude | None:
    """A running :class:`Prelude` on fds 0/1, or None where it does not apply (see the module's
    doc; the answers are recorded for the default options only)."""
    if transport != "stdio" or output_schemas or show_secrets or sys.platform == "win32" \
            or os.environ.get("DAPCLI_MCP_PRELUDE") == "0":
        return None
    if not (_streamable(0) and _streamable(1)):
        return None
    record = load()
    return Prelude(record) if record is not None else None


def _plain_id(value: object) -> bool:
    """A JSON-RPC id the SDK answers: a string, or an integer (not a bool, not a float)."""
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))
