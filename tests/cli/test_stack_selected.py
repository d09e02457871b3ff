"""`stack` (`bt`) shows every frame, as gdb does, and marks the selected one: at a `go test`
failure the stop view starts at the test, and `bt` shows testing's own frames above it with
the test frame marked (`→`, JSON `selected: true`); `up`, `down` and `list` move from and use
that frame although Delve gives new frame ids at every stackTrace."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import Cli

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not (shutil.which("dlv") and shutil.which("go")), reason="needs dlv and go")]

PACKAGE = Path(__file__).resolve().parent / "programs" / "gotable"
TESTS = PACKAGE / "calc_test.go"


def _selected(dc: Cli) -> list[int]:
    return [f["index"] for f in dc.json("stack", cwd=PACKAGE)["frames"] if f.get("selected")]


def test_bt_at_a_go_test_failure_marks_the_test_frame(dc: Cli) -> None:
    state = dc.json("test", ".", "TestAddTable", cwd=PACKAGE, timeout=180)
    dc.sessions.add("default")
    dc.record("default")
    frames = dc.json("stack", cwd=PACKAGE)["frames"]
    test = next(f["index"] for f in frames
                if f["line"] == state["location"]["line"] and f["path"] == str(TESTS))
    assert test > 0 and frames[0]["name"].startswith("testing.")  # every frame, as gdb shows them
    assert _selected(dc) == [test]
    table = dc.run("stack", cwd=PACKAGE).out.splitlines()
    marked = [row for row in table if row.lstrip().startswith("→")]
    assert len(marked) == 1 and "calc_test.go" in marked[0], table
    dc.run("up", cwd=PACKAGE)
    assert _selected(dc) == [test + 1]
    assert "testing.go" in dc.run("list", cwd=PACKAGE).out.splitlines()[0]
    dc.run("down", cwd=PACKAGE)
    assert _selected(dc) == [test]
    assert dc.run("list", cwd=PACKAGE).out.splitlines()[0].endswith("calc_test.go")
