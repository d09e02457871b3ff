"""Which runner runs a project's tests: from the selectors, then the project's files
(``pytest.ini``/``pyproject.toml``/``setup.cfg``/``tox.ini``/``conftest.py``, ``go.mod``,
``Cargo.toml``); a ``.rb`` file is minitest's, a ``*_spec.rb`` RSpec's."""

from __future__ import annotations

import os
import re

from dapcli.engine.testrun.base import TestRunner
from dapcli.engine.testrun.cargo import CargoRunner, cargo_root
from dapcli.engine.testrun.gotest import GoTestRunner
from dapcli.engine.testrun.native import NativeRunner
from dapcli.engine.testrun.python import PytestRunner, UnittestRunner
from dapcli.engine.testrun.ruby import MinitestRunner, RSpecRunner
from dapcli.errors import UsageError
from dapcli.files import read_regular_text

__all__ = ["RUNNERS", "detect_runner", "is_go_package_dir"]

RUNNERS: dict[str, type[TestRunner]] = {
    "pytest": PytestRunner, "unittest": UnittestRunner, "go": GoTestRunner, "native": NativeRunner,
    "cargo": CargoRunner, "minitest": MinitestRunner, "rspec": RSpecRunner,
}
_PYTEST_FILES = ("pytest.ini", ".pytest.ini", "conftest.py")
_PYTEST_SECTIONS = {"pyproject.toml": "[tool.pytest", "setup.cfg": "[tool:pytest]", "tox.ini": "[pytest]"}


def is_go_package_dir(path: str) -> bool:
    """A directory with ``.go`` files (test files count)."""
    try:
        return os.path.isdir(path) and any(name.endswith(".go") for name in os.listdir(path))
    except OSError:
        return False


def _path_of(selector: str, cwd: str) -> str:
    return os.path.normpath(os.path.join(cwd, selector.split("::", 1)[0]))


def _is_executable(path: str) -> bool:
    return os.path.isfile(path) and os.access(path, os.X_OK) and not path.endswith((".py", ".go", ".sh"))


def _has_pytest_config(directory: str, *, up: bool = True) -> bool:
    """A pytest configuration in ``directory`` or (``up``) a directory above it, up to the
    repository's root."""
    while True:
        if any(os.path.isfile(os.path.join(directory, name)) for name in _PYTEST_FILES):
            return True
        for name, section in _PYTEST_SECTIONS.items():
            if section in (read_regular_text(os.path.join(directory, name), 200_000, whole=False) or ""):
                return True
        parent = os.path.dirname(directory)
        if not up or parent == directory or os.path.exists(os.path.join(directory, ".git")):  # a worktree's is a file
            return False
        directory = parent


def detect_runner(explicit: str | None, selectors: list[str], cwd: str, *, adapter: str | None = None) -> str:
    """The runner's name: ``explicit``, else from the first selector, else from ``cwd``.

    Raises:
        UsageError: an unknown runner name.
    """
    if explicit:
        if explicit not in RUNNERS:
            raise UsageError(f"unknown test runner: {explicit}", f"choose one of: {', '.join(RUNNERS)}")
        return explicit
    first = _path_of(selectors[0], cwd) if selectors else None
    ruby = _ruby_runner(selectors, cwd, adapter)
    if ruby is not None:
        return ruby
    if first is not None:
        if _is_executable(first) or adapter in ("lldb", "gdb", "codelldb"):
            return "native"
        if first.endswith(".go") or is_go_package_dir(first):
            return "go"
    if adapter in ("go", "delve", "dlv") or (
        (first is None or not os.path.exists(first))  # no selector, or test names (TestTable/case)
        and os.path.isfile(os.path.join(cwd, "go.mod")) and not _has_pytest_config(cwd, up=False)
    ):
        return "go"
    if (first is None or not os.path.exists(first)) and cargo_root(cwd) is not None \
            and not _has_pytest_config(cwd, up=False):  # a cargo project: selectors are test names (tests::totals)
        return "cargo"
    start = first if first and os.path.isdir(first) else (os.path.dirname(first) if first else cwd)
    if _has_pytest_config(start) or any("::" in s for s in selectors):
        return "pytest"
    return "pytest" if _importable("pytest", cwd) else "unittest"


def _ruby_runner(selectors: list[str], cwd: str, adapter: str | None) -> str | None:
    """``rspec`` for a spec file (``*_spec.rb``, ``spec/…``: ``spec/cart_spec.rb:12`` too),
    ``minitest`` for another ``.rb`` file; with ``--adapter ruby`` and no file, ``rspec`` when the
    project has a ``spec`` folder; None when the run is not Ruby's."""
    files = [re.sub(r":\d+$", "", s) for s in selectors if re.sub(r":\d+$", "", s).endswith(".rb")]
    if files:
        spec = files[0].endswith("_spec.rb") or f"spec{os.sep}" in files[0]
        return "rspec" if spec else "minitest"
    if adapter in ("ruby", "rdbg", "rb"):
        return "rspec" if os.path.isdir(os.path.join(cwd, "spec")) else "minitest"
    return None


def _importable(module: str, cwd: str) -> bool:
    """Whether the project's interpreter can import ``module`` (looked up, not imported)."""
    import subprocess

    from dapcli.adapters.debugpy.adapter import find_python

    try:
        done = subprocess.run([find_python(None, cwd), "-c", f"import importlib.util as u, sys; "
                               f"sys.exit(u.find_spec({module!r}) is None)"], capture_output=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0
