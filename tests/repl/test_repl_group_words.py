"""``watch total`` in the REPL (gdb's word for a watchpoint): the message said "unknown command
'watch'; did you mean: watch, …". It now names the group's subcommands and what to type."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

DAPCLI = str(Path(sys.executable).with_name("dapcli"))


def test_watch_with_an_expression_says_watch_add_or_watchpoint_add(tmp_path: Path) -> None:
    commands = tmp_path / "commands.txt"
    commands.write_text("watch total\n")
    env = {**os.environ, "DAPCLI_RUNTIME_DIR": tempfile.mkdtemp(prefix="dc", dir="/tmp"), "NO_COLOR": "1"}
    env.pop("DAPCLI_SESSION", None)
    with commands.open("rb") as stdin:
        done = subprocess.run([DAPCLI, "repl"], stdin=stdin, capture_output=True, env=env, timeout=60, cwd=tmp_path)
    out = " ".join(done.stdout.decode("utf-8", "replace").split())
    assert "'watch' has no subcommand 'total'" in out, out
    assert "`watch add total`" in out and "`watchpoint add total`" in out, out
    assert "did you mean" not in out
