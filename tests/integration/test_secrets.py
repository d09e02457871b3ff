"""The DAP trace and error messages keep secrets: env values and debugpy's adapterAccessToken
(issue 14, item 4). Real debugpy."""

from __future__ import annotations

import asyncio
import re
import stat
import sys
from pathlib import Path

import pytest

from dapcli.dispatch.local import LocalDispatcher
from dapcli.errors import DapcliError
from dapcli.protocol.redact import REDACTED, redact_message, redact_text

ROOT = Path(__file__).resolve().parents[2]
BUGGY = ROOT / "examples" / "buggy.py"
SECRET = "s3cr3t-value-in-env"
TOKEN = re.compile(r"--adapter-access-token['\",\s]+(?!<redacted>)[0-9a-f]{16,}")


async def _launch(env: list[str]) -> str:
    """Launch BUGGY with ``env`` (stop on entry), end it; the error text or ''."""
    dispatcher = LocalDispatcher()
    try:
        await asyncio.wait_for(dispatcher.call("launch", {"program": str(BUGGY), "env": env, "python": sys.executable,
                                                          "stopOnEntry": True}, "sec"), 60)
        return ""
    except DapcliError as exc:
        return f"{exc.message}\n{exc.hint}"
    finally:
        for session in list(dispatcher.manager.sessions.values()):
            await session.shutdown(terminate_debuggee=True)


@pytest.fixture
def trace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DAPCLI_RUNTIME_DIR", str(tmp_path / "rt"))
    monkeypatch.setenv("DAPCLI_STATE_DIR", str(tmp_path / "state"))
    path = tmp_path / "trace.log"
    monkeypatch.setenv("DAPCLI_TRACE", str(path))
    return path


def test_trace_is_private_and_redacted(trace: Path) -> None:
    assert asyncio.run(_launch([f"SECRET_ONE={SECRET}"])) == ""
    text = trace.read_text()
    assert '"launch"' in text and "SECRET_ONE" in text
    assert SECRET not in text
    assert stat.S_IMODE(trace.stat().st_mode) == 0o600


def test_nul_in_env_does_not_leak_the_access_token(trace: Path) -> None:
    error = asyncio.run(_launch(["BAD=a\x00b"]))
    assert error, "a NUL byte in an env value must fail"
    assert not TOKEN.search(error), error
    if trace.exists():  # refused before the adapter started: nothing traced, nothing to leak
        assert not TOKEN.search(trace.read_text())


def test_trace_is_size_capped(trace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DAPCLI_TRACE_MAX_BYTES", "3000")
    asyncio.run(_launch([]))
    text = trace.read_text()
    assert trace.stat().st_size <= 3000 + 100
    assert text.splitlines()[-1].endswith("DAPCLI_TRACE_MAX_BYTES=3000 reached")


def test_redaction_rules() -> None:
    message = {"arguments": {"env": {"A": "x"}, "adapterAccessToken": "abc", "name": "keep",
                             "args": ["--server-access-token", "qq", "plain"]}}
    assert redact_message(message) == {"arguments": {"env": {"A": REDACTED}, "adapterAccessToken": REDACTED,
                                                     "name": "keep",
                                                     "args": ["--server-access-token", REDACTED, "plain"]}}
    assert redact_message({"env": ["A=1", "B=2"]}) == {"env": [f"A={REDACTED}", f"B={REDACTED}"]}
    assert redact_text("['--adapter-access-token', 'b6cd']") == f"['--adapter-access-token', '{REDACTED}']"
