"""Every REPL test runs with a private HOME, history and runtime directory (no leaks)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))


@pytest.fixture(autouse=True)
def _private_dirs(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_STATE_HOME", str(home / "state"))
    monkeypatch.setenv("DAPCLI_RUNTIME_DIR", str(home / "run"))
    monkeypatch.delenv("DAPCLI_SESSION", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
