"""Fixtures for the Delve tests: the programs built once per test session."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from delve_helpers import BASICS, DAPCLI, GO, MISSING, PROGRAMS, processes_running


@pytest.fixture(scope="session")
def go_build_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("gobin")


@pytest.fixture(scope="session")
def basics_binary(go_build_dir: Path) -> Path:
    """basics.go built for debugging (``-gcflags=all=-N -l``)."""
    return _build(BASICS, go_build_dir / "basics", debug=True)


@pytest.fixture(scope="session")
def basics_optimized(go_build_dir: Path) -> Path:
    """basics.go built with the default optimizations (for the warning)."""
    return _build(BASICS, go_build_dir / "basics_opt", debug=False)


def _build(source: Path, output: Path, *, debug: bool) -> Path:
    if MISSING:
        pytest.skip(f"needs {' and '.join(MISSING)}")
    flags = ["-gcflags=all=-N -l"] if debug else []
    done = subprocess.run([str(GO), "build", *flags, "-o", str(output), source.name], cwd=source.parent,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"go build failed: {done.stderr}"
    return output


@pytest.fixture(autouse=True, scope="module")
def no_program_left(go_build_dir: Path) -> object:
    """After each module: no debuggee built here and no Delve build output is still running."""
    yield
    left = processes_running(str(go_build_dir)) + processes_running("dapcli-go-")
    assert not left, f"processes left behind: {left}"


@pytest.fixture
def cli_env() -> Iterator[dict[str, str]]:
    """An environment for one-shot CLI tests: its own short runtime dir; the session is stopped after."""
    runtime = tempfile.mkdtemp(prefix="dc")  # unix socket paths must stay short
    env = dict(os.environ, DAPCLI_RUNTIME_DIR=runtime, NO_COLOR="1")
    env.pop("DAPCLI_SESSION", None)
    yield env
    subprocess.run([DAPCLI, "stop"], env=env, cwd=PROGRAMS, capture_output=True, timeout=30)
    shutil.rmtree(runtime, ignore_errors=True)
