"""A project in a container's usual place (``/usr/src/app``, ``/opt/app``) is the user's code:
a failing test stops in its frame, not in libc's ``abort``, and a pause inside a system library
is shown at the project's frame. Needs a writable ``/usr/src`` or ``/opt`` (root, as in a
container): skipped otherwise."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import Cli

from dapcli.engine.testrun.base import is_local_source
from dapcli.engine.userframes import is_user_source

ROOT = Path(__file__).resolve().parents[2]
C_TESTS = ROOT / "examples" / "c" / "test_cart.c"


@pytest.fixture(params=["/usr/src", "/opt"])
def project(request: pytest.FixtureRequest) -> Iterator[Path]:
    parent = request.param
    if not os.access(parent, os.W_OK):
        pytest.skip(f"{parent} is not writable here (a container's project layout needs it)")
    folder = Path(tempfile.mkdtemp(prefix="dapcli-app-", dir=parent))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_a_project_under_usr_src_or_opt_is_the_users(project: Path) -> None:
    source = project / "main.c"
    source.write_text("int main(void) { return 0; }\n")
    assert is_user_source(str(source)) and is_local_source(str(source))


@pytest.mark.parametrize("path", ["/usr/include/stdio.h", "/usr/lib/x86_64-linux-gnu/crt1.o"])
def test_system_files_stay_the_systems(path: str) -> None:
    if not os.path.isfile(path):
        pytest.skip(f"{path} is not on this machine")
    assert not is_user_source(path) and not is_local_source(path)


def test_stdlib_frames_are_not_a_tests_own() -> None:
    import unittest.case

    assert not is_local_source(unittest.case.__file__)  # a unittest failure raises inside case.py


@pytest.mark.slow
def test_native_assert_in_a_container_layout_stops_in_the_users_frame(dc: Cli, project: Path) -> None:
    from dapcli.adapters.registry import by_name

    if by_name("lldb").find() is None or not shutil.which("gcc"):
        pytest.skip("needs lldb-dap and gcc")
    source = project / "test_cart.c"
    source.write_text(C_TESTS.read_text())
    subprocess.run(["gcc", "-g", "-O0", "-o", "test_cart", "test_cart.c"], cwd=project, check=True, timeout=120)
    state = dc.json("test", "--adapter", "lldb", "./test_cart", cwd=project, timeout=120)
    dc.sessions.add("default")
    dc.record("default")
    assert_line = next(n for n, text in enumerate(source.read_text().splitlines(), 1) if "/* @assert */" in text)
    assert (state["location"]["path"], state["location"]["line"]) == (str(source), assert_line), state["location"]
    assert {v["name"]: v["value"] for v in state["locals"]}["got"] == "2673"
