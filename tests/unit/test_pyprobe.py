"""Whether `dapcli test` must ask an interpreter for its runner (dapcli.engine.testrun.pyprobe)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from dapcli.engine.testrun.pyprobe import _same_interpreter, require_module
from dapcli.errors import PreconditionError


def test_a_venvs_python_and_python3_are_the_same_interpreter(tmp_path: Path) -> None:
    real = os.path.realpath(sys.executable)
    (tmp_path / "bin").mkdir()
    os.symlink(real, tmp_path / "bin" / "python3")
    os.symlink("python3", tmp_path / "bin" / "python")
    assert _same_interpreter(str(tmp_path / "bin" / "python"), str(tmp_path / "bin" / "python3"))
    assert _same_interpreter(str(tmp_path / "bin" / ".." / "bin" / "python"), str(tmp_path / "bin" / "python"))
    # the same file elsewhere is another environment (a venv is found from the path run)
    assert not _same_interpreter(str(tmp_path / "bin" / "python"), real)
    assert not _same_interpreter(str(tmp_path / "bin" / "missing"), str(tmp_path / "bin" / "python"))


def test_an_interpreter_without_the_runner_is_refused(tmp_path: Path) -> None:
    require_module(sys.executable, "pytest", str(tmp_path))  # dapcli's own: asked in process
    with pytest.raises(PreconditionError, match="no_such_runner_xyz is not installed"):
        require_module(sys.executable, "no_such_runner_xyz", str(tmp_path))
