"""`launch -m MODULE` as people use it: with arguments, in a src/ layout (`--cwd src`,
`--env PYTHONPATH=src`), and a module Python cannot find: one line that says so (exit 2), with a
hint that names the src/ folder when the package is there, and nothing left running."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import PYTHON, Cli, one_line_error

pytestmark = pytest.mark.slow


@pytest.fixture
def src_layout(tmp_path: Path) -> Path:
    package = tmp_path / "src" / "mypkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("def double(x):\n    return x * 3\n")
    (package / "__main__.py").write_text("import sys\nfrom mypkg import double\nprint('v', double(int(sys.argv[1])))\n")
    return tmp_path


def launch(dc: Cli, cwd: Path, *args: str, check: bool | int = True) -> object:
    result = dc.run("launch", "--python", PYTHON, *args, cwd=cwd, check=check, timeout=60)
    dc.sessions.add("default")
    dc.record("default")
    return result


@pytest.mark.parametrize("where", [("--cwd", "src"), ("--env", "PYTHONPATH=src")])
def test_module_in_a_src_layout_with_arguments(dc: Cli, src_layout: Path, where: tuple[str, str]) -> None:
    result = launch(dc, src_layout, "--json", "-m", "mypkg", *where, "-b", "src/mypkg/__init__.py:2", "--", "5")
    state = result.json()  # type: ignore[attr-defined]
    assert state["location"]["line"] == 2
    assert [v["value"] for v in state["locals"] if v["name"] == "x"] == ["5"]


def test_module_not_found_in_a_src_layout_says_where_it_is(dc: Cli, src_layout: Path) -> None:
    result = launch(dc, src_layout, "-m", "mypkg", "--", "5", check=2)
    line = one_line_error(result.err)  # type: ignore[attr-defined]
    assert line == f"error: -m mypkg: No module named mypkg (in {src_layout})"
    assert "mypkg is in src/: add --cwd src" in result.err  # type: ignore[attr-defined]
    assert dc.run("status", cwd=src_layout, check=3)
    assert dc.wait_gone() == []


def test_dotted_module_not_found_is_one_line(dc: Cli, src_layout: Path) -> None:
    result = launch(dc, src_layout, "-m", "nosuch.mod", check=2)
    assert one_line_error(result.err) == f"error: -m nosuch.mod: No module named 'nosuch' (in {src_layout})"  # type: ignore[attr-defined]


def test_a_module_that_fails_its_own_import_is_no_usage_error(dc: Cli, tmp_path: Path) -> None:
    """The program's own ModuleNotFoundError is its traceback, not a missing `-m` module."""
    (tmp_path / "app.py").write_text("import nosuch_dependency\n")
    result = launch(dc, tmp_path, "--json", "-m", "app", "--no-stop-on-exception")
    state = result.json()  # type: ignore[attr-defined]
    assert state["status"] in ("exited", "terminated") and state["exitCode"] == 1
