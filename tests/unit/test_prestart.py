"""The adapter a session host starts while it imports (dapcli.adapters.prestart)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from dapcli.adapters import prestart
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
    assert prestart.hint(argv, FLAGS, str(tmp_path)) == expected


def test_no_hint_when_a_project_has_an_adapters_file(tmp_path: Path) -> None:
    (tmp_path / ".dapcli").mkdir()
    (tmp_path / ".dapcli" / "adapters.yaml").write_text("python:\n  command: [x]\n")
    (tmp_path / "sub").mkdir()
    assert prestart.hint(["launch", "app.py"], FLAGS, str(tmp_path / "sub")) is None


def test_taken_only_for_the_same_command_and_discarded_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    sleeper = [sys.executable, "-c", "import sys; sys.stdin.read()"]
    monkeypatch.setitem(prestart.COMMANDS, "debugpy", sleeper)
    prestart.start("debugpy")
    early = prestart._early.item[3] if prestart._early.item else None
    assert early is not None and early.poll() is None
    assert prestart.take(["other"]) is None  # another command: the early one is killed
    assert early.wait(10) is not None
    prestart.start("debugpy")
    taken = prestart.take(sleeper, prestart.debugpy_adapter_env())
    assert taken is not None and taken.poll() is None and prestart.take(sleeper) is None
    taken.stdin.close()  # type: ignore[union-attr]
    assert taken.wait(10) == 0
    prestart.start("debugpy")
    second = prestart._early.item[3] if prestart._early.item else None
    prestart.discard()
    assert second is not None and second.wait(10) is not None


def test_hint_names_native_for_an_executable_not_built_by_go(tmp_path: Path) -> None:
    native = tmp_path / "prog"
    native.write_bytes(Path(sys.executable).resolve().read_bytes()[:4096])  # an ELF (or Mach-O) header
    go = tmp_path / "goprog"
    go.write_bytes(b"\x7fELF" + b"\0" * 64 + b"\xff Go buildinf:" + b"\0" * 64)
    script = tmp_path / "run.sh"
    script.write_text("#!/bin/sh\n")
    assert prestart.hint(["launch", "prog", "-b", "main.c:3"], FLAGS, str(tmp_path)) == "native"
    assert prestart.hint(["launch", str(native)], FLAGS, "/") == "native"
    assert prestart.hint(["launch", "goprog"], FLAGS, str(tmp_path)) is None  # Delve's
    assert prestart.hint(["launch", "run.sh"], FLAGS, str(tmp_path)) is None
    assert prestart.hint(["launch", "--adapter", "gdb", "prog"], FLAGS, str(tmp_path)) == "gdb"


def test_taken_only_with_the_same_environment_and_directory(tmp_path: Path) -> None:
    sleeper = [sys.executable, "-c", "import sys; sys.stdin.read()"]
    for other in ({"env": {"X": "1"}}, {"cwd": str(tmp_path)}):
        prestart.COMMANDS["sleeper"] = sleeper
        try:
            prestart.start("sleeper")
        finally:
            del prestart.COMMANDS["sleeper"]
        early = prestart._early.item[3] if prestart._early.item else None
        assert early is not None
        assert prestart.take(sleeper, **other) is None  # type: ignore[arg-type]
        assert early.wait(10) is not None
