"""`dapcli test PACKAGE [TEST…]` on Go: the session host builds the package's test binary while
it imports, and Delve runs that binary; the stop is the failure's, `restart` builds the edited
sources again, and the build's folder is gone once the session ends."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from conftest import Cli

from dapcli.adapters import gotestearly

GO = bool(shutil.which("dlv") and shutil.which("go"))
PACKAGE = Path(__file__).resolve().parent / "programs" / "gotable"


def _package(tmp_path: Path) -> Path:
    copy = tmp_path / "gotable"
    shutil.copytree(PACKAGE, copy)
    return copy


@pytest.mark.skipif(not GO, reason="needs dlv and go")
def test_plan_only_for_a_package_and_test_names(tmp_path: Path) -> None:
    package = _package(tmp_path)
    assert gotestearly.test_plan(["."], {}, str(package)) == {"package": str(package)}
    assert gotestearly.test_plan(["gotable", "TestAddTable/zero"], {}, str(tmp_path)) == {"package": str(package)}
    assert gotestearly.test_plan([], {}, str(package)) is None  # the verb decides what the folder holds
    assert gotestearly.test_plan([".", "--first"], {}, str(package)) is None  # an option: the verb decides
    assert gotestearly.test_plan([".", "calc.go"], {}, str(package)) is None  # a second path
    (tmp_path / "py").mkdir()
    (tmp_path / "py" / "test_x.py").write_text("def test_x(): pass\n")
    assert gotestearly.test_plan(["py"], {}, str(tmp_path)) is None
    (package / ".dapcli").mkdir()
    (package / ".dapcli" / "adapters.yaml").write_text("{}\n")
    assert gotestearly.test_plan(["."], {}, str(package)) is None  # the project may name another adapter


@pytest.mark.slow
@pytest.mark.skipif(not GO, reason="needs dlv and go")
def test_the_early_binary_stops_at_the_failure_restart_rebuilds_and_nothing_is_left(dc: Cli, tmp_path: Path) -> None:
    package = _package(tmp_path)
    scratch = tmp_path / "tmp"  # where the build's folder goes (TMPDIR), to see that it is removed
    scratch.mkdir()
    env = {"TMPDIR": str(scratch)}
    first = dc.json("test", ".", "TestAddTable", cwd=package, env=env, timeout=180)
    dc.sessions.add("default")
    dc.record("default")
    assert first["test"]["id"] == "TestAddTable/zero"
    assert first["test"]["message"] == "calc_test.go:18: Add(0, 0) = 1, want 0"
    assert first["location"]["path"] == str(package / "calc_test.go")
    assert [p.name for p in scratch.iterdir() if p.name.startswith("dapcli-gotest-")]  # the binary Delve runs

    calc = package / "calc.go"
    calc.write_text(calc.read_text().replace("return a + b + 1", "return a + b"))
    again = dc.json("restart", cwd=package, env=env, timeout=180)  # built again: the fix is in
    assert again["status"] == "exited" and again["exitCode"] == 0, again

    dc.run("stop", cwd=package, env=env, timeout=60)
    deadline_left = [p for p in scratch.iterdir() if p.name.startswith("dapcli-gotest-")]
    assert not deadline_left, os.listdir(scratch)
