"""Configuration files nested absurdly deep (``[[[[…]]]]`` 100,000 levels, in a project you cloned)
are refused in one line at once: PyYAML took minutes over one and every command run there hung;
json5 ended ``dapcli configs`` with an internal RecursionError."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

DAPCLI = shutil.which("dapcli", path=str(Path(sys.executable).parent)) or "dapcli"
DEEP = "[" * 100_000 + "]" * 100_000


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config"), "DAPCLI_RUNTIME_DIR": str(tmp_path / "rt")}


def _run(env: dict[str, str], cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    started = time.monotonic()
    done = subprocess.run([DAPCLI, *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=120)
    assert time.monotonic() - started < 30, f"dapcli {' '.join(args)} took too long"
    return done


@pytest.mark.parametrize("where", ["project", "user"])
def test_a_deep_adapters_yaml_is_one_line(tmp_path: Path, env: dict[str, str], where: str) -> None:
    folder = tmp_path / ".dapcli" if where == "project" else tmp_path / "config" / "dapcli"
    folder.mkdir(parents=True)
    (folder / "adapters.yaml").write_text(f"python: {DEEP}\n")
    done = _run(env, tmp_path, "adapters")
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines()[0] == f"error: {folder / 'adapters.yaml'}:1: nested more than 32 deep"
    assert "Traceback" not in done.stderr


def test_a_deep_launch_json_is_one_line(tmp_path: Path, env: dict[str, str]) -> None:
    (tmp_path / ".vscode").mkdir()
    (tmp_path / ".vscode" / "launch.json").write_text(f'{{"version": "0.2.0", "configurations": [{DEEP}]}}')
    done = _run(env, tmp_path, "configs")
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines()[0] == (f"error: {tmp_path / '.vscode' / 'launch.json'}: nested too deeply to be "
                                           "a launch configuration")
