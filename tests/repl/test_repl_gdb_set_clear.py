"""The REPL takes gdb's ``set var NAME = VALUE`` / ``set variable …``, ``clear LINE`` (the current
file's line; nothing there is an error) and ``undisplay N`` that names what it deleted, through a
pipe on real debugpy."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

DAPCLI = str(Path(sys.executable).with_name("dapcli"))
PROGRAMS = Path(__file__).resolve().parent / "programs"


def _line(path: Path, marker: str) -> int:
    return next(n for n, text in enumerate(path.read_text().splitlines(), 1) if text.rstrip().endswith(f"@{marker}"))


def test_repl_set_var_clear_line_and_undisplay() -> None:
    program = PROGRAMS / "counts.py"
    first, second = _line(program, "first"), _line(program, "second")
    typed = (f"set var n = 3\nset variable n = 4\nclear {second}\nclear {second}\ninfo breakpoints\n"
             "display n\nundisplay 1\nc\n")
    env = {**os.environ, "DAPCLI_RUNTIME_DIR": tempfile.mkdtemp(prefix="dc", dir="/tmp"), "NO_COLOR": "1",
           "COLUMNS": "200"}
    env.pop("DAPCLI_SESSION", None)
    done = subprocess.run([DAPCLI, "repl", "counts.py", "-b", f"counts.py:{second}", "-b", f"counts.py:{first}",
                           "--python", sys.executable], input=typed.encode(), capture_output=True, env=env,
                          cwd=PROGRAMS, timeout=120)
    out = done.stdout.decode("utf-8", "replace")
    assert done.returncode == 0, (out, done.stderr)
    assert f"Stopped (breakpoint 2) in main at counts.py:{first}" in out, out
    assert "(dapcli) set var n = 3\nn = 3\n" in out and "(dapcli) set variable n = 4\nn = 4\n" in out, out
    assert f"(dapcli) clear {second}\nDeleted breakpoint 1.\n" in out, out
    assert f"error: no breakpoint 'counts.py:{second}' (breakpoints: 2 (counts.py:{first}))" in out, out
    assert "deleted watch 1 (n); no watch expressions left" in out, out
    assert "total 12\nProgram exited with exit code 0" in out, out  # n=4, m=8: no stop at the cleared line
