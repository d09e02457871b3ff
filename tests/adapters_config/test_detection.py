"""Which adapter family runs a program: ``.go``/Go packages/Go executables → go (Delve),
``.js``/``.mjs``/``.cjs`` → node (js-debug); names and aliases."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from dapcli.adapters.delve import go_build_flags, is_go_package
from dapcli.adapters.registry import adapter_for, by_name


@pytest.fixture(autouse=True)
def no_user_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


@pytest.mark.parametrize(("name", "family"), [
    ("main.go", "go"), ("app.js", "node"), ("app.mjs", "node"), ("app.cjs", "node"), ("APP.JS", "node"),
])
def test_by_extension(tmp_path: Path, name: str, family: str) -> None:
    program = tmp_path / name
    program.write_text("")
    assert adapter_for(str(program), cwd=str(tmp_path)).name == family


def test_go_package_directory(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    assert not is_go_package(str(package))
    (package / "main_test.go").write_text("package main\n")
    assert not is_go_package(str(package)), "tests alone are not a program"
    (package / "main.go").write_text("package main\n")
    assert is_go_package(str(package))
    assert adapter_for(str(package), cwd=str(tmp_path)).name == "go"


@pytest.mark.parametrize(("alias", "family"), [
    ("go", "go"), ("delve", "go"), ("dlv", "go"), ("node", "node"), ("js", "node"), ("js-debug", "node"),
    ("javascript", "node"), ("JS", "node"),
])
def test_names_and_aliases(alias: str, family: str) -> None:
    assert by_name(alias).name == family


@pytest.mark.skipif(shutil.which("go") is None, reason="needs the Go toolchain to build a binary")
def test_go_executable_goes_to_delve_with_its_build_flags(tmp_path: Path) -> None:
    source = tmp_path / "main.go"
    source.write_text('package main\n\nfunc main() {}\n')
    debug, plain = tmp_path / "debug", tmp_path / "plain"
    subprocess.run(["go", "build", "-gcflags=all=-N -l", "-o", str(debug), "main.go"], cwd=tmp_path, check=True)
    subprocess.run(["go", "build", "-o", str(plain), "main.go"], cwd=tmp_path, check=True)
    assert go_build_flags(str(debug)) == "all=-N -l"
    assert go_build_flags(str(plain)) == ""
    assert go_build_flags(str(source)) is None
    assert adapter_for(str(debug), cwd=str(tmp_path)).name == "go"
    assert adapter_for(str(plain), cwd=str(tmp_path)).name == "go"
