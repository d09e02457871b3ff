"""Source lines are split where the program's language counts them, so that the line shown with
the arrow is the line the adapter stopped at: Go ends a line only at ``\\n`` (a comment with a
lone ``\\r`` is one line: the listing once put the arrow one line early, on a line already run),
Python also at a lone ``\\r``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import PYTHON, Cli

GO_MAIN = ('package main\n\nimport "fmt"\n\nfunc main() {\n\t// comment\rwith CR\n\ta := 1\n\tb := 2\n'
           '\tfmt.Println(a + b)\n}\n')


def _current(state: dict) -> str:
    [line] = [s for s in state["source"] if s.get("current")]
    return f"{line['line']}: {line['text'].strip()}"


@pytest.mark.skipif(not (shutil.which("dlv") and shutil.which("go")), reason="needs dlv and go")
def test_a_lone_cr_in_go_source_is_inside_its_line(dc: Cli, tmp_path: Path) -> None:
    (tmp_path / "go.mod").write_text("module crline\n\ngo 1.21\n")
    (tmp_path / "main.go").write_text(GO_MAIN, newline="")
    state = dc.json("launch", "main.go", "-b", "main.go:8", "--timeout", "120", cwd=tmp_path, timeout=180)
    dc.sessions.add("default")
    assert state["status"] == "stopped" and state["location"]["line"] == 8, state
    assert _current(state) == "8: b := 2", state["source"]
    listed = dc.json("list", cwd=tmp_path)
    assert [s["text"] for s in listed["lines"] if s["line"] == 6] == ["\t// comment\rwith CR"], listed
    assert "// comment\\x0dwith CR" in dc.run("list", cwd=tmp_path).out  # the \r shown, not obeyed


def test_a_lone_cr_in_python_source_ends_a_line(dc: Cli, tmp_path: Path) -> None:
    (tmp_path / "cr.py").write_text("a = 1\rb = 2\nc = a + b\nprint(c)\n", newline="")
    state = dc.json("launch", "cr.py", "--python", PYTHON, "-b", "cr.py:3", cwd=tmp_path, timeout=60)
    dc.sessions.add("default")
    assert state["status"] == "stopped" and _current(state) == "3: c = a + b", state
