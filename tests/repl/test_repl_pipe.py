"""``printf 'b 4\\nc\\np total\\n' | dapcli repl prog.py``: through a pipe the REPL warned "Input is
not a terminal", drew each prompt and command twice and a status bar. It now reads plainly:
each command once as ``(dapcli) CMD``, then its result; end of input leaves (ending the program)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

DAPCLI = str(Path(sys.executable).with_name("dapcli"))
PROGRAM = "total = 0\nfor i in range(5):\n    total += i\n    print('i', i)\nprint('done', total)\n"


def _repl(tmp_path: Path, commands: bytes) -> tuple[int, str, str]:
    (tmp_path / "prog.py").write_text(PROGRAM)
    env = {**os.environ, "DAPCLI_RUNTIME_DIR": tempfile.mkdtemp(prefix="dc", dir="/tmp"), "NO_COLOR": "1"}
    env.pop("DAPCLI_SESSION", None)
    with subprocess.Popen([DAPCLI, "repl", "prog.py", "--python", sys.executable], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=tmp_path) as proc:
        try:
            out, err = proc.communicate(commands, timeout=90)
        finally:
            if proc.poll() is None:
                proc.kill()
    return proc.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


def test_commands_through_a_pipe_print_once_without_prompt_machinery(tmp_path: Path) -> None:
    code, out, err = _repl(tmp_path, b"b 4\nc\np total\nc\np total\n")
    assert code == 0, (out, err)
    assert "not a terminal" not in out + err
    lines = out.splitlines()
    assert lines.count("(dapcli) b 4") == 1 and lines.count("(dapcli) p total") == 2, out
    assert "Breakpoint 1 at prog.py:4" in out
    assert [line for line in lines if line.endswith("(int)")] == ["0  (int)", "1  (int)"], out
    assert "│ stopped" not in out and "\x1b[" not in out  # no status bar, no terminal control
    assert "Session 'default' terminated." in out  # end of input ends the program it started
    assert "Traceback" not in err


def test_quit_through_a_pipe_leaves_at_once(tmp_path: Path) -> None:
    code, out, err = _repl(tmp_path, b"quit\np total\n")
    assert code == 0, (out, err)
    assert "(dapcli) quit" in out and "(dapcli) p total" not in out
