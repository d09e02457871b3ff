"""Safe defaults: dapcli listens on loopback only unless asked with an explicit flag."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dapcli.adapters.process import _loopback
from dapcli.frontends.mcp.server import main

ROOT = Path(__file__).resolve().parents[2] / "dapcli"


def test_serve_mcp_refuses_a_non_loopback_host(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(transport="streamable-http", host="0.0.0.0", port=1) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: refusing to listen on 0.0.0.0") and "--allow-remote-listen" in err


def test_every_listening_socket_in_dapcli_is_loopback_or_unix() -> None:
    """An audit of the source: each bind/listen names 127.0.0.1 (or is a unix socket), and no
    literal wildcard address appears outside the places that refuse or warn about it."""
    for path in ROOT.rglob("*.py"):
        if path.name == "types.py":
            continue
        text = path.read_text()
        for match in re.finditer(r"\.bind\(\((.*?),", text):
            if path.name == "http.py" and match.group(1) == "host":
                continue  # serve-mcp's --host, refused unless loopback or --allow-remote-listen (above)
            assert match.group(1) == '"127.0.0.1"', f"{path}: {match.group(0)}"
        assert "start_server(" not in text, f"{path}: a TCP server"
        for line in text.splitlines():
            if "0.0.0.0" in line:
                assert "host in (" in line or "ADDRESS" in line or "listens on" in line or '"::"' in line \
                    or line.strip().startswith(("#", '"', "'")) or "localhost" in line, f"{path}: {line}"


def test_loopback_addresses() -> None:
    assert _loopback("127.0.0.1") and _loopback("::1") and _loopback("localhost") and _loopback("127.1.2.3")
    assert not _loopback("0.0.0.0") and not _loopback("::") and not _loopback("10.0.0.5")
