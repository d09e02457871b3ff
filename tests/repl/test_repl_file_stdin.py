"""``dapcli repl < commands.txt``: a stdin that is a file cannot be watched by prompt_toolkit
(epoll refuses regular files), and the REPL read nothing, ran nothing and exited 0 in silence.
Its lines now run as if typed."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

DAPCLI = str(Path(sys.executable).with_name("dapcli"))


def test_commands_from_a_file_on_stdin_run(tmp_path: Path) -> None:
    commands = tmp_path / "commands.txt"
    commands.write_text("info bogus\nsessions\nhelp nothing-like-it")  # no newline at the end
    runtime = tempfile.mkdtemp(prefix="dc", dir="/tmp")
    env = {**os.environ, "DAPCLI_RUNTIME_DIR": runtime, "NO_COLOR": "1"}
    env.pop("DAPCLI_SESSION", None)
    with commands.open("rb") as stdin:
        done = subprocess.run([DAPCLI, "repl"], stdin=stdin, capture_output=True, env=env, timeout=60, cwd=tmp_path)
    out = done.stdout.decode("utf-8", "replace").replace("\r", "\n")
    assert done.returncode == 0
    assert "info bogus: unknown" in out
    assert "No sessions" in out
    assert "nothing-like-it" in out
    assert "Traceback" not in done.stderr.decode("utf-8", "replace")
