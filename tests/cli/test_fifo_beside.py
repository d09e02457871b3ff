"""A FIFO beside the program (``mkfifo pipe.py``) never blocks the session host: a function
breakpoint scans the program's files for the function and passes the FIFO by (it waited for a
writer for good, and every later command of the session timed out)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from conftest import PROGRAMS, Cli, line_of


def test_a_function_breakpoint_with_a_fifo_among_the_files(dc: Cli, tmp_path: Path) -> None:
    program = tmp_path / "loops.py"
    shutil.copy(PROGRAMS / "loops.py", program)
    os.mkfifo(tmp_path / "a_pipe.py")
    dc.launch(str(program), f"{program}:{line_of(program, 'add_body')}")
    out = dc.run("break", "add", "nosuch_function", cwd=tmp_path).out
    assert "no function nosuch_function in the program's files" in out
    assert dc.run("break", "add", "add", cwd=tmp_path).out.strip() == "Breakpoint 3 at function add"  # no warning
    assert dc.json("eval", "a + b")["result"] == "0"
