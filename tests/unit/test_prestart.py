"""The adapter a session host starts while it imports (dapcli.adapters.early: runner, process)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from dapcli.adapters.debugpy import early as debugpy_early
from dapcli.adapters.debugpy.command import adapter_env
from dapcli.adapters.early import process as early_process
from dapcli.adapters.early import runner
from dapcli.frontends.cli.quick import load_shape

FLAGS = load_shape()["commands"]["launch"]["flags"]


@pytest.fixture(autouse=True)
def _no_adapters_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


@pytest.mark.parametrize(("argv", "expected"), [
    (["launch", "app.py", "-b", "app.py:3"], "debugpy"),
    (["--session", "x", "launch", "--python", "/usr/bin/python3", "app.py"], "debugpy"),
    (["launch", "-b", "other.c:3", "prog.py", "--", "a.c"], "debugpy"),
    (["launch", "--adapter", "python", "script"], "debugpy"),
    (["launch", "a.out", "-b", "main.c:3"], None),  # no such file: nothing to tell
    (["launch", "--adapter", "lldb", "x.py"], "lldb"),
    (["launch", "--adapter", "gdb", "x.py"], "gdb"),
    (["launch", "--adapter", "codelldb", "x.py"], None),
    (["launch", "--config", "Run", "app.py"], None),
    (["launch", "--adapter-config", "my.yaml", "app.py"], None),
    (["launch", "-m", "pkg"], None),
])
def test_hint_names_debugpy_only_when_certain(tmp_path: Path, argv: list[str], expected: str | None) -> None:
    assert runner.hint(argv, FLAGS, str(tmp_path)) == expected


def test_no_hint_when_a_project_has_an_adapters_file(tmp_path: Path) -> None:
    (tmp_path / ".dapcli").mkdir()
    (tmp_path / ".dapcli" / "adapters.yaml").write_text("python:\n  command: [x]\n")
    (tmp_path / "sub").mkdir()
    assert runner.hint(["launch", "app.py"], FLAGS, str(tmp_path / "sub")) is None


def test_taken_only_for_the_same_command_and_discarded_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    sleeper = [sys.executable, "-c", "import sys; sys.stdin.read()"]
    monkeypatch.setattr(debugpy_early, "COMMAND", sleeper)
    runner.start("debugpy")
    early = early_process._early.item[3] if early_process._early.item else None
    assert early is not None and early.poll() is None
    assert early_process.take(["other"]) is None  # another command: the early one is killed
    assert early.wait(10) is not None
    runner.start("debugpy")
    taken = early_process.take(sleeper, adapter_env())
    assert taken is not None and taken.poll() is None and early_process.take(sleeper) is None
    taken.stdin.close()  # type: ignore[union-attr]
    assert taken.wait(10) == 0
    runner.start("debugpy")
    second = early_process._early.item[3] if early_process._early.item else None
    runner.discard()
    assert second is not None and second.wait(10) is not None


def test_hint_names_native_for_an_executable_not_built_by_go(tmp_path: Path) -> None:
    native = tmp_path / "prog"
    native.write_bytes(Path(sys.executable).resolve().read_bytes()[:4096])  # an ELF (or Mach-O) header
    go = tmp_path / "goprog"
    go.write_bytes(b"\x7fELF" + b"\0" * 64 + b"\xff Go buildinf:" + b"\0" * 64)
    script = tmp_path / "run.sh"
    script.write_text("#!/bin/sh\n")
    assert runner.hint(["launch", "prog", "-b", "main.c:3"], FLAGS, str(tmp_path)) == "native"
    assert runner.hint(["launch", str(native)], FLAGS, "/") == "native"
    assert runner.hint(["launch", "goprog"], FLAGS, str(tmp_path)) is None  # Delve's
    assert runner.hint(["launch", "run.sh"], FLAGS, str(tmp_path)) is None
    assert runner.hint(["launch", "--adapter", "gdb", "prog"], FLAGS, str(tmp_path)) == "gdb"


def test_taken_only_with_the_same_environment_and_directory(tmp_path: Path) -> None:
    sleeper = [sys.executable, "-c", "import sys; sys.stdin.read()"]
    for other in ({"env": {"X": "1"}}, {"cwd": str(tmp_path)}):
        early_process.spawn(sleeper)
        early = early_process._early.item[3] if early_process._early.item else None
        assert early is not None
        assert early_process.take(sleeper, **other) is None  # type: ignore[arg-type]
        assert early.wait(10) is not None


def test_the_runner_runs_the_starters_the_families_name() -> None:
    from dapcli.adapters.registry import FAMILIES

    named = [family.early_start for family in FAMILIES if family.early_start]
    assert list(runner.STARTERS) == list(dict.fromkeys(named))


def test_debugpys_starter_knows_the_familys_names() -> None:
    from dapcli.adapters.debugpy.adapter import DebugpyAdapter

    assert (DebugpyAdapter.name, *DebugpyAdapter.aliases) == debugpy_early.NAMES


def test_dispatch_names_no_adapter_family() -> None:
    """Early start is the adapters' business: dispatch's code (not its comments and docstrings)
    names no family."""
    import ast
    import gc

    dispatch = Path(runner.__file__).parents[2] / "dispatch"
    for path in dispatch.glob("*.py"):
        gc.disable()  # CPython 3.11.7: a finalizer run mid-parse fails it (AST recursion depth mismatch)
        try:
            tree = ast.parse(path.read_text())
        finally:
            gc.enable()
        docstrings = {id(node.value) for node in ast.walk(tree)
                      if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
        words = [node.value for node in ast.walk(tree)
                 if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]
        words += [node.id for node in ast.walk(tree) if isinstance(node, ast.Name)]
        words += [node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)]
        words += [alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom | ast.Import)
                  for alias in node.names]
        words += [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
        for family in ("debugpy", "lldb", "gdb", "delve", "js-debug", "codelldb"):
            assert not any(family in word.lower() for word in words), f"{path.name} names {family}"


def test_the_runner_and_the_early_launch_agree_on_the_prefix() -> None:
    from dapcli.adapters.early import launch as early_launch
    from dapcli.dispatch import hostboot

    assert runner.LAUNCH_PREFIX == early_launch.PREFIX == hostboot.EARLY_PREFIX
