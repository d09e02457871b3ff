"""A line of one word of megabytes (a binary file piped to ``dapcli repl`` by mistake) is one error
line at once and the REPL reads on: splitting it into words was quadratic (it spun for good, deaf
to SIGTERM)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

DAPCLI = str(Path(sys.executable).with_name("dapcli"))


def test_a_word_of_megabytes_is_one_error_and_the_repl_reads_on(tmp_path: Path) -> None:
    (tmp_path / "prog.py").write_text("x = 1\nprint(x)\n")
    runtime = tempfile.mkdtemp(prefix="dc", dir="/tmp")
    env = {**os.environ, "DAPCLI_RUNTIME_DIR": runtime, "NO_COLOR": "1"}
    env.pop("DAPCLI_SESSION", None)
    commands = b"\x00" * 3_000_000 + b"\nhelp nosuch\nq\n"
    try:
        with subprocess.Popen([DAPCLI, "repl", "prog.py", "--python", sys.executable], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=tmp_path) as proc:
            try:
                out, err = proc.communicate(commands, timeout=90)
            finally:
                if proc.poll() is None:
                    proc.kill()
    finally:
        shutil.rmtree(runtime, ignore_errors=True)
    text = out.decode("utf-8", "replace") + err.decode("utf-8", "replace")
    assert proc.returncode == 0, text[-2000:]
    assert "Traceback" not in text and "internal error" not in text, text[-2000:]
    assert "error: unknown command 'nosuch'" in text, text[-2000:]
    errors = [line for line in text.splitlines() if line.startswith("error:")]
    assert len(errors) == 2 and len(errors[0]) < 1000, errors  # the word is cut in the middle
