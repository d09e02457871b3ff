"""``set`` does not refuse on CodeLLDB's behalf: CodeLLDB marks enums, pointers and structs
``readOnly`` but sets them (its answer is reported); debugpy's ``readOnly`` return values are
still refused up front (debugpy: "Cannot change return value")."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from fid_helpers import CC, Cli, each, marker_line

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def marks(programs: Path) -> Path:
    if CC is None:
        pytest.skip("no C compiler (gcc or cc) to build the test program")
    done = subprocess.run([CC, "-g", "-O0", "-o", "marks", "marks.c"], cwd=programs, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return programs / "marks"


@pytest.mark.parametrize("adapter", each("codelldb"))
def test_codelldb_sets_what_it_marks_read_only(adapter: str, marks: Path, programs: Path, cli: Cli) -> None:
    cli("launch", "./marks", "--adapter", adapter, "-b", f"marks.c:{marker_line(programs / 'marks.c', 'show')}")
    listed = {v["name"]: v for v in cli.json("vars")["variables"]}
    assert listed["col"].get("readOnly") is True  # what CodeLLDB says, still shown
    assert cli.json("set", "col", "5")["value"] == "GREEN"
    assert {v["name"]: v["value"] for v in cli.json("vars")["variables"]}["col"] == "GREEN"
    assert cli.json("set", "col", "BLUE")["value"] == "BLUE"  # an enumerator's name, as gdb takes it
    assert {v["name"]: v["value"] for v in cli.json("vars")["variables"]}["col"] == "BLUE"
    refused = cli("set", "col", "NO_SUCH_COLOUR", check=None)
    assert refused.code != 0 and "NO_SUCH_COLOUR" in refused.err, refused.err  # refused, naming the value
