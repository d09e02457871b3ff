"""Fixtures for the fidelity modules: each adapter's program built once (C with ``gcc -g
-O0``, Go with ``-gcflags=all=-N -l``) into a private folder, and the scenario run once per
module (one launch)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from fidelity import copy_program


def _build(folder: Path, argv: list[str]) -> None:
    done = subprocess.run(argv, cwd=folder, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, f"{argv[0]} failed: {done.stderr}"


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fidelity")


@pytest.fixture(scope="module")
def c_program(workdir: Path) -> tuple[Path, Path]:
    """(executable, source) of programs/fid.c."""
    cc = shutil.which("gcc") or shutil.which("cc")
    if cc is None:
        pytest.skip("no C compiler (gcc or cc) to build the test program")
    source = copy_program("fid.c", workdir)
    _build(workdir, [cc, "-g", "-O0", "-o", "fid", source.name])
    return workdir / "fid", source


@pytest.fixture(scope="module")
def go_program(workdir: Path) -> tuple[Path, Path]:
    """(executable, source) of programs/fid.go."""
    go = shutil.which("go")
    if go is None:
        pytest.skip("go is not installed (needed to build the test program)")
    source = copy_program("fid.go", workdir)
    (workdir / "go.mod").write_text("module fid\n\ngo 1.19\n")
    _build(workdir, [go, "build", "-gcflags=all=-N -l", "-o", "fid", source.name])
    return workdir / "fid", source


@pytest.fixture(scope="module")
def script_program(workdir: Path, request: pytest.FixtureRequest) -> tuple[Path, Path]:
    """(program, source) of an interpreted program: the module's ``SOURCE`` (fid.py, fid.js)."""
    source = copy_program(request.module.SOURCE, workdir)
    return source, source
