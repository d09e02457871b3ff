"""`dapcli test` when pytest cannot collect a test file (an import error, a syntax error): the end
says which file and why in its first lines, with pytest's exit code 2, no hang; and the same
with an interpreter that has pytest but no debugpy (the run dapcli starts early then takes
debugpy from dapcli's adapter, as debugpy's launcher does)."""

from __future__ import annotations

import os
import subprocess
import sysconfig
from pathlib import Path

import pytest
from conftest import PYTHON, Cli

pytestmark = pytest.mark.slow

BROKEN = {"test_import.py": ("import nonexistent_module_wf3\n\n\ndef test_a():\n    assert 1\n",
                             "error collecting test_import.py: ModuleNotFoundError: No module named "
                             "'nonexistent_module_wf3'"),
          "test_syntax.py": ("def f(:\n    pass\n", "error collecting test_syntax.py: SyntaxError: invalid syntax")}


@pytest.fixture(scope="module")
def python_without_debugpy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv whose only packages are pytest and what it needs (linked from this one): no debugpy."""
    root = tmp_path_factory.mktemp("nodebugpy")
    subprocess.run([PYTHON, "-m", "venv", "--without-pip", str(root / "venv")], check=True, timeout=60)
    site = Path(sysconfig.get_paths()["purelib"])
    kept = root / "kept" / "site-packages"  # a library folder to debugpy (justMyCode), as installed packages are
    kept.mkdir(parents=True)
    for name in ("pytest", "_pytest", "pluggy", "iniconfig", "packaging", "pygments", "py.py"):
        for found in [site / name, *site.glob(f"{name}-*.dist-info")]:  # metadata too: pytest reads it
            if found.exists():
                os.symlink(found, kept / found.name)
    python = root / "venv" / "bin" / "python"
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True, timeout=60).stdout.strip()
    Path(purelib, "kept.pth").write_text(str(kept) + "\n")
    check = subprocess.run([str(python), "-c", "import pytest, importlib.util as u; "
                            "assert u.find_spec('debugpy') is None"], capture_output=True, timeout=60)
    assert check.returncode == 0, check.stderr
    return python


@pytest.mark.parametrize("name", sorted(BROKEN))
@pytest.mark.parametrize("which", ["venv", "no-debugpy"])
def test_a_file_pytest_cannot_collect(dc: Cli, tmp_path: Path, name: str, which: str,
                                      python_without_debugpy: Path) -> None:
    source, said = BROKEN[name]
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / name).write_text(source)
    python = PYTHON if which == "venv" else str(python_without_debugpy)
    state = dc.json("test", "--python", python, name, cwd=tmp_path, timeout=120, check=2)
    dc.sessions.add("default")
    assert state["status"] in ("exited", "terminated") and state["exitCode"] == 2
    assert state["test"]["summary"] == f"1 error; {said}"
    assert "INTERNALERROR" not in "".join(c["output"] for c in state.get("output") or [])


def test_a_failure_with_an_interpreter_without_debugpy(dc: Cli, tmp_path: Path, python_without_debugpy: Path) -> None:
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "test_one.py").write_text("def test_one():\n    value = 1\n    assert value == 2\n")
    state = dc.json("test", "--python", str(python_without_debugpy), "test_one.py", cwd=tmp_path, timeout=120)
    dc.sessions.add("default")
    dc.record("default")
    assert state["test"]["id"] == "test_one.py::test_one" and state["location"]["line"] == 3
    end = dc.json("continue", cwd=tmp_path, timeout=120)
    assert end["exitCode"] == 1


def test_a_conftest_that_does_not_import_is_said_as_such(dc: Cli, tmp_path: Path) -> None:
    """Not "no test matches": pytest could not load a conftest.py (its exit code 4)."""
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "conftest.py").write_text("import nonexistent_conf_module_wf3\n")
    (tmp_path / "tests" / "test_a.py").write_text("def test_a():\n    assert 0\n")
    state = dc.json("test", "--python", PYTHON, "tests", cwd=tmp_path, timeout=120, check=4)
    dc.sessions.add("default")
    assert state["exitCode"] == 4
    assert state["test"]["summary"] == (f"error loading {tmp_path / 'tests' / 'conftest.py'}: ModuleNotFoundError: "
                                        "No module named 'nonexistent_conf_module_wf3'")
