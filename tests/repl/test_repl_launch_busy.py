"""A REPL launch whose program runs in dapcli's terminal for a while before its first stop
(busy, or slowed by a loaded machine) without reading it: the next commands are the REPL's, not
the program's input (they went to the program's stdin once the launch took over a second)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

DAPCLI = str(Path(sys.executable).with_name("dapcli"))
PROGRAM = "import time\ntime.sleep(2.5)\nvalue = 41 + 1\nprint(value)\n"


def test_commands_piped_during_a_slow_start_reach_the_repl(tmp_path: Path) -> None:
    (tmp_path / "prog.py").write_text(PROGRAM)
    env = {**os.environ, "DAPCLI_RUNTIME_DIR": tempfile.mkdtemp(prefix="dc", dir="/tmp"), "NO_COLOR": "1"}
    env.pop("DAPCLI_SESSION", None)
    argv = [DAPCLI, "repl", "prog.py", "--python", sys.executable, "-b", "prog.py:4"]
    done = subprocess.run(argv, input=b"p value\n", capture_output=True, env=env, cwd=tmp_path, timeout=90)
    out, err = done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")
    assert done.returncode == 0, (out, err)
    assert "(program stdin)" not in out, out
    assert "Stopped (breakpoint 1)" in out and "42  (int)" in out, out
