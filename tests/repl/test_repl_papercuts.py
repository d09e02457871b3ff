"""The REPL's launch with exception filters (``--catch``), ``vars NAME`` (pdb's ``p``, gdb's
``info locals NAME``) and ``input`` that shows the stop it led to, through a pipe on real debugpy."""

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


def _repl(*argv: str, typed: str) -> tuple[str, str]:
    env = {**os.environ, "DAPCLI_RUNTIME_DIR": tempfile.mkdtemp(prefix="dc", dir="/tmp"), "NO_COLOR": "1",
           "COLUMNS": "200"}
    env.pop("DAPCLI_SESSION", None)
    done = subprocess.run([DAPCLI, "repl", *argv, "--python", sys.executable], input=typed.encode(),
                          capture_output=True, env=env, cwd=PROGRAMS, timeout=120)
    out, err = done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")
    assert done.returncode == 0, (out, err)
    return out, err


def test_repl_launch_catch_and_vars_name() -> None:
    meter = PROGRAMS / "meter.py"
    out, _ = _repl("meter.py", "--catch", "raised", typed="vars\nc\nvars\n")
    raised = _line(meter, "raised")
    assert f"Stopped (exception) in check at meter.py:{raised}" in out, out
    assert "ValueError: caught" in out


def test_repl_vars_name_picks_one_variable() -> None:
    meter = PROGRAMS / "meter.py"
    read = _line(meter, "read")
    out, _ = _repl("meter.py", "-b", f"meter.py:{read}", typed="vars self\nvars nope\nvars --filter sel\n")
    assert f"Stopped (breakpoint 1) in read at meter.py:{read}" in out, out
    assert "└── self = <meter.Meter object" in out or "└── self = <__main__.Meter object" in out, out
    assert "error: no variable 'nope' in Locals; there are: self" in out, out


def test_repl_unknown_catch_filter_names_the_adapters() -> None:
    env = {**os.environ, "DAPCLI_RUNTIME_DIR": tempfile.mkdtemp(prefix="dc", dir="/tmp"), "NO_COLOR": "1"}
    env.pop("DAPCLI_SESSION", None)
    done = subprocess.run([DAPCLI, "repl", "meter.py", "--catch", "thrown", "--python", sys.executable],
                          input=b"", capture_output=True, env=env, cwd=PROGRAMS, timeout=120)
    text = done.stdout.decode() + done.stderr.decode()
    assert "python has no exception filter 'thrown'" in text and "raised, uncaught, userUnhandled" in text, text
