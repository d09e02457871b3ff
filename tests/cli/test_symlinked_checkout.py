"""A checkout reached through a symlink (`~/proj` → `/data/proj`): the compiler records one
spelling of its directory (gcc and go build take the shell's logical `$PWD`), the user types the
other. lldb-dap, CodeLLDB and Delve compare paths as text, so dapcli maps the directory to the
executable's own spelling; `dapcli test .` from the symlinked directory builds (go build no
longer finds the package "outside main module")."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import PROGRAMS, Cli

pytestmark = pytest.mark.slow

LOOP_C = """#include <unistd.h>
static int step(int i) {
    int v = i * 2;   /* line 3 */
    return v;
}
int main(void) {
    for (int i = 0; i < 3; i++) { step(i); }
    return 0;
}
"""


def checkout(tmp_path: Path) -> tuple[Path, Path]:
    """``real/`` and ``link`` → ``real``."""
    real = tmp_path / "real"
    real.mkdir()
    link = tmp_path / "link"
    link.symlink_to(real, target_is_directory=True)
    return real, link


def need(adapter: str, tool: str) -> None:
    from dapcli.adapters.registry import by_name

    if by_name(adapter).find() is None or not shutil.which(tool):
        pytest.skip(f"needs the {adapter} adapter and {tool}")


def build_c(where: Path) -> Path:
    """Compile loop.c in ``where`` as a shell there would (``$PWD`` = ``where``)."""
    (where / "loop.c").write_text(LOOP_C)
    subprocess.run(["gcc", "-g", "-O0", "-o", "loop", "loop.c"], cwd=where, env={**os.environ, "PWD": str(where)},
                   check=True, timeout=120)
    return where / "loop"


@pytest.mark.parametrize("adapter", ["lldb", "codelldb"])
@pytest.mark.parametrize("built_in", ["link", "real"])
def test_a_breakpoint_in_the_other_spelling_is_hit(dc: Cli, tmp_path: Path, adapter: str, built_in: str) -> None:
    need(adapter, "gcc")
    real, link = checkout(tmp_path)
    binary = build_c(link if built_in == "link" else real)
    typed = real if built_in == "link" else link
    state = dc.json("launch", binary, "--adapter", adapter, "-b", f"{typed / 'loop.c'}:3", "--timeout", "30",
                    timeout=90)
    dc.sessions.add("default")
    dc.record()
    assert state["status"] == "stopped", state
    assert state["location"]["line"] == 3 and state["location"]["function"] == "step"
    assert state["location"]["path"] == str(typed / "loop.c")  # shown as the user typed it


def go_package(where: Path) -> None:
    shutil.copytree(PROGRAMS / "gotable", where, dirs_exist_ok=True)


def test_go_binary_built_in_the_symlink_hits_a_breakpoint_in_the_real_path(dc: Cli, tmp_path: Path) -> None:
    need("go", "go")
    real, link = checkout(tmp_path)
    go_package(real)
    subprocess.run(["go", "test", "-c", "-gcflags=all=-N -l", "-o", "calc.test", "."], cwd=link,
                   env={**os.environ, "PWD": str(link)}, check=True, timeout=180, capture_output=True)
    fatal = next(n for n, t in enumerate((real / "calc_test.go").read_text().splitlines(), 1) if "@fatal" in t)
    state = dc.json("launch", link / "calc.test", "--adapter", "go", "-b", f"{real / 'calc_test.go'}:{fatal}",
                    "--timeout", "60", "--", "-test.run", "TestAddTable", timeout=120)
    dc.sessions.add("default")
    dc.record()
    assert state["status"] == "stopped", state
    assert (state["location"]["path"], state["location"]["line"]) == (str(real / "calc_test.go"), fatal)


def test_go_test_from_a_symlinked_directory(dc: Cli, tmp_path: Path) -> None:
    need("go", "go")
    real, link = checkout(tmp_path)
    go_package(real)
    state = dc.json("test", ".", "TestAddTable", cwd=link, env={"PWD": str(link)}, timeout=180)
    dc.sessions.add("default")
    dc.record()
    assert state["test"]["id"] == "TestAddTable/zero", state
