"""Record ``prelude.json``: the real server's answers to ``initialize`` (one per protocol version
the SDK negotiates by handshake) and ``tools/list``, read from its own stdio wire.

    python -m dapcli.frontends.mcp.preludegen     (``tools/gen_completions.py`` runs it too)

``tests/mcp/test_prelude.py`` fails while the file is stale.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from importlib.metadata import version
from pathlib import Path

from dapcli.frontends.mcp.prelude import RECORD

__all__ = ["answers", "generated", "main"]


def answers(version: str, requests: list[dict[str, object]], env: dict[str, str] | None = None) -> list[bytes]:
    """The raw lines a fresh ``serve-mcp`` writes for ``initialize`` (``version``, id 1) then
    ``requests`` (ids 2…), one line each, in order."""
    lines = [{"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"protocolVersion": version, "capabilities": {},
                         "clientInfo": {"name": "preludegen", "version": "0"}}},
             {"jsonrpc": "2.0", "method": "notifications/initialized"}]
    lines += [{"jsonrpc": "2.0", "id": n, **r} for n, r in enumerate(requests, 2)]
    with tempfile.TemporaryDirectory(prefix="dcprelude") as runtime:
        os.chmod(runtime, 0o700)
        server = subprocess.Popen([sys.executable, "-m", "dapcli", "serve-mcp"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                  env={**os.environ, "DAPCLI_RUNTIME_DIR": runtime, "DAPCLI_MCP_PRELUDE": "0",
                                       **(env or {})})
        assert server.stdin is not None and server.stdout is not None
        try:
            server.stdin.write(b"".join(json.dumps(m).encode() + b"\n" for m in lines))
            server.stdin.flush()
            found = [server.stdout.readline() for _ in range(1 + len(requests))]  # before the end of input
        finally:
            server.stdin.close()
            try:
                server.wait(60)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
    if not all(line.endswith(b"\n") for line in found):
        raise RuntimeError("serve-mcp ended before it answered every request")
    return found


def _result(line: bytes, ident: int) -> str:
    head, tail = f'{{"jsonrpc":"2.0","id":{ident},"result":'.encode(), b"}\n"
    if not (line.startswith(head) and line.endswith(tail)):
        raise RuntimeError(f"an answer of an unexpected shape: {line[:120]!r}")
    return line[len(head):-len(tail)].decode()


def generated() -> str:
    """The text ``prelude.json`` should hold now."""
    from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS

    from dapcli import __version__

    record: dict[str, object] = {"dapcli": __version__, "mcp": version("mcp"), "initialize": {},
                                 "toolsList": {}}
    for protocol in HANDSHAKE_PROTOCOL_VERSIONS:
        initialize, listing = answers(protocol, [{"method": "tools/list"}])
        record["initialize"][protocol] = _result(initialize, 1)  # type: ignore[index]
        record["toolsList"][protocol] = _result(listing, 2)  # type: ignore[index]
    return json.dumps(record, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def main() -> None:
    Path(RECORD).write_text(generated(), encoding="utf-8")


if __name__ == "__main__":
    main()
